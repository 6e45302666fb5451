import DepsSignals
import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole trees: making, walking, renaming and removing folders, for the sandbox and the cache.
extension POSIXFileSystem {
    /// Makes the folder and its missing parents.
    public func makeDirectories(_ path: LocalPath, shownAs name: String) throws(FileAccessError) {
        if kind(of: path) == .directory { return }
        let parent = path.parent
        if parent != path && parent != "." && parent != "/" { try makeDirectories(parent, shownAs: name) }
        if mkdir(path.string, 0o755) != 0 {
            guard errno == EEXIST else { throw FileAccessError(path: name, operation: .createFolder, problem: .system(errno)) }
            // Made meanwhile by another process, or something else is there: a file, or a
            // symbolic link to a missing folder.
            guard kind(of: path) == .directory else {
                var link = stat()
                let dangling = lstat(path.string, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK && kind(of: path) == nil
                throw FileAccessError(path: name, operation: .createFolder, problem: dangling ? .danglingFolderLink : .occupied)
            }
        }
    }

    /// Removes a file, a symbolic link or a whole folder; nothing when there is nothing there.
    public func removeTree(_ path: LocalPath) {
        // Forgotten only once it is gone: a signal that ends deps meanwhile still removes it.
        removeEntries(path)
        // Once a signal has interrupted the work, a process a stopped child left behind may still
        // write there: the path stays listed, for the removal after those are stopped.
        if TerminationSignals.received == nil { TemporaryPaths.forget(path) }
    }

    private func removeEntries(_ path: LocalPath) {
        var info = stat()
        guard lstat(path.string, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            // A folder without write permission cannot be emptied; make it writable first.
            if info.st_mode & S_IWUSR == 0 { chmod(path.string, info.st_mode | S_IRWXU) }
            for entry in (try? directoryEntries(path, shownAs: path.string)) ?? [] {
                removeEntries(path / entry)
            }
            rmdir(path.string)
        } else {
            unlink(path.string)
        }
    }

    public func removeFile(_ path: LocalPath) {
        unlink(path.string)
    }

    public func removeEmptyDirectory(_ path: LocalPath) {
        rmdir(path.string)
    }

    /// Renames `from` to `to`. Like an atomic write, a rename is not cut short by a SIGINT or
    /// SIGTERM, and none starts once one has arrived: a temporary folder being removed because of
    /// the signal is never renamed into place half removed.
    public func move(_ from: LocalPath, to: LocalPath, shownAs name: String) throws(FileAccessError) {
        let moved: Void? = try TerminationSignals.deferringTermination { () throws(FileAccessError) in
            if rename(from.string, to.string) != 0 {
                throw FileAccessError(path: name, operation: .renameIntoPlace, problem: .system(errno))
            }
            TemporaryPaths.forget(from)
        }
        guard moved != nil else { throw FileAccessError(path: name, operation: .renameIntoPlace, problem: .interrupted) }
    }

    public func isFilledDirectory(_ path: LocalPath) -> Bool {
        // A folder holding a subfolder has more than two links: no need to read it.
        var info = stat()
        guard stat(path.string, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        if info.st_nlink > 2 { return true }
        guard let directory = opendir(path.string) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw[0] == UInt8(ascii: ".") && (raw[1] == 0 || (raw[1] == UInt8(ascii: ".") && raw[2] == 0))
            }
            if !isDot { return true }
        }
        return false
    }

