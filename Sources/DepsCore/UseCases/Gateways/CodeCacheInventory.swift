import DepsFailures

/// The shared cache of fetched code, as `deps cache` sees it (BEHAVIOUR 4.5). Removing is safe
/// while other deps processes use the cache: an entry being made or read is waited for.
public protocol CodeCacheInventory: Sendable {
    /// Each package version's code the cache holds, and the cache's whole size.
    func list() throws -> CacheListing
    /// Removes the named packages' code (and what it was made from); returns what was removed.
    func remove(_ names: [PackageName]) async throws -> CacheListing
    /// Removes everything the cache holds; returns the packages' code that was removed.
    func removeAll() async throws -> CacheListing
}
