import DepsCore
import DepsGit
import DepsProcess
import DepsCache
import DepsFiles
import DepsFileSystem
import DepsFailures
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
    public let checkout: LocalPath
    /// The commit of that checkout.
    public let commit: String
    /// Whether the repository is at a network URL (not a `file://` URL or a path): its specs may
    /// then name only code on the network, and a relative location in them is kept as written
    /// rather than joined to the checkout.
    public let isRemote: Bool
    private let directory: DirectorySpecSource
    /// Whether the checkout was read as the cache had it, without cloning or fetching in this run.
    let readFromCache: Bool

    init(label: String, url: String, checkout: LocalPath, commit: String, fileSystem: any FileSystem, readFromCache: Bool = false) {
        self.label = label
        self.checkout = checkout
        self.commit = commit
        self.readFromCache = readFromCache
        isRemote = NetworkLocation.isGitRemote(url)
        directory = DirectorySpecSource(label: checkout.string, root: checkout, fileSystem: fileSystem, relocatesLocations: !isRemote)
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

    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] {
        (readFromCache ? [.cachedCopy(source: label)] : []) + directory.layoutNotes(shownAs: label)
    }

    /// One version's spec file as the checkout holds it, for `deps mirror`.
    func specFile(of name: PackageName, version: Version) throws -> SpecFile {
        try directory.specFile(of: name, version: version)
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
    static func open(
        label: String, url: String, cache: CodeCache, network: GitNetworkLimits, offline: Bool, refresh: Bool,
        mirrors: any GitMirrorOpener = SystemGitMirrors()
    ) async throws -> (GitSpecSource, Refresh?) {
        let store = GitSpecStore(cache: cache, url: url, network: network, mirrors: mirrors)
        if !refresh || offline, let (commit, checkout) = store.current() {
            return (GitSpecSource(label: label, url: url, checkout: checkout, commit: commit, fileSystem: cache.fileSystem, readFromCache: true), nil)
        }
        if offline {
            throw UnavailableError(location: url, reason: .neverClonedWhileOffline)
        }
        let result: Refresh
        do {
            result = try await store.update(fetch: refresh)
        } catch is EmptySpecRepository {
            // A repository with no commit yet (a new one, before its first push) has no packages.
            let empty = store.folder / "empty"
            try cache.fileSystem.makeDirectories(empty, shownAs: url)
            return (GitSpecSource(label: label, url: url, checkout: empty, commit: "", fileSystem: cache.fileSystem), Refresh(previousCommit: nil, commit: "", filesChanged: 0))
        }
        return (GitSpecSource(label: label, url: url, checkout: store.checkoutPath(result.commit), commit: result.commit, fileSystem: cache.fileSystem), result)
    }
}

/// The cache entry of one git spec repository, and the git work on it.
struct GitSpecStore: Sendable {
    let cache: CodeCache
    let url: String
    /// How long git may take over the network.
    var network = GitNetworkLimits()
    /// Opens the repository's mirror.
    var mirrors: any GitMirrorOpener = SystemGitMirrors()

    var folder: LocalPath { cache.specsGitFolder / CodeCache.key(of: url) }
    var lockPath: LocalPath { folder.addingSuffix(".lock") }
    var mirrorPath: LocalPath { folder / "mirror.git" }
    var mirror: any GitMirroring { mirrors.mirror(at: mirrorPath, fileSystem: cache.fileSystem, network: network) }
    var pointer: LocalPath { folder / "current" }
    func checkoutPath(_ commit: String) -> LocalPath { folder / commit }

    /// The commit `current` names and its folder, when both are there.
    func current() -> (String, LocalPath)? {
        guard let bytes = try? cache.fileSystem.readFile(pointer, shownAs: pointer.string) else { return nil }
        let commit = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard GitCommit.isValid(commit) else { return nil }
        let checkout = checkoutPath(commit)
        guard cache.fileSystem.kind(of: checkout) == .directory else { return nil }
        return (commit, checkout)
    }

    /// Clones when there is no clone; fetches when `fetch`; then makes the checkout of the
    /// default branch's commit and points `current` at it. Under the repository's lock. A cache
    /// this process cannot write is only read (under a shared lock): it fails, naming the cache,
    /// when it lacks the clone or a fetch is asked for.
    func update(fetch: Bool) async throws -> GitSpecSource.Refresh {
        let lacking: CacheLack = fetch ? .specRepositoryNewestCommit : .specRepositoryClone
        try cache.prepareOnce()
        do {
            try cache.fileSystem.makeDirectories(cache.specsGitFolder, shownAs: cache.specsGitFolder.string)
        } catch {
            guard let reason = cache.unwritableReason() else { throw error }
            throw readOnly(lacking: lacking, reason: reason)
        }
        return try await cache.fileSystem.withWritingOrReadingLock(lockPath, shownAs: url) { access in
            let previous = current()
            // Another process may have made it while this one waited for the lock.
            if !fetch, let (commit, _) = previous {
                return GitSpecSource.Refresh(previousCommit: commit, commit: commit, filesChanged: 0)
            }
            if case let .readingOnly(reason) = access { throw readOnly(lacking: lacking, reason: reason) }
            try cache.fileSystem.makeDirectories(folder, shownAs: url)
            let mirror = mirror
            var fetched = false
            if !mirror.isPresent(removingDamaged: true) {
                let temporary = cache.temporaryPath("spec-mirror")
                defer { cache.fileSystem.removeTree(temporary) }
                try await reporting { try await mirror.clone(url, through: temporary, shownAs: url) }
                fetched = true
            }
            if fetch && !fetched {
                try await reporting { try await mirror.fetch() }
            }
            let head = try await reporting { try await mirror.commit(of: "HEAD") }
            guard let commit = head else { throw EmptySpecRepository() }
            let checkout = checkoutPath(commit)
            if cache.fileSystem.kind(of: checkout) != .directory {
                let temporary = cache.temporaryPath("spec-checkout")
                let archive = cache.temporaryPath("spec-archive")
                defer {
                    cache.fileSystem.removeTree(temporary)
                    cache.fileSystem.removeTree(archive)
                }
                try cache.fileSystem.makeDirectories(temporary, shownAs: url)
                try await reporting { try await mirror.extract(commit, into: temporary, through: archive) }
                try cache.fileSystem.move(temporary, to: checkout, shownAs: url)
            }
            try cache.fileSystem.writeAtomically(Array((commit + "\n").utf8), to: pointer, shownAs: url)
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
        for entry in (try? cache.fileSystem.directoryEntries(folder, shownAs: folder.string)) ?? []
        where GitCommit.isValid(entry) && !keeping.contains(entry) {
            cache.fileSystem.removeTree(folder / entry)
        }
    }

    /// The cache cannot be written and lacks what this repository needs.
    private func readOnly(lacking: CacheLack, reason: FileProblem) -> UnavailableError {
        UnavailableError(location: url, reason: .cacheReadOnly(root: cache.root.string, lacking: lacking, reason: reason))
    }

    /// Runs git work of the mirror, reporting its failure as this repository's.
    private func reporting<T>(_ work: () async throws -> T) async throws -> T {
        try await reportingGitFailures(on: .specRepository, as: { UnavailableError(location: url, reason: .gitFailed($0)) }, work)
    }
}

/// A git spec repository without a commit on its default branch yet.
struct EmptySpecRepository: ExitStatusError {
    var exitStatus: ExitStatus { .malformedInput }
}
