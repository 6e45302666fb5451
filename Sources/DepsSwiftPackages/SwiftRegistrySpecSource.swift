import DepsCore

/// A Swift package registry (SE-0292) as a spec source (BEHAVIOUR 16), beside the git-hosted
/// packages of `SwiftPackageSpecSource` and answering as it does: a package is named by its
/// registry identity (`mona.linkedlist`), its versions are the registry's release list, and the
/// spec of a version says what SwiftPM resolves for it, from the manifest the registry serves
/// (evaluated by the loader, kept by the archive's checksum). Its code is the release's source
/// archive with the checksum the registry's metadata gives.
///
/// Reads are synchronous, as the resolver's are: what is not fetched yet is named by
/// `SpecsNotFetched`, and `fetch` asks the registry for it, several packages at once.
public final class SwiftRegistrySpecSource: SpecSource {
    public let label: String
    public let isRemote = true
    let client: SwiftRegistryClient
    let loader: SwiftManifestLoader
    /// Each package as first given or learnt from a manifest, the spelling its URLs use (a
    /// registry that compares identities case-insensitively, as SE-0292 asks, takes any).
    private var packages: [SwiftRegistryIdentity: SwiftRegistryIdentity]
    private var releases: [SwiftRegistryIdentity: [SwiftRegistryRelease]] = [:]
    private var fetched: [SwiftRegistryIdentity: [Version: Fetched]] = [:]

    /// What one release's spec is made from.
    struct Fetched {
        let release: SwiftRegistryRelease
        /// The SHA-256 of its source archive, as the registry's metadata gives it.
        let checksum: String
        let manifest: SwiftPackageManifest
    }

