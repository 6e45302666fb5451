/// Where a resolved package's spec came from.
public enum PackageOrigin: Sendable, Hashable {
    /// A spec repository, by the label the Depsfile gives it.
    case repository(String)
    /// An external source named in the Depsfile (`path:`).
    case external(ExternalSource)
}

/// A package version chosen by a resolution, with the spec it was chosen from.
public struct ResolvedPackage: Sendable, Hashable {
    public let specification: Specification
    public let origin: PackageOrigin

    public init(specification: Specification, origin: PackageOrigin) {
        self.specification = specification
        self.origin = origin
    }

    public var name: PackageName { specification.name }
    public var version: Version { specification.version }
}

extension Lockfile {
    /// The lock that records a resolution of the manifest.
    public init(manifest: Manifest, resolved: [ResolvedPackage], depsVersion: String = DepsRelease.version) {
        var repositories: [String: [PackageName]] = [:]
        var external: [PackageName: ExternalSource] = [:]
        for package in resolved {
            switch package.origin {
            case let .repository(label): repositories[label, default: []].append(package.name)
            case let .external(source): external[package.name] = source
            }
        }
        self.init(
            packages: resolved.map {
                LockedPackage(name: $0.name, version: $0.version, dependencies: $0.specification.dependencies)
            },
            dependencies: manifest.dependencies,
            specRepos: repositories.map { SpecRepoEntry(source: $0.key, packages: $0.value) },
            externalSources: external,
            specChecksums: Dictionary(resolved.map { ($0.name, $0.specification.checksum) }, uniquingKeysWith: { a, _ in a }),
            depsfileChecksum: manifest.checksum,
            depsVersion: depsVersion)
    }
}
