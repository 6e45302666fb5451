import DepsCache
import DepsCore
import DepsFiles
import DepsFileSystem
import DepsGit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes packages' code into a mirror folder's `code/` (BEHAVIOUR 14), in the layout of
/// `RemoteCodeStore`: an archive by its SHA-256, a git pin as the packfile of its commit. The
/// code is had through the shared cache as an install has it (and checked as it is). A file the
/// mirror holds is never rewritten; a new one is written beside its place and renamed in.
public struct CodeMirrorWriter: Sendable {
    let fetcher: SourceCodeFetcher
    /// The mirror's folder; `code/` is below it.
    let folder: LocalPath

    public init(fetcher: SourceCodeFetcher, folder: LocalPath) {
        self.fetcher = fetcher
        self.folder = folder
    }

    /// Adds the package's code at the request's pin; false when the mirror holds it already (or
    /// it is used in place, which no mirror holds).
    public func add(_ request: CodeRequest) async throws -> Bool {
        let cache = fetcher.cache
        try cache.prepareOnce()
        switch request.source {
        case .path:
            return false
        case let .http(url, digest):
            if case let .archiveDigest(pinned)? = request.pin, exists(RemoteCodeStore.archivePath(pinned)) { return false }
            let (archive, actual) = try await cache.reportingReadOnly(request, url) {
                try await fetcher.archives.archiveFile(request, url: url, declaredDigest: digest)
            }
            return try place(RemoteCodeStore.archivePath(actual)) { temporary in
                try cache.fileSystem.writeAtomically(try cache.fileSystem.readFile(archive, shownAs: archive.string), to: temporary, shownAs: temporary.string)
            }
        case let .git(url, reference, _):
            if case let .commit(pinned)? = request.pin, exists(RemoteCodeStore.gitPackPath(pinned)) { return false }
            let (mirror, commit) = try await cache.reportingReadOnly(request, url) {
                try await fetcher.git.mirrorHolding(request, url: url, reference: reference)
            }
            return try await placeAsync(RemoteCodeStore.gitPackPath(commit)) { temporary in
                let list = cache.temporaryPath("objects")
                defer { cache.fileSystem.removeTree(list) }
                try await fetcher.git.reporting(request, url) {
                    try await RemoteGitPack.make(of: commit, from: mirror, into: temporary, list: list, fileSystem: cache.fileSystem)
                }
            }
        }
    }

    private func exists(_ relative: String) -> Bool {
        fetcher.cache.fileSystem.kind(of: folder / relative) == .file
    }

    private func place(_ relative: String, write: (LocalPath) throws -> Void) throws -> Bool {
        let target = folder / relative
        let fileSystem = fetcher.cache.fileSystem
        if fileSystem.kind(of: target) == .file { return false }
        try fileSystem.makeDirectories(target.parent, shownAs: target.parent.string)
        let temporary = TemporaryPaths.register(target.addingSuffix(".\(getpid()).tmp"))
        defer { fileSystem.removeTree(temporary) }
        try write(temporary)
        try fileSystem.move(temporary, to: target, shownAs: target.string)
        return true
    }

    private func placeAsync(_ relative: String, write: (LocalPath) async throws -> Void) async throws -> Bool {
        let target = folder / relative
        let fileSystem = fetcher.cache.fileSystem
        if fileSystem.kind(of: target) == .file { return false }
        try fileSystem.makeDirectories(target.parent, shownAs: target.parent.string)
        let temporary = TemporaryPaths.register(target.addingSuffix(".\(getpid()).tmp"))
        defer { fileSystem.removeTree(temporary) }
        try await write(temporary)
        try fileSystem.move(temporary, to: target, shownAs: target.string)
        return true
    }
}
