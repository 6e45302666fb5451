/// `deps cache list` and `deps cache clean`: what the shared cache holds, and removing it.
public final class CacheInteractor {
    private let inventory: CodeCacheInventory

    public init(inventory: CodeCacheInventory) {
        self.inventory = inventory
    }

    public func list() throws -> CacheListing {
        try inventory.list()
    }

    /// Removes the named packages' code; returns what was removed and what the cache holds after.
    /// A name the cache holds no code of is listed in `notInCache`.
    public func clean(_ names: [PackageName]) async throws -> CacheListing {
        var listing = try await inventory.remove(names)
        let removed = Set(listing.entries.map(\.name))
        listing.notInCache = names.filter { !removed.contains($0.description) }
        return listing
    }

    /// Removes everything; returns the packages' code that was removed and what is left.
    public func cleanAll() async throws -> CacheListing {
        try await inventory.removeAll()
    }
}

/// Package versions' code in the shared cache: what `deps cache list` shows, or what
/// `deps cache clean` removed.
public struct CacheListing: Sendable, Equatable {
    /// One package version's code, at one pin.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let version: String
        /// The commit or archive digest the code was fetched at.
        public let pin: String
        public let bytes: Int

        public init(name: String, version: String, pin: String, bytes: Int) {
            self.name = name
            self.version = version
            self.pin = pin
            self.bytes = bytes
        }
    }

    /// Where the cache is.
    public let root: String
    public let entries: [Entry]
    /// Every byte under the cache's folder: trees, mirrors and archives.
    public let totalBytes: Int
    /// Packages `deps cache clean` was asked to remove that the cache holds no code of.
    public var notInCache: [PackageName] = []

    public init(root: String, entries: [Entry], totalBytes: Int) {
        self.root = root
        self.entries = entries
        self.totalBytes = totalBytes
    }
}
