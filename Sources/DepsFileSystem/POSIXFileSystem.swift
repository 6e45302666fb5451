import DepsSignals
import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file system deps runs on, over POSIX calls so that every failure can be reported with
/// its path and reason, and writes can be made atomic.
public struct POSIXFileSystem: FileSystem {
    public init() {}

    /// An advisory `flock` on the file (`FileLock`), shared with other processes.
    public func withFileLock<T>(_ path: LocalPath, shownAs name: String, _ body: () async throws -> T) async throws -> T {
        try await DepsFileSystem.withFileLock(path, shownAs: name, body)
    }

    /// An advisory `flock` on the file (`FileLock`), shared with other processes.
    public func withWritingOrReadingLock<T>(
        _ path: LocalPath, shownAs name: String, _ body: (FileLock.Access) async throws -> T
    ) async throws -> T {
        try await DepsFileSystem.withWritingOrReadingLock(path, shownAs: name, body)
    }

    public func kind(of path: LocalPath) -> FileKind? {
        var info = stat()
        guard stat(path.string, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The bytes of a regular file.
    public func entryExists(_ path: LocalPath) -> Bool {
        var info = stat()
        return lstat(path.string, &info) == 0
    }

    public func readPieces(of path: LocalPath, shownAs name: String, _ body: ([UInt8]) -> Bool) throws(FileAccessError) {
        let descriptor = open(path.string, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: name, problem: .system(errno)) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: name, problem: .system(errno))
            }
            if count == 0 || !body(Array(buffer[..<count])) { return }
        }
    }

    public func fileSize(of path: LocalPath) -> UInt64? {
        var info = stat()
        guard lstat(path.string, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return UInt64(info.st_size)
    }

    public func readFile(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [UInt8] {
        switch kind(of: path) {
        case .file: break
        case .directory: throw FileAccessError(path: name, problem: .isDirectory)
        case .other: throw FileAccessError(path: name, problem: .notRegularFile)
        case nil: throw FileAccessError(path: name, problem: .system(errno))
        }
        let descriptor = open(path.string, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: name, problem: .system(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: name, problem: .system(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// The names in a directory, sorted; nil when there is no such directory.
    public func directoryEntries(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [String]? {
        guard let directory = opendir(path.string) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileAccessError(path: name, problem: .system(errno))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        return names.sorted()
    }

    /// Replaces the file atomically: the bytes go to a temporary file in the same directory,
    /// which is flushed to disk and renamed over the target. A reader sees the old bytes or the
    /// new ones, never a mix, even if the process is killed; a SIGINT or SIGTERM arriving meanwhile
    /// takes effect once the file is in place, so it never leaves the temporary file behind.
    ///
    /// A symbolic link is written through: the file it names is replaced (its temporary file made
    /// beside it), and the link stays a link. A file that is read-only is refused, not replaced
    /// (see `checkReplaceable`), and the replacement keeps the permissions of the file it replaces.
    public func writeAtomically(_ bytes: [UInt8], to path: LocalPath, shownAs name: String) throws(FileAccessError) {
        let target = try resolvingLinks(path, shownAs: name)
        let existing = try replaceableStatus(target, shownAs: name)
        Self.removeStaleTemporaries(of: target)
        let written: Void? = try TerminationSignals.deferringTermination { () throws(FileAccessError) in
            try replace(target, with: bytes, permissions: existing.map { $0.st_mode & 0o777 }, shownAs: name)
        }
        guard written != nil else {
            throw FileAccessError(path: name, operation: .write, problem: .interrupted)
        }
    }

    private func replace(_ path: LocalPath, with bytes: [UInt8], permissions: mode_t?, shownAs name: String) throws(FileAccessError) {
        let directory = path.parent
        let temporary = Self.temporaryPath(of: path, process: getpid())
        // A fresh file: never one left there, nor a link planted in its place.
        unlink(temporary.string)
        let descriptor = open(temporary.string, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileAccessError(path: name, operation: .write, problem: .system(errno)) }
        var failure: Int32?
        // Keeping the old file's permissions is a courtesy: one deps may not set is no failure.
        if let permissions { _ = fchmod(descriptor, permissions) }
        var offset = 0
        while failure == nil && offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && rename(temporary.string, path.string) != 0 { failure = errno }
        if let failure {
            unlink(temporary.string)
            throw FileAccessError(path: name, operation: .write, problem: .system(failure))
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory.string, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file that writing `path` really writes: `path` itself, or the file its chain of
    /// symbolic links names (which may not exist yet). A relative link is taken from its folder.
    public func resolvingLinks(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> LocalPath {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current.string, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current.string, &buffer, buffer.count - 1)
            guard count > 0 else { throw FileAccessError(path: name, operation: .readLink, problem: .system(errno)) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = current.parent.appending(target)
        }
        throw FileAccessError(path: name, operation: .write, problem: .system(ELOOP))
    }

    /// Refuses a file deps may not replace, and returns its status when it exists: it must be a
    /// regular file that this process could write in place. Replacing a file by renaming another
    /// over it needs only its folder to be writable, so without this a read-only file (`chmod
    /// a-w`, a file a version control system keeps read-only until it is checked out for editing)
    /// would be replaced silently. A file with no write permission at all is read-only even to
    /// root, whom the system lets write anything.
    public func checkReplaceable(_ path: LocalPath, shownAs name: String) throws(FileAccessError) {
        _ = try replaceableStatus(path, shownAs: name)
    }

    /// `checkReplaceable`, giving the file's status when it exists.
    private func replaceableStatus(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> stat? {
        var info = stat()
        guard stat(path.string, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileAccessError(path: name, operation: .write, problem: .system(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileAccessError(path: name, operation: .write, problem: .isDirectory)
        default: throw FileAccessError(path: name, operation: .write, problem: .notRegularFile)
        }
        if info.st_mode & 0o222 == 0 {
            throw FileAccessError(path: name, operation: .write, problem: .readOnlyFile)
        }
        if faccessat(AT_FDCWD, path.string, W_OK, AT_EACCESS) != 0 {
            throw FileAccessError(path: name, operation: .write, problem: errno == EACCES ? .readOnlyFile : .system(errno))
        }
        return info
    }

    /// Refuses a folder this process cannot make entries in (read-only, or on a read-only file
    /// system), or that is a symbolic link to a missing folder. Nothing when there is no such folder.
    public func checkWritableFolder(_ path: LocalPath, shownAs name: String, saying operation: FileOperation) throws(FileAccessError) {
        var info = stat()
        guard stat(path.string, &info) == 0 else {
            let code = errno
            var link = stat()
            if lstat(path.string, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
                throw FileAccessError(path: name, operation: operation, problem: .danglingFolderLink)
            }
            if code == ENOENT { return }
            throw FileAccessError(path: name, operation: operation, problem: .system(code))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileAccessError(path: name, operation: operation, problem: .notAFolder)
        }
        if faccessat(AT_FDCWD, path.string, W_OK | X_OK, AT_EACCESS) != 0 {
            throw FileAccessError(path: name, operation: operation, problem: errno == EACCES ? .readOnlyFolder : .system(errno))
        }
    }

    public func readOnlyReason(of path: LocalPath) -> FileProblem? {
        guard faccessat(AT_FDCWD, path.string, W_OK | X_OK, AT_EACCESS) != 0 else { return nil }
        let code = errno
        return Self.isReadOnlyRefusal(code) ? .system(code) : nil
    }

    /// Whether an `errno` value says a write was refused because the place is read-only to this
    /// process: its permissions, or a read-only mount.
    public static func isReadOnlyRefusal(_ code: Int32) -> Bool {
        code == EACCES || code == EPERM || code == EROFS
    }

    /// What keeps anything from being written on the file system holding `path`: no space left
    /// (none left even for root, who may use the reserve), or a read-only mount. Nil otherwise.
    public func fileSystemProblem(at path: LocalPath) -> FileProblem? {
        var info = statvfs()
        guard statvfs(path.string, &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return .system(EROFS) }
        if info.f_bavail == 0 && (geteuid() != 0 || info.f_bfree == 0) { return .system(ENOSPC) }
        return nil
    }

    /// Where a writer of `path` puts its bytes before renaming them into place: `.<name>.<pid>.tmp`
    /// beside it.
    static func temporaryPath(of path: LocalPath, process: pid_t) -> LocalPath {
        path.parent / ".\(path.lastComponent).\(process).tmp"
    }

    /// Whether the process that named a temporary file after itself has ended, so that what it
    /// left is no one's.
    public static func hasEnded(_ process: pid_t) -> Bool {
        kill(process, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary files that writers of `path` killed mid-write left behind.
    static func removeStaleTemporaries(of path: LocalPath) {
        let prefix = ".\(path.lastComponent)."
        guard let entries = try? POSIXFileSystem().directoryEntries(path.parent, shownAs: path.string) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let process = pid_t(entry.dropFirst(prefix.count).dropLast(4)) else { continue }
            if process == getpid() || hasEnded(process) {
                unlink(temporaryPath(of: path, process: process).string)
            }
        }
    }

    /// How the system words an `errno` value, in lower case: `no such file or directory`.
    public static func reason(_ code: Int32) -> String {
        FailureText.systemMessage(code)
    }
}
