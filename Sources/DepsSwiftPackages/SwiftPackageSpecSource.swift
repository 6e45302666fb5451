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
public final class SwiftPackageSpecSource: SwiftPackageSource {
    /// How messages name this source when a command reads Swift packages.
    public static let defaultLabel = "Swift packages"
    public let label: String
    /// Not a remote spec repository: a package's location is the Depsfile's or a manifest's URL,
    /// which SwiftPM itself fetches from wherever it is (a local repository too).
    public let isRemote = false
    let loader: SwiftManifestLoader
    let cache: CodeCache
    let mirrors: any GitMirrorOpener
    let network: GitNetworkLimits
    /// Reads only the cache's mirrors, never the network.
    let offline: Bool
    private var locations: [SwiftPackageIdentity: String] = [:]
    /// The pods taken from packages (`swiftpm:`): the package each pod's name stands for, and back.
    private var packagesOfPods: [PackageName: SwiftPackageIdentity] = [:]
    private var podsOfPackages: [SwiftPackageIdentity: PackageName] = [:]
    private var releases: [SwiftPackageIdentity: [SwiftPackageRelease]] = [:]
    private var manifests: [SwiftPackageIdentity: [Version: SwiftPackageManifest]] = [:]
    /// The packages the Depsfile takes on a branch or a revision: their tags are never read ahead.
    private var unversioned: Set<SwiftPackageIdentity> = []