    /// - Parameters:
    ///   - label: how the Depsfile names the registry (its URL).
    ///   - packages: the packages read from this registry known from the start (the Depsfile's);
    ///     the registry dependencies of the manifests read are learnt as they come.
    public init(label: String, client: SwiftRegistryClient, loader: SwiftManifestLoader, packages: [SwiftRegistryIdentity]) {
        self.label = label
        self.client = client
        self.loader = loader
        self.packages = Dictionary(packages.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The release a version is, once the release list is fetched.
    public func release(of name: PackageName, version: Version) -> SwiftRegistryRelease? {
        identity(of: name).flatMap { releases[$0] }?.first { $0.version == version }
    }

    public func versions(of name: PackageName) throws -> [Version] {
        guard let identity = identity(of: name) else { return [] }
        guard let known = releases[identity] else { throw SpecsNotFetched(source: label, needed: [.versions(name.root)]) }
        return known.map(\.version)
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        guard let identity = identity(of: name), releases[identity]?.contains(where: { $0.version == version }) == true else {
            throw SpecsNotFetched(source: label, needed: [.versions(name.root)])
        }
        guard let release = fetched[identity]?[version] else {
            throw SpecsNotFetched(source: label, needed: [.specification(name.root, version)])
        }
        return try release.manifest.specification(
            name: name, version: version, package: identity.swiftPackageIdentity, tag: release.release.name,
            codeSource: .http(url: client.archiveURL(of: identity, release: release.release), sha256: release.checksum),
            checksum: release.checksum)
    }

    /// A package of this registry is recorded under EXTERNAL SOURCES as `registry: URL`
    /// (BEHAVIOUR 16), the registry named as the Depsfile names it.
    public func externalSource(of name: PackageName) -> ExternalSource? {
        identity(of: name) == nil ? nil : .registry(url: label)
    }

    public func packageNames() throws -> [PackageName] {
        packages.values.compactMap { try? PackageName($0.description) }.sorted()
    }

    /// How many packages are asked of the registry at once.
    static let atOnce = 4

    /// Fetches the release lists and the releases' specs asked for; with a release list, the spec
    /// of the package's newest release (without a prerelease when it has one) comes too, as it is
    /// what the resolver asks next. A failure to fetch what was asked is thrown; one for what was
    /// fetched ahead is left for the resolver's own read.
    public func fetch(_ needed: [SpecToFetch]) async throws {
        var work: [Work] = []
        for need in needed {
            switch need {
            case let .versions(name):
                guard let identity = identity(of: name) else { continue }
                if releases[identity] == nil { work.append(.releases(identity)) }
            case let .specification(name, version):
                guard let identity = identity(of: name), fetched[identity]?[version] == nil,
                      let release = releases[identity]?.first(where: { $0.version == version }) else { continue }
                work.append(.release(identity, release, ahead: false))
            case .packageNames:
                continue
            }
        }
        let loaded = try await run(work)
        let ahead = loaded.compactMap { identity -> Work? in
            guard let all = releases[identity], let newest = all.last(where: { !$0.version.isPrerelease }) ?? all.last,
                  fetched[identity]?[newest.version] == nil else { return nil }
            return .release(identity, newest, ahead: true)
        }
        _ = try await run(ahead)
    }

    /// One request of `fetch`: a release list, or one release's spec (fetched ahead or asked for).
    enum Work: Sendable {
        case releases(SwiftRegistryIdentity)
        case release(SwiftRegistryIdentity, SwiftRegistryRelease, ahead: Bool)
    }

    private enum Outcome: Sendable {
        case releases(SwiftRegistryIdentity, [SwiftRegistryRelease])
        case release(SwiftRegistryIdentity, checksum: String, SwiftRegistryRelease, SwiftPackageManifest)
        case failed(any Error, ahead: Bool)
    }

    /// Runs `work`, `atOnce` at a time, keeping what arrives; the packages whose release lists
    /// arrived. The first failure of work that was asked for is thrown once all is done.
    private func run(_ work: [Work]) async throws -> [SwiftRegistryIdentity] {
        let (client, loader) = (client, loader)
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            var outcomes: [Outcome] = []
            var pending = work.makeIterator()
            func startNext() {
                guard let next = pending.next() else { return }
                group.addTask { await Self.perform(next, client: client, loader: loader) }
            }
            for _ in 0..<Self.atOnce { startNext() }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                startNext()
            }
            return outcomes
        }
        var listed: [SwiftRegistryIdentity] = []
        var failure: (any Error)?
        for outcome in outcomes {
            switch outcome {
            case let .releases(identity, known):
                releases[identity] = known
                listed.append(identity)
            case let .release(identity, checksum, release, manifest):
                fetched[identity, default: [:]][release.version] = Fetched(release: release, checksum: checksum, manifest: manifest)
                learnPackages(from: manifest)
            case let .failed(error, ahead):
                if !ahead, failure == nil { failure = error }
            }
        }
        if let failure { throw failure }
        return listed.sorted()
    }

    private static func perform(_ work: Work, client: SwiftRegistryClient, loader: SwiftManifestLoader) async -> Outcome {
        switch work {
        case let .releases(identity):
            do {
                return .releases(identity, try await client.releases(of: identity))
            } catch {
                return .failed(error, ahead: false)
            }
        case let .release(identity, release, ahead):
            do {
                let checksum = try await client.archiveChecksum(of: identity, release: release)
                let manifest = try await loader.manifest(of: identity.swiftPackageIdentity, version: release.name, keptBy: checksum) {
                    try await client.manifest(of: identity, release: release)
                }
                return .release(identity, checksum: checksum, release, manifest)
            } catch {
                return .failed(error, ahead: ahead)
            }
        }
    }

    /// The packages a manifest takes from a registry (`.package(id:)`): read from this registry
    /// (SwiftPM reads each from the registry configured for its scope; a source is one registry).
    private func learnPackages(from manifest: SwiftPackageManifest) {
        for dependency in manifest.dependencies where dependency.isFromRegistry {
            guard let identity = try? SwiftRegistryIdentity(dependency.location), packages[identity] == nil else { continue }
            packages[identity] = identity
        }
    }

    /// The registry identity `name` names, spelt as given, when it is one of this source's packages.
    private func identity(of name: PackageName) -> SwiftRegistryIdentity? {
        (try? SwiftRegistryIdentity(name.root.description)).flatMap { packages[$0] }
    }
}
