import DepsFileSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DepsFailures

/// A `FileSystem` held in memory, for tests of the adapters that take one: files, folders,
/// symbolic links and special files (a FIFO, a device) with permissions, and the same results
/// and `FileAccessError` wordings as `POSIXFileSystem` for what the adapters use. A relative
/// path is taken from `/`. Nothing touches the disk, so nothing needs cleaning up.
///
/// Locks are held in memory too, between the tasks that share this file system.
///
/// Beside the protocol, tests set the tree up (`write`, `makeSpecialFile`, `setPermissions`),
/// see when a file was last written (`modificationCount`), and make the file system full or
/// read-only (`problem`).
public final class InMemoryFileSystem: FileSystem {
    /// What keeps anything from being written, as `fileSystemProblem` reports it.
    public enum Problem: Sendable {
        case full, readOnly

        var reason: String {
            switch self {
            case .full: "no space left on device"
            case .readOnly: "read-only file system"
            }
        }
    }

    private enum Content: Sendable {
        case file([UInt8])
        case directory
        case link(String)
        case special
    }

    private struct Node: Sendable {
        var content: Content
        /// The permission bits, `0o644`.
        var mode: UInt16
        /// The value of the clock when it was last written or touched.
        var modified: UInt64

        var isDirectory: Bool {
            if case .directory = content { return true }
            return false
        }
    }

    private struct State: Sendable {
        /// Every entry by its path without links, `/a/b`; `/` is always a folder.
        var nodes: [String: Node] = ["/": Node(content: .directory, mode: 0o755, modified: 0)]
        var clock: UInt64 = 0
        var problem: Problem?

        mutating func tick() -> UInt64 {
            clock += 1
            return clock
        }
    }

    /// Why a path cannot be looked up, worded as the system words its `errno` value.
    private enum LookupFailure: Error {
        case missing, notADirectory, loop

        var reason: String {
            switch self {
            case .missing: "no such file or directory"
            case .notADirectory: "not a directory"
            case .loop: "too many levels of symbolic links"
            }
        }
    }

    private let state = Mutex(State())

    /// The problem the system's words name: the `errno` value whose text they are, as
    /// `POSIXFileSystem` reports it, else the words themselves.
    static func problem(_ words: String) -> FileProblem {
        if words == "the folder is read-only" { return .readOnlyFolder }
        return (1..<200).first { FailureText.systemMessage($0) == words }.map(FileProblem.system) ?? .systemMessage(words)
    }

    /// `problem(_:)` for an entry of a tree being copied.
    static func entryProblem(_ entry: String, _ words: String) -> FileProblem {
        if case let .system(code) = problem(words) { return .entry(entry, code) }
        return .systemMessage("\(entry): \(words)")
    }

    public init() {}

    // MARK: Setting up

    /// Writes a file, making its missing folders; a test's set-up, so a failure stops the test.
    public func write(_ text: String, to path: LocalPath, mode: UInt16 = 0o644) {
        write(Array(text.utf8), to: path, mode: mode)
    }

