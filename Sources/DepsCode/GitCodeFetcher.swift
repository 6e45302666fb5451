import DepsCache
import DepsCore
import DepsFailures
import DepsGit
import DepsProcess
import DepsFiles
import DepsFileSystem

/// Fetches code from git through the system `git`: a bare mirror per URL in the cache, then the
/// tree of one commit (exported with `git archive`, so it has no `.git`) as a cache entry; with
/// submodules, each one's tree at the commit the superproject records, through its own mirror.
public struct GitCodeFetcher: Sendable {
    let cache: CodeCache
    let offline: Bool
    /// Resolves a relative location (a path) against the project directory.
    let projectDirectory: LocalPath
    /// How long git may take over the network.
    let network: GitNetworkLimits
    /// Mirrors and the remote cache, asked for a pinned commit before its origin (BEHAVIOUR 14).
    public var remote: RemoteCode? = nil
    /// Opens the cache's mirror of a URL, through which references are resolved and trees extracted.
    let mirrors: any GitMirrorOpener

    public init(
        cache: CodeCache, offline: Bool, projectDirectory: LocalPath, network: GitNetworkLimits = GitNetworkLimits(),
        mirrors: any GitMirrorOpener = SystemGitMirrors()
    ) {
        self.network = network
        self.mirrors = mirrors
        self.cache = cache
        self.offline = offline
        self.projectDirectory = projectDirectory
    }

    func fetch(_ request: CodeRequest, url: String, reference: GitReference, submodules: Bool) async throws -> FetchedCode {
        let name = request.name.description
        // The code of a pinned commit needs no git at all once the cache holds it.
        if case let .commit(commit)? = request.pin,
           let tree = cache.cachedTree(name: name, version: request.version.description, pin: Self.treePin(commit, submodules: submodules)) {
            return FetchedCode(tree: tree.string, pin: .commit(commit))
        }
        // A tree with submodules is several repositories' code: the stores keep single commits.
        let remote = offline || submodules ? nil : remote
        if case let .commit(commit)? = request.pin, let remote,
           let tree = try await remoteTree(request, url: url, commit: commit, remote: remote, version: request.version.description) {
            return FetchedCode(tree: tree.string, pin: .commit(commit))
        }
        let (tree, commit) = try await tree(
            request, url: url, reference: reference, submodules: submodules, version: request.version.description)
        if let remote, remote.takesUploads { await upload(request, url: url, commit: commit, remote: remote) }
        return FetchedCode(tree: tree.string, pin: .commit(commit))
    }

