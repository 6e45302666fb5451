import DepsCache
import DepsCore

extension CodeCache {
    /// Runs fetch work for `request` from `url`, reporting a cache that cannot be written as that
    /// package's failure to fetch (exit status 74), as a network failure would be.
    func reportingReadOnly<T>(_ request: CodeRequest, _ url: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as CacheReadOnlyError {
            throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .cacheReadOnly(root: error.root.string, lacking: error.lacking, reason: error.reason))
        }
    }
}