    /// - Parameter locations: the URLs of the packages known from the start (the Depsfile's).
    public init(
        label: String, locations: [String], loader: SwiftManifestLoader, cache: CodeCache,
        mirrors: any GitMirrorOpener = SystemGitMirrors(), network: GitNetworkLimits = GitNetworkLimits(), offline: Bool = false
    ) {
        self.offline = offline
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

    public func learn(location: String, as name: PackageName) {
        let identity = SwiftPackageIdentity(location: location)
        if locations[identity] == nil { locations[identity] = location }
        if !ExternalSource.isIdentity(name, of: location), packagesOfPods[name.root] == nil {
            packagesOfPods[name.root] = identity
            podsOfPackages[identity] = name.root
        }
    }

    /// The package a name stands for: a pod's taken from a package, else the package of that
    /// identity, spelt as identities are (a pod's name in other letters, `Alamofire`, is not `alamofire`).
    func identity(of name: PackageName) -> SwiftPackageIdentity? {
        if let package = packagesOfPods[name.root] { return package }
        let identity = SwiftPackageIdentity(name.root.description)
        return identity.description == name.root.description ? identity : nil
    }

    /// The name the resolver knows a package by: the pod's it is taken for, else its identity.
    func resolverName(of identity: SwiftPackageIdentity) throws -> PackageName {
        try podsOfPackages[identity] ?? PackageName(identity.description)
    }

    /// The URL a package is read from, once known.
    public func location(of name: PackageName) -> String? {
        identity(of: name).flatMap { locations[$0] }
    }

    /// The release a version is (its tag and commit).
    public func release(of name: PackageName, version: Version) -> SwiftPackageRelease? {
        identity(of: name).flatMap { releases[$0] }?.first { $0.version == version }
    }

    public func externalSource(of name: PackageName) -> ExternalSource? {
        location(of: name.root).map { .package(url: $0) }
    }

    public func versions(of name: PackageName) throws -> [Version] {
        guard let identity = identity(of: name), locations[identity] != nil else { return [] }
        guard let known = releases[identity] else { throw SpecsNotFetched(source: label, needed: [.versions(name.root)]) }
        return known.map(\.version)
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        guard let identity = identity(of: name) else { throw SpecsNotFetched(source: label, needed: [.versions(name.root)]) }
        guard let release = releases[identity]?.first(where: { $0.version == version }), let location = locations[identity] else {
            throw SpecsNotFetched(source: label, needed: [.versions(name.root)])
        }
        guard let manifest = manifests[identity]?[version] else {
            throw SpecsNotFetched(source: label, needed: [.specification(name.root, version)])
        }
        // The spec of a release is its manifest at its commit: the commit's digest is its checksum,
        // and the code is fetched at that commit (the lock's CHECKOUT OPTIONS), whatever the tag
        // points at later.
        return try manifest.specification(
            name: name, version: version, package: identity, tag: release.tag, codeSource: .git(url: location, .commit(release.commit)),
            checksum: SHA256Digest.hex(of: Array(release.commit.utf8)), resolverName: resolverName(of:))
    }

    public func packageNames() throws -> [PackageName] {
        locations.keys.compactMap { try? PackageName($0.description) }.sorted()
    }

    public func fetch(_ needed: [SpecToFetch]) async throws {
        try await fetchAsked(needed)
        // What the resolver asks next: each package's newest release and, level by level, the
        // same for the packages it needs, several at once (the manifests are evaluated by child
        // processes, which SwiftPM runs one at a time).
        var level = needed.compactMap { need -> SwiftPackageIdentity? in
            switch need {
            case let .versions(name), let .specification(name, _): identity(of: name)
            case .packageNames: nil
            }
        }
        var crawled = Set(level)
        while !level.isEmpty, crawled.count <= Self.maximumCrawl {
            let found = await fetchNewest(level)
            level = []
            for (identity, result) in found {
                guard case let .success((known, newest)) = result else { continue }
                if releases[identity] == nil { releases[identity] = known }
                guard let (release, manifest) = newest else { continue }
                manifests[identity, default: [:]][release.version] = manifest
                learnLocations(from: manifest)
                for (dependency, _) in manifest.requiredDependencies(enabledTraits: manifest.enabledTraits())
                where !unversioned.contains(dependency.identity) && crawled.insert(dependency.identity).inserted {
                    level.append(dependency.identity)
                }
            }
        }
    }

    public func unversionedSpecification(
        of name: PackageName, url: String, reference: SwiftPackageReference, pinnedTo pinned: String?
    ) async throws -> Specification {
        let identity = SwiftPackageIdentity(location: url)
        learn(location: url, as: name)
        unversioned.insert(identity)
        // A branch is looked up anew unless the lock pins it; a pinned or named commit only when
        // the mirror lacks it.
        var refreshing = pinned == nil
        if case .revision = reference { refreshing = false }
        var mirror = try await Self.mirror(of: url, refreshing: refreshing, cache: cache, mirrors: mirrors, network: network, offline: offline)
        func missing(_ what: String) -> CodeFetchError {
            offline
                ? CodeFetchError(name: name, url: url, kind: .notCached, cause: .notCached(lacking: .reference(what)), remedy: .fetchOnline)
                : CodeFetchError(name: name, url: url, kind: .integrity, cause: .missingReference(what))
        }
        func commitNamed() async throws -> String? {
            if let pinned { return try await mirror.hasCommit(pinned) ? pinned : nil }
            switch reference {
            case let .branch(branch):
                return try await mirror.commit(of: "refs/heads/\(branch)")
            case let .revision(revision):
                let found = try await mirror.commits(startingWith: revision.lowercased())
                if found.count > 1 {
                    throw CodeFetchError(name: name, url: url, kind: .integrity, cause: .ambiguousCommit(revision, commits: found))
                }
                return found.first
            }
        }
        var commit = try await commitNamed()
        if commit == nil, !refreshing, !offline {
            mirror = try await Self.mirror(of: url, refreshing: true, cache: cache, mirrors: mirrors, network: network, offline: offline)
            commit = try await commitNamed()
        }
        guard let commit else {
            if let pinned { throw CodeFetchError(name: name, url: url, kind: .integrity, cause: .missingCommit(pinned)) }
            throw missing(reference.description)
        }
        let version = Version.unversioned(reference)
        let release = SwiftPackageRelease(version: version, tag: reference.description, commit: commit)
        let manifest = try await loader.manifest(of: identity, at: release, in: mirror)
        learnLocations(from: manifest)
        return try manifest.specification(
            name: name, version: version, package: identity, tag: reference.description, codeSource: .git(url: url, .commit(commit)),
            checksum: SHA256Digest.hex(of: Array(commit.utf8)), resolverName: resolverName(of:))
    }

    /// The most packages one run fetches ahead for.
    static let maximumCrawl = 400
    /// How many packages are fetched ahead at once.
    static let atOnce = 4

    /// For each package whose location is known: its releases (when not known yet) and the
    /// manifest of its newest release (without a prerelease when it has one), fetched at most
    /// `atOnce` at a time. A failure is left for the resolver's own read to report.
    typealias Newest = (SwiftPackageIdentity, Result<([SwiftPackageRelease], (SwiftPackageRelease, SwiftPackageManifest)?), any Error>)

    private func fetchNewest(_ identities: [SwiftPackageIdentity]) async -> [Newest] {
        let work = identities.compactMap { identity -> (SwiftPackageIdentity, String, [SwiftPackageRelease]?, Set<Version>)? in
            guard let location = locations[identity] else { return nil }
            return (identity, location, releases[identity], Set(manifests[identity].map { Array($0.keys) } ?? []))
        }
        let (loader, cache, mirrors, network, offline) = (loader, cache, mirrors, network, offline)
        return await withTaskGroup(of: Newest.self) { group in
            var results: [Newest] = []
            var pending = work.makeIterator()
            func startNext() {
                guard let (identity, location, known, loaded) = pending.next() else { return }
                group.addTask {
                    do {
                        let mirror = try await Self.mirror(
                            of: location, refreshing: known == nil, cache: cache, mirrors: mirrors, network: network, offline: offline)
                        var all = known ?? []
                        if known == nil { all = SwiftPackageRelease.releases(fromTags: try await mirror.tags()) }
                        let newest = all.last { !$0.version.isPrerelease } ?? all.last
                        guard let newest, !loaded.contains(newest.version) else { return (identity, .success((all, nil))) }
                        return (identity, .success((all, (newest, try await loader.manifest(of: identity, at: newest, in: mirror)))))
                    } catch {
                        return (identity, .failure(error))
                    }
                }
            }
            for _ in 0..<Self.atOnce { startNext() }
            while let result = await group.next() {
                results.append(result)
                startNext()
            }
            return results
        }
    }

    private func learnLocations(from manifest: SwiftPackageManifest) {
        // Where its dependencies live, as SwiftPM learns it: the first URL seen for an identity.
        // A registry's package is a registry source's to read.
        for dependency in manifest.dependencies where !dependency.isFromRegistry && locations[dependency.identity] == nil {
            locations[dependency.identity] = dependency.location
        }
    }

    private func fetchAsked(_ needed: [SpecToFetch]) async throws {
        for need in needed {
            switch need {
            case let .versions(name):
                guard let identity = identity(of: name), releases[identity] == nil, let location = locations[identity] else { continue }
                let mirror = try await Self.mirror(
                    of: location, refreshing: true, cache: cache, mirrors: mirrors, network: network, offline: offline)
                releases[identity] = SwiftPackageRelease.releases(fromTags: try await mirror.tags())
            case let .specification(name, version):
                guard let identity = identity(of: name), manifests[identity]?[version] == nil, let location = locations[identity],
                      let release = releases[identity]?.first(where: { $0.version == version }) else { continue }
                let mirror = try await Self.mirror(
                    of: location, refreshing: false, cache: cache, mirrors: mirrors, network: network, offline: offline)
                let manifest = try await loader.manifest(of: identity, at: release, in: mirror)
                manifests[identity, default: [:]][version] = manifest
                learnLocations(from: manifest)
            case .packageNames:
                continue
            }
        }
    }

    /// The cache's mirror of `location` (shared with the code fetcher), cloned when missing and,
    /// when `refreshing`, fetched once per run for the tags it gained; `offline`, only read.
    private static func mirror(
        of location: String, refreshing: Bool, cache: CodeCache, mirrors: any GitMirrorOpener, network: GitNetworkLimits,
        offline: Bool
    ) async throws -> any GitMirroring {
        let mirror = mirrors.mirror(at: cache.mirrorPath(location), fileSystem: cache.fileSystem, network: network)
        if offline {
            guard mirror.isPresent(removingDamaged: false) else {
                throw UnavailableError(location: location, reason: .notCachedWhileOffline(lacking: nil))
            }
            return mirror
        }
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
