import DepsCache
import DepsCore
import DepsFileSystem
import DepsGit

/// Swift packages as a spec source (BEHAVIOUR 16), so that the resolver that resolves pods
/// resolves packages in the same graph: a package is named by its identity (`swift-log`), its
/// versions are its repository's semver tags, and the spec of a version says what SwiftPM resolves
/// for it (`SwiftPackageManifest.requiredDependencies` with its default traits), each requirement
/// in deps' words (`from: "1.5.0"` is `>= 1.5.0, < 2.0.0`). Where each package lives is known from
/// the start (the Depsfile's URLs) or learnt from the manifests read, as SwiftPM learns it.
///
/// Reads are synchronous, as the resolver's are: what is not fetched yet is named by
/// `SpecsNotFetched`, and `fetch` clones or fetches the cache's mirror of the repository (the one
/// the code fetcher uses) for its tags, and has the loader evaluate a release's manifest.
public final class SwiftPackageSpecSource: SpecSource {
    public let label: String
    public let isRemote = true
    let loader: SwiftManifestLoader
    let cache: CodeCache
    let mirrors: any GitMirrorOpener
    let network: GitNetworkLimits
    private var locations: [SwiftPackageIdentity: String] = [:]
    private var releases: [SwiftPackageIdentity: [SwiftPackageRelease]] = [:]
    private var manifests: [SwiftPackageIdentity: [Version: SwiftPackageManifest]] = [:]

    /// - Parameter locations: the URLs of the packages known from the start (the Depsfile's).
    public init(
        label: String, locations: [String], loader: SwiftManifestLoader, cache: CodeCache,
        mirrors: any GitMirrorOpener = SystemGitMirrors(), network: GitNetworkLimits = GitNetworkLimits()
    ) {
        self.label = label
        self.loader = loader
        self.cache = cache
        self.mirrors = mirrors
        self.network = network
        for location in locations {
            let identity = SwiftPackageIdentity(location: location)
            if self.locations[identity] == nil { self.locations[identity] = location }
        }
    }

    /// The URL a package is read from, once known.
    public func location(of name: PackageName) -> String? {
        locations[SwiftPackageIdentity(name.description)]
    }

    /// The release a version is (its tag and commit).
    public func release(of name: PackageName, version: Version) -> SwiftPackageRelease? {
        releases[SwiftPackageIdentity(name.description)]?.first { $0.version == version }
    }

    public func versions(of name: PackageName) throws -> [Version] {
        let identity = SwiftPackageIdentity(name.root.description)
        guard locations[identity] != nil else { return [] }
        guard let known = releases[identity] else { throw SpecsNotFetched(source: label, needed: [.versions(name.root)]) }
        return known.map(\.version)
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        let identity = SwiftPackageIdentity(name.root.description)
        guard let release = releases[identity]?.first(where: { $0.version == version }), let location = locations[identity] else {
            throw SpecsNotFetched(source: label, needed: [.versions(name.root)])
        }
        guard let manifest = manifests[identity]?[version] else {
            throw SpecsNotFetched(source: label, needed: [.specification(name.root, version)])
        }
        var dependencies: [Dependency] = []
        for (dependency, _) in manifest.requiredDependencies(enabledTraits: manifest.enabledTraits()) {
            let requirement: Requirement
            switch dependency.requirement {
            case let .range(lower, upper):
                requirement = try Requirement(">= \(lower), < \(upper)")
            case let .exact(exact):
                requirement = try Requirement("= \(exact)")
            case .branch, .revision:
                throw SwiftManifestError(
                    package: identity, tag: release.tag, cause: .unversionedDependency(dependency.identity, dependency.requirement.description))
            }
            dependencies.append(Dependency(try PackageName(dependency.identity.description), requirement))
        }
        return Specification(
            name: name.root, version: version, codeSource: .git(url: location, .tag(release.tag)), dependencies: dependencies,
            checksum: release.commit, sourceFiles: [])
    }

    public func packageNames() throws -> [PackageName] {
        locations.keys.compactMap { try? PackageName($0.description) }.sorted()
    }

    public func fetch(_ needed: [SpecToFetch]) async throws {
        for need in needed {
            switch need {
            case let .versions(name):
                let identity = SwiftPackageIdentity(name.root.description)
                guard releases[identity] == nil, let location = locations[identity] else { continue }
                releases[identity] = SwiftPackageRelease.releases(fromTags: try await mirror(of: location, refreshing: true).tags())
            case let .specification(name, version):
                let identity = SwiftPackageIdentity(name.root.description)
                guard manifests[identity]?[version] == nil, let location = locations[identity],
                      let release = releases[identity]?.first(where: { $0.version == version }) else { continue }
                let manifest = try await loader.manifest(of: identity, at: release, in: try await mirror(of: location, refreshing: false))
                manifests[identity, default: [:]][version] = manifest
                // Where its dependencies live, as SwiftPM learns it: the first URL seen for an identity.
                for dependency in manifest.dependencies where locations[dependency.identity] == nil {
                    locations[dependency.identity] = dependency.location
                }
            case .packageNames:
                continue
            }
        }
    }

    /// The cache's mirror of `location` (shared with the code fetcher), cloned when missing and,
    /// when `refreshing`, fetched once per run for the tags it gained.
    private func mirror(of location: String, refreshing: Bool) async throws -> any GitMirroring {
        let mirror = mirrors.mirror(at: cache.mirrorPath(location), fileSystem: cache.fileSystem, network: network)
        try cache.prepareOnce()
        try await cache.fileSystem.withWritingOrReadingLock(cache.mirrorLockPath(location), shownAs: mirror.path.string) { _ in
            if !mirror.isPresent(removingDamaged: true) {
                let temporary = cache.temporaryPath("mirror")
                defer { cache.fileSystem.removeTree(temporary) }
                try await mirror.clone(location, through: temporary, shownAs: mirror.path.string)
            } else if refreshing {
                try await mirror.fetch()
            }
        }
        return mirror
    }
}
