import Synchronization
import DepsFileSystem
import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The caches one run of deps has prepared (`CodeCache.prepareOnce`): a run prepares a cache once,
/// removing what killed deps processes left in its `tmp/`, and a later run in the same process
/// (a command run in process) prepares it again.
public final class CachePreparations: Sendable {
    fileprivate let roots = Mutex<Set<LocalPath>>([])

    public init() {}

    /// The process's, for a cache made without a run's.
    fileprivate static let process = CachePreparations()
}

/// The shared cache of fetched code (BEHAVIOUR 8.3), one folder layout and one locking rule:
///
/// ```
/// <root>/v1/git/<key>.git                     bare mirrors, one per URL (<key>.lock guards each)
/// <root>/v1/archives/<sha256>                 downloaded archives, named by their digest
/// <root>/v1/trees/<Name>/<version>/<pin>/     extracted code: tree/ and an entry record
/// <root>/v1/specs/git/<key>/                  git spec repositories: a mirror and checkouts
/// <root>/v1/specs/cdn/<key>/                  CDN spec repositories' files, with their ETags
/// <root>/v1/tmp/                              entries being made: <pid>.<n>.tmp
/// ```
///
/// Every entry is made under `tmp/` and renamed into place, under a file lock, so a reader sees
/// a whole entry or none. `v1` is the format version: a deps that writes another format uses
/// another folder and leaves this one alone.
public struct CodeCache: Sendable {
    public static let formatVersion = "v1"
    /// The cache folder as configured (`$DEPS_CACHE_DIR`, `$XDG_CACHE_HOME/deps`, `~/.cache/deps`).
    public let root: LocalPath
    public let fileSystem: any FileSystem
    /// Which roots `prepareOnce` has prepared: the run's, else the process's.
    private let preparations: CachePreparations

    /// - Parameter preparations: the record of prepared caches of one run of deps (the composition
    ///   root gives each run its own); by default the process's.
    public init(root: LocalPath, fileSystem: any FileSystem = POSIXFileSystem(), preparations: CachePreparations? = nil) {
        self.root = root
        self.fileSystem = fileSystem
        self.preparations = preparations ?? .process
    }

