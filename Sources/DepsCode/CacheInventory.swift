import DepsCache
import DepsCore
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists and removes what the shared cache holds. Removal takes each entry's lock first, so a
/// deps process making or reading that entry is never left with half of it.
public struct CacheInventory: CodeCacheInventory {
    public let cache: CodeCache

    public init(cache: CodeCache) {
        self.cache = cache
    }

    public func list() throws -> CacheListing {
        var entries: [CacheListing.Entry] = []
        for (name, version, pin) in treeEntries() {
            let path = cache.treeEntryPath(name, version, pin)
            entries.append(.init(name: name, version: version, pin: pin, bytes: size(of: path)))
        }
        return CacheListing(root: cache.root.string, entries: entries, totalBytes: size(of: cache.base))
    }

    /// Removes the named packages' trees, and the mirrors and archives they were made from.
    public func remove(_ names: [PackageName]) async throws -> CacheListing {
        let wanted = Set(names.map(\.description))
        var removed: [CacheListing.Entry] = []
        for (name, version, pin) in treeEntries() where wanted.contains(name) {
            let entry = cache.treeEntryPath(name, version, pin)
            let bytes = size(of: entry)
            let source = recordedSource(entry)
            try await withFileLock(entry.addingSuffix(".lock"), shownAs: entry.string) { try discard(entry) }
            if let source {
                let mirror = cache.mirrorPath(source)
                if cache.fileSystem.kind(of: mirror) == .directory {
                    try await withFileLock(cache.mirrorLockPath(source), shownAs: mirror.string) { try discard(mirror) }
                }
            }
            try await withFileLock(cache.archiveLockPath(source ?? pin), shownAs: pin) { try discard(cache.archivePath(pin)) }
            removed.append(.init(name: name, version: version, pin: pin, bytes: bytes))
        }
        for name in wanted { rmdir((cache.treesFolder / name).string) }
        return CacheListing(root: cache.root.string, entries: removed, totalBytes: size(of: cache.base))
    }

    /// Removes everything: every package's trees, then every mirror and archive.
    public func removeAll() async throws -> CacheListing {
        let names = Set(treeEntries().map(\.0)).compactMap { try? PackageName($0) }
        let removed = try await remove(names)
        for mirror in try entries(of: cache.gitFolder, where: { $0.hasSuffix(".git") }) {
            try await discardMirror(mirror)
        }
        for archive in try entries(of: cache.archivesFolder, where: SHA256Text.isValid) {
            try discard(archive)
        }
        return CacheListing(root: cache.root.string, entries: removed.entries, totalBytes: size(of: cache.base))
    }

    /// The entries of a cache folder whose names pass `test`; none when the folder is missing.
    private func entries(of folder: LocalPath, where test: (String) -> Bool) throws -> [LocalPath] {
        let names = try cache.fileSystem.directoryEntries(folder, shownAs: folder.string) ?? []
        return names.filter(test).map { folder / $0 }
    }

    /// Removes a git mirror under its lock, so that no fetch is using it meanwhile.
    private func discardMirror(_ mirror: LocalPath) async throws {
        let lock = try await FileLock.acquire(LocalPath(String(mirror.string.dropLast(4)) + ".lock"), shownAs: mirror.string)
        defer { lock.release() }
        try discard(mirror)
    }

    /// Renames the entry into `tmp/` (atomically gone for readers), then removes it. Not inlined:
    /// Swift 6.3.1's optimizer crashes splitting the async `removeAll` with it inlined there.
    @inline(never)
    private func discard(_ path: LocalPath) throws {
        guard cache.fileSystem.entryExists(path) else { return }
        try cache.prepare()
        let aside = cache.temporaryPath("discard")
        try cache.fileSystem.move(path, to: aside, shownAs: path.string)
        cache.fileSystem.removeTree(aside)
    }

    /// `(name, version, pin)` of every whole tree entry, sorted.
    private func treeEntries() -> [(String, String, String)] {
        var found: [(String, String, String)] = []
        let trees = cache.treesFolder
        for name in (try? cache.fileSystem.directoryEntries(trees, shownAs: trees.string)) ?? [] where PackageName.isValid(name) {
            let packageFolder = trees / name
            for version in (try? cache.fileSystem.directoryEntries(packageFolder, shownAs: packageFolder.string)) ?? []
            where !version.hasSuffix(".lock") {
                let versionFolder = packageFolder / version
                for pin in (try? cache.fileSystem.directoryEntries(versionFolder, shownAs: versionFolder.string)) ?? []
                where !pin.hasSuffix(".lock") && cache.isWholeTreeEntry(versionFolder / pin) {
                    found.append((name, version, pin))
                }
            }
        }
        return found.sorted { ($0.0.lowercased(), $0.1, $0.2) < ($1.0.lowercased(), $1.1, $1.2) }
    }

    private func recordedSource(_ entry: LocalPath) -> String? {
        guard let bytes = try? cache.fileSystem.readFile(entry / "entry", shownAs: entry.string) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("source: ") {
            return String(line.dropFirst(8))
        }
        return nil
    }

    /// The bytes of a file, or of the regular files below a folder (links count nothing).
    func size(of path: LocalPath) -> Int {
        if let size = cache.fileSystem.fileSize(of: path) { return Int(size) }
        guard cache.fileSystem.linkTarget(of: path) == nil, cache.fileSystem.kind(of: path) == .directory else { return 0 }
        return cache.fileSystem.walk(path).reduce(0) { $0 + Int($1.size) }
    }
}
