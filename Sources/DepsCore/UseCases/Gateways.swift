/// A spec repository: the versions of each package and the spec of each version.
/// Implementations read lazily: listing versions must not parse specs, and a spec is
/// read when it is first asked for.
public protocol SpecSource: AnyObject {
    /// How the Depsfile names this source (`../../Specs`); the lockfile records it.
    var label: String { get }
    /// Every version the source has of the package; empty when it has none.
    func versions(of name: PackageName) throws -> [Version]
    /// The spec of one listed version.
    func specification(of name: PackageName, version: Version) throws -> Specification
    /// Every package name the source has (used only to suggest a close name).
    func packageNames() throws -> [PackageName]
}

/// A project directory: its Depsfile and its lockfile.
public protocol ProjectStore: AnyObject {
    func readManifest() throws -> Manifest
    /// The lockfile, or nil when there is none.
    func readLockfile() throws -> Lockfile?
    /// Writes the lockfile atomically; returns false when the file already held these bytes.
    @discardableResult
    func writeLockfile(_ lockfile: Lockfile) throws -> Bool
}

/// Opens the spec sources a Depsfile names, and reads specs from external sources.
public protocol SpecSourceOpener: AnyObject {
    /// The source a Depsfile's `sources:` entry names (e.g. a directory relative to the project).
    func openSource(_ label: String) throws -> SpecSource
    /// The spec an external source holds (`path: ../LocalKit` holds `LocalKit.yaml`).
    func externalSpecification(of name: PackageName, from source: ExternalSource) throws -> Specification
}
