import Foundation
import DepsCore

/// A spec repository held in memory, written as a table:
/// `["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]]`. It counts the specs it is asked for.
public final class InMemorySpecSource: SpecSource {
    public let label: String
    /// Whether it stands for a repository read from the network (a CDN).
    public var isRemote = false
    /// What it says of a package it lacks (or lacks a version of), as a cached copy does.
    public var notesOnMissingPackages: [MissingPackageNote] = []
    public private(set) var specs: [PackageName: [Version: Specification]] = [:]
    public private(set) var specificationReads: [String] = []

    public init(label: String = "Specs", _ table: [String: [String: [String: String]]]) {
        self.label = label
        add(table)
    }

    /// Publishes more versions, as a spec repository does over time.
    public func add(_ table: [String: [String: [String: String]]]) {
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
    public func add(specification: Specification) {
        specs[specification.name, default: [:]][specification.version] = specification
    }

    public func versions(of name: PackageName) throws -> [Version] {
        Array(specs[name, default: [:]].keys)
    }

    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] { notesOnMissingPackages }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        specificationReads.append("\(name)@\(version)")
        return specs[name]![version]!
    }

    public func packageNames() throws -> [PackageName] {
        Array(specs.keys)
    }
}

/// Opens in-memory sources by label and serves external specs from a table.
public final class InMemorySpecSourceOpener: SpecSourceOpener {
    public var sources: [String: InMemorySpecSource]
    public var external: [PackageName: Specification]

    public init(_ sources: [InMemorySpecSource], external: [PackageName: Specification] = [:]) {
        self.sources = Dictionary(uniqueKeysWithValues: sources.map { ($0.label, $0) })
        self.external = external
    }

    public func openSource(_ label: String) throws -> SpecSource {
        sources[label]!
    }

    /// The external sources read, in order.
    public private(set) var externalReads: [ExternalSource] = []

    public func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) throws -> Specification {
        externalReads.append(source)
        return external[name]!
    }
}

/// A project whose Depsfile and lockfile live in memory; it counts lockfile writes.
public final class InMemoryProjectStore: ProjectStore {
    public var manifest: Manifest
    public var lockfile: Lockfile?
    public private(set) var writes = 0
    public private(set) var manifestReads = 0

    public init(sources: [String] = ["Specs"], _ dependencies: [String: String]) {
        manifest = InMemoryProjectStore.manifest(sources: sources, dependencies)
    }

    /// Edits the Depsfile: `nil` removes a dependency, `""` asks for any version.
    public func edit(_ changes: [String: String?]) {
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

    public static func manifest(sources: [String], _ dependencies: [String: String]) -> Manifest {
        Manifest(
            sources: sources,
            dependencies: dependencies.keys.sorted().map {
                try! Dependency(PackageName($0), dependencies[$0]!.isEmpty ? .any : Requirement(dependencies[$0]!))
            },
            checksum: "depsfile")
    }

    public func readManifest() throws -> Manifest {
        manifestReads += 1
        return manifest
    }
    public func readLockfile() throws -> Lockfile? { lockfile }

    public func hasManifest() -> Bool { true }
    public func writeStarterManifest(_ starter: StarterManifest) throws {}

    public func writeLockfile(_ lockfile: Lockfile) throws -> Bool {
        guard lockfile != self.lockfile else { return false }
        self.lockfile = lockfile
        writes += 1
        return true
    }

    /// `["Alamofire": "5.9.1", ...]` of the current lock.
    public var lockedVersions: [String: String] {
        Dictionary(uniqueKeysWithValues: (lockfile?.packages ?? []).map { ($0.name.description, $0.version.description) })
    }
}

/// A sandbox in memory: the folders it holds (by package, the tree placed there) and its manifest.
public final class InMemorySandbox: Sandbox, @unchecked Sendable {
    private let lock = NSLock()
    private var _folders: [PackageName: String] = [:]
    private var _manifest: Lockfile?
    public private(set) var exists: Bool

    public init(exists: Bool = true) { self.exists = exists }

    public var folders: [PackageName: String] { lock.withLock { _folders } }
    public var manifest: Lockfile? { lock.withLock { _manifest } }

    public func state(expecting expected: Lockfile?) throws -> SandboxState? {
        lock.withLock { exists ? SandboxState(manifest: _manifest, filledFolders: Set(_folders.keys)) : nil }
    }

    /// Packages whose placing fails after the sandbox's folder was made (a full disk, say).
    public var failingPlacement: Set<String> = []

    public struct PlacementFailure: Error {}

    public func place(_ code: FetchedCode, as name: PackageName, listing manifest: Lockfile?) async throws {
        try lock.withLock {
            // Code used in place makes no folder, so no sandbox either.
            if !code.usedInPlace { exists = true }
            if failingPlacement.contains(name.description) { throw PlacementFailure() }
            _folders[name] = code.usedInPlace ? nil : code.tree
            if let manifest { _manifest = manifest }
        }
    }

    public func remove(_ name: PackageName, listing manifest: Lockfile?) throws {
        lock.withLock {
            _folders[name] = nil
            if let manifest { _manifest = manifest }
        }
    }

    public func writeManifest(_ lock: Lockfile) throws {
        self.lock.withLock {
            exists = true
            _manifest = lock
        }
    }

    public func removeIfEmpty() {
        lock.withLock { if _folders.isEmpty && _manifest == nil { exists = false } }
    }

    /// Removes a folder behind deps' back, as a user might.
    public func deleteFolder(_ name: String) { lock.withLock { _folders[try! PackageName(name)] = nil } }
}

/// A code fetcher in memory: every git tag is at commit `<40 hex digits from the name and version>`;
/// it counts fetches, how many ran at once, and fails for the names it is told to.
public final class InMemoryCodeFetcher: CodeFetcher, @unchecked Sendable {
    public init() {}

    private let lock = NSLock()
    private var running = 0
    /// Fetches wait until this many run at once (once that happens none waits again), so that a
    /// test sees fetches overlap whatever the scheduling; `nil` lets every fetch finish at once.
    /// Should that never happen, they go on after 10 seconds, and the test fails rather than hangs.
    public var startTogether: Int? {
        get { lock.withLock { _startTogether } }
        set { lock.withLock { _startTogether = newValue } }
    }
    private var _startTogether: Int?
    private var waitingToStart: [CheckedContinuation<Void, Never>] = []
    public private(set) var mostAtOnce = 0
    public private(set) var fetched: [String] = []
    /// The requests made, in the order they came.
    public private(set) var requests: [CodeRequest] = []
    public var failing: Set<String> = []

    public static func commit(_ name: PackageName, _ version: Version) -> String {
        let seed = Array("\(name)@\(version)".utf8).reduce(UInt64(5381)) { ($0 &* 33) &+ UInt64($1) }
        let hex = String(seed, radix: 16)
        return String(repeating: hex, count: 40 / hex.count + 1).prefix(40).description
    }

    public func fetch(_ request: CodeRequest) async throws -> FetchedCode {
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
            throw CodeFetchError(name: request.name, url: request.source.location, kind: .unreachable, cause: .serverAnswered(503))
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
