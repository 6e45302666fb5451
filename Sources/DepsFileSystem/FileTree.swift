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

    /// Every entry below `root`, depth first, without following symbolic links.
    public static func walk(_ root: String) -> [TreeEntry] {
        var entries: [TreeEntry] = []
        func visit(_ relative: String) {
            let path = relative.isEmpty ? root : join(root, relative)
            for name in (try? directoryEntries(path, shownAs: path)) ?? [] {
                let child = relative.isEmpty ? name : "\(relative)/\(name)"
                let full = join(root, child)
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append(TreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                    visit(child)
                case S_IFLNK:
                    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                    let count = readlink(full, &buffer, buffer.count - 1)
                    let target = count >= 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
                    entries.append(TreeEntry(relativePath: child, isDirectory: false, linkTarget: target))
                default:
                    entries.append(TreeEntry(relativePath: child, isDirectory: false, linkTarget: nil))
                }
            }
        }
        visit("")
        return entries
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
