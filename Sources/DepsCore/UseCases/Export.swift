import DepsFailures
/// `deps export swiftpm` (BEHAVIOUR 12): which locked packages SwiftPM can take over, with the
/// lines its manifest needs, and which stay on deps and why. Writes nothing.
public final class ExportInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let sandbox: Sandbox
    private let manifests: PackageManifestSource
    private let progress: FetchProgress?
    /// How many packages' code is fetched at once when the sandbox lacks it.
    private let jobs: Int

    public init(
        store: ProjectStore, opener: SpecSourceOpener, sandbox: Sandbox, manifests: PackageManifestSource,
        progress: FetchProgress? = nil, jobs: Int = 8
    ) {
        self.store = store
        self.opener = opener
        self.sandbox = sandbox
        self.manifests = manifests
        self.progress = progress
        self.jobs = max(1, jobs)
    }

    /// Reads each locked package's own manifest (from `Deps/` where it holds the locked code, else
    /// through the cache) and sorts the packages into those SwiftPM can fetch and those that stay.
    /// Code that cannot be had is named, every package at once, in `ExportFetchError`.
    public func export() async throws -> SwiftPMExport {
        let manifest = try store.readManifest()
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        let catalog = try await SpecCatalog.open(
            manifest: manifest, lockfile: lockfile, choice: .keepingEveryRecordedSource(manifest: manifest, lockfile: lockfile),
            opener: opener)
        let sources = try await catalog.reading { try catalog.codeSources(of: lockfile) }
        let state = try sandbox.state(expecting: lockfile)
        let held = state?.changes(toMatch: lockfile, usedInPlace: Set(sources.filter { $0.value.isUsedInPlace }.keys)).unchanged ?? []

        var outcomes: [PackageExport] = []
        var reads: [ManifestRead] = []
        for (name, version) in lockfile.rootPackages {
            guard let source = sources[name] else { throw SpecCatalogError.noSource(name) }
            switch SwiftPMExport.route(for: source) {
            case let .stays(reason):
                outcomes.append(.staying(StayingPackage(name: name, version: version, reason: reason)))
            case let .git(url):
                reads.append(ManifestRead(
                    request: CodeRequest(name: name, version: version, source: source, pin: lockfile.contentPin(of: name)),
                    url: url, inSandbox: held.contains(name)))
            }
        }
        let found = try await Self.read(reads, from: manifests, progress: progress, jobs: jobs)
        try Task.checkCancellation()
        let failures = found.compactMap { if case let .failure(failure) = $0.value { failure } else { nil } }
        if !failures.isEmpty { throw ExportFetchError(failures: failures) }
        for read in reads {
            guard case let .success(manifest)? = found[read.request.name] else { continue }
            let name = read.request.name
            let commit = [read.request.pin, state?.manifest?.contentPin(of: name), manifest.pin].lazy.compactMap { pin -> String? in
                if case let .commit(commit) = pin { return commit }
                return nil
            }.first
            outcomes.append(SwiftPMExport.package(
                name, version: read.request.version, source: read.request.source, url: read.url, commit: commit,
                manifest: manifest.reading, subspecs: lockfile.packages.map(\.name).filter { $0.isSubspec && $0.root == name }))
        }
        return SwiftPMExport(outcomes, in: lockfile)
    }

    /// One package's manifest to read: its code, its git URL, and whether the sandbox holds that code.
    private struct ManifestRead: Sendable {
        let request: CodeRequest
        let url: String
        let inSandbox: Bool
    }

    /// Reads the manifests, `jobs` at once; code fetched into the cache is shown as it is fetched.
    /// The task group runs off the caller's executor, as the sandbox's fetches do.
    @concurrent
    private static func read(
        _ reads: [ManifestRead], from manifests: PackageManifestSource, progress: FetchProgress?, jobs: Int
    ) async throws -> [PackageName: Result<FoundPackageManifest, CodeFetchError>] {
        let total = reads.filter { !$0.inSandbox }.count
        var found: [PackageName: Result<FoundPackageManifest, CodeFetchError>] = [:]
        try await withThrowingTaskGroup(of: (PackageName, Result<FoundPackageManifest, CodeFetchError>).self) { group in
            var pending = reads.makeIterator()
            func startNext() {
                guard let read = pending.next() else { return }
                group.addTask {
                    let shown = read.inSandbox ? nil : progress
                    shown?.fetchStarted(read.request, of: total)
                    do {
                        let manifest = try await manifests.manifest(of: read.request, inSandbox: read.inSandbox)
                        shown?.fetchFinished(read.request, of: total)
                        return (read.request.name, .success(manifest))
                    } catch let failure as CodeFetchError {
                        return (read.request.name, .failure(failure))
                    }
                }
            }
            for _ in 0..<jobs { startNext() }
            while let (name, result) = try await group.next() {
                found[name] = result
                startNext()
            }
        }
        return found
    }
}

/// The code of some packages could not be had to read their manifests; nothing was exported.
public struct ExportFetchError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { isIntegrityFailure ? .malformedInput : .inputOutput }
    public let failures: [CodeFetchError]

    public init(failures: [CodeFetchError]) {
        self.failures = failures.sorted { $0.name < $1.name }
    }

    /// Whether every failure is code the cache lacks while fetching was ruled out.
    public var isOffline: Bool { failures.allSatisfy { $0.kind == .notCached } }
    /// The integrity failures are malformed input; the rest are I/O.
    public var isIntegrityFailure: Bool { failures.contains { $0.kind == .integrity } }
}