    /// The tree of `commit` from the first store whose packfile git proves to be that commit,
    /// placed as the cache's entry; nil when no store has it.
    private func remoteTree(_ request: CodeRequest, url: String, commit: String, remote: RemoteCode, version: String) async throws -> LocalPath? {
        let work = cache.temporaryPath("remote-git")
        defer { cache.fileSystem.removeTree(work) }
        try cache.fileSystem.makeDirectories(work, shownAs: work.string)
        let repository = work / "repository.git"
        let archive = work / "tree.tar"
        let fileSystem = cache.fileSystem
        guard let found = try await remote.download(
            RemoteCodeStore.gitPackPath(commit), for: request, origin: url, into: work / "object.pack", fileSystem: fileSystem,
            verify: { pack in
                fileSystem.removeTree(repository)
                fileSystem.removeTree(archive)
                return try await RemoteGitPack.problem(pack, commit: commit, repository: repository, tree: archive, fileSystem: fileSystem)
            })
        else { return nil }
        return try await cache.tree(
            name: request.name.description, version: version, pin: Self.treePin(commit, submodules: false),
            source: RemoteCodeStore.shown(found)
        ) { folder in
            try await reporting(request, found) {
                try await GitMirror(path: repository, fileSystem: fileSystem).untar(archive, into: folder)
            }
            if let problem = FetchedTreeCheck(fileSystem: fileSystem).problem(in: folder) {
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .unsafeCode(commit: commit, problem: problem))
            }
        }
    }

    /// The cache's mirror of `url` holding the commit the request pins (or its reference names),
    /// made or fetched as a fetch would; for `deps mirror`, which packs the commit from it.
    func mirrorHolding(_ request: CodeRequest, url: String, reference: GitReference) async throws -> (GitMirror, String) {
        let remote = CodeLocation.isRelative(url) ? LocalPath(url).resolved(against: projectDirectory).string : url
        let mirror = GitMirror(path: cache.mirrorPath(remote), fileSystem: cache.fileSystem)
        let commit = try await cache.fileSystem.withWritingOrReadingLock(cache.mirrorLockPath(remote), shownAs: mirror.path.string) { access in
            try await resolveCommitRepairing(request, remote: remote, shownURL: url, reference: reference, mirror: mirror, access: access)
        }
        return (mirror, commit)
    }

    /// Uploads the packfile of `commit`, fetched from its origin, so that the next machine finds it.
    private func upload(_ request: CodeRequest, url: String, commit: String, remote: RemoteCode) async {
        let remoteURL = CodeLocation.isRelative(url) ? LocalPath(url).resolved(against: projectDirectory).string : url
        let mirror = GitMirror(path: cache.mirrorPath(remoteURL), fileSystem: cache.fileSystem)
        let pack = cache.temporaryPath("pack")
        let list = cache.temporaryPath("objects")
        defer {
            cache.fileSystem.removeTree(pack)
            cache.fileSystem.removeTree(list)
        }
        do {
            try await RemoteGitPack.make(of: commit, from: mirror, into: pack, list: list, fileSystem: cache.fileSystem)
        } catch {
            return
        }
        await remote.upload(pack, as: RemoteCodeStore.gitPackPath(commit), for: request)
    }

    /// The cache's mirror of the repository at `remote`.
    func mirror(of remote: String) -> any GitMirroring {
        mirrors.mirror(at: cache.mirrorPath(remote), fileSystem: cache.fileSystem, network: network)
    }

    /// The name of a commit's tree in the cache: the commit, marked when the tree holds its submodules.
    static func treePin(_ commit: String, submodules: Bool) -> String {
        submodules ? commit + "+submodules" : commit
    }

    /// The checkout of a repository named by a Depsfile's `git:` external source, to read the
    /// package's spec from its root: the tree at the pinned commit, else where the reference points.
    public func checkout(name: PackageName, url: String, reference: GitReference, pin: String?) async throws -> (tree: LocalPath, commit: String) {
        let request = CodeRequest(name: name, version: Version(segments: [0]), source: .git(url: url, reference), pin: pin.map { .commit($0) })
        try cache.prepareOnce()
        return try await cache.reportingReadOnly(request, url) {
            if let pin, let cached = cache.cachedTree(name: name.description, version: "external", pin: pin) { return (cached, pin) }
            // The pinned commit from a mirror or the remote cache, as the package's code is.
            if let pin, !offline, let remote,
               let tree = try await remoteTree(request, url: url, commit: pin, remote: remote, version: "external") {
                return (tree, pin)
            }
            return try await tree(request, url: url, reference: reference, submodules: false, version: "external")
        }
    }

    /// Resolves the commit through the URL's mirror (under its lock), then the commit's tree as a
    /// cache entry: exported with `git archive`, so it has no `.git`; with `submodules`, each
    /// submodule's tree is placed at its path (`GitSubmodules`).
    private func tree(
        _ request: CodeRequest, url: String, reference: GitReference, submodules: Bool, version: String
    ) async throws -> (tree: LocalPath, commit: String) {
        let remote = CodeLocation.isRelative(url) ? LocalPath(url).resolved(against: projectDirectory).string : url
        let mirror = self.mirror(of: remote)
        // Shared when the cache cannot be written: what it holds is read, what it lacks is named.
        let commit = try await cache.fileSystem.withWritingOrReadingLock(cache.mirrorLockPath(remote), shownAs: mirror.path.string) { access in
            try await resolveCommitRepairing(request, remote: remote, shownURL: url, reference: reference, mirror: mirror, access: access)
        }
        let pin = Self.treePin(commit, submodules: submodules)
        let tree = try await cache.tree(name: request.name.description, version: version, pin: pin, source: remote) { folder in
            try await extract(request, url, commit, of: mirror, into: folder)
            if submodules {
                try await GitSubmodules(fetcher: self, request: request, shownURL: url)
                    .place(of: commit, in: mirror, remote: remote, into: folder)
            }
            // The rule archives follow: a link leading outside the package is refused.
            if let problem = FetchedTreeCheck(fileSystem: cache.fileSystem).problem(in: folder) {
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .unsafeCode(commit: commit, problem: problem))
            }
        }
        return (tree, commit)
    }

    /// Writes the files of `commit` into `folder` through a temporary archive.
    func extract(_ request: CodeRequest, _ url: String, _ commit: String, of mirror: any GitMirroring, into folder: LocalPath) async throws {
        let archive = cache.temporaryPath("git-archive")
        defer { cache.fileSystem.removeTree(archive) }
        try await reporting(request, url) { try await mirror.extract(commit, into: folder, through: archive) }
    }

    /// The commit to fetch, as `resolveCommit` finds it, from a mirror that holds its files: a
    /// mirror whose objects are gone (its references still name commits) is made again, once.
    func resolveCommitRepairing(
        _ request: CodeRequest, remote: String, shownURL url: String, reference: GitReference, mirror: any GitMirroring,
        access: FileLock.Access
    ) async throws -> String {
        do {
            let commit = try await resolveCommit(request, remote: remote, shownURL: url, reference: reference, mirror: mirror, access: access)
            if try await mirror.hasTree(of: commit) { return commit }
        } catch let error as CodeFetchError {
            guard mirror.isPresent(removingDamaged: access == .writing), try await mirror.isDamaged() else { throw error }
        }
        guard !offline else { throw notCached(request, url, .damagedMirror) }
        try writable(access, lacking: .damagedMirror)
        // Renamed aside first, so that an interruption leaves no half-removed mirror in its place.
        let aside = cache.temporaryPath("damaged-mirror")
        defer { cache.fileSystem.removeTree(aside) }
        try cache.fileSystem.move(mirror.path, to: aside, shownAs: mirror.path.string)
        let commit = try await resolveCommit(request, remote: remote, shownURL: url, reference: reference, mirror: mirror, access: access)
        guard try await mirror.hasTree(of: commit) else {
            throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .emptyCommit(commit))
        }
        return commit
    }

    /// The commit to fetch: the lock's, else the one the tag, branch or commit names, else the
    /// remote's default branch's. Makes or refreshes the mirror only when it lacks what is asked
    /// for (a branch, and the default branch, are refreshed online). With `readingOnly` access
    /// the mirror is only read: what needs a clone or a fetch is a `CacheReadOnlyError`.
    func resolveCommit(
        _ request: CodeRequest, remote: String, shownURL url: String, reference: GitReference, mirror: any GitMirroring,
        access: FileLock.Access
    ) async throws -> String {
        var refreshed = false
        if !mirror.isPresent(removingDamaged: access == .writing) {
            guard !offline else { throw notCached(request, url, .mirror) }
            try writable(access, lacking: .mirror)
            let temporary = cache.temporaryPath("mirror")
            defer { cache.fileSystem.removeTree(temporary) }
            try await reporting(request, url) { try await mirror.clone(remote, through: temporary, shownAs: mirror.path.string) }
            refreshed = true
        }
        func refresh(lacking: CacheLack) async throws {
            guard !refreshed, !offline else { return }
            try writable(access, lacking: lacking)
            try await reporting(request, url) { try await mirror.fetch() }
            refreshed = true
        }

        switch (request.pin, reference) {
        case let (nil, .commit(abbreviated)) where !GitCommit.isValid(abbreviated):
            // An abbreviation names the one commit it starts, as git reads it; the lock records that
            // commit in full.
            let prefix = abbreviated.lowercased()
            var found = try await mirror.commits(startingWith: prefix)
            if found.isEmpty {
                try await refresh(lacking: .commitStarting(abbreviated))
                found = try await mirror.commits(startingWith: prefix)
            }
            if found.count > 1 {
                throw CodeFetchError(
                    name: request.name, url: url, kind: .integrity, cause: .ambiguousCommit(abbreviated, commits: found))
            }
            guard let commit = found.first else {
                if offline { throw notCached(request, url, .commitStarting(abbreviated)) }
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .missingCommit(abbreviated))
            }
            return commit
        case let (.commit(pinned)?, _), let (nil, .commit(pinned)):
            if try await !mirror.hasCommit(pinned) { try await refresh(lacking: .commit(pinned)) }
            guard try await mirror.hasCommit(pinned) else {
                if offline { throw notCached(request, url, .commit(pinned)) }
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .missingCommit(pinned))
            }
            // A tag the lock resolved to one commit must still name it (BEHAVIOUR 8.2).
            if case let .tag(tag) = reference, let tagged = try await mirror.commit(of: "refs/tags/\(tag)"), tagged != pinned {
                throw CodeFetchError(
                    name: request.name, url: url, kind: .integrity,
                    cause: .tagMoved(tag: tag, now: tagged, pinned: pinned), remedy: .updateIfTrusted)
            }
            return pinned
        case let (nil, .tag(tag)):
            if let commit = try await mirror.commit(of: "refs/tags/\(tag)") { return commit }
            try await refresh(lacking: .reference(GitReference.tag(tag).description))
            guard let commit = try await mirror.commit(of: "refs/tags/\(tag)") else { throw missingReference(request, url, .tag(tag)) }
            return commit
        case let (nil, .branch(branch)):
            try await refresh(lacking: .newestCommit(branch: branch))
            guard let commit = try await mirror.commit(of: "refs/heads/\(branch)") else {
                throw missingReference(request, url, .branch(branch))
            }
            return commit
        case (nil, .defaultBranch):
            let cloned = refreshed
            try await refresh(lacking: .newestCommit(branch: nil))
            // A fresh clone's HEAD is the remote's; a fetched mirror's follows the remote's again.
            if !cloned, !offline { try await reporting(request, url) { try await mirror.followRemoteHead() } }
            guard let commit = try await mirror.commit(of: "HEAD") else { throw missingReference(request, url, .defaultBranch) }
            return commit
        case (.archiveDigest?, _):
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: .archivePinForGitSource, remedy: .update)
        }
    }

    private func missingReference(_ request: CodeRequest, _ url: String, _ reference: GitReference) -> CodeFetchError {
        offline
            ? notCached(request, url, .reference(reference.description))
            : CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .missingReference(reference.description))
    }

    /// Throws `CacheReadOnlyError` naming what is `lacking` unless the mirror may be written.
    private func writable(_ access: FileLock.Access, lacking: CacheLack) throws {
        if case let .readingOnly(reason) = access { throw CacheReadOnlyError(root: cache.root, lacking: lacking, reason: reason) }
    }

    func notCached(_ request: CodeRequest, _ url: String, _ lacking: CacheLack) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .notCached, cause: .notCached(lacking: lacking), remedy: .fetchOnline)
    }

    /// Runs git work of the mirror, reporting its failure as this package's: the repository is
    /// unreachable, for the cause git gives; a cache that is full or mounted read-only is named
    /// as such instead (git and tar write into the cache).
    func reporting(_ request: CodeRequest, _ url: String, _ work: () async throws -> Void) async throws {
        try await reportingGitFailures(on: .repository, as: { failure -> any Error in
            if let failure = cache.writeFailure() { return failure }
            return CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .gitFailed(failure))
        }, work)
    }
}
