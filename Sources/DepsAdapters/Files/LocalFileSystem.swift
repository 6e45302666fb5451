#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations deps needs, over POSIX calls so that every failure
/// can be reported with its path and reason, and writes can be made atomic.
enum LocalFileSystem {
    enum EntryKind { case file, directory, other }

    static func kind(of path: String) -> EntryKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The bytes of a regular file.
    static func readFile(_ path: String, shownAs name: String) throws(FileAccessError) -> [UInt8] {
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
    static func directoryEntries(_ path: String, shownAs name: String) throws(FileAccessError) -> [String]? {
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
    /// new ones, never a mix, even if the process is killed.
    static func writeAtomically(_ bytes: [UInt8], to path: String, shownAs name: String) throws(FileAccessError) {
        let directory = parentDirectory(of: path)
        removeStaleTemporaries(of: path)
        let temporary = temporaryPath(of: path, process: getpid())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileAccessError(path: name, reason: "cannot write: " + reason(errno)) }
        var failure: Int32?
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
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

    static func temporaryPath(of path: String, process: pid_t) -> String {
        "\(parentDirectory(of: path))/.\(baseName(of: path)).\(process).tmp"
    }

    /// Removes the temporary files that writers of `path` killed mid-write left behind.
    static func removeStaleTemporaries(of path: String) {
        let prefix = ".\(baseName(of: path))."
        guard let entries = try? directoryEntries(parentDirectory(of: path), shownAs: path) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let process = pid_t(entry.dropFirst(prefix.count).dropLast(4)) else { continue }
            if process == getpid() || (kill(process, 0) != 0 && errno == ESRCH) {
                unlink(temporaryPath(of: path, process: process))
            }
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `directory/relative`, or `relative` itself when it is absolute.
    static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
