import DepsCore
import Synchronization
import DepsHTTP
import DepsCode
import DepsFiles
import DepsFileSystem

/// A spec repository served over HTTP in CocoaPods' CDN protocol (BEHAVIOUR 9): `trunk`
/// (`https://cdn.cocoapods.org/`) or any other CDN URL.
///
/// - `CocoaPods-version.yml` gives `prefix_lengths` (e.g. `[1, 1, 1]`);
/// - the shard of a name is the first hex characters of the MD5 of its name, split by those lengths;
/// - `all_pods_versions_a_b_c.txt` lists the shard's packages, one line each: `Name/1.0.0/1.1.0`;
/// - `Specs/a/b/c/Name/1.1.0/Name.podspec.json` is one version's spec.
///
/// Every file is cached under `<cache>/v1/specs/cdn/<key>/<path>` with its ETag in `<path>.etag`.
/// Without `refresh`, a cached file is used without asking the server; with it, each file used is
/// revalidated once (`If-None-Match`; 304 keeps the cached copy). Offline, only cached files are
/// read. Listing versions downloads the package's shard index only, then starts downloading the
/// newest release's podspec in the background (at most 8 downloads in flight), since the resolver
/// usually asks for it next.
public final class CDNSpecSource: SpecSource, @unchecked Sendable {
    public static let trunkURL = "https://cdn.cocoapods.org/"
    public static let maximumDownloads = 8

    public let label: String
    /// The CDN's base URL, ending in `/`.
    public let baseURL: String
    /// Where this CDN's files are cached.
    public let folder: String

    private let cache: CodeCache
    private let http: HTTPClient
    private let offline: Bool
    private let refresh: Bool
    private let limiter = DownloadLimiter(limit: CDNSpecSource.maximumDownloads)

    private let lock = Mutex(())
    /// One load per file per run, shared by whoever asks for it (the resolver, a prefetch).
    private var loads: [String: Task<[UInt8]?, Error>] = [:]
    private var counts = Counts()
    /// Podspecs the crawl ahead decoded, by path, so that the resolver does not decode them again.
    private var decodedAhead: [String: Specification] = [:]
    // Touched only by the synchronous side (the resolver's thread).
    private var prefixLengths: [Int]?
    private var shards: [String: [String: (line: Int, text: Substring)]] = [:]
    private var spellings: [PackageName: [Version: String]] = [:]
    private var specifications: [PackageName: [Version: Specification]] = [:]
    /// Packages whose index and newest podspec are being fetched ahead of the resolver.
    private var crawled: Set<PackageName> = []
    static let maximumCrawl = 400

    /// What the loads of this run did, for `deps repo update`.
    public struct Counts: Sendable, Equatable {
        /// Files the server sent (new or changed).
        public var downloaded = 0
        /// Files revalidated with a 304.
        public var notModified = 0
        /// Cached files the server no longer has (404), removed from the cache.
        public var removed = 0
        /// Files read from the cache without asking the server.
        public var fromCache = 0
    }

    public var loadCounts: Counts { lock.withLock { _ in counts } }

    init(label: String, url: String, cache: CodeCache, http: HTTPClient, offline: Bool, refresh: Bool) {
        self.label = label
        baseURL = url.hasSuffix("/") ? url : url + "/"
        self.cache = cache
        self.http = http
        self.offline = offline
        self.refresh = refresh
        folder = LocalFileSystem.join(cache.specsCDNFolder, CodeCache.key(of: baseURL))
    }

    deinit {
        for load in loads.values { load.cancel() }
    }

    /// The warning a plain `http://` CDN deserves: nil for https and for a loopback host.
    public static func insecureWarning(for url: String) -> String? {
        guard url.lowercased().hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        var host = String(rest.prefix { $0 != "/" })
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        if host.hasPrefix("[") {
            host = String(host.dropFirst().prefix { $0 != "]" })
        } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered.hasPrefix("127.") { return nil }
        return "warning: the spec repository \(MessageText.escaped(url)) is plain http: its specs can be read and changed on the way; use https"
    }

    // MARK: SpecSource

    public func versions(of name: PackageName) throws -> [Version] {
        Array(try versionSpellings(of: name).keys).sorted()
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        let root = name.root
        if let known = specifications[root]?[version] { return known }
        guard let spelling = try versionSpellings(of: root)[version] else {
            throw FileAccessError(path: url(of: "\(root)/\(version)"), reason: "no such spec")
        }
        let relative = Self.specPath(root, spelling, try shardFragments(root))
        let specification: Specification
        if let decoded = lock.withLock({ _ in decodedAhead.removeValue(forKey: relative) }) {
            specification = decoded
        } else {
            guard let bytes = try waitForAsync({ [self] in try await file(relative) }) else {
                throw FileAccessError(
                    path: url(of: relative), reason: "the index lists \(root) \(spelling), but the server has no podspec for it (404)")
            }
            specification = try decode(bytes, at: relative, root, spelling)
        }
        specifications[root, default: [:]][version] = specification
        return specification
    }

