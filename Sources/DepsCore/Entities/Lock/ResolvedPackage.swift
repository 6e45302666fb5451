/// Where a resolved package's spec came from.
public enum PackageOrigin: Sendable, Hashable {
    /// A spec repository, by the label the Depsfile gives it.
    case repository(String)
    /// An external source named in the Depsfile (`path:`).
    case external(ExternalSource)
}

/// A package version (or a subspec of it) chosen by a resolution, with the spec it was chosen
/// from and the dependencies the lock lists under it.
public struct ResolvedPackage: Sendable, Hashable {
    /// `Moya`, or `Moya/Core` for a subspec.
    public let name: PackageName
    /// The package's spec (the whole spec for a subspec).
    public let specification: Specification
    public let origin: PackageOrigin
    public let dependencies: [Dependency]

    public init(name: PackageName? = nil, specification: Specification, origin: PackageOrigin, dependencies: [Dependency]? = nil) {
        self.name = name ?? specification.name
        self.specification = specification
        self.origin = origin
        self.dependencies = dependencies ?? specification.dependencies
    }

    public var version: Version { specification.version }
}

extension Lockfile {
    /// The lock that records a resolution of the manifest.
    public init(manifest: Manifest, resolved: [ResolvedPackage], depsVersion: String = DepsRelease.version) {
        // SPEC REPOS, EXTERNAL SOURCES and SPEC CHECKSUMS have one entry per package, not per subspec.
        var repositories: [String: Set<PackageName>] = [:]
        var external: [PackageName: ExternalSource] = [:]
        // A Swift package's commit is known once its manifest is read, so it is recorded even by
        // `--lock-only` (BEHAVIOUR 16).
        var checkouts: [PackageName: CheckoutOption] = [:]
        for package in resolved {
            switch package.origin {
            case let .repository(label): repositories[label, default: []].insert(package.name.root)
            case let .external(source):
                external[package.name.root] = source
                if source.isSwiftPackage, case let .git(url, .commit(commit), _)? = package.specification.codeSource {
                    checkouts[package.name.root] = CheckoutOption(git: url, commit: commit)
                }
            }
        }
        self.init(
            packages: resolved.map {
                LockedPackage(name: $0.name, version: $0.version, dependencies: $0.dependencies)
            },
            dependencies: manifest.dependencies,
            specRepos: repositories.map { SpecRepoEntry(source: $0.key, packages: Array($0.value)) },
            externalSources: external,
            specChecksums: Dictionary(resolved.map { ($0.name.root, $0.specification.checksum) }, uniquingKeysWith: { a, _ in a }),
            depsfileChecksum: manifest.checksum,
            depsVersion: depsVersion,
            checkoutOptions: checkouts)
    }
}
