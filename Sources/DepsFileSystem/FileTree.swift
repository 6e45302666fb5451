import DepsProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole trees: making, walking, renaming and removing folders, for the sandbox and the cache.
extension LocalFileSystem {
    /// Makes the folder and its missing parents.
    public static func makeDirectories(_ path: String, shownAs name: String) throws(FileAccessError) {
        if kind(of: path) == .directory { return }
        let parent = parentDirectory(of: path)
        if parent != path && parent != "." && parent != "/" { try makeDirectories(parent, shownAs: name) }
        if mkdir(path, 0o755) != 0 {
            guard errno == EEXIST else { throw FileAccessError(path: name, reason: "cannot create the folder: " + reason(errno)) }
            // Made meanwhile by another process, or something else is there: a file, or a
            // symbolic link to a missing folder.
            guard kind(of: path) == .directory else {
                var link = stat()
                let dangling = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK && kind(of: path) == nil
                throw FileAccessError(
                    path: name,
                    reason: dangling ? "cannot create the folder: it is a symbolic link to a missing folder" : "cannot create the folder: something else is there")
            }
        }
    }

    /// Removes a file, a symbolic link or a whole folder; nothing when there is nothing there.
    public static func removeTree(_ path: String) {
        // Forgotten only once it is gone: a signal that ends deps meanwhile still removes it.
        removeEntries(path)
        TemporaryPaths.forget(path)
    }

    private static func removeEntries(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            // A folder without write permission cannot be emptied; make it writable first.
            if info.st_mode & S_IWUSR == 0 { chmod(path, info.st_mode | S_IRWXU) }
            for entry in (try? directoryEntries(path, shownAs: path)) ?? [] {
                removeEntries(join(path, entry))
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Renames `from` to `to`. Like an atomic write, a rename is not cut short by a SIGINT or
    /// SIGTERM, and none starts once one has arrived: a temporary folder being removed because of
    /// the signal is never renamed into place half removed.
    public static func move(_ from: String, to: String, shownAs name: String) throws(FileAccessError) {
        let moved: Void? = try TerminationSignals.deferringTermination { () throws(FileAccessError) in
            if rename(from, to) != 0 {
                throw FileAccessError(path: name, reason: "cannot rename into place: " + reason(errno))
            }
            TemporaryPaths.forget(from)
        }
        guard moved != nil else { throw FileAccessError(path: name, reason: "not renamed into place: deps was interrupted") }
    }

    /// Whether a folder exists and holds at least one entry.
    public static func isFilledDirectory(_ path: String) -> Bool {
        // A folder holding a subfolder has more than two links: no need to read it.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        if info.st_nlink > 2 { return true }
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw[0] == UInt8(ascii: ".") && (raw[1] == 0 || (raw[1] == UInt8(ascii: ".") && raw[2] == 0))
            }
            if !isDot { return true }
        }
        return false
    }

    /// One entry of a tree, as `walk` finds it.
    public struct TreeEntry {
        /// The path below the tree's root, `Sources/A.swift`.
        public let relativePath: String
        public let isDirectory: Bool
        /// The target of a symbolic link, as stored in the link.
        public let linkTarget: String?
    }

    /// Every entry below `root`, depth first in name order. A symbolic link is listed as a link
    /// (with its target), unless `followingLinksToFolders` and it names a folder: then that folder
    /// is walked as if it were there. Without `includingHidden`, names starting with `.` are left
    /// out, with what is below them.
    public static func walk(_ root: String, includingHidden: Bool = true, followingLinksToFolders: Bool = false) -> [TreeEntry] {
        var entries: [TreeEntry] = []
        func visit(_ relative: String) {
            let path = relative.isEmpty ? root : join(root, relative)
            for name in (try? directoryEntries(path, shownAs: path)) ?? [] where includingHidden || !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : "\(relative)/\(name)"
                let full = join(root, child)
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append(TreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                    visit(child)
                case S_IFLNK where followingLinksToFolders && kind(of: full) == .directory:
                    entries.append(TreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                    visit(child)
                case S_IFLNK:
                    entries.append(TreeEntry(relativePath: child, isDirectory: false, linkTarget: linkTarget(full) ?? ""))
                default:
                    entries.append(TreeEntry(relativePath: child, isDirectory: false, linkTarget: nil))
                }
            }
        }
        visit("")
        return entries
    }

