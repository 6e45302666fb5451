import Synchronization
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared cache of fetched code (BEHAVIOUR 8.3), one folder layout and one locking rule:
///
/// ```
/// <root>/v1/git/<key>.git                     bare mirrors, one per URL (<key>.lock guards each)
/// <root>/v1/archives/<sha256>                 downloaded archives, named by their digest
/// <root>/v1/trees/<Name>/<version>/<pin>/     extracted code: tree/ and an entry record
/// <root>/v1/tmp/                              entries being made: <pid>.<n>.tmp
/// ```
///
/// Every entry is made under `tmp/` and renamed into place, under a file lock, so a reader sees
/// a whole entry or none. `v1` is the format version: a deps that writes another format uses
/// another folder and leaves this one alone.
public struct CodeCache: Sendable {
    public static let formatVersion = "v1"
    /// The cache folder as configured (`$DEPS_CACHE_DIR`, `$XDG_CACHE_HOME/deps`, `~/.cache/deps`).
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// Where the cache is for an environment: `DEPS_CACHE_DIR`, else `XDG_CACHE_HOME/deps`, else `~/.cache/deps`.
    public static func defaultRoot(environment: (String) -> String?) -> String {
        if let explicit = environment("DEPS_CACHE_DIR"), !explicit.isEmpty { return explicit }
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return LocalFileSystem.join(xdg, "deps") }
        return LocalFileSystem.join(environment("HOME") ?? "/tmp", ".cache/deps")
    }

    public var base: String { LocalFileSystem.join(root, Self.formatVersion) }
    var gitFolder: String { LocalFileSystem.join(base, "git") }
    var archivesFolder: String { LocalFileSystem.join(base, "archives") }
    var treesFolder: String { LocalFileSystem.join(base, "trees") }
    var temporaryFolder: String { LocalFileSystem.join(base, "tmp") }

    /// Makes the cache's folders and removes what killed deps processes left in `tmp/`.
    public func prepare() throws {
        for folder in [gitFolder, archivesFolder, treesFolder, temporaryFolder] {
            try LocalFileSystem.makeDirectories(folder, shownAs: folder)
        }
        for entry in (try? LocalFileSystem.directoryEntries(temporaryFolder, shownAs: temporaryFolder)) ?? [] {
            guard let process = pid_t(entry.prefix { $0 != "." }), process != getpid() else { continue }
            if LocalFileSystem.hasEnded(process) {
                LocalFileSystem.removeTree(LocalFileSystem.join(temporaryFolder, entry))
            }
        }
    }

    /// Why the cache cannot be written, when its file system says so: it is full, or mounted
    /// read-only. A tool (git, curl, tar) that fails to write reports that in its own words, if
    /// at all; this names the cache and the reason, and keeps the failure from being taken for
    /// damaged code.
    public func writeFailure() -> FileAccessError? {
        guard let problem = LocalFileSystem.fileSystemProblem(at: LocalFileSystem.kind(of: base) == .directory ? base : root) else {
            return nil
        }
        return FileAccessError(path: root, reason: "cannot write in the cache: " + problem)
    }

    /// `prepare()`, the first time this process asks.
    public func prepareOnce() throws {
        // Under the lock, so that no task goes on before the folders exist.
        try CodeCache.preparedRoots.withLock { roots in
            guard !roots.contains(root) else { return }
            try prepare()
            roots.insert(root)
        }
    }

    private static let preparedRoots = Mutex<Set<String>>([])

    /// A fresh temporary path in `tmp/`, removed by the caller (or by the next run, if killed).
    public func temporaryPath(_ hint: String) -> String {
        TemporaryPaths.register(LocalFileSystem.join(temporaryFolder, "\(getpid()).\(TemporaryCounter.next()).\(hint).tmp"))
    }

    // MARK: Git mirrors

    /// The key of a git URL: a digest prefix and a readable last component.
    public static func key(of url: String) -> String {
        let digest = SHA256Digest.hex(of: Array(url.utf8)).prefix(16)
        var last = url.split(separator: "/").last.map(String.init) ?? "repository"
        if last.hasSuffix(".git") { last = String(last.dropLast(4)) }
        let readable = String(last.unicodeScalars.filter { $0.isASCII && (($0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == ".") }.prefix(40))
        return "\(digest)-\(readable.isEmpty ? "repository" : readable)"
    }

    func mirrorPath(_ url: String) -> String { LocalFileSystem.join(gitFolder, Self.key(of: url) + ".git") }
    func mirrorLockPath(_ url: String) -> String { LocalFileSystem.join(gitFolder, Self.key(of: url) + ".lock") }

    // MARK: Archives

    func archivePath(_ digest: String) -> String { LocalFileSystem.join(archivesFolder, digest) }
    func archiveLockPath(_ url: String) -> String { LocalFileSystem.join(archivesFolder, Self.key(of: url) + ".lock") }

    // MARK: Trees

    func treeEntryPath(_ name: String, _ version: String, _ pin: String) -> String {
        LocalFileSystem.join(treesFolder, "\(name)/\(version)/\(pin)")
    }

    /// The extracted code of a package at a pin when the cache holds it whole, else nil.
    func cachedTree(name: String, version: String, pin: String) -> String? {
        let entry = treeEntryPath(name, version, pin)
        return Self.isWholeTreeEntry(entry) ? LocalFileSystem.join(entry, "tree") : nil
    }

    /// The extracted code of a package at a pin, made by `make` into a temporary folder when the
    /// cache does not hold it yet. An entry without its record (damaged) is removed and made again.
    func tree(
        name: String, version: String, pin: String, source: String,
        make: (_ folder: String) async throws -> Void
    ) async throws -> String {
        if let tree = cachedTree(name: name, version: version, pin: pin) { return tree }
        let entry = treeEntryPath(name, version, pin)
        let tree = LocalFileSystem.join(entry, "tree")
        try LocalFileSystem.makeDirectories(LocalFileSystem.parentDirectory(of: entry), shownAs: entry)
        return try await withFileLock(entry + ".lock", shownAs: entry) {
            if Self.isWholeTreeEntry(entry) { return tree }
            LocalFileSystem.removeTree(entry)
            let temporary = temporaryPath("tree")
            defer { LocalFileSystem.removeTree(temporary) }
            try LocalFileSystem.makeDirectories(LocalFileSystem.join(temporary, "tree"), shownAs: temporary)
            try await make(LocalFileSystem.join(temporary, "tree"))
            let record = "name: \(name)\nversion: \(version)\npin: \(pin)\nsource: \(source)\n"
            try LocalFileSystem.writeAtomically(Array(record.utf8), to: LocalFileSystem.join(temporary, "entry"), shownAs: entry)
            try LocalFileSystem.move(temporary, to: entry, shownAs: entry)
            return tree
        }
    }

    /// Whether the entry has its record and its tree: it was renamed into place whole.
    static func isWholeTreeEntry(_ entry: String) -> Bool {
        LocalFileSystem.kind(of: LocalFileSystem.join(entry, "entry")) == .file
            && LocalFileSystem.kind(of: LocalFileSystem.join(entry, "tree")) == .directory
    }
}

/// Numbers temporary names within one process.
enum TemporaryCounter {
    private static let value = Mutex(0)

    static func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