    public func walk(_ root: LocalPath, includingHidden: Bool, followingLinksToFolders: Bool) -> [FileTreeEntry] {
        var entries: [FileTreeEntry] = []
        // The folders walked, by device and inode: links to `.` or to a folder above never loop.
        var walked: Set<[UInt64]> = []
        func firstVisit(_ path: LocalPath) -> Bool {
            var info = stat()
            guard stat(path.string, &info) == 0 else { return false }
            return walked.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
        }
        func visit(_ relative: String) {
            let path = relative.isEmpty ? root : root / relative
            guard firstVisit(path) else { return }
            for name in (try? directoryEntries(path, shownAs: path.string)) ?? [] where includingHidden || !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : "\(relative)/\(name)"
                let full = root / child
                var info = stat()
                guard lstat(full.string, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append(FileTreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                    visit(child)
                case S_IFLNK where followingLinksToFolders && kind(of: full) == .directory:
                    entries.append(FileTreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                    visit(child)
                case S_IFLNK:
                    entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: linkTarget(of: full) ?? ""))
                case S_IFREG:
                    entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: nil, size: UInt64(max(0, info.st_size))))
                default:
                    entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: nil, isSpecial: true))
                }
            }
        }
        visit("")
        return entries
    }

    public func linkTarget(of path: LocalPath) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path.string, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Copies the folder `source` to `destination`, which must not exist: folders, files with
    /// their permissions (executable bits included) and symbolic links as links. Every file is
    /// new, with the time it was written, as a checkout's files are, so that builds notice.
    ///
    /// Like a rename into place, a copy is not cut short by a SIGINT or SIGTERM and none starts
    /// once one has arrived: the temporary folder it fills is removed whole after it, never while
    /// another thread is still filling it.
    public func copyTree(_ source: LocalPath, to destination: LocalPath, shownAs name: String) throws(FileAccessError) {
        let copied: Void? = try TerminationSignals.deferringTermination { () throws(FileAccessError) in
            try copyingTree(source, to: destination, shownAs: name)
        }
        guard copied != nil else { throw FileAccessError(path: name, operation: .copyCode, problem: .interrupted) }
    }

    private func copyingTree(_ source: LocalPath, to destination: LocalPath, shownAs name: String) throws(FileAccessError) {
        func failure(_ what: String, _ code: Int32) -> FileAccessError {
            FileAccessError(path: name, operation: .copyCode, problem: .entry(what, code))
        }
        var folderModes: [(path: LocalPath, mode: mode_t)] = []
        /// A folder is made writable by its owner until what goes in it is copied.
        func makeFolder(_ from: LocalPath, _ to: LocalPath, _ shown: String) throws(FileAccessError) {
            var info = stat()
            guard stat(from.string, &info) == 0 else { throw failure(shown, errno) }
            guard mkdir(to.string, (info.st_mode & 0o777) | S_IRWXU) == 0 else { throw failure(shown, errno) }
            folderModes.append((to, info.st_mode & 0o777))
        }
        try makeFolder(source, destination, ".")
        for entry in walk(source) {
            let from = source / entry.relativePath
            let to = destination / entry.relativePath
            if entry.isDirectory {
                try makeFolder(from, to, entry.relativePath)
            } else if let target = entry.linkTarget {
                guard symlink(target, to.string) == 0 else { throw failure(entry.relativePath, errno) }
            } else if entry.isSpecial {
                // Never opened: opening a FIFO waits for a writer that never comes.
                throw FileAccessError(path: name, operation: .copyCode, problem: .unsupportedEntry(entry.relativePath))
            } else {
                try copyFile(from, to: to, shownAs: entry.relativePath, in: name, failure: failure)
            }
        }
        // Each folder gets its own permissions back (the umask applied, as when it was made).
        for (path, mode) in folderModes.reversed() where mode & S_IRWXU != S_IRWXU {
            var made = stat()
            guard stat(path.string, &made) == 0 else { continue }
            chmod(path.string, made.st_mode & 0o777 & ~(S_IRWXU & ~mode))
        }
    }

    private func copyFile(
        _ from: LocalPath, to: LocalPath, shownAs shown: String, in name: String, failure: (String, Int32) -> FileAccessError
    ) throws(FileAccessError) {
        let input = open(from.string, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { throw failure(shown, errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw failure(shown, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileAccessError(path: name, operation: .copyCode, problem: .unsupportedEntry(shown))
        }
        let output = open(to.string, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, info.st_mode & 0o777)
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

    public func makeSymbolicLink(at path: LocalPath, to target: String, shownAs name: String) throws(FileAccessError) {
        guard symlink(target, path.string) == 0 else {
            throw FileAccessError(path: name, operation: .link, problem: .system(errno))
        }
    }

    public func touch(_ path: LocalPath) {
        utimes(path.string, nil)
    }
}
