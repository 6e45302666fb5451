import Foundation
import DepsCore

/// A spec repository held in memory, written as a table:
/// `["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]]`. It counts the specs it is asked for.
final class InMemorySpecSource: SpecSource {
    let label: String
    /// Whether it stands for a repository read from the network (a CDN).
    var isRemote = false
    /// What it says of a package it lacks (or lacks a version of), as a cached copy does.
    var notesOnMissingPackages: [MissingPackageNote] = []
    private(set) var specs: [PackageName: [Version: Specification]] = [:]
    private(set) var specificationReads: [String] = []

    init(label: String = "Specs", _ table: [String: [String: [String: String]]]) {
        self.label = label
        add(table)
    }

    /// Publishes more versions, as a spec repository does over time.
    func add(_ table: [String: [String: [String: String]]]) {
        for (name, versions) in table {
            let packageName = try! PackageName(name)
            for (version, dependencies) in versions {
                let parsed = try! Version(version)
                specs[packageName, default: [:]][parsed] = Specification(
                    name: packageName,
                    version: parsed,
                    codeSource: .git(url: "mem://\(name)", .tag(version)),
                    dependencies: dependencies.map { try! Dependency(PackageName($0.key), $0.value.isEmpty ? .any : Requirement($0.value)) },
                    checksum: "\(label):\(name)@\(version)")
            }
        }
    }

    /// Publishes one spec as it is (with subspecs, platforms, ...).
    func add(specification: Specification) {
        specs[specification.name, default: [:]][specification.version] = specification
    }

    func versions(of name: PackageName) throws -> [Version] {
        Array(specs[name, default: [:]].keys)
    }

    func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] { notesOnMissingPackages }

    func specification(of name: PackageName, version: Version) throws -> Specification {
        specificationReads.append("\(name)@\(version)")
        return specs[name]![version]!
    }

    func packageNames() throws -> [PackageName] {
        Array(specs.keys)
    }
}

/// Opens in-memory sources by label and serves external specs from a table.
final class InMemorySpecSourceOpener: SpecSourceOpener {
    var sources: [String: InMemorySpecSource]
    var external: [PackageName: Specification]

    init(_ sources: [InMemorySpecSource], external: [PackageName: Specification] = [:]) {
        self.sources = Dictionary(uniqueKeysWithValues: sources.map { ($0.label, $0) })
        self.external = external
    }

    func openSource(_ label: String) throws -> SpecSource {
        sources[label]!
    }

    /// The external sources read, in order.
    private(set) var externalReads: [ExternalSource] = []

    func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) throws -> Specification {
        externalReads.append(source)
        return external[name]!
    }
}

/// A project whose Depsfile and lockfile live in memory; it counts lockfile writes.
final class InMemoryProjectStore: ProjectStore {
    var manifest: Manifest
    var lockfile: Lockfile?
    private(set) var writes = 0
    private(set) var manifestReads = 0

    init(sources: [String] = ["Specs"], _ dependencies: [String: String]) {
        manifest = InMemoryProjectStore.manifest(sources: sources, dependencies)
    }

    /// Edits the Depsfile: `nil` removes a dependency, `""` asks for any version.
    func edit(_ changes: [String: String?]) {
        var dependencies = Dictionary(uniqueKeysWithValues: manifest.dependencies.map { ($0.name.description, $0) })
        for (name, requirement) in changes {
            if let requirement {
                dependencies[name] = try! Dependency(PackageName(name), requirement.isEmpty ? .any : Requirement(requirement))
            } else {
                dependencies[name] = nil
            }
        }
        manifest = Manifest(sources: manifest.sources, dependencies: dependencies.values.sorted { $0.name < $1.name }, checksum: "edited")
    }

    static func manifest(sources: [String], _ dependencies: [String: String]) -> Manifest {
        Manifest(
            sources: sources,
            dependencies: dependencies.keys.sorted().map {
                try! Dependency(PackageName($0), dependencies[$0]!.isEmpty ? .any : Requirement(dependencies[$0]!))
            },
            checksum: "depsfile")
    }

    func readManifest() throws -> Manifest {
        manifestReads += 1
        return manifest
    }
    func readLockfile() throws -> Lockfile? { lockfile }

    func hasManifest() -> Bool { true }
    func writeStarterManifest(_ starter: StarterManifest) throws {}

    func writeLockfile(_ lockfile: Lockfile) throws -> Bool {
        guard lockfile != self.lockfile else { return false }
        self.lockfile = lockfile
        writes += 1
        return true
    }

    /// `["Alamofire": "5.9.1", ...]` of the current lock.
    var lockedVersions: [String: String] {
        Dictionary(uniqueKeysWithValues: (lockfile?.packages ?? []).map { ($0.name.description, $0.version.description) })
    }
}

