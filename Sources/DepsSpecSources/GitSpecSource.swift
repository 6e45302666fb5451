import DepsCore
import DepsGit
import DepsProcess
import DepsCode
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spec repository that is a git repository (BEHAVIOUR 9): cloned once into the shared cache,
/// then read as a directory.
///
/// ```
/// <cache>/v1/specs/git/<key>.lock            held while the clone is made or refreshed
/// <cache>/v1/specs/git/<key>/mirror.git      a bare mirror of the repository
/// <cache>/v1/specs/git/<key>/<commit>/       the files of one commit (no .git), made in tmp/ and renamed in
/// <cache>/v1/specs/git/<key>/current         the commit readers use, replaced atomically
/// ```
///
/// A reader reads `current` once and then only its `<commit>/` folder, which is never changed
/// once renamed into place, so a refresh by another process never shows it a half-updated tree.
/// A refresh keeps the previous commit's folder (a reader may still be on it) and removes older ones.
public final class GitSpecSource: SpecSource {
    public let label: String
    /// The checkout this source reads (the commit `current` named when it was opened).
    public let checkout: String
    /// The commit of that checkout.
    public let commit: String
    private let directory: DirectorySpecSource

    init(label: String, checkout: String, commit: String) {
        self.label = label
        self.checkout = checkout
        self.commit = commit
        directory = DirectorySpecSource(label: checkout, root: checkout)
    }

    public func versions(of name: PackageName) throws -> [Version] {
        try directory.versions(of: name)
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        try directory.specification(of: name, version: version)
    }

    public func packageNames() throws -> [PackageName] {
        try directory.packageNames()
    }

    /// What a refresh did.
    public struct Refresh: Sendable, Equatable {
        public let previousCommit: String?
        public let commit: String
        /// Files that differ between the two commits (0 when nothing moved).
        public let filesChanged: Int
    }

    /// Opens the repository at `url`: the clone in the cache, made first when there is none
    /// (unless `offline`), fetched again first when `refresh` (and not `offline`).
    static func open(label: String, url: String, cache: CodeCache, offline: Bool, refresh: Bool) async throws -> (GitSpecSource, Refresh?) {
        let store = GitSpecStore(cache: cache, url: url)
        if !refresh || offline, let (commit, checkout) = store.current() {
            return (GitSpecSource(label: label, checkout: checkout, commit: commit), nil)
        }
        if offline {
            throw FileAccessError(
                path: url, reason: "this git spec repository is not in the cache yet (never cloned); --offline does not fetch")
        }
        let result = try await store.update(fetch: refresh)
        return (GitSpecSource(label: label, checkout: store.checkoutPath(result.commit), commit: result.commit), result)
    }
}

/// The cache entry of one git spec repository, and the git work on it.
struct GitSpecStore: Sendable {
    let cache: CodeCache
    let url: String

    var folder: String { LocalFileSystem.join(cache.specsGitFolder, CodeCache.key(of: url)) }
    var lockPath: String { folder + ".lock" }
    var mirror: GitMirror { GitMirror(path: LocalFileSystem.join(folder, "mirror.git")) }
    var pointer: String { LocalFileSystem.join(folder, "current") }
    func checkoutPath(_ commit: String) -> String { LocalFileSystem.join(folder, commit) }

    /// The commit `current` names and its folder, when both are there.
    func current() -> (String, String)? {
        guard let bytes = try? LocalFileSystem.readFile(pointer, shownAs: pointer) else { return nil }
        let commit = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard GitCommit.isValid(commit) else { return nil }
        let checkout = checkoutPath(commit)
        guard LocalFileSystem.kind(of: checkout) == .directory else { return nil }
        return (commit, checkout)
    }

    /// Clones when there is no clone; fetches when `fetch`; then makes the checkout of the
    /// default branch's commit and points `current` at it. Under the repository's lock.
    func update(fetch: Bool) async throws -> GitSpecSource.Refresh {
        try cache.prepareOnce()
        try LocalFileSystem.makeDirectories(cache.specsGitFolder, shownAs: cache.specsGitFolder)
        return try await withFileLock(lockPath, shownAs: url) {
            let previous = current()
            // Another process may have made it while this one waited for the lock.
            if !fetch, let (commit, _) = previous {
                return GitSpecSource.Refresh(previousCommit: commit, commit: commit, filesChanged: 0)
            }
            try LocalFileSystem.makeDirectories(folder, shownAs: url)
            let mirror = mirror
            var fetched = false
            if !mirror.isPresent() {
                let temporary = cache.temporaryPath("spec-mirror")
                defer { LocalFileSystem.removeTree(temporary) }
                try await reporting { try await mirror.clone(url, through: temporary, shownAs: url) }
                fetched = true
            }
            if fetch && !fetched {
                try await reporting { try await mirror.fetch() }
            }
            let head = try await reporting { try await mirror.commit(of: "HEAD") }
            guard let commit = head else {
                throw FileAccessError(path: url, reason: "the repository has no commits on its default branch")
            }
            let checkout = checkoutPath(commit)
            if LocalFileSystem.kind(of: checkout) != .directory {
                let temporary = cache.temporaryPath("spec-checkout")
                let archive = cache.temporaryPath("spec-archive")
                defer {
                    LocalFileSystem.removeTree(temporary)
                    LocalFileSystem.removeTree(archive)
                }
                try LocalFileSystem.makeDirectories(temporary, shownAs: url)
                try await reporting { try await mirror.extract(commit, into: temporary, through: archive) }
                try LocalFileSystem.move(temporary, to: checkout, shownAs: url)
            }
            try LocalFileSystem.writeAtomically(Array((commit + "\n").utf8), to: pointer, shownAs: url)
            var changed = 0
            if let old = previous?.0, old != commit {
                changed = (try? await mirror.changedFiles(from: old, to: commit))?.count ?? 0
            }
            removeOldCheckouts(keeping: [commit, previous?.0].compactMap { $0 })
            return GitSpecSource.Refresh(previousCommit: previous?.0, commit: commit, filesChanged: changed)
        }
    }

    /// Removes the checkouts of commits other than `keeping` (the current one and the one before,
    /// which a reader that opened the repository just before the refresh may still read).
    private func removeOldCheckouts(keeping: [String]) {
        for entry in (try? LocalFileSystem.directoryEntries(folder, shownAs: folder)) ?? []
        where GitCommit.isValid(entry) && !keeping.contains(entry) {
            LocalFileSystem.removeTree(LocalFileSystem.join(folder, entry))
        }
    }

    /// Runs git work of the mirror, reporting its failure as this repository's.
    private func reporting<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as ChildProcessError {
            throw FileAccessError(path: url, reason: error.description)
        } catch let failure as GitCommandFailure {
            throw FileAccessError(path: url, reason: "\(failure.tool) \(failure.subcommand): \(failure.detail)")
        }
    }
}

extension CodeCache {
    /// `v1/specs/git/`: git spec repositories (see `GitSpecStore`).
    var specsGitFolder: String { LocalFileSystem.join(base, "specs/git") }
    /// `v1/specs/cdn/`: files of CDN spec repositories with their ETags (see `CDNSpecSource`).
    var specsCDNFolder: String { LocalFileSystem.join(base, "specs/cdn") }
}