    /// Starts fetching, level by level, what resolving these packages will read: each package's
    /// shard index and newest release's podspec, then the same for that podspec's dependencies.
    /// The resolver asks one package at a time; this way its answers are mostly here already.
    public func prepare(for names: [PackageName]) {
        guard let lengths = try? loadPrefixLengths() else { return }
        for name in names { crawl(name.root, lengths) }
    }

    private func crawl(_ root: PackageName, _ lengths: [Int]) {
        let start = lock.withLock { _ -> Bool in
            guard crawled.count < Self.maximumCrawl else { return false }
            return crawled.insert(root).inserted
        }
        guard start else { return }
        Task.detached { [self] in
            let fragments = CocoaPodsShards.fragments(of: root, lengths)
            guard let index = try? await file("all_pods_versions_\(fragments.joined(separator: "_")).txt") else { return }
            guard let line = Self.parseIndex(index)[root.description]?.text else { return }
            var versions: [Version: String] = [:]
            for spelling in line.split(separator: "/").dropFirst().map(String.init) {
                if let version = try? Version(spelling), versions[version] == nil { versions[version] = spelling }
            }
            guard let newest = Self.newest(in: versions.keys) else { return }
            let relative = Self.specPath(root, versions[newest]!, fragments)
            guard let bytes = try? await file(relative),
                  let specification = try? decode(bytes, at: relative, root, versions[newest]!) else { return }
            lock.withLock { _ in decodedAhead[relative] = specification }
            var needed = specification.dependencies.map(\.name.root)
            for subspec in specification.subspecs { needed += subspec.dependencies.map(\.name.root) }
            for list in specification.platformDependencies.values { needed += list.map(\.name.root) }
            for name in Set(needed) where name != root { crawl(name, lengths) }
        }
    }

    /// The names in the shard indexes read so far (all_pods.txt is far too big to read for a suggestion).
    public func packageNames() throws -> [PackageName] {
        var names: Set<PackageName> = []
        for shard in shards.values {
            for key in shard.keys { if let name = try? PackageName(key) { names.insert(name) } }
        }
        return names.sorted()
    }

    // MARK: Refreshing

    /// Revalidates every file this CDN has in the cache (the version file at least), 8 at a
    /// time, and returns what changed. Meant for an instance opened with `refresh`.
    public func refreshCachedFiles() async throws -> Counts {
        var files: Set<String> = [CocoaPodsShards.versionFile]
        for entry in LocalFileSystem.walk(folder) where !entry.isDirectory && entry.linkTarget == nil {
            let path = entry.relativePath
            guard !path.hasSuffix(".etag"), !path.hasSuffix(".tmp"), !path.hasPrefix(".") else { continue }
            files.insert(path)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for path in files.sorted() {
                group.addTask { [self] in _ = try await file(path) }
            }
            try await group.waitForAll()
        }
        return loadCounts
    }

    // MARK: The protocol

    private func url(of relative: String) -> String { baseURL + relative }

    private func versionSpellings(of name: PackageName) throws -> [Version: String] {
        let root = name.root
        if let known = spellings[root] { return known }
        let fragments = try shardFragments(root)
        let indexPath = "all_pods_versions_\(fragments.joined(separator: "_")).txt"
        let shard = try loadShard(indexPath)
        var found: [Version: String] = [:]
        if let entry = shard[root.description] {
            let components = entry.text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            for component in components {
                guard !component.isEmpty, let version = try? Version(String(component)) else {
                    throw MalformedInputError(
                        file: url(of: indexPath), line: entry.line,
                        message: "'\(Self.shown(component))' is not a version of \(root)")
                }
                if found[version] == nil { found[version] = String(component) }
            }
        }
        spellings[root] = found
        // The resolver asks for the newest release's spec next: have it on its way.
        if let newest = Self.newest(in: found.keys), specifications[root]?[newest] == nil {
            prefetch(Self.specPath(root, found[newest]!, fragments))
        }
        return found
    }

    /// The shard index, by package name; an empty one when the server has none (404).
    private func loadShard(_ indexPath: String) throws -> [String: (line: Int, text: Substring)] {
        if let known = shards[indexPath] { return known }
        let bytes = try waitForAsync({ [self] in try await file(indexPath) }) ?? []
        let table = Self.parseIndex(bytes)
        shards[indexPath] = table
        return table
    }

