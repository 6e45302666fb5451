import DepsCache
import DepsCore
import DepsHTTP
import DepsProcess
import DepsFiles
import DepsFileSystem
import DepsFailures

/// Fetches code from an archive (zip, tar.gz, tar.bz2, tar.xz): downloaded into the cache by its
/// SHA-256, checked against the spec's `sha256:` and the lock's SOURCE CHECKSUMS before anything
/// is extracted, then extracted safely into a cache entry.
struct ArchiveCodeFetcher: Sendable {
    let cache: CodeCache
    let offline: Bool
    let projectDirectory: LocalPath
    let http: any HTTPTransport
    let limits: ArchiveLimits
    /// Mirrors and the remote cache, asked before the origin (BEHAVIOUR 14); nil: none.
    var remote: RemoteCode? = nil
    /// Download from the URL even when the cache, a mirror or the remote cache holds an archive of
    /// the digest: what `deps spec lint` does, to prove the source can be fetched by those who
    /// install it (BEHAVIOUR 11).
    var provingOrigin = false

    func fetch(_ request: CodeRequest, url: String, declaredDigest: String?) async throws -> FetchedCode {
        let name = request.name.description
        var lockedDigest: String?
        if case let .archiveDigest(digest)? = request.pin { lockedDigest = digest }
        if let lockedDigest, let declaredDigest, lockedDigest != declaredDigest {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: .declaredDigestDiffers(declared: declaredDigest, locked: lockedDigest), remedy: .update)
        }
        guard let kind = ArchiveKind(url: url) else {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: .unknownArchiveType)
        }
        // The two agree when both are given (checked above): one digest is expected, named by where it comes from.
        let expected = declaredDigest.map { ExpectedDigest(digest: $0, from: "the spec's sha256") }
            ?? lockedDigest.map { ExpectedDigest(digest: $0, from: "Depsfile.lock's SOURCE CHECKSUMS") }
        if !provingOrigin, let expected, let tree = cache.cachedTree(name: name, version: request.version.description, pin: expected.digest) {
            return FetchedCode(tree: tree.string, pin: .archiveDigest(expected.digest))
        }
        // Shared when the cache cannot be written: an archive it holds is read, one it lacks is named.
        let (archive, digest) = try await cache.fileSystem.withWritingOrReadingLock(cache.archiveLockPath(url), shownAs: url) { access in
            try await download(request, url: url, expected: expected, access: access)
        }
        let tree = try await cache.tree(name: name, version: request.version.description, pin: digest, source: url) { folder in
            do {
                try await ArchiveExtraction(archive: archive, kind: kind, request: request, url: url, limits: limits, fileSystem: cache.fileSystem).extract(into: folder)
            } catch let error as CodeFetchError where error.kind == .integrity {
                // A cache with no room left is no fault of the archive.
                if let failure = cache.writeFailure() { throw failure }
                // An archive that cannot be extracted safely is not kept.
                cache.fileSystem.removeTree(archive)
                throw error
            }
        }
        return FetchedCode(tree: tree.string, pin: .archiveDigest(digest))
    }

    /// The archive file itself in the cache (for `deps mirror`), downloaded when the cache lacks
    /// it, and its SHA-256, checked as `fetch` checks it.
    func archiveFile(_ request: CodeRequest, url: String, declaredDigest: String?) async throws -> (LocalPath, String) {
        var lockedDigest: String?
        if case let .archiveDigest(digest)? = request.pin { lockedDigest = digest }
        let expected = declaredDigest.map { ExpectedDigest(digest: $0, from: "the spec's sha256") }
            ?? lockedDigest.map { ExpectedDigest(digest: $0, from: "Depsfile.lock's SOURCE CHECKSUMS") }
        return try await cache.fileSystem.withWritingOrReadingLock(cache.archiveLockPath(url), shownAs: url) { access in
            try await download(request, url: url, expected: expected, access: access)
        }
    }

    /// The archive in the cache, downloaded when the cache lacks it or holds a damaged copy.
    private func download(
        _ request: CodeRequest, url: String, expected: ExpectedDigest?, access: FileLock.Access
    ) async throws -> (LocalPath, String) {
        if !provingOrigin, let expected = expected?.digest {
            let cached = cache.archivePath(expected)
            if cache.fileSystem.kind(of: cached) == .file {
                if (try? SHA256Digest.hex(ofFileAt: cached, shownAs: cached.string, fileSystem: cache.fileSystem)) == expected { return (cached, expected) }
                cache.fileSystem.removeTree(cached)
            }
        }
        guard !offline else {
            throw CodeFetchError(name: request.name, url: url, kind: .notCached, cause: .notCached(lacking: .archive), remedy: .fetchOnline)
        }
        if case let .readingOnly(reason) = access {
            throw CacheReadOnlyError(root: cache.root, lacking: .archive, reason: reason)
        }
        let temporary = cache.temporaryPath("archive")
        defer { cache.fileSystem.removeTree(temporary) }
        let isLocal = CodeLocation.isRelative(url) || url.hasPrefix("/")
        if !isLocal, !provingOrigin, let remote, let expected,
           try await remote.download(
               RemoteCodeStore.archivePath(expected.digest), for: request, origin: url, into: temporary, fileSystem: cache.fileSystem,
               verify: { file in
                   let digest = try SHA256Digest.hex(ofFileAt: file, shownAs: url, fileSystem: cache.fileSystem)
                   return digest == expected.digest ? nil : .digestDiffers(got: digest, expected: expected.digest)
               }) != nil {
            let cached = cache.archivePath(expected.digest)
            try cache.fileSystem.move(temporary, to: cached, shownAs: cached.string)
            return (cached, expected.digest)
        }
        if isLocal {
            let path = LocalPath(url).resolved(against: projectDirectory)
            do {
                try cache.fileSystem.writeAtomically(try cache.fileSystem.readFile(path, shownAs: url), to: temporary, shownAs: url)
            } catch {
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .fileFailed(error))
            }
        } else {
            let response: HTTPResponse
            do {
                response = try await http.download(url, to: temporary.string)
            } catch let error as HTTPError {
                if let failure = cache.writeFailure() { throw failure }
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .httpFailed(error))
            }
            guard response.isSuccess else {
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .serverAnswered(response.status))
            }
        }
        let digest = try SHA256Digest.hex(ofFileAt: temporary, shownAs: url, fileSystem: cache.fileSystem)
        if let expected, expected.digest != digest {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: .digestMismatch(expected: expected.digest, expectedFrom: expected.from, got: digest))
        }
        let cached = cache.archivePath(digest)
        try cache.fileSystem.move(temporary, to: cached, shownAs: cached.string)
        // Fetched from the origin: the next machine finds it in the remote cache.
        if !isLocal, let remote, remote.takesUploads {
            await remote.upload(cached, as: RemoteCodeStore.archivePath(digest), for: request)
        }
        return (cached, digest)
    }
}

/// The SHA-256 an archive must have, and what asks for it (the spec, or the lock).
private struct ExpectedDigest: Sendable {
    let digest: String
    let from: String
}

/// The archive formats deps extracts, told by the URL's ending.
enum ArchiveKind: Sendable {
    case zip, tar

    init?(url: String) {
        let lower = (url.split(separator: "?").first.map(String.init) ?? url).lowercased()
        if lower.hasSuffix(".zip") { self = .zip; return }
        for ending in [".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tbz", ".tar.xz", ".txz", ".tar"] where lower.hasSuffix(ending) {
            self = .tar
            return
        }
        return nil
    }
}
