import DepsCache
import DepsCore
import DepsFileSystem
import DepsCocoaPods
import DepsFiles
import DepsHTTP
import DepsFailures

/// A spec repository served over HTTP in CocoaPods' CDN protocol (BEHAVIOUR 9): `trunk`
/// (`https://cdn.cocoapods.org/`) or any other CDN URL.
///
/// - `CocoaPods-version.yml` gives `prefix_lengths` (e.g. `[1, 1, 1]`);
/// - the shard of a name is the first hex characters of the MD5 of its name, split by those lengths;
/// - `all_pods_versions_a_b_c.txt` lists the shard's packages, one line each: `Name/1.0.0/1.1.0`;
/// - `Specs/a/b/c/Name/1.1.0/Name.podspec.json` is one version's spec.
///
/// The reads (`versions`, `specification`) are synchronous and answer from what this run fetched
/// or, without `refresh`, from the cache; what neither has is named by `SpecsNotFetched`, and
/// `fetch` brings it, at most 32 downloads at once (streams of one HTTP/2 connection, or at most 8
/// kept-alive HTTP/1.1 connections). Fetching a package's versions also fetches
/// ahead, level by level, its newest release's podspec and then the same for that podspec's
/// dependencies, since the resolver asks for those next. Each file is loaded once per run.
public final class CDNSpecSource: SpecSource {
    public static let trunkURL = "https://cdn.cocoapods.org/"
    public static let maximumDownloads = 32
    /// The most packages one run fetches ahead for.
    static let maximumCrawl = 400

    public let label: String
    /// A CDN is read over HTTP: its specs may name only code on the network.
    public let isRemote = true
    /// The CDN's base URL, ending in `/`.
    public var baseURL: String { loader.baseURL }
    /// Where this CDN's files are cached.
    public var folder: LocalPath { loader.folder }

    private let loader: CDNFileLoader
    /// The files fetched this run, by path (nil: the server has none).
    private var fetched: [String: [UInt8]?] = [:]
    private var counts = Counts()
    private var prefixLengths: [Int]?
    private var shards: [String: [String: (line: Int, text: Substring)]] = [:]
    private var spellings: [PackageName: [Version: String]] = [:]
    private var specifications: [PackageName: [Version: Specification]] = [:]
    /// Packages fetched ahead for already.
    private var crawled: Set<PackageName> = []

    /// What the loads of this run did, for `deps repo update`.
    public struct Counts: Sendable, Equatable {
        /// Files the server sent (new or changed).
        public var downloaded = 0
        /// Files revalidated with a 304, or sent again with the bytes the cache held.
        public var notModified = 0
        /// Cached files the server no longer has (404), removed from the cache.
        public var removed = 0
        /// Files read from the cache without asking the server.
        public var fromCache = 0
    }

    public var loadCounts: Counts { counts }

