import DepsFailures

/// Opens the spec sources a Depsfile names, and reads specs from external sources.
public protocol SpecSourceOpener: AnyObject {
    /// The source a Depsfile's `sources:` entry names (e.g. a directory relative to the project);
    /// a git spec repository is cloned first when the cache does not have it.
    func openSource(_ label: String) async throws -> SpecSource
    /// The spec an external source holds (`path: ../LocalKit` holds `LocalKit.yaml`), for a git
    /// source at the commit the lock records (nil: where the reference points).
    func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) async throws -> Specification
    /// The source of Swift packages (BEHAVIOUR 16), knowing where the packages at `locations` live
    /// (the Depsfile's `package:` URLs and those the lock records); it learns the others from the
    /// manifests it reads. Nil when this opener reads no Swift packages.
    func openSwiftPackages(locations: [String]) async throws -> (any SwiftPackageSource)?
    /// The Swift package registry at `url` (SE-0292, BEHAVIOUR 16) as a source, knowing the
    /// packages named from it (`registry:` in the Depsfile or the lock); it learns those their
    /// manifests take from a registry. Nil when this opener reads no registries.
    func openSwiftRegistry(url: String, packages: [PackageName]) async throws -> SpecSource?
}

extension SpecSourceOpener {
    public func openSwiftPackages(locations: [String]) async throws -> (any SwiftPackageSource)? { nil }
    public func openSwiftRegistry(url: String, packages: [PackageName]) async throws -> SpecSource? { nil }
}
