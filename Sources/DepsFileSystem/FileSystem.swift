import DepsFailures
/// What a path names, following symbolic links.
public enum FileKind: Sendable, Equatable {
    case file, directory, other
}

/// One entry of a tree, as `FileSystem.walk` finds it.
public struct FileTreeEntry: Sendable, Equatable {
    /// The path below the tree's root, `Sources/A.swift`.
    public let relativePath: String
    public let isDirectory: Bool
    /// The target of a symbolic link, as stored in the link.
    public let linkTarget: String?
    /// Whether it is neither a regular file, a folder nor a symbolic link: a FIFO, a device, a socket.
    public let isSpecial: Bool
    /// The size in bytes of a regular file (as `stat` gives it; a sparse file counts whole); 0 for anything else.
    public let size: UInt64

    public init(relativePath: String, isDirectory: Bool, linkTarget: String?, isSpecial: Bool = false, size: UInt64 = 0) {
        self.relativePath = relativePath
        self.isDirectory = isDirectory
        self.linkTarget = linkTarget
        self.isSpecial = isSpecial
        self.size = size
    }
}

/// The file operations deps needs. Every failure names the path as the user knows it (`shownAs`)
/// and the reason in a few words (`FileAccessError`); writes and renames into place are atomic.
/// `POSIXFileSystem` is the implementation deps runs on.
public protocol FileSystem: Sendable {
    /// What `path` names, following links; nil when nothing is there (or it cannot be examined).
    func kind(of path: LocalPath) -> FileKind?
    /// Whether anything is at `path`, a symbolic link included even when what it names is missing.
    func entryExists(_ path: LocalPath) -> Bool
    /// The size in bytes of the regular file at `path`, not following a link; nil for anything else.
    func fileSize(of path: LocalPath) -> UInt64?
    /// Reads a file in pieces of at most 64 KiB, handing each to `body` until the file ends or
    /// `body` returns false, so that a large file (an archive) is never held whole.
    func readPieces(of path: LocalPath, shownAs name: String, _ body: ([UInt8]) -> Bool) throws(FileAccessError)

    /// The bytes of a regular file.
    func readFile(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [UInt8]
    /// The names in a directory, sorted; nil when there is no such directory.
    func directoryEntries(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [String]?
    /// Whether a folder exists and holds at least one entry.
    func isFilledDirectory(_ path: LocalPath) -> Bool
    /// Every entry below `root`, depth first in name order. A symbolic link is listed as a link
    /// (with its target), unless `followingLinksToFolders` and it names a folder: then that folder
    /// is walked as if it were there, once: a folder met again (through another link, or a link
    /// to a folder above it) is listed but not walked again. Without `includingHidden`, names starting with `.` are left
    /// out, with what is below them.
    func walk(_ root: LocalPath, includingHidden: Bool, followingLinksToFolders: Bool) -> [FileTreeEntry]
    /// What a symbolic link holds, as stored in it; nil when it is no link or cannot be read.
    func linkTarget(of path: LocalPath) -> String?

    /// Replaces the file atomically, so that a reader sees the old bytes or the new ones, never a
    /// mix, even if deps is killed. A symbolic link is written through, a read-only file is
    /// refused, and the replacement keeps the permissions of the file it replaces.
    func writeAtomically(_ bytes: [UInt8], to path: LocalPath, shownAs name: String) throws(FileAccessError)
    /// The file that writing `path` really writes: `path` itself, or the file its chain of
    /// symbolic links names (which may not exist yet).
    func resolvingLinks(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> LocalPath
    /// Refuses a file deps may not replace: it must be a regular file this process could write
    /// in place. Nothing when there is no such file.
    func checkReplaceable(_ path: LocalPath, shownAs name: String) throws(FileAccessError)
    /// Refuses a folder this process cannot make entries in, or that is a symbolic link to a
    /// missing folder; `what` starts the reason. Nothing when there is no such folder.
    func checkWritableFolder(_ path: LocalPath, shownAs name: String, saying operation: FileOperation) throws(FileAccessError)
    /// What keeps anything from being written on the file system holding `path` (it is full, or
    /// mounted read-only); nil otherwise.
    func fileSystemProblem(at path: LocalPath) -> FileProblem?
    /// Why this process may not make entries in the folder `path` because it is read-only to it
    /// (permission denied, a read-only file system); nil when it may, or for any other cause.
    func readOnlyReason(of path: LocalPath) -> FileProblem?

    /// Makes the folder and its missing parents.
    func makeDirectories(_ path: LocalPath, shownAs name: String) throws(FileAccessError)
    /// Renames `from` to `to`, atomically and without being cut short by a SIGINT or SIGTERM.
    func move(_ from: LocalPath, to: LocalPath, shownAs name: String) throws(FileAccessError)
    /// Copies the folder `source` to `destination`, which must not exist: folders, files with
    /// their permissions and symbolic links as links, every file new.
    func copyTree(_ source: LocalPath, to destination: LocalPath, shownAs name: String) throws(FileAccessError)
    /// Makes a symbolic link at `path` holding `target`.
    func makeSymbolicLink(at path: LocalPath, to target: String, shownAs name: String) throws(FileAccessError)
    /// Sets a file's modification time to now, so that tools that watch it notice; nothing when
    /// it cannot.
    func touch(_ path: LocalPath)

    /// Removes a file, a symbolic link or a whole folder; nothing when there is nothing there.
    func removeTree(_ path: LocalPath)
    /// Removes a file or a symbolic link, never a folder; nothing when it cannot.
    func removeFile(_ path: LocalPath)
    /// Removes a folder if it is empty; nothing otherwise.
    func removeEmptyDirectory(_ path: LocalPath)

    /// Runs `body` while holding the exclusive lock on the file `path` (made when missing, in a
    /// folder that must exist), waiting while another holder has it; the file stays.
    func withFileLock<T>(_ path: LocalPath, shownAs name: String, _ body: () async throws -> T) async throws -> T
    /// Runs `body` while holding the lock on the file `path`: exclusive when this process can
    /// write the lock file, else shared (none when there is no such file) and
    /// `FileLock.Access.readingOnly`, so that `body` knows it must not write what the lock guards.
    func withWritingOrReadingLock<T>(
        _ path: LocalPath, shownAs name: String, _ body: (FileLock.Access) async throws -> T
    ) async throws -> T
}

extension FileSystem {
    /// Every entry below `root`, hidden ones included, links listed as links.
    public func walk(_ root: LocalPath) -> [FileTreeEntry] {
        walk(root, includingHidden: true, followingLinksToFolders: false)
    }

    public func checkWritableFolder(_ path: LocalPath, shownAs name: String) throws(FileAccessError) {
        try checkWritableFolder(path, shownAs: name, saying: .write)
    }

    /// Writes the file as `writeAtomically` does unless it already holds exactly these bytes, so
    /// that an unchanged file keeps its modification time; returns whether it wrote. With
    /// `folder`, the file's folder is made first when it is missing.
    @discardableResult
    public func writeIfChanged(
        _ bytes: [UInt8], to path: LocalPath, shownAs name: String, makingFolderShownAs folder: String? = nil
    ) throws(FileAccessError) -> Bool {
        if kind(of: path) == .file, (try? readFile(path, shownAs: name)) == bytes { return false }
        if let folder { try makeDirectories(path.parent, shownAs: folder) }
        try writeAtomically(bytes, to: path, shownAs: name)
        return true
    }
}
