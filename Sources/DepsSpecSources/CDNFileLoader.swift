import DepsCache
import DepsCore
import DepsFileSystem
import DepsFiles
import DepsHTTP
import DepsFailures

/// Loads one file of a CocoaPods CDN through the shared cache (BEHAVIOUR 9), for `CDNSpecSource`.
///
/// Every file is cached under `<cache>/v1/specs/cdn/<key>/<path>` with its ETag in `<path>.etag`.
/// Without `refresh`, a cached file is used without asking the server; with it, the file is
/// revalidated (`If-None-Match`; 304 keeps the cached copy). Offline, only cached files are read.
/// A loader holds no state of its own, so loads run in parallel in a task group.
struct CDNFileLoader: Sendable {
    /// The CDN's base URL, ending in `/`.
    let baseURL: String
    /// Where this CDN's files are cached.
    let folder: LocalPath
    let cache: CodeCache
    let http: any HTTPTransport
    let offline: Bool
    let refresh: Bool

    /// What one load did, for `deps repo update`'s counts (`notModified`: a 304, or the bytes the
    /// cache already held).
    enum Outcome: Sendable {
        case downloaded, notModified, removed, fromCache, absent
    }

    func url(of relative: String) -> String { baseURL + relative }

    /// The cached copy when it may be used without asking the server (no refresh, or offline);
    /// nil when the server must be asked. Offline, a file the cache lacks is an error.
    func cachedWithoutAsking(_ relative: String) throws -> [UInt8]? {
        let local = folder / relative
        let cached = cache.fileSystem.kind(of: local) == .file
        if cached && (!refresh || offline) { return try cache.fileSystem.readFile(local, shownAs: local.string) }
        if offline {
            throw UnavailableError(location: url(of: relative), reason: .notCachedWhileOffline(lacking: .file(local.string)))
        }
        return nil
    }

    /// What loading one file gave, and whether the caller needs it (or only fetches it ahead).
    struct Load: Sendable {
        let path: String
        let isNeeded: Bool
        let result: Result<(bytes: [UInt8]?, outcome: Outcome), Error>
    }

    /// Loads files, `atOnce` at a time, in a task group of its own off the caller's executor (the
    /// caller keeps the source's state and reads the results once all are in).
    @concurrent
    func loadAll(_ files: [(path: String, isNeeded: Bool)], atOnce: Int) async throws -> [Load] {
        var loads: [Load] = []
        try await withThrowingTaskGroup(of: Load.self) { group in
            var pending = files.makeIterator()
            func startNext() {
                guard let (path, isNeeded) = pending.next() else { return }
                group.addTask {
                    do { return Load(path: path, isNeeded: isNeeded, result: .success(try await load(path))) } catch {
                        return Load(path: path, isNeeded: isNeeded, result: .failure(error))
                    }
                }
            }
            for _ in 0..<atOnce { startNext() }
            while let load = try await group.next() {
                loads.append(load)
                startNext()
            }
        }
        return loads
    }

    /// Whether no connection could be made at all (then working without the network helps).
    static func isNetworkDown(_ cause: HTTPError.Cause) -> Bool {
        switch cause {
        case .connectionFailed, .timedOut: true
        case .serverError, .truncated, .deadlineExceeded, .unsupportedScheme, .unsendableHeader, .requestNotSent, .unreadableFile,
             .unwritableFile, .noStatus, .tooManyRedirects, .transferFailed, .engineUnavailable: false
        }
    }

    /// The bytes of a file (nil when the server has none: 404 or 410), from the cache or the server.
    func load(_ relative: String) async throws -> (bytes: [UInt8]?, outcome: Outcome) {
        if let bytes = try cachedWithoutAsking(relative) { return (bytes, .fromCache) }
        let local = folder / relative
        let etagPath = local.addingSuffix(".etag")
        let fileURL = url(of: relative)
        let cached = cache.fileSystem.kind(of: local) == .file
        try cache.prepareOnce()
        let etag = cached ? (try? cache.fileSystem.readFile(etagPath, shownAs: etagPath.string)).map { String(decoding: $0, as: UTF8.self) } : nil
        let temporary = cache.temporaryPath("cdn")
        defer { cache.fileSystem.removeTree(temporary) }
        let response: HTTPResponse
        do {
            response = try await http.download(fileURL, to: temporary.string, ifNoneMatch: etag)
        } catch let error as HTTPError {
            // The download goes into the cache first: one this process cannot write is named.
            if let reason = cache.unwritableReason() {
                throw UnavailableError(location: fileURL, reason: .cacheReadOnly(root: cache.root.string, lacking: .file(nil), reason: reason))
            }
            throw UnavailableError(location: fileURL, reason: .unreachable(cause: error, networkDown: Self.isNetworkDown(error.cause)))
        }
        if response.isNotModified, cached {
            return (try cache.fileSystem.readFile(local, shownAs: local.string), .notModified)
        }
        if response.status == 404 || response.status == 410 {
            guard cached else { return (nil, .absent) }
            try await cache.fileSystem.withFileLock(folder.addingSuffix(".lock"), shownAs: fileURL) {
                cache.fileSystem.removeTree(etagPath)
                cache.fileSystem.removeTree(local)
            }
            return (nil, .removed)
        }
        guard response.isSuccess else {
            throw UnavailableError(location: fileURL, reason: .serverAnswered(response.status))
        }
        let bytes = try cache.fileSystem.readFile(temporary, shownAs: fileURL)
        // A server without ETags sends every file again: one with the bytes the cache holds did
        // not change. The cached copy stays (with the server's new ETag, if it gave one).
        if cached, (try? cache.fileSystem.readFile(local, shownAs: local.string)) == bytes {
            if let etag = response.etag {
                _ = try await cache.fileSystem.withFileLock(folder.addingSuffix(".lock"), shownAs: fileURL) {
                    try cache.fileSystem.writeIfChanged(Array(etag.utf8), to: etagPath, shownAs: fileURL)
                }
            }
            return (bytes, .notModified)
        }
        try cache.fileSystem.makeDirectories(local.parent, shownAs: fileURL)
        // The ETag is written and flushed before the lock is taken (the body was, by the
        // download), so that under the lock only renames wait: loads running at once do not
        // queue behind one another's disk flushes.
        let temporaryETag = cache.temporaryPath("cdn-etag")
        defer { cache.fileSystem.removeTree(temporaryETag) }
        if let etag = response.etag {
            try cache.fileSystem.writeAtomically(Array(etag.utf8), to: temporaryETag, shownAs: fileURL)
        }
        // The body and its ETag change together, under the CDN folder's lock: a reader or a
        // revalidation never pairs a body with another body's ETag.
        try await cache.fileSystem.withFileLock(folder.addingSuffix(".lock"), shownAs: fileURL) {
            cache.fileSystem.removeTree(etagPath)
            try cache.fileSystem.move(temporary, to: local, shownAs: fileURL)
            if response.etag != nil {
                try cache.fileSystem.move(temporaryETag, to: etagPath, shownAs: fileURL)
            }
        }
        return (bytes, .downloaded)
    }
}
