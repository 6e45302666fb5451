import DepsProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations deps needs, over POSIX calls so that every failure
/// can be reported with its path and reason, and writes can be made atomic.
public enum LocalFileSystem {
    public enum EntryKind { case file, directory, other }

    public static func kind(of path: String) -> EntryKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The bytes of a regular file.
    public static func readFile(_ path: String, shownAs name: String) throws(FileAccessError) -> [UInt8] {
        switch kind(of: path) {
        case .file: break
        case .directory: throw FileAccessError(path: name, reason: "is a directory, not a file")
        case .other: throw FileAccessError(path: name, reason: "is not a regular file")
        case nil: throw FileAccessError(path: name, reason: reason(errno))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: name, reason: reason(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: name, reason: reason(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// The names in a directory, sorted; nil when there is no such directory.
    public static func directoryEntries(_ path: String, shownAs name: String) throws(FileAccessError) -> [String]? {
        guard let directory = opendir(path) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileAccessError(path: name, reason: reason(errno))
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
    public static func writeAtomically(_ bytes: [UInt8], to path: String, shownAs name: String) throws(FileAccessError) {
        let target = try resolvingLinks(path, shownAs: name)
        let existing = try checkReplaceable(target, shownAs: name)
        removeStaleTemporaries(of: target)
        let written: Void? = try TerminationSignals.deferringTermination { () throws(FileAccessError) in
            try replace(target, with: bytes, permissions: existing.map { $0.st_mode & 0o777 }, shownAs: name)
        }
        guard written != nil else {
            throw FileAccessError(path: name, reason: "not written: deps was interrupted")
        }
    }

    /// Writes the file as `writeAtomically` does unless it already holds exactly these bytes, so
    /// that an unchanged file keeps its modification time; returns whether it wrote. With
    /// `folder`, the file's folder is made first when it is missing.
    @discardableResult
    public static func writeIfChanged(_ bytes: [UInt8], to path: String, shownAs name: String, makingFolderShownAs folder: String? = nil) throws(FileAccessError) -> Bool {
        if kind(of: path) == .file, (try? readFile(path, shownAs: name)) == bytes { return false }
        if let folder { try makeDirectories(parentDirectory(of: path), shownAs: folder) }
        try writeAtomically(bytes, to: path, shownAs: name)
        return true
    }

    private static func replace(_ path: String, with bytes: [UInt8], permissions: mode_t?, shownAs name: String) throws(FileAccessError) {
        let directory = parentDirectory(of: path)
        let temporary = temporaryPath(of: path, process: getpid())
        // A fresh file: never one left there, nor a link planted in its place.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileAccessError(path: name, reason: "cannot write: " + reason(errno)) }
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
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileAccessError(path: name, reason: "cannot write: " + reason(failure))
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file that writing `path` really writes: `path` itself, or the file its chain of
    /// symbolic links names (which may not exist yet). A relative link is taken from its folder.
    public static func resolvingLinks(_ path: String, shownAs name: String) throws(FileAccessError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw FileAccessError(path: name, reason: "cannot read the symbolic link: " + reason(errno)) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : join(parentDirectory(of: current), target)
        }
        throw FileAccessError(path: name, reason: "cannot write: " + reason(ELOOP))
    }

    /// Refuses a file deps may not replace, and returns its status when it exists: it must be a
    /// regular file that this process could write in place. Replacing a file by renaming another
    /// over it needs only its folder to be writable, so without this a read-only file (`chmod
    /// a-w`, a file a version control system keeps read-only until it is checked out for editing)
    /// would be replaced silently. A file with no write permission at all is read-only even to
    /// root, whom the system lets write anything.
    @discardableResult
    public static func checkReplaceable(_ path: String, shownAs name: String) throws(FileAccessError) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileAccessError(path: name, reason: "cannot write: " + reason(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileAccessError(path: name, reason: "cannot write: it is a directory, not a file")
        default: throw FileAccessError(path: name, reason: "cannot write: it is not a regular file")
        }
        if info.st_mode & 0o222 == 0 {
            throw FileAccessError(path: name, reason: "cannot write: it is read-only")
        }
        if faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 {
            let cause = errno == EACCES ? "it is read-only" : reason(errno)
            throw FileAccessError(path: name, reason: "cannot write: \(cause)")
        }
        return info
    }

    /// Refuses a folder this process cannot make entries in (read-only, or on a read-only file
    /// system), or that is a symbolic link to a missing folder. Nothing when there is no such folder.
    public static func checkWritableFolder(_ path: String, shownAs name: String, saying what: String = "cannot write") throws(FileAccessError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
                throw FileAccessError(path: name, reason: "\(what): it is a symbolic link to a missing folder")
            }
            if code == ENOENT { return }
            throw FileAccessError(path: name, reason: "\(what): " + reason(code))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileAccessError(path: name, reason: "\(what): it is not a folder")
        }
        if faccessat(AT_FDCWD, path, W_OK | X_OK, AT_EACCESS) != 0 {
            let cause = errno == EROFS ? reason(EROFS) : errno == EACCES ? "the folder is read-only" : reason(errno)
            throw FileAccessError(path: name, reason: "\(what): \(cause)")
        }
    }

    /// What keeps anything from being written on the file system holding `path`: no space left
    /// (none left even for root, who may use the reserve), or a read-only mount. Nil otherwise.
    public static func fileSystemProblem(at path: String) -> String? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return reason(EROFS) }
        if info.f_bavail == 0 && (geteuid() != 0 || info.f_bfree == 0) { return reason(ENOSPC) }
        return nil
    }

    public static func temporaryPath(of path: String, process: pid_t) -> String {
        "\(parentDirectory(of: path))/.\(baseName(of: path)).\(process).tmp"
    }

    /// Whether the process that named a temporary file after itself has ended, so that what it
    /// left is no one's.
    public static func hasEnded(_ process: pid_t) -> Bool {
        kill(process, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary files that writers of `path` killed mid-write left behind.
    public static func removeStaleTemporaries(of path: String) {
        let prefix = ".\(baseName(of: path))."
        guard let entries = try? directoryEntries(parentDirectory(of: path), shownAs: path) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let process = pid_t(entry.dropFirst(prefix.count).dropLast(4)) else { continue }
            if process == getpid() || hasEnded(process) {
                unlink(temporaryPath(of: path, process: process))
            }
        }
    }

    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `directory/relative`, or `relative` itself when it is absolute.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }

    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
