/// `deps export swiftpm` (BEHAVIOUR 12): which locked packages SwiftPM can take over, with the
/// lines its manifest needs, and which stay on deps and why. Writes nothing.
public final class ExportInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let sandbox: Sandbox
    private let manifests: PackageManifestSource

    public init(store: ProjectStore, opener: SpecSourceOpener, sandbox: Sandbox, manifests: PackageManifestSource) {
        self.store = store
        self.opener = opener
        self.sandbox = sandbox
        self.manifests = manifests
    }

    /// Reads each locked package's own manifest (from `Deps/` where it holds the locked code, else
    /// through the cache) and sorts the packages into those SwiftPM can fetch and those that stay.
    /// Code that cannot be had is named, every package at once, in `ExportFetchError`.
    public func export() async throws -> SwiftPMExport {
        let manifest = try store.readManifest()
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        let catalog = try await SpecCatalog.open(manifest: manifest, lockfile: lockfile, opener: opener)
        let sources = try await catalog.reading { try catalog.codeSources(of: lockfile) }
        let state = try sandbox.state(expecting: lockfile)
        let held = state?.changes(toMatch: lockfile, usedInPlace: Set(sources.filter { $0.value.isUsedInPlace }.keys)).unchanged ?? []

        var outcomes: [PackageExport] = []
        var failures: [CodeFetchError] = []
        for (name, version) in lockfile.rootPackages {
            guard let source = sources[name] else { throw SpecCatalogError.noSource(name) }
            let url: String
            switch SwiftPMExport.route(for: source) {
            case let .stays(reason):
                outcomes.append(.staying(StayingPackage(name: name, version: version, reason: reason)))
                continue
            case let .git(gitURL):
                url = gitURL
            }
            let pin = lockfile.contentPin(of: name)
            let found: FoundPackageManifest
            do {
                found = try await manifests.manifest(
                    of: CodeRequest(name: name, version: version, source: source, pin: pin), inSandbox: held.contains(name))
            } catch let failure as CodeFetchError {
                failures.append(failure)
                continue
            }
            let commit = [pin, state?.manifest?.contentPin(of: name), found.pin].lazy.compactMap { pin -> String? in
                if case let .commit(commit) = pin { return commit }
                return nil
            }.first
            let subspecs = lockfile.packages.map(\.name).filter { $0.isSubspec && $0.root == name }
            outcomes.append(SwiftPMExport.package(
                name, version: version, source: source, url: url, commit: commit, manifest: found.reading, subspecs: subspecs))
        }
        try Task.checkCancellation()
        if !failures.isEmpty { throw ExportFetchError(failures: failures) }
        return SwiftPMExport(outcomes, in: lockfile)
    }
}

/// The code of some packages could not be had to read their manifests; nothing was exported.
public struct ExportFetchError: Error, Sendable, Equatable {
    public let failures: [CodeFetchError]

    public init(failures: [CodeFetchError]) {
        self.failures = failures.sorted { $0.name < $1.name }
    }

    /// Whether every failure is code the cache lacks while fetching was ruled out.
    public var isOffline: Bool { failures.allSatisfy { $0.kind == .notCached } }
    /// The integrity failures are malformed input; the rest are I/O.
    public var isIntegrityFailure: Bool { failures.contains { $0.kind == .integrity } }
}
