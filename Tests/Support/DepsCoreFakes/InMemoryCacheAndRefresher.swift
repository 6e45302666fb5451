import Foundation
import DepsCore

/// Spec repositories refreshed in memory: it records the labels it is asked to refresh, in
/// order, and fails for the ones it is told to.
public final class InMemorySpecRepositoryRefresher: SpecRepositoryRefresher {
    public struct Unreachable: Error, Equatable {
        public let source: String
        public init(source: String) { self.source = source }
    }

    public private(set) var refreshed: [String] = []
    public var failing: Set<String> = []

    public init() {}

    public func refresh(_ label: String) async throws -> SpecRepositoryRefresh {
        refreshed.append(label)
        if failing.contains(label) { throw Unreachable(source: label) }
        return SpecRepositoryRefresh(source: label, kind: .cdn, changed: 1, unchanged: 2, removed: 0, previousCommit: nil, commit: nil)
    }
}

/// A shared cache in memory: package versions' code (`"Alamofire 5.9.1"`, 100 bytes each) and
/// the mirrors and archives beside them (`otherBytes`).
public final class InMemoryCodeCacheInventory: CodeCacheInventory, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [CacheListing.Entry]
    private var otherBytes: Int
    public static let root = "/mem/cache"

    public init(_ packages: [String], otherBytes: Int = 1000) {
        entries = packages.map {
            let parts = $0.split(separator: " ").map(String.init)
            return CacheListing.Entry(name: parts[0], version: parts[1], pin: "pin-\(parts[0])-\(parts[1])", bytes: 100)
        }
        self.otherBytes = otherBytes
    }

    public func list() throws -> CacheListing {
        lock.withLock { CacheListing(root: Self.root, entries: entries, totalBytes: totalBytes) }
    }

    public func remove(_ names: [PackageName]) async throws -> CacheListing {
        let wanted = Set(names.map(\.description))
        return lock.withLock {
            let removed = entries.filter { wanted.contains($0.name) }
            entries.removeAll { wanted.contains($0.name) }
            return CacheListing(root: Self.root, entries: removed, totalBytes: totalBytes)
        }
    }

    public func removeAll() async throws -> CacheListing {
        lock.withLock {
            let removed = entries
            entries = []
            otherBytes = 0
            return CacheListing(root: Self.root, entries: removed, totalBytes: 0)
        }
    }

    private var totalBytes: Int { entries.reduce(otherBytes) { $0 + $1.bytes } }
}
