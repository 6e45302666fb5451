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
            entries.append(.init(name: name, version: version, pin: pin, bytes: Self.size(of: path)))
        }
        return CacheListing(root: cache.root, entries: entries, totalBytes: Self.size(of: cache.base))
    }

    /// Removes the named packages' trees, and the mirrors and archives they were made from.
    public func remove(_ names: [PackageName]) async throws -> CacheListing {
        let wanted = Set(names.map(\.description))
        var removed: [CacheListing.Entry] = []
        for (name, version, pin) in treeEntries() where wanted.contains(name) {
            let entry = cache.treeEntryPath(name, version, pin)
            let bytes = Self.size(of: entry)
            let source = Self.recordedSource(entry)
            try await withFileLock(entry + ".lock", shownAs: entry) { try discard(entry) }
            if let source {
                let mirror = cache.mirrorPath(source)
                if LocalFileSystem.kind(of: mirror) == .directory {
                    try await withFileLock(cache.mirrorLockPath(source), shownAs: mirror) { try discard(mirror) }
                }
            }
            try await withFileLock(cache.archiveLockPath(source ?? pin), shownAs: pin) { try discard(cache.archivePath(pin)) }
            removed.append(.init(name: name, version: version, pin: pin, bytes: bytes))
        }
        for name in wanted { rmdir(LocalFileSystem.join(cache.treesFolder, name)) }
        return CacheListing(root: cache.root, entries: removed, totalBytes: Self.size(of: cache.base))
    }

    /// Removes everything: every package's trees, then every mirror and archive.
    public func removeAll() async throws -> CacheListing {
        let names = Set(treeEntries().map(\.0)).compactMap { try? PackageName($0) }
        let removed = try await remove(names)
        for entry in (try LocalFileSystem.directoryEntries(cache.gitFolder, shownAs: cache.gitFolder) ?? []) where entry.hasSuffix(".git") {
            let mirror = LocalFileSystem.join(cache.gitFolder, entry)
            try await withFileLock(String(mirror.dropLast(4)) + ".lock", shownAs: mirror) { try discard(mirror) }
        }
        for entry in (try LocalFileSystem.directoryEntries(cache.archivesFolder, shownAs: cache.archivesFolder) ?? [])
        where SHA256Text.isValid(entry) {
            try discard(LocalFileSystem.join(cache.archivesFolder, entry))
        }
        return CacheListing(root: cache.root, entries: removed.entries, totalBytes: Self.size(of: cache.base))
    }

    /// Renames the entry into `tmp/` (atomically gone for readers), then removes it.
    private func discard(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        try cache.prepare()
        let aside = cache.temporaryPath("discard")
        try LocalFileSystem.move(path, to: aside, shownAs: path)
        LocalFileSystem.removeTree(aside)
    }

    /// `(name, version, pin)` of every whole tree entry, sorted.
    private func treeEntries() -> [(String, String, String)] {
        var found: [(String, String, String)] = []
        let trees = cache.treesFolder
        for name in (try? LocalFileSystem.directoryEntries(trees, shownAs: trees)) ?? [] where PackageName.isValid(name) {
            let packageFolder = LocalFileSystem.join(trees, name)
            for version in (try? LocalFileSystem.directoryEntries(packageFolder, shownAs: packageFolder)) ?? []
            where !version.hasSuffix(".lock") {
                let versionFolder = LocalFileSystem.join(packageFolder, version)
                for pin in (try? LocalFileSystem.directoryEntries(versionFolder, shownAs: versionFolder)) ?? []
                where !pin.hasSuffix(".lock") && CodeCache.isWholeTreeEntry(LocalFileSystem.join(versionFolder, pin)) {
                    found.append((name, version, pin))
                }
            }
        }
        return found.sorted { ($0.0.lowercased(), $0.1, $0.2) < ($1.0.lowercased(), $1.1, $1.2) }
    }

    private static func recordedSource(_ entry: String) -> String? {
        guard let bytes = try? LocalFileSystem.readFile(LocalFileSystem.join(entry, "entry"), shownAs: entry) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("source: ") {
            return String(line.dropFirst(8))
        }
        return nil
    }

    static func size(of path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        var total = Int(info.st_size)
        if info.st_mode & S_IFMT == S_IFDIR {
            total = 0
            for entry in LocalFileSystem.walk(path) where !entry.isDirectory {
                var child = stat()
                if lstat(LocalFileSystem.join(path, entry.relativePath), &child) == 0 { total += Int(child.st_size) }
            }
        }
        return total
    }
}