    /// Writes a file, making its missing folders; a test's set-up, so a failure stops the test.
    public func write(_ bytes: [UInt8], to path: LocalPath, mode: UInt16 = 0o644) {
        do {
            try makeDirectories(path.parent, shownAs: path.parent.string)
        } catch {
            preconditionFailure("\(error)")
        }
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes) else {
                preconditionFailure("cannot write \(path)")
            }
            let time = state.tick()
            state.nodes[Self.key(components)] = Node(content: .file(bytes), mode: mode, modified: time)
        }
    }

    /// Makes an entry that is neither a file, a folder nor a link, as a FIFO is, making its
    /// missing folders.
    public func makeSpecialFile(at path: LocalPath) {
        do {
            try makeDirectories(path.parent, shownAs: path.parent.string)
        } catch {
            preconditionFailure("\(error)")
        }
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: false, in: state.nodes),
                  state.nodes[Self.key(components.dropLast())]?.isDirectory == true else {
                preconditionFailure("cannot make \(path)")
            }
            let time = state.tick()
            state.nodes[Self.key(components)] = Node(content: .special, mode: 0o644, modified: time)
        }
    }

    /// Sets the permission bits of what `path` names (following links), as `chmod` does.
    public func setPermissions(_ mode: UInt16, of path: LocalPath) {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                  state.nodes[Self.key(components)] != nil else {
                preconditionFailure("nothing at \(path)")
            }
            state.nodes[Self.key(components)]?.mode = mode
        }
    }

    /// The permission bits of what `path` names (following links); nil when nothing is there.
    public func permissions(of path: LocalPath) -> UInt16? {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes) else { return nil }
            return state.nodes[Self.key(components)]?.mode
        }
    }

    /// A count that grows each time the entry `path` names is written or touched: two reads that
    /// agree mean it was left alone. Nil when nothing is there.
    public func modificationCount(of path: LocalPath) -> UInt64? {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes) else { return nil }
            return state.nodes[Self.key(components)]?.modified
        }
    }

    /// What keeps anything from being written: nil for a file system that takes writes.
    public var problem: Problem? {
        get { state.withLock { $0.problem } }
        set { state.withLock { $0.problem = newValue } }
    }

    /// Every path held, folders included (`/` left out), sorted: what a test compares whole.
    public var allPaths: [String] {
        state.withLock { state in state.nodes.keys.filter { $0 != "/" }.sorted() }
    }

    // MARK: Reading

    public func kind(of path: LocalPath) -> FileKind? {
        state.withLock { state in
            guard let node = Self.node(path, followingLast: true, in: state.nodes) else { return nil }
            switch node.content {
            case .file: return .file
            case .directory: return .directory
            case .special: return .other
            case .link: return nil
            }
        }
    }

    public func entryExists(_ path: LocalPath) -> Bool {
        state.withLock { state in Self.node(path, followingLast: false, in: state.nodes) != nil }
    }

    public func readPieces(of path: LocalPath, shownAs name: String, _ body: ([UInt8]) -> Bool) throws(FileAccessError) {
        let bytes = try readFile(path, shownAs: name)
        var start = 0
        while start < bytes.count {
            let end = min(start + (1 << 16), bytes.count)
            guard body(Array(bytes[start..<end])) else { return }
            start = end
        }
    }

    public func fileSize(of path: LocalPath) -> UInt64? {
        state.withLock { state in
            guard case let .file(bytes)? = Self.node(path, followingLast: false, in: state.nodes)?.content else { return nil }
            return UInt64(bytes.count)
        }
    }

    public func readFile(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [UInt8] {
        let result: Result<[UInt8], FileAccessError> = state.withLock { state in
            switch Self.lookup(path, followingLast: true, in: state.nodes) {
            case .failure(let failure):
                return .failure(FileAccessError(path: name, problem: Self.problem(failure.reason)))
            case .success(let components):
                guard let node = state.nodes[Self.key(components)] else {
                    return .failure(FileAccessError(path: name, problem: Self.problem(LookupFailure.missing.reason)))
                }
                switch node.content {
                case .file(let bytes):
                    guard node.mode & 0o444 != 0 else { return .failure(FileAccessError(path: name, problem: .system(EACCES))) }
                    return .success(bytes)
                case .directory: return .failure(FileAccessError(path: name, problem: .isDirectory))
                case .special, .link: return .failure(FileAccessError(path: name, problem: .notRegularFile))
                }
            }
        }
        return try result.get()
    }

    public func directoryEntries(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> [String]? {
        let result: Result<[String]?, FileAccessError> = state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                  let node = state.nodes[Self.key(components)], node.isDirectory else {
                // `opendir` fails with ENOENT or ENOTDIR: no such folder. A loop is a failure.
                if case .failure(.loop) = Self.lookup(path, followingLast: true, in: state.nodes) {
                    return .failure(FileAccessError(path: name, problem: Self.problem(LookupFailure.loop.reason)))
                }
                return .success(nil)
            }
            guard node.mode & 0o444 != 0 else { return .failure(FileAccessError(path: name, problem: .system(EACCES))) }
            return .success(Self.children(of: components, in: state.nodes))
        }
        return try result.get()
    }

    public func isFilledDirectory(_ path: LocalPath) -> Bool {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                  state.nodes[Self.key(components)]?.isDirectory == true else { return false }
            return !Self.children(of: components, in: state.nodes).isEmpty
        }
    }

    public func walk(_ root: LocalPath, includingHidden: Bool, followingLinksToFolders: Bool) -> [FileTreeEntry] {
        state.withLock { state in
            var entries: [FileTreeEntry] = []
            // The folders walked, by their path without links: a link to `.` or above never loops.
            var walked: Set<String> = []
            func visit(_ relative: String) {
                let path = relative.isEmpty ? root : root / relative
                guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                      let folder = state.nodes[Self.key(components)], folder.isDirectory,
                      walked.insert(Self.key(components)).inserted else { return }
                for name in Self.children(of: components, in: state.nodes) where includingHidden || !name.hasPrefix(".") {
                    let child = relative.isEmpty ? name : "\(relative)/\(name)"
                    guard let node = state.nodes[Self.key(components + [name])] else { continue }
                    switch node.content {
                    case .directory:
                        entries.append(FileTreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                        visit(child)
                    case .link(let target):
                        if followingLinksToFolders, Self.node(root / child, followingLast: true, in: state.nodes)?.isDirectory == true {
                            entries.append(FileTreeEntry(relativePath: child, isDirectory: true, linkTarget: nil))
                            visit(child)
                        } else {
                            entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: target))
                        }
                    case .file(let bytes):
                        entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: nil, size: UInt64(bytes.count)))
                    case .special:
                        entries.append(FileTreeEntry(relativePath: child, isDirectory: false, linkTarget: nil, isSpecial: true))
                    }
                }
            }
            visit("")
            return entries
        }
    }

    public func linkTarget(of path: LocalPath) -> String? {
        state.withLock { state in
            guard case .link(let target) = Self.node(path, followingLast: false, in: state.nodes)?.content else { return nil }
            return target
        }
    }

    // MARK: Writing

    public func writeAtomically(_ bytes: [UInt8], to path: LocalPath, shownAs name: String) throws(FileAccessError) {
        let target = try resolvingLinks(path, shownAs: name)
        let result: Result<Void, FileAccessError> = state.withLock { state in
            do throws(FileAccessError) {
                let existing = try Self.replaceable(target, shownAs: name, in: state.nodes)
                // The temporary file is made beside the target: its folder must take a new entry.
                let components: [String]
                switch Self.lookup(target, followingLast: false, in: state.nodes) {
                case .failure(let failure): throw FileAccessError(path: name, operation: .write, problem: Self.problem(failure.reason))
                case .success(let found): components = found
                }
                if let reason = Self.cannotMakeEntries(in: components.dropLast(), state: state) {
                    throw FileAccessError(path: name, operation: .write, problem: Self.problem(reason))
                }
                let time = state.tick()
                state.nodes[Self.key(components)] = Node(content: .file(bytes), mode: existing?.mode ?? 0o644, modified: time)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    public func resolvingLinks(_ path: LocalPath, shownAs name: String) throws(FileAccessError) -> LocalPath {
        var current = path
        for _ in 0..<40 {
            guard let target = linkTarget(of: current) else { return current }
            current = current.parent.appending(target)
        }
        throw FileAccessError(path: name, operation: .write, problem: Self.problem(LookupFailure.loop.reason))
    }

    public func checkReplaceable(_ path: LocalPath, shownAs name: String) throws(FileAccessError) {
        let result: Result<Void, FileAccessError> = state.withLock { state in
            do throws(FileAccessError) {
                _ = try Self.replaceable(path, shownAs: name, in: state.nodes)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    public func checkWritableFolder(_ path: LocalPath, shownAs name: String, saying operation: FileOperation) throws(FileAccessError) {
        let result: Result<Void, FileAccessError> = state.withLock { state in
            let components: [String]
            switch Self.lookup(path, followingLast: true, in: state.nodes) {
            case .failure(let failure):
                return .failure(FileAccessError(path: name, operation: operation, problem: Self.problem(failure.reason)))
            case .success(let found):
                components = found
            }
            guard let node = state.nodes[Self.key(components)] else {
                if case .link = Self.node(path, followingLast: false, in: state.nodes)?.content {
                    return .failure(FileAccessError(path: name, operation: operation, problem: .danglingFolderLink))
                }
                return .success(())
            }
            guard node.isDirectory else { return .failure(FileAccessError(path: name, operation: operation, problem: .notAFolder)) }
            if state.problem == .readOnly { return .failure(FileAccessError(path: name, operation: operation, problem: .system(EROFS))) }
            if node.mode & 0o300 != 0o300 { return .failure(FileAccessError(path: name, operation: operation, problem: .readOnlyFolder)) }
            return .success(())
        }
        try result.get()
    }

    public func fileSystemProblem(at path: LocalPath) -> FileProblem? {
        guard entryExists(path) else { return nil }
        return problem.map { $0 == .full ? .system(ENOSPC) : .system(EROFS) }
    }

    public func readOnlyReason(of path: LocalPath) -> FileProblem? {
        state.withLock { state in
            guard let node = Self.node(path, followingLast: true, in: state.nodes) else { return nil }
            if state.problem == .readOnly { return .system(EROFS) }
            return node.mode & 0o300 == 0o300 ? nil : .system(EACCES)
        }
    }

    public func makeDirectories(_ path: LocalPath, shownAs name: String) throws(FileAccessError) {
        if kind(of: path) == .directory { return }
        let parent = path.parent
        if parent != path && parent != "." && parent != "/" { try makeDirectories(parent, shownAs: name) }
        let result: Result<Void, FileAccessError> = state.withLock { state in
            let components: [String]
            switch Self.lookup(path, followingLast: false, in: state.nodes) {
            case .failure(let failure):
                return .failure(FileAccessError(path: name, operation: .createFolder, problem: Self.problem(failure.reason)))
            case .success(let found):
                components = found
            }
            if let existing = state.nodes[Self.key(components)] {
                if existing.isDirectory { return .success(()) }
                let dangling: Bool
                if case .link = existing.content {
                    dangling = Self.node(path, followingLast: true, in: state.nodes) == nil
                } else {
                    dangling = false
                }
                return .failure(FileAccessError(
                    path: name,
                    operation: .createFolder, problem: dangling ? .danglingFolderLink : .occupied))
            }
            if let reason = Self.cannotMakeEntries(in: components.dropLast(), state: state) {
                return .failure(FileAccessError(path: name, operation: .createFolder, problem: Self.problem(reason)))
            }
            let time = state.tick()
            state.nodes[Self.key(components)] = Node(content: .directory, mode: 0o755, modified: time)
            return .success(())
        }
        try result.get()
    }

    public func move(_ from: LocalPath, to: LocalPath, shownAs name: String) throws(FileAccessError) {
        let result: Result<Void, FileAccessError> = state.withLock { state in
            func failure(_ reason: String) -> Result<Void, FileAccessError> {
                .failure(FileAccessError(path: name, operation: .renameIntoPlace, problem: Self.problem(reason)))
            }
            guard case .success(let source) = Self.lookup(from, followingLast: false, in: state.nodes),
                  let moving = state.nodes[Self.key(source)] else { return failure(LookupFailure.missing.reason) }
            let destination: [String]
            switch Self.lookup(to, followingLast: false, in: state.nodes) {
            case .failure(let problem): return failure(problem.reason)
            case .success(let found): destination = found
            }
            guard state.nodes[Self.key(destination.dropLast())]?.isDirectory == true else { return failure(LookupFailure.missing.reason) }
            if source == destination { return .success(()) }
            if destination.starts(with: source) { return failure("invalid argument") }
            for folder in [source.dropLast(), destination.dropLast()] {
                if let reason = Self.cannotMakeEntries(in: folder, state: state) { return failure(reason) }
            }
            if let replaced = state.nodes[Self.key(destination)] {
                switch (moving.isDirectory, replaced.isDirectory) {
                case (true, false): return failure("not a directory")
                case (false, true): return failure("is a directory")
                case (true, true) where !Self.children(of: destination, in: state.nodes).isEmpty: return failure("directory not empty")
                default: state.nodes[Self.key(destination)] = nil
                }
            }
            // The entry and everything below it change their path's start.
            let sourceKey = Self.key(source)
            for (key, node) in state.nodes where key == sourceKey || key.hasPrefix(sourceKey + "/") {
                state.nodes[key] = nil
                state.nodes[Self.key(destination) + key.dropFirst(sourceKey.count)] = node
            }
            return .success(())
        }
        try result.get()
        _ = TemporaryPaths.forget(from)
    }

    public func copyTree(_ source: LocalPath, to destination: LocalPath, shownAs name: String) throws(FileAccessError) {
        func failure(_ what: String, _ reason: String) -> FileAccessError {
            FileAccessError(path: name, operation: .copyCode, problem: Self.entryProblem(what, reason))
        }
        guard let folderMode = permissions(of: source) else { throw failure(".", LookupFailure.missing.reason) }
        try makeFolder(destination, mode: folderMode, shownAs: ".", failure: failure)
        for entry in walk(source) {
            let from = source / entry.relativePath
            let to = destination / entry.relativePath
            if entry.isDirectory {
                try makeFolder(to, mode: permissions(of: from) ?? 0o755, shownAs: entry.relativePath, failure: failure)
            } else if let target = entry.linkTarget {
                if let reason = link(at: to, to: target) { throw failure(entry.relativePath, reason) }
            } else if entry.isSpecial {
                throw FileAccessError(path: name, operation: .copyCode, problem: .unsupportedEntry(entry.relativePath))
            } else {
                let bytes: [UInt8]
                do {
                    bytes = try readFile(from, shownAs: entry.relativePath)
                } catch {
                    // The read's problem, as the entry's: the fake keeps it as data, as the real one does.
                    switch error.problem {
                    case let .system(code): throw FileAccessError(path: name, operation: .copyCode, problem: .entry(entry.relativePath, code))
                    case let .systemMessage(words): throw failure(entry.relativePath, words)
                    default: throw FileAccessError(path: name, operation: .copyCode, problem: error.problem)
                    }
                }
                let mode = permissions(of: from) ?? 0o644
                let made: Bool = state.withLock { state in
                    guard case .success(let components) = Self.lookup(to, followingLast: false, in: state.nodes),
                          state.nodes[Self.key(components)] == nil else { return false }
                    let time = state.tick()
                    state.nodes[Self.key(components)] = Node(content: .file(bytes), mode: mode, modified: time)
                    return true
                }
                guard made else { throw failure(entry.relativePath, "file exists") }
            }
        }
    }

    /// A folder of a copy: it must be new.
    private func makeFolder(
        _ path: LocalPath, mode: UInt16, shownAs shown: String, failure: (String, String) -> FileAccessError
    ) throws(FileAccessError) {
        if let reason = makeEntry(at: path, .directory, mode: mode) { throw failure(shown, reason) }
    }

    public func makeSymbolicLink(at path: LocalPath, to target: String, shownAs name: String) throws(FileAccessError) {
        if let reason = link(at: path, to: target) { throw FileAccessError(path: name, operation: .link, problem: Self.problem(reason)) }
    }

    /// Makes the link, or says why it cannot, as `symlink` words its failure.
    private func link(at path: LocalPath, to target: String) -> String? {
        makeEntry(at: path, .link(target), mode: 0o777)
    }

    /// Makes a new entry (a folder or a link), or says why it cannot, as `mkdir` and `symlink` word it.
    private func makeEntry(at path: LocalPath, _ content: Content, mode: UInt16) -> String? {
        state.withLock { state in
            let components: [String]
            switch Self.lookup(path, followingLast: false, in: state.nodes) {
            case .failure(let problem): return problem.reason
            case .success(let found): components = found
            }
            if state.nodes[Self.key(components)] != nil { return "file exists" }
            guard state.nodes[Self.key(components.dropLast())]?.isDirectory == true else { return LookupFailure.missing.reason }
            if let reason = Self.cannotMakeEntries(in: components.dropLast(), state: state) { return reason }
            let time = state.tick()
            state.nodes[Self.key(components)] = Node(content: content, mode: mode, modified: time)
            return nil
        }
    }

    public func touch(_ path: LocalPath) {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                  state.nodes[Self.key(components)] != nil else { return }
            let time = state.tick()
            state.nodes[Self.key(components)]?.modified = time
        }
    }

    // MARK: Removing

    public func removeTree(_ path: LocalPath) {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: false, in: state.nodes),
                  !components.isEmpty, state.nodes[Self.key(components)] != nil else { return }
            let key = Self.key(components)
            for other in state.nodes.keys where other == key || other.hasPrefix(key + "/") {
                state.nodes[other] = nil
            }
        }
        _ = TemporaryPaths.forget(path)
    }

    public func removeFile(_ path: LocalPath) {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: false, in: state.nodes),
                  let node = state.nodes[Self.key(components)], !node.isDirectory,
                  Self.cannotMakeEntries(in: components.dropLast(), state: state) == nil else { return }
            state.nodes[Self.key(components)] = nil
        }
    }

    public func removeEmptyDirectory(_ path: LocalPath) {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: false, in: state.nodes),
                  !components.isEmpty, state.nodes[Self.key(components)]?.isDirectory == true,
                  Self.children(of: components, in: state.nodes).isEmpty,
                  Self.cannotMakeEntries(in: components.dropLast(), state: state) == nil else { return }
            state.nodes[Self.key(components)] = nil
        }
    }

    // MARK: Locks

    /// Who holds a lock file: a writer alone, or readers.
    private struct Holders: Sendable {
        var writer = false
        var readers = 0
    }

    private struct LockState: Sendable {
        /// By the lock file's path without links.
        var held: [String: Holders] = [:]
        /// Told when a lock is released, to try again.
        var waiting: [String: [CheckedContinuation<Bool, Never>]] = [:]
    }

    private let locks = Mutex(LockState())

    /// What opening a lock file for writing came to, as `open(O_RDWR | O_CREAT)` answers.
    private enum LockFileOpening {
        /// Its path without links.
        case opened(String)
        /// The file or its folder is read-only to this process (as `errno` says it).
        case readOnly(Int32)
        case failed(String)
    }

    /// Opens (making it when missing) the lock file, as `FileLock.attempt` does.
    private func openLockFile(_ path: LocalPath) -> LockFileOpening {
        state.withLock { state in
            let components: [String]
            switch Self.lookup(path, followingLast: true, in: state.nodes) {
            case .failure(let problem): return .failed(problem.reason)
            case .success(let found): components = found
            }
            if let node = state.nodes[Self.key(components)] {
                switch node.content {
                case .directory: return .failed("is a directory")
                case .file, .special, .link:
                    if state.problem == .readOnly { return .readOnly(EROFS) }
                    return node.mode & 0o200 == 0 ? .readOnly(EACCES) : .opened(Self.key(components))
                }
            }
            guard state.nodes[Self.key(components.dropLast())]?.isDirectory == true else { return .failed(LookupFailure.missing.reason) }
            if let reason = Self.cannotMakeEntries(in: components.dropLast(), state: state) {
                return state.problem == .full ? .failed(reason) : .readOnly(state.problem == .readOnly ? EROFS : EACCES)
            }
            let time = state.tick()
            state.nodes[Self.key(components)] = Node(content: .file([]), mode: 0o644, modified: time)
            return .opened(Self.key(components))
        }
    }

    /// The existing lock file's path without links, for a reader that cannot write it; nil when
    /// there is none (no writer ever took it).
    private func existingLockFile(_ path: LocalPath) -> String? {
        state.withLock { state in
            guard case .success(let components) = Self.lookup(path, followingLast: true, in: state.nodes),
                  state.nodes[Self.key(components)] != nil else { return nil }
            return Self.key(components)
        }
    }

    /// Waits until the lock is free for a writer (no holder) or a reader (no writer), then takes it.
    private func take(_ key: String, shared: Bool) async throws {
        while true {
            try Task.checkCancellation()
            let taken = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = locks.withLock { locks -> Bool in
                    var holders = locks.held[key] ?? Holders()
                    guard !holders.writer, shared || holders.readers == 0 else {
                        locks.waiting[key, default: []].append(continuation)
                        return false
                    }
                    if shared { holders.readers += 1 } else { holders.writer = true }
                    locks.held[key] = holders
                    return true
                }
                if now { continuation.resume(returning: true) }
            }
            if taken { return }
        }
    }

    private func release(_ key: String, shared: Bool) {
        let waiting = locks.withLock { locks in
            var holders = locks.held[key] ?? Holders()
            if shared { holders.readers -= 1 } else { holders.writer = false }
            locks.held[key] = holders.writer || holders.readers > 0 ? holders : nil
            return locks.waiting.removeValue(forKey: key) ?? []
        }
        for continuation in waiting { continuation.resume(returning: false) }
    }

    /// The lock of one process's tasks: a holder of the same file, in this file system, makes
    /// another wait, as `flock` on two open files does.
    public func withFileLock<T>(_ path: LocalPath, shownAs name: String, _ body: () async throws -> T) async throws -> T {
        switch openLockFile(path) {
        case .opened(let key):
            try await take(key, shared: false)
            defer { release(key, shared: false) }
            return try await body()
        case .readOnly(let code):
            throw FileAccessError(path: name, operation: .lock, problem: .system(code))
        case .failed(let reason):
            throw FileAccessError(path: name, operation: .lock, problem: .systemMessage(reason))
        }
    }

    public func withWritingOrReadingLock<T>(
        _ path: LocalPath, shownAs name: String, _ body: (FileLock.Access) async throws -> T
    ) async throws -> T {
        switch openLockFile(path) {
        case .opened(let key):
            try await take(key, shared: false)
            defer { release(key, shared: false) }
            return try await body(.writing)
        case .failed(let reason):
            throw FileAccessError(path: name, operation: .lock, problem: .systemMessage(reason))
        case .readOnly(let reason):
            guard let key = existingLockFile(path) else { return try await body(.readingOnly(reason: .system(reason))) }
            try await take(key, shared: true)
            defer { release(key, shared: true) }
            return try await body(.readingOnly(reason: .system(reason)))
        }
    }

    // MARK: Paths

    private static func key<C: Collection<String>>(_ components: C) -> String {
        "/" + components.joined(separator: "/")
    }

    /// The components of the entry `path` names, links followed on the way (and at the end when
    /// `followingLast`), `.` and `..` taken away: the entry may be missing, its folder may not.
    private static func lookup(_ path: LocalPath, followingLast: Bool, in nodes: [String: Node]) -> Result<[String], LookupFailure> {
        var pending = path.string.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var resolved: [String] = []
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let candidate = resolved + [name]
            let isLast = pending.isEmpty
            guard let node = nodes[key(candidate)] else {
                return isLast ? .success(candidate) : .failure(.missing)
            }
            switch node.content {
            case .directory:
                resolved = candidate
            case .link(let target) where !isLast || followingLast:
                links += 1
                if links > 40 { return .failure(.loop) }
                if target.hasPrefix("/") { resolved = [] }
                pending = target.split(separator: "/", omittingEmptySubsequences: true).map(String.init) + pending
                // A link to `/` itself leaves nothing pending for the last step.
                if pending.isEmpty { return .success(resolved) }
            default:
                guard isLast else { return .failure(.notADirectory) }
                return .success(candidate)
            }
        }
        return .success(resolved)
    }

    private static func node(_ path: LocalPath, followingLast: Bool, in nodes: [String: Node]) -> Node? {
        guard case .success(let components) = lookup(path, followingLast: followingLast, in: nodes) else { return nil }
        return nodes[key(components)]
    }

    /// The names directly in a folder, sorted.
    private static func children(of components: [String], in nodes: [String: Node]) -> [String] {
        let prefix = components.isEmpty ? "/" : key(components) + "/"
        return nodes.keys.compactMap { path -> String? in
            guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
            let rest = path.dropFirst(prefix.count)
            return rest.contains("/") ? nil : String(rest)
        }.sorted()
    }

    /// Why no entry can be made in or removed from the folder: the file system refuses writes,
    /// or the folder is not writable and searchable; nil when it can.
    private static func cannotMakeEntries<C: Collection<String>>(in folder: C, state: State) -> String? {
        if let problem = state.problem { return problem.reason }
        guard let node = state.nodes[key(folder)] else { return LookupFailure.missing.reason }
        return node.mode & 0o300 == 0o300 ? nil : "permission denied"
    }

    /// `POSIXFileSystem.checkReplaceable`: the existing node, or nil when there is none.
    private static func replaceable(_ path: LocalPath, shownAs name: String, in nodes: [String: Node]) throws(FileAccessError) -> Node? {
        let components: [String]
        switch lookup(path, followingLast: true, in: nodes) {
        // As `stat` failing with ENOENT: no file to refuse.
        case .failure(.missing): return nil
        case .failure(let failure): throw FileAccessError(path: name, operation: .write, problem: Self.problem(failure.reason))
        case .success(let found): components = found
        }
        guard let node = nodes[key(components)] else { return nil }
        switch node.content {
        case .file: break
        case .directory: throw FileAccessError(path: name, operation: .write, problem: .isDirectory)
        case .special, .link: throw FileAccessError(path: name, operation: .write, problem: .notRegularFile)
        }
        if node.mode & 0o222 == 0 || node.mode & 0o200 == 0 {
            throw FileAccessError(path: name, operation: .write, problem: .readOnlyFile)
        }
        return node
    }
}

