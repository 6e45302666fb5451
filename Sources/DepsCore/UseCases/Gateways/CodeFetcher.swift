import DepsFailures

/// One package's code to fetch: where from, and the pin the lock records (if any).
public struct CodeRequest: Sendable, Hashable {
    public let name: PackageName
    public let version: Version
    public let source: CodeSource
    /// The commit or archive digest the lock records; the code fetched must match it.
    public let pin: ContentPin?

    public init(name: PackageName, version: Version, source: CodeSource, pin: ContentPin?) {
        self.name = name
        self.version = version
        self.source = source
        self.pin = pin
    }
}

/// Code ready to be placed in the sandbox: where the fetcher keeps it, and the pin it was
/// fetched at (nil for code used in place).
public struct FetchedCode: Sendable, Hashable {
    /// Where the code's tree is (a cache entry, or the folder used in place); the sandbox reads it.
    public let tree: String
    /// What the code is pinned at; nil for a folder used in place, which nothing pins.
    public let pin: ContentPin?

    public init(tree: String, pin: ContentPin?) {
        self.tree = tree
        self.pin = pin
    }

    /// A folder used in place (a `path:` source) rather than code fetched into the cache.
    public var usedInPlace: Bool { pin == nil }
}

/// Fetches packages' code (from git, an archive, or a folder used in place), through a cache.
/// Implementations throw `CodeFetchError` naming the package, the URL and the cause.
public protocol CodeFetcher: Sendable {
    func fetch(_ request: CodeRequest) async throws -> FetchedCode
}