    /// A shard index's lines by package name (`Name/1.0.0/1.1.0`), with their line numbers.
    static func parseIndex(_ bytes: [UInt8]) -> [String: (line: Int, text: Substring)] {
        var table: [String: (line: Int, text: Substring)] = [:]
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.isEmpty else { continue }
            let name = String(trimmed.prefix { $0 != "/" })
            if table[name] == nil { table[name] = (number, trimmed) }
        }
        return table
    }

    /// The shard of a name: the first hex digits of its MD5, cut by `prefix_lengths`.
    private func shardFragments(_ name: PackageName) throws -> [String] {
        CocoaPodsShards.fragments(of: name, try loadPrefixLengths())
    }

    /// `Specs/1/2/3/Name/1.0.0/Name.podspec.json`.
    static func specPath(_ name: PackageName, _ spelling: String, _ fragments: [String]) -> String {
        (["Specs"] + fragments + [name.description, spelling, "\(name).podspec.json"]).joined(separator: "/")
    }

    /// The newest release, else the newest prerelease: the version the resolver tries first.
    static func newest(in versions: some Collection<Version>) -> Version? {
        versions.filter { !$0.isPrerelease }.max() ?? versions.max()
    }

    private func decode(_ bytes: [UInt8], at relative: String, _ root: PackageName, _ spelling: String) throws -> Specification {
        try PodspecJSONCodec(fileName: url(of: relative), relocate: nil).decode(
            bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: root, expectedVersion: spelling)
    }

    private func loadPrefixLengths() throws -> [Int] {
        if let known = prefixLengths { return known }
        let path = CocoaPodsShards.versionFile
        let fileURL = url(of: path)
        guard let bytes = try waitForAsync({ [self] in try await file(path) }) else {
            throw FileAccessError(path: fileURL, reason: "not found (404): this is not a CocoaPods CDN")
        }
        let lengths = try CocoaPodsShards.prefixLengths(in: bytes, shownAs: fileURL)
        prefixLengths = lengths
        return lengths
    }

    // MARK: Files

    /// Starts loading a file without waiting for it.
    private func prefetch(_ relative: String) {
        _ = task(for: relative)
    }

    /// The bytes of a file of the CDN (nil when the server has none: 404), from the cache or the
    /// server as the class comment says. One load per file per run. The loads are shared by
    /// whoever waits for them, so a waiter that is cancelled (deps is being interrupted) cancels
    /// them all: their curl stops and their temporary files are removed.
    func file(_ relative: String) async throws -> [UInt8]? {
        let load = task(for: relative)
        return try await withTaskCancellationHandler {
            try await load.value
        } onCancel: { [self] in
            for load in lock.withLock({ _ in Array(loads.values) }) { load.cancel() }
        }
    }

    private func task(for relative: String) -> Task<[UInt8]?, Error> {
        lock.withLock { _ in
            if let known = loads[relative] { return known }
            let load = Task.detached { [self] in try await self.load(relative) }
            loads[relative] = load
            return load
        }
    }

    private func count(_ change: (inout Counts) -> Void) {
        lock.withLock { _ in change(&counts) }
    }

    private func load(_ relative: String) async throws -> [UInt8]? {
        let local = LocalFileSystem.join(folder, relative)
        let etagPath = local + ".etag"
        let fileURL = url(of: relative)
        let cached = LocalFileSystem.kind(of: local) == .file
        if cached && (!refresh || offline) {
            count { $0.fromCache += 1 }
            return try LocalFileSystem.readFile(local, shownAs: local)
        }
        if offline {
            throw FileAccessError(path: fileURL, reason: "not in the cache (\(local)); --offline does not fetch")
        }
        try cache.prepareOnce()
        let etag = cached ? (try? LocalFileSystem.readFile(etagPath, shownAs: etagPath)).map { String(decoding: $0, as: UTF8.self) } : nil
        let temporary = cache.temporaryPath("cdn")
        defer { LocalFileSystem.removeTree(temporary) }
        await limiter.acquire()
        let response: HTTPResponse
        do {
            response = try await http.download(fileURL, to: temporary, ifNoneMatch: etag)
            await limiter.release()
        } catch let error as HTTPError {
            await limiter.release()
            throw FileAccessError(path: fileURL, reason: error.causeDescription)
        } catch {
            await limiter.release()
            throw error
        }
        if response.isNotModified, cached {
            count { $0.notModified += 1 }
            return try LocalFileSystem.readFile(local, shownAs: local)
        }
        if response.status == 404 || response.status == 410 {
            if cached {
                try await withFileLock(folder + ".lock", shownAs: fileURL) {
                    LocalFileSystem.removeTree(etagPath)
                    LocalFileSystem.removeTree(local)
                }
                count { $0.removed += 1 }
            }
            return nil
        }
        guard response.isSuccess else {
            throw FileAccessError(path: fileURL, reason: "the server answered \(response.status)")
        }
        let bytes = try LocalFileSystem.readFile(temporary, shownAs: fileURL)
        // The body and its ETag change together, under the CDN folder's lock: a reader or a
        // revalidation never pairs a body with another body's ETag.
        try LocalFileSystem.makeDirectories(LocalFileSystem.parentDirectory(of: local), shownAs: fileURL)
        try await withFileLock(folder + ".lock", shownAs: fileURL) {
            LocalFileSystem.removeTree(etagPath)
            try LocalFileSystem.move(temporary, to: local, shownAs: fileURL)
            if let etag = response.etag {
                try LocalFileSystem.writeAtomically(Array(etag.utf8), to: etagPath, shownAs: fileURL)
            }
        }
        count { $0.downloaded += 1 }
        return bytes
    }

    /// Text from a server, safe to print: control characters escaped, at most 80 characters.
    static func shown<S: StringProtocol>(_ text: S) -> String {
        let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(80)))
        return MessageText.escaped(head) + (text.unicodeScalars.count > 80 ? "…" : "")
    }
}
