import DepsCore
import DepsHTTP
import DepsProcess
import DepsFiles
import DepsFileSystem

/// Fetches code from an archive (zip, tar.gz, tar.bz2, tar.xz): downloaded into the cache by its
/// SHA-256, checked against the spec's `sha256:` and the lock's SOURCE CHECKSUMS before anything
/// is extracted, then extracted safely into a cache entry.
struct ArchiveCodeFetcher: Sendable {
    let cache: CodeCache
    let offline: Bool
    let projectDirectory: String
    let http: HTTPClient

    func fetch(_ request: CodeRequest, url: String, declaredDigest: String?) async throws -> FetchedCode {
        let name = request.name.description
        var lockedDigest: String?
        if case let .archiveDigest(digest)? = request.pin { lockedDigest = digest }
        if let lockedDigest, let declaredDigest, lockedDigest != declaredDigest {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "the spec's sha256 \(declaredDigest) differs from SOURCE CHECKSUMS \(lockedDigest); run deps update \(name)")
        }
        guard let kind = ArchiveKind(url: url) else {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "cannot tell the archive's type; expected a name ending in .zip, .tar.gz, .tgz, .tar.bz2, .tbz2, .tar.xz or .txz")
        }
        // The two agree when both are given (checked above): one digest is expected, named by where it comes from.
        let expected = declaredDigest.map { ExpectedDigest(digest: $0, from: "the spec's sha256") }
            ?? lockedDigest.map { ExpectedDigest(digest: $0, from: "Depsfile.lock's SOURCE CHECKSUMS") }
        if let expected, let tree = cache.cachedTree(name: name, version: request.version.description, pin: expected.digest) {
            return FetchedCode(tree: tree, pin: .archiveDigest(expected.digest))
        }
        let (archive, digest) = try await withFileLock(cache.archiveLockPath(url), shownAs: url) {
            try await download(request, url: url, expected: expected)
        }
        let tree = try await cache.tree(name: name, version: request.version.description, pin: digest, source: url) { folder in
            do {
                try await ArchiveExtraction(archive: archive, kind: kind, request: request, url: url).extract(into: folder)
            } catch let error as CodeFetchError where error.kind == .integrity {
                // A cache with no room left is no fault of the archive.
                if let failure = cache.writeFailure() { throw failure }
                // An archive that cannot be extracted safely is not kept.
                LocalFileSystem.removeTree(archive)
                throw error
            }
        }
        return FetchedCode(tree: tree, pin: .archiveDigest(digest))
    }

    /// The archive in the cache, downloaded when the cache lacks it or holds a damaged copy.
    private func download(_ request: CodeRequest, url: String, expected: ExpectedDigest?) async throws -> (String, String) {
        if let expected = expected?.digest {
            let cached = cache.archivePath(expected)
            if LocalFileSystem.kind(of: cached) == .file {
                if (try? SHA256Digest.hex(ofFileAt: cached, shownAs: cached)) == expected { return (cached, expected) }
                LocalFileSystem.removeTree(cached)
            }
        }
        guard !offline else {
            throw CodeFetchError(name: request.name, url: url, kind: .notCached, cause: "the archive is not in the cache; --offline does not fetch")
        }
        let temporary = cache.temporaryPath("archive")
        defer { LocalFileSystem.removeTree(temporary) }
        if CodeLocation.isRelative(url) || url.hasPrefix("/") {
            let path = LocalFileSystem.absolute(url, from: projectDirectory)
            do {
                try LocalFileSystem.writeAtomically(try LocalFileSystem.readFile(path, shownAs: url), to: temporary, shownAs: url)
            } catch {
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: error.reason)
            }
        } else {
            let response: HTTPResponse
            do {
                response = try await http.download(url, to: temporary)
            } catch let error as HTTPError {
                if let failure = cache.writeFailure() { throw failure }
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: error.causeDescription)
            }
            guard response.isSuccess else {
                throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: "the server answered HTTP \(response.status)")
            }
        }
        let digest = try SHA256Digest.hex(ofFileAt: temporary, shownAs: url)
        if let expected, expected.digest != digest {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "SHA-256 mismatch: expected \(expected.digest) (\(expected.from)), got \(digest); nothing was extracted")
        }
        let cached = cache.archivePath(digest)
        try LocalFileSystem.move(temporary, to: cached, shownAs: cached)
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

/// Extracts an archive so that nothing is written outside its folder: the entry names are read
/// first and an absolute name or one with `..` refuses the whole archive; after extraction a
/// symbolic link that points outside the folder refuses it too. An archive whose only top-level
/// entry is a folder (`Name-1.0/`, as hosted archives are) gives that folder's content.
struct ArchiveExtraction {
    let archive: String
    let kind: ArchiveKind
    let request: CodeRequest
    let url: String

    func extract(into folder: String) async throws {
        let listing: ChildProcessResult
        switch kind {
        case .tar: listing = try await ChildProcess.run("tar", ["-tf", archive], environment: ["LC_ALL": "C"])
        case .zip: listing = try await ChildProcess.run("unzip", ["-Z1", archive], environment: ["LC_ALL": "C"])
        }
        guard listing.succeeded else { throw unreadable(listing) }
        for entry in String(decoding: listing.standardOutput, as: UTF8.self).split(separator: "\n") {
            let name = String(entry)
            if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
                throw refused("entry '\(MessageText.escaped(name))' would be written outside its folder")
            }
        }
        let unpacked = folder + ".unpacked"
        defer { LocalFileSystem.removeTree(unpacked) }
        try LocalFileSystem.makeDirectories(unpacked, shownAs: unpacked)
        let extraction: ChildProcessResult
        switch kind {
        case .tar:
            extraction = try await ChildProcess.run(
                "tar", ["-xf", archive, "-C", unpacked, "--no-same-owner", "--no-same-permissions"], environment: ["LC_ALL": "C"])
        case .zip:
            extraction = try await ChildProcess.run("unzip", ["-q", "-o", archive, "-d", unpacked], environment: ["LC_ALL": "C"])
        }
        guard extraction.succeeded else { throw unreadable(extraction) }
        for entry in LocalFileSystem.walk(unpacked) {
            guard let target = entry.linkTarget else { continue }
            let base = entry.relativePath.split(separator: "/").dropLast().joined(separator: "/")
            if !LocalFileSystem.staysInside(target, from: base) {
                throw refused("link '\(MessageText.escaped(entry.relativePath))' points outside its folder")
            }
        }
        let top = (try LocalFileSystem.directoryEntries(unpacked, shownAs: unpacked) ?? []).filter { $0 != "__MACOSX" }
        var content = unpacked
        if top.count == 1, LocalFileSystem.kind(of: LocalFileSystem.join(unpacked, top[0])) == .directory {
            content = LocalFileSystem.join(unpacked, top[0])
        }
        LocalFileSystem.removeTree(folder)
        try LocalFileSystem.move(content, to: folder, shownAs: folder)
    }

    private func refused(_ cause: String) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "unsafe archive: \(cause); nothing was extracted")
    }

    private func unreadable(_ result: ChildProcessResult) -> CodeFetchError {
        let detail = result.standardErrorText.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
        return CodeFetchError(
            name: request.name, url: url, kind: .integrity, cause: "cannot read the archive: \(MessageText.escaped(detail))")
    }
}
