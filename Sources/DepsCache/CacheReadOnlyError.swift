import DepsFileSystem
import DepsFailures

/// The cache lacks something and this process cannot write it there: the cache belongs to
/// another user, or its file system is mounted read-only. What the cache holds is still read
/// (under shared locks, so its owner's writes are waited for); this names what is missing.
public struct CacheReadOnlyError: ExitStatusError, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// The cache folder as configured.
    public let root: LocalPath
    /// What is missing.
    public let lacking: CacheLack
    /// Why the cache cannot be written (permission denied, a read-only file system).
    public let reason: FileProblem

    public init(root: LocalPath, lacking: CacheLack, reason: FileProblem) {
        self.root = root
        self.lacking = lacking
        self.reason = reason
    }
}

extension CodeCache {
    /// Why this process cannot write in the cache (permission denied, a read-only file system),
    /// asked of `tmp/` (or the deepest of the cache's folders there is); nil when it can, or when
    /// it fails for another reason (that one is reported where it happens).
    public func unwritableReason() -> FileProblem? {
        guard let folder = [temporaryFolder, base, root].first(where: { fileSystem.kind(of: $0) == .directory }) else { return nil }
        return fileSystem.readOnlyReason(of: folder)
    }
}