    /// Where the cache is for an environment: `DEPS_CACHE_DIR`, else `XDG_CACHE_HOME/deps`, else `~/.cache/deps`.
    public static func defaultRoot(environment: (String) -> String?) -> LocalPath {
        if let explicit = environment("DEPS_CACHE_DIR"), !explicit.isEmpty { return LocalPath(explicit) }
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return LocalPath(xdg) / "deps" }
        return LocalPath(environment("HOME") ?? "/tmp") / ".cache/deps"
    }

    public var base: LocalPath { root / Self.formatVersion }
    package var gitFolder: LocalPath { base / "git" }
    package var archivesFolder: LocalPath { base / "archives" }
    package var treesFolder: LocalPath { base / "trees" }
    var temporaryFolder: LocalPath { base / "tmp" }
    /// `v1/specs/git/`: git spec repositories, one folder per URL.
    package var specsGitFolder: LocalPath { base / "specs/git" }
    /// `v1/specs/cdn/`: files of CDN spec repositories with their ETags, one folder per URL.
    package var specsCDNFolder: LocalPath { base / "specs/cdn" }

    /// Makes the cache's folders and removes what killed deps processes left in `tmp/`. In a
    /// cache this process cannot write, a folder it lacks stays missing: what needs it reports
    /// the cache as read-only.
    public func prepare() throws {
        for folder in [gitFolder, archivesFolder, treesFolder, temporaryFolder] {
            do {
                try fileSystem.makeDirectories(folder, shownAs: folder.string)
            } catch {
                guard unwritableReason() != nil else { throw error }
            }
        }
        for entry in (try? fileSystem.directoryEntries(temporaryFolder, shownAs: temporaryFolder.string)) ?? [] {
            guard let process = pid_t(entry.prefix { $0 != "." }), process != getpid() else { continue }
            if POSIXFileSystem.hasEnded(process) {
                fileSystem.removeTree(temporaryFolder / entry)
            }
        }
    }

    /// Why the cache cannot be written, when its file system says so: it is full, or mounted
    /// read-only. A tool (git, curl, tar) that fails to write reports that in its own words, if
    /// at all; this names the cache and the reason, and keeps the failure from being taken for
    /// damaged code.
    public func writeFailure() -> FileAccessError? {
        guard let problem = fileSystem.fileSystemProblem(at: fileSystem.kind(of: base) == .directory ? base : root) else {
            return nil
        }
        return FileAccessError(path: root.string, operation: .writeInCache, problem: problem)
    }

    /// `prepare()`, the first time this run (its `CachePreparations`) asks.
    public func prepareOnce() throws {
        // Under the lock, so that no task goes on before the folders exist.
        try preparations.roots.withLock { roots in
            guard !roots.contains(root) else { return }
            try prepare()
            roots.insert(root)
        }
    }

    /// A fresh temporary path in `tmp/`, removed by the caller (or by the next run, if killed).
    public func temporaryPath(_ hint: String) -> LocalPath {
        TemporaryPaths.register(temporaryFolder / "\(getpid()).\(TemporaryCounter.next()).\(hint).tmp")
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

    package func mirrorPath(_ url: String) -> LocalPath { gitFolder / (Self.key(of: url) + ".git") }
    package func mirrorLockPath(_ url: String) -> LocalPath { gitFolder / (Self.key(of: url) + ".lock") }

    // MARK: Archives

    package func archivePath(_ digest: String) -> LocalPath { archivesFolder / digest }
    package func archiveLockPath(_ url: String) -> LocalPath { archivesFolder / (Self.key(of: url) + ".lock") }

    // MARK: Trees

    package func treeEntryPath(_ name: String, _ version: String, _ pin: String) -> LocalPath {
        treesFolder / "\(name)/\(version)/\(pin)"
    }

    /// The extracted code of a package at a pin when the cache holds it whole, else nil.
    package func cachedTree(name: String, version: String, pin: String) -> LocalPath? {
        let entry = treeEntryPath(name, version, pin)
        return isWholeTreeEntry(entry) ? entry / "tree" : nil
    }

    /// The extracted code of a package at a pin, made by `make` into a temporary folder when the
    /// cache does not hold it yet. An entry without its record (damaged) is removed and made again.
    /// A cache this process cannot write gives what it holds (read under a shared lock) and
    /// throws `CacheReadOnlyError` for the rest.
    package func tree(
        name: String, version: String, pin: String, source: String,
        make: (_ folder: LocalPath) async throws -> Void
    ) async throws -> LocalPath {
        if let tree = cachedTree(name: name, version: version, pin: pin) { return tree }
        let entry = treeEntryPath(name, version, pin)
        let tree = entry / "tree"
        if fileSystem.kind(of: entry.parent) != .directory {
            do {
                try fileSystem.makeDirectories(entry.parent, shownAs: entry.string)
            } catch {
                guard let reason = unwritableReason() else { throw error }
                throw CacheReadOnlyError(root: root, lacking: .tree(name: "\(name)", version: "\(version)", pin: "\(pin)"), reason: reason)
            }
        }
        return try await fileSystem.withWritingOrReadingLock(entry.addingSuffix(".lock"), shownAs: entry.string) { access in
            if isWholeTreeEntry(entry) { return tree }
            if case let .readingOnly(reason) = access {
                throw CacheReadOnlyError(root: root, lacking: .tree(name: "\(name)", version: "\(version)", pin: "\(pin)"), reason: reason)
            }
            fileSystem.removeTree(entry)
            let temporary = temporaryPath("tree")
            defer { fileSystem.removeTree(temporary) }
            try fileSystem.makeDirectories(temporary / "tree", shownAs: temporary.string)
            try await make(temporary / "tree")
            let record = "name: \(name)\nversion: \(version)\npin: \(pin)\nsource: \(source)\n"
            try fileSystem.writeAtomically(Array(record.utf8), to: temporary / "entry", shownAs: entry.string)
            try fileSystem.move(temporary, to: entry, shownAs: entry.string)
            return tree
        }
    }

    /// Whether the entry has its record and its tree: it was renamed into place whole. The entry
    /// and its tree are real folders, never symbolic links: a tree replaced by a link would make
    /// `Deps/<Name>` a copy of wherever it points.
    package func isWholeTreeEntry(_ entry: LocalPath) -> Bool {
        fileSystem.linkTarget(of: entry) == nil && fileSystem.linkTarget(of: entry / "tree") == nil
            && fileSystem.linkTarget(of: entry / "entry") == nil
            && fileSystem.kind(of: entry / "entry") == .file
            && fileSystem.kind(of: entry / "tree") == .directory
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