/// A sandbox in memory: the folders it holds (by package, the tree placed there) and its manifest.
final class InMemorySandbox: Sandbox, @unchecked Sendable {
    private let lock = NSLock()
    private var _folders: [PackageName: String] = [:]
    private var _manifest: Lockfile?
    private(set) var exists: Bool

    init(exists: Bool = true) { self.exists = exists }

    var folders: [PackageName: String] { lock.withLock { _folders } }
    var manifest: Lockfile? { lock.withLock { _manifest } }

    func state(expecting expected: Lockfile?) throws -> SandboxState? {
        lock.withLock { exists ? SandboxState(manifest: _manifest, filledFolders: Set(_folders.keys)) : nil }
    }

    /// Packages whose placing fails after the sandbox's folder was made (a full disk, say).
    var failingPlacement: Set<String> = []

    struct PlacementFailure: Error {}

    func place(_ code: FetchedCode, as name: PackageName, listing manifest: Lockfile?) async throws {
        try lock.withLock {
            // Code used in place makes no folder, so no sandbox either.
            if !code.usedInPlace { exists = true }
            if failingPlacement.contains(name.description) { throw PlacementFailure() }
            _folders[name] = code.usedInPlace ? nil : code.tree
            if let manifest { _manifest = manifest }
        }
    }

    func remove(_ name: PackageName, listing manifest: Lockfile?) throws {
        lock.withLock {
            _folders[name] = nil
            if let manifest { _manifest = manifest }
        }
    }

    func writeManifest(_ lock: Lockfile) throws {
        self.lock.withLock {
            exists = true
            _manifest = lock
        }
    }

    func removeIfEmpty() {
        lock.withLock { if _folders.isEmpty && _manifest == nil { exists = false } }
    }

    /// Removes a folder behind deps' back, as a user might.
    func deleteFolder(_ name: String) { lock.withLock { _folders[try! PackageName(name)] = nil } }
}

/// A code fetcher in memory: every git tag is at commit `<40 hex digits from the name and version>`;
/// it counts fetches, how many ran at once, and fails for the names it is told to.
final class InMemoryCodeFetcher: CodeFetcher, @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    /// Fetches wait until this many run at once (once that happens none waits again), so that a
    /// test sees fetches overlap whatever the scheduling; `nil` lets every fetch finish at once.
    /// Should that never happen, they go on after 10 seconds, and the test fails rather than hangs.
    var startTogether: Int? {
        get { lock.withLock { _startTogether } }
        set { lock.withLock { _startTogether = newValue } }
    }
    private var _startTogether: Int?
    private var waitingToStart: [CheckedContinuation<Void, Never>] = []
    private(set) var mostAtOnce = 0
    private(set) var fetched: [String] = []
    /// The requests made, in the order they came.
    private(set) var requests: [CodeRequest] = []
    var failing: Set<String> = []

    static func commit(_ name: PackageName, _ version: Version) -> String {
        let seed = Array("\(name)@\(version)".utf8).reduce(UInt64(5381)) { ($0 &* 33) &+ UInt64($1) }
        let hex = String(seed, radix: 16)
        return String(repeating: hex, count: 40 / hex.count + 1).prefix(40).description
    }

    func fetch(_ request: CodeRequest) async throws -> FetchedCode {
        await withCheckedContinuation { (arrived: CheckedContinuation<Void, Never>) in
            let started: [CheckedContinuation<Void, Never>] = lock.withLock {
                running += 1
                mostAtOnce = max(mostAtOnce, running)
                fetched.append("\(request.name) \(request.version)")
                requests.append(request)
                guard let together = _startTogether else { return [arrived] }
                waitingToStart.append(arrived)
                if running >= together { return openStart() }
                if waitingToStart.count == 1 { giveUpWaiting() }
                return []
            }
            for fetch in started { fetch.resume() }
        }
        lock.withLock { running -= 1 }
        if failing.contains(request.name.description) {
            throw CodeFetchError(name: request.name, url: request.source.location, kind: .unreachable, cause: "connection refused")
        }
        let commit: String
        if case let .commit(locked)? = request.pin { commit = locked } else { commit = Self.commit(request.name, request.version) }
        return FetchedCode(tree: "cache/\(request.name)/\(request.version)/\(commit)", pin: .commit(commit))
    }

    /// Lets the waiting fetches go, and any later one pass; called under the lock.
    private func openStart() -> [CheckedContinuation<Void, Never>] {
        _startTogether = nil
        defer { waitingToStart = [] }
        return waitingToStart
    }

    private func giveUpWaiting() {
        Task {
            try? await Task.sleep(for: .seconds(10))
            for fetch in lock.withLock({ openStart() }) { fetch.resume() }
        }
    }
}