    /// What a symbolic link holds, as stored in it; nil when it cannot be read.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Copies the folder `source` to `destination`, which must not exist: folders, files with
    /// their permissions (executable bits included) and symbolic links as links. Every file is
    /// new, with the time it was written, as a checkout's files are, so that builds notice.
    public static func copyTree(_ source: String, to destination: String, shownAs name: String) throws(FileAccessError) {
        func failure(_ what: String, _ code: Int32) -> FileAccessError {
            FileAccessError(path: name, reason: "cannot copy the code: \(what): " + reason(code))
        }
        var folderModes: [(path: String, mode: mode_t)] = []
        /// A folder is made writable by its owner until what goes in it is copied.
        func makeFolder(_ from: String, _ to: String, _ shown: String) throws(FileAccessError) {
            var info = stat()
            guard stat(from, &info) == 0 else { throw failure(shown, errno) }
            guard mkdir(to, (info.st_mode & 0o777) | S_IRWXU) == 0 else { throw failure(shown, errno) }
            folderModes.append((to, info.st_mode & 0o777))
        }
        try makeFolder(source, destination, ".")
        for entry in walk(source) {
            let from = join(source, entry.relativePath)
            let to = join(destination, entry.relativePath)
            if entry.isDirectory {
                try makeFolder(from, to, entry.relativePath)
            } else if let target = entry.linkTarget {
                guard symlink(target, to) == 0 else { throw failure(entry.relativePath, errno) }
            } else {
                try copyFile(from, to: to, shownAs: entry.relativePath, in: name, failure: failure)
            }
        }
        // Each folder gets its own permissions back (the umask applied, as when it was made).
        for (path, mode) in folderModes.reversed() where mode & S_IRWXU != S_IRWXU {
            var made = stat()
            guard stat(path, &made) == 0 else { continue }
            chmod(path, made.st_mode & 0o777 & ~(S_IRWXU & ~mode))
        }
    }

    private static func copyFile(
        _ from: String, to: String, shownAs shown: String, in name: String, failure: (String, Int32) -> FileAccessError
    ) throws(FileAccessError) {
        let input = open(from, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(shown, errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw failure(shown, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileAccessError(path: name, reason: "cannot copy the code: \(shown) is not a file, a folder or a symbolic link")
        }
        let output = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, info.st_mode & 0o777)
        guard output >= 0 else { throw failure(shown, errno) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var problem: Int32?
        copying: while problem == nil {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                problem = errno
                break
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    problem = errno
                    break copying
                }
                offset += written
            }
        }
        if close(output) != 0 && problem == nil { problem = errno }
        if let problem { throw failure(shown, problem) }
    }

    /// Whether a relative path, taken from the folder `base` (itself relative to a root), stays
    /// inside that root: no absolute path, and never more `..` than folders above it.
    public static func staysInside(_ path: String, from base: String) -> Bool {
        guard !path.hasPrefix("/") else { return false }
        var depth = base.split(separator: "/").filter { $0 != "." }.count
        for component in path.split(separator: "/") {
            switch component {
            case ".", "": continue
            case "..":
                depth -= 1
                if depth < 0 { return false }
            default: depth += 1
            }
        }
        return true
    }

    /// An absolute form of `path`, taken from `directory` when relative.
    public static func absolute(_ path: String, from directory: String) -> String {
        if path.hasPrefix("/") { return path }
        var base = directory
        if !base.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let current = getcwd(&buffer, buffer.count) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
            base = base == "." ? current : join(current, base)
        }
        return join(base, path)
    }
}