    /// Read without revalidating (no refresh asked for, or offline), the cached index may predate a
    /// version published since.
    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] {
        loader.refresh && !loader.offline ? [] : [.cachedCopy(source: label, readFrom: readFrom)]
    }

    /// The CDN's URL when the label names another place: `trunk` read from a mirror, or a
    /// Depsfile source that `DEPS_MIRROR` serves.
    public var readFrom: String? {
        let named = label == "trunk" ? Self.trunkURL : (label.hasSuffix("/") ? label : label + "/")
        return named == baseURL ? nil : baseURL
    }

    init(label: String, url: String, cache: CodeCache, http: any HTTPTransport, offline: Bool, refresh: Bool) {
        self.label = label
        let baseURL = url.hasSuffix("/") ? url : url + "/"
        loader = CDNFileLoader(
            baseURL: baseURL, folder: cache.specsCDNFolder / CodeCache.key(of: baseURL),
            cache: cache, http: http, offline: offline, refresh: refresh)
    }

    /// The warning a plain `http://` CDN deserves: nil for https and for a loopback host.
    public static func insecureWarning(for url: String) -> SpecRepositoryWarning? {
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
        return .plainHTTP(url: url)
    }

    // MARK: Reading what was fetched

    public func versions(of name: PackageName) throws -> [Version] {
        guard let spellings = try versionSpellings(of: name.root) else {
            throw SpecsNotFetched(source: label, needed: [.versions(name.root)])
        }
        return Array(spellings.keys).sorted()
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        let root = name.root
        if let known = specifications[root]?[version] { return known }
        if try hasPinnedSpecification(root, version), let known = specifications[root]?[version] { return known }
        guard let spellings = try versionSpellings(of: root) else {
            throw SpecsNotFetched(source: label, needed: [.specification(root, version)])
        }
        guard let spelling = spellings[version] else {
            throw UnavailableError(location: loader.url(of: "\(root)/\(version)"), reason: .noSuchSpec)
        }
        let relative = CDNLayout.specPath(root, spelling, try shardFragments(root)!)
        guard let file = try available(relative) else {
            throw SpecsNotFetched(source: label, needed: [.specification(root, version)])
        }
        guard let bytes = file else {
            throw UnavailableError(
                location: loader.url(of: relative), reason: .specMissingFromServer(name: root.description, version: spelling))
        }
        let specification = try PodspecJSONCodec(fileName: loader.url(of: relative), relocate: nil).decode(
            bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: root, expectedVersion: spelling)
        specifications[root, default: [:]][version] = specification
        return specification
    }

    /// Whether a spec fetched (or cached) by its version is here, decoded into `specifications`;
    /// false when there is none, so that the index is read.
    private func hasPinnedSpecification(_ root: PackageName, _ version: Version) throws -> Bool {
        guard spellings[root] == nil, let path = try pinnedPath(root, version), let file = try available(path), let bytes = file,
              let specification = try? decodePinned(bytes, path: path, root: root, version: version) else { return false }
        specifications[root, default: [:]][version] = specification
        return true
    }

    /// Every name the CDN lists in `all_pods.txt` (trunk's: one name a line, about 2 MB), fetched
    /// once when asked for (only to suggest a name for one no source has), with the names in the
    /// shard indexes read so far. A misspelt name hashes to another shard than the name meant, so
    /// the shards alone rarely hold it. A CDN without the list (a mirror), or one that cannot be
    /// reached, answers from the shards alone.
    public func packageNames() throws -> [PackageName] {
        guard let listed = fetched[Self.allPodsFile] else {
            throw SpecsNotFetched(source: label, needed: [.packageNames])
        }
        var names: Set<PackageName> = []
        for shard in shards.values {
            for key in shard.keys { if let name = try? PackageName(key) { names.insert(name) } }
        }
        for line in (listed ?? []).split(separator: UInt8(ascii: "\n")) {
            if let name = try? PackageName(String(decoding: line, as: UTF8.self)) { names.insert(name) }
        }
        return names.sorted()
    }

    /// The list of every pod a CDN serves, beside `CocoaPods-version.yml`.
    static let allPodsFile = "all_pods.txt"

    /// A file fetched this run or readable from the cache without asking the server: its bytes,
    /// `.some(nil)` when the server has none, nil when it must be fetched first.
    private func available(_ relative: String) throws -> [UInt8]?? {
        if let known = fetched[relative] { return .some(known) }
        guard let bytes = try loader.cachedWithoutAsking(relative) else { return nil }
        counts.fromCache += 1
        fetched[relative] = bytes
        return .some(bytes)
    }

    /// A package's versions as the index spells them; nil when its shard index must be fetched first.
    private func versionSpellings(of root: PackageName) throws -> [Version: String]? {
        if let known = spellings[root] { return known }
        guard let fragments = try shardFragments(root) else { return nil }
        let indexPath = CDNLayout.indexPath(fragments)
        let shard: [String: (line: Int, text: Substring)]
        if let known = shards[indexPath] {
            shard = known
        } else {
            guard let file = try available(indexPath) else { return nil }
            shard = CDNLayout.parseIndex(file ?? [])
            shards[indexPath] = shard
        }
        var found: [Version: String] = [:]
        if let entry = shard[root.description] {
            for component in entry.text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                guard !component.isEmpty, let version = try? Version(String(component)) else {
                    throw MalformedInputError(
                        file: loader.url(of: indexPath), line: entry.line,
                        problem: .specRepository(.indexEntryNotAVersion(String(component), pod: root)))
                }
                if found[version] == nil { found[version] = String(component) }
            }
        }
        spellings[root] = found
        return found
    }

    /// The shard of a name: the first hex digits of its MD5, cut by `prefix_lengths`; nil when
    /// `CocoaPods-version.yml` must be fetched first.
    private func shardFragments(_ name: PackageName) throws -> [String]? {
        try knownPrefixLengths().map { CocoaPodsShards.fragments(of: name, $0) }
    }

    /// `prefix_lengths` of `CocoaPods-version.yml`; nil when the file must be fetched first.
    private func knownPrefixLengths() throws -> [Int]? {
        if let prefixLengths { return prefixLengths }
        guard let file = try available(CocoaPodsShards.versionFile) else { return nil }
        let fileURL = loader.url(of: CocoaPodsShards.versionFile)
        guard let bytes = file else {
            throw UnavailableError(location: fileURL, reason: .notACocoaPodsCDN)
        }
        let lengths = try CocoaPodsShards.prefixLengths(in: bytes, shownAs: fileURL)
        prefixLengths = lengths
        return lengths
    }

    // MARK: Fetching

    /// Fetches what the reads lacked. A package's versions bring its newest release's podspec and
    /// then the same for that podspec's dependencies (`CDNCrawl`; at most `maximumCrawl` packages
    /// a run); those ahead of need are fetched as well as can be, and a failure among them is left
    /// for the read that needs the file to report.
    public func fetch(_ needed: [SpecToFetch]) async throws {
        if try knownPrefixLengths() == nil {
            try await load([CocoaPodsShards.versionFile], ahead: [])
        }
        var level: [PackageName] = []
        var wantedSpecs: [(PackageName, Version)] = []
        for need in needed {
            switch need {
            case let .versions(name):
                if crawled.count < Self.maximumCrawl, crawled.insert(name.root).inserted { level.append(name.root) }
            case let .specification(name, version):
                wantedSpecs.append((name.root, version))
            case .packageNames:
                // Only for a suggestion: a list that cannot be had is no failure.
                try await load([], ahead: [Self.allPodsFile])
                if fetched[Self.allPodsFile] == nil { fetched[Self.allPodsFile] = .some(nil) }
            }
        }
        // Indexes first (what is asked for, then the level), then podspecs.
        let askedIndexes = needed.compactMap { need -> String? in
            switch need {
            case let .versions(name), let .specification(name, _): return try? indexToFetch(name.root)
            case .packageNames: return nil
            }
        }
        try await load(unique(askedIndexes), ahead: [])
        var askedSpecs: [String] = []
        for (name, version) in wantedSpecs {
            if let path = try podspecToFetch(name, version) { askedSpecs.append(path) }
        }
        try await load(unique(askedSpecs), ahead: [])
        guard !level.isEmpty, let prefixLengths else { return }
        let found = await CDNCrawl(loader: loader, prefixLengths: prefixLengths).run(
            from: level, known: fetched, limit: Self.maximumCrawl - crawled.count + level.count, atOnce: Self.maximumDownloads)
        for load in found.loads {
            guard case let .success(loaded) = load.result, fetched[load.path] == nil else { continue }
            fetched[load.path] = loaded.bytes
            count(loaded.outcome)
        }
        for found in found.specifications where specifications[found.name]?[found.version] == nil {
            specifications[found.name, default: [:]][found.version] = found.specification
        }
        crawled.formUnion(found.visited)
    }

    /// The shard index a package's versions need, when it is not here yet.
    private func indexToFetch(_ root: PackageName) throws -> String? {
        guard let fragments = try shardFragments(root) else { return nil }
        let path = CDNLayout.indexPath(fragments)
        guard shards[path] == nil else { return nil }
        return try available(path) == nil ? path : nil
    }

    /// The podspec of a version, when it is not here yet (and its index is).
    private func podspecToFetch(_ root: PackageName, _ version: Version) throws -> String? {
        guard specifications[root]?[version] == nil, let spelling = try versionSpellings(of: root)?[version],
              let fragments = try shardFragments(root) else { return nil }
        let path = CDNLayout.specPath(root, spelling, fragments)
        return try available(path) == nil ? path : nil
    }

    private func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { fetched[$0] == nil && seen.insert($0).inserted }
    }

    /// Loads files, `maximumDownloads` at once. A failure to load a needed file is thrown; one
    /// fetched ahead is left unfetched.
    private func load(_ needed: [String], ahead: [String]) async throws {
        let loads = try await loader.loadAll(needed.map { ($0, true) } + ahead.map { ($0, false) }, atOnce: Self.maximumDownloads)
        var failure: Error?
        for load in loads {
            switch load.result {
            case let .success(loaded):
                fetched[load.path] = loaded.bytes
                count(loaded.outcome)
            case let .failure(error):
                if load.isNeeded && failure == nil { failure = error }
            }
        }
        try Task.checkCancellation()
        if let failure { throw failure }
    }

    private func count(_ outcome: CDNFileLoader.Outcome) {
        switch outcome {
        case .downloaded: counts.downloaded += 1
        case .notModified: counts.notModified += 1
        case .removed: counts.removed += 1
        case .fromCache: counts.fromCache += 1
        case .absent: break
        }
    }

    // MARK: Locked versions, without the indexes

    /// Whether the CDN has this version: a spec fetched (or cached) by its version answers it with
    /// no shard index; otherwise the index says.
    public func hasSpecification(of name: PackageName, version: Version) throws -> Bool {
        let root = name.root
        if specifications[root]?[version] != nil { return true }
        if try hasPinnedSpecification(root, version) { return true }
        return try versions(of: root).contains(version)
    }

    /// Fetches each pinned version's podspec by its path, all at once: the path needs only the
    /// name's shard and the version as the lock spells it, so no index is read. Without the
    /// shard lengths yet, `CocoaPods-version.yml` is fetched alongside and trunk's lengths are
    /// assumed; a CDN with other lengths costs one more round.
    public func fetchPinned(_ pinned: [(name: PackageName, version: Version)]) async {
        let known = try? knownPrefixLengths()
        var lengths = known ?? CocoaPodsShards.trunkPrefixLengths
        for round in 0..<2 {
            var paths = pinned.compactMap { pin -> String? in
                guard specifications[pin.name.root]?[pin.version] == nil else { return nil }
                let path = CDNLayout.specPath(pin.name.root, pin.version.description, CocoaPodsShards.fragments(of: pin.name.root, lengths))
                return (try? available(path)) == nil ? path : nil
            }
            if round == 0, known == nil { paths.append(CocoaPodsShards.versionFile) }
            try? await load([], ahead: unique(paths))
            guard round == 0, known == nil, let actual = try? knownPrefixLengths(), actual != lengths else { return }
            lengths = actual
        }
    }

    /// Where a version's podspec is when the version is spelled as the lock spells it; nil
    /// until the shard lengths are known.
    private func pinnedPath(_ root: PackageName, _ version: Version) throws -> String? {
        guard let fragments = try shardFragments(root) else { return nil }
        return CDNLayout.specPath(root, version.description, fragments)
    }

    private func decodePinned(_ bytes: [UInt8], path: String, root: PackageName, version: Version) throws -> Specification {
        try PodspecJSONCodec(fileName: loader.url(of: path), relocate: nil).decode(
            bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: root, expectedVersion: version.description)
    }

    // MARK: Refreshing

    /// Revalidates every file this CDN has in the cache (the version file at least), 32 at a
    /// time, and returns what changed. Meant for an instance opened with `refresh`.
    public func refreshCachedFiles() async throws -> Counts {
        var files: Set<String> = [CocoaPodsShards.versionFile]
        for entry in loader.cache.fileSystem.walk(folder) where !entry.isDirectory && entry.linkTarget == nil {
            let path = entry.relativePath
            guard !path.hasSuffix(".etag"), !path.hasSuffix(".tmp"), !path.hasPrefix(".") else { continue }
            files.insert(path)
        }
        try await load(files.sorted(), ahead: [])
        return counts
    }
}

extension CDNSpecSource: SpecFileSource {
    /// One version's podspec.json as the server gave it, for `deps mirror`: read once its spec was.
    func specFile(of name: PackageName, version: Version) throws -> SpecFile {
        _ = try specification(of: name, version: version)
        let root = name.root
        guard let spelling = try versionSpellings(of: root)?[version], let fragments = try shardFragments(root),
              case let bytes?? = try available(CDNLayout.specPath(root, spelling, fragments)) else {
            throw SpecsNotFetched(source: label, needed: [.specification(root, version)])
        }
        return SpecFile(spelling: spelling, bytes: bytes, isPodspecJSON: true)
    }
}
