import DepsCore
import DepsGit
import DepsProcess
import DepsFiles
import DepsFileSystem

/// Fetches code from git through the system `git`: a bare mirror per URL in the cache, then the
/// tree of one commit (exported with `git archive`, so it has no `.git`) as a cache entry.
public struct GitCodeFetcher: Sendable {
    let cache: CodeCache
    let offline: Bool
    /// Resolves a relative location (a path) against the project directory.
    let projectDirectory: LocalPath

    public init(cache: CodeCache, offline: Bool, projectDirectory: LocalPath) {
        self.cache = cache
        self.offline = offline
        self.projectDirectory = projectDirectory
    }

    func fetch(_ request: CodeRequest, url: String, reference: GitReference) async throws -> FetchedCode {
        let name = request.name.description
        // The code of a pinned commit needs no git at all once the cache holds it.
        if case let .commit(commit)? = request.pin,
           let tree = cache.cachedTree(name: name, version: request.version.description, pin: commit) {
            return FetchedCode(tree: tree.string, pin: .commit(commit))
        }
        let (tree, commit) = try await tree(request, url: url, reference: reference, version: request.version.description)
        return FetchedCode(tree: tree.string, pin: .commit(commit))
    }

    /// The checkout of a repository named by a Depsfile's `git:` external source, to read the
    /// package's spec from its root: the tree at the pinned commit, else where the reference points.
    public func checkout(name: PackageName, url: String, reference: GitReference, pin: String?) async throws -> (tree: LocalPath, commit: String) {
        let request = CodeRequest(name: name, version: Version(segments: [0]), source: .git(url: url, reference), pin: pin.map { .commit($0) })
        try cache.prepareOnce()
        return try await tree(request, url: url, reference: reference, version: "external")
    }

    /// Resolves the commit through the URL's mirror (under its lock), then the commit's tree as a
    /// cache entry: exported with `git archive`, so it has no `.git`.
    private func tree(
        _ request: CodeRequest, url: String, reference: GitReference, version: String
    ) async throws -> (tree: LocalPath, commit: String) {
        let remote = CodeLocation.isRelative(url) ? LocalPath(url).resolved(against: projectDirectory).string : url
        let mirror = GitMirror(path: cache.mirrorPath(remote), fileSystem: cache.fileSystem)
        let commit = try await withFileLock(cache.mirrorLockPath(remote), shownAs: mirror.path.string) {
            try await resolveCommit(request, remote: remote, shownURL: url, reference: reference, mirror: mirror)
        }
        let tree = try await cache.tree(name: request.name.description, version: version, pin: commit, source: remote) { folder in
            let archive = cache.temporaryPath("git-archive")
            defer { cache.fileSystem.removeTree(archive) }
            try await reporting(request, url) { try await mirror.extract(commit, into: folder, through: archive) }
        }
        return (tree, commit)
    }

    /// The commit to fetch: the lock's, else the one the tag, branch or commit names. Makes or
    /// refreshes the mirror only when it lacks what is asked for (a branch is refreshed online).
    private func resolveCommit(
        _ request: CodeRequest, remote: String, shownURL url: String, reference: GitReference, mirror: GitMirror
    ) async throws -> String {
        var refreshed = false
        if !mirror.isPresent() {
            guard !offline else { throw notCached(request, url, "no mirror of this repository in the cache") }
            let temporary = cache.temporaryPath("mirror")
            defer { cache.fileSystem.removeTree(temporary) }
            try await reporting(request, url) { try await mirror.clone(remote, through: temporary, shownAs: mirror.path.string) }
            refreshed = true
        }
        func refresh() async throws {
            guard !refreshed, !offline else { return }
            try await reporting(request, url) { try await mirror.fetch() }
            refreshed = true
        }

        switch (request.pin, reference) {
        case let (.commit(pinned)?, _), let (nil, .commit(pinned)):
            if try await !mirror.hasCommit(pinned) { try await refresh() }
            guard try await mirror.hasCommit(pinned) else {
                if offline { throw notCached(request, url, "the cache's mirror lacks commit \(pinned)") }
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "commit \(pinned) is not in the repository")
            }
            // A tag the lock resolved to one commit must still name it (BEHAVIOUR 8.2).
            if case let .tag(tag) = reference, let tagged = try await mirror.commit(of: "refs/tags/\(tag)"), tagged != pinned {
                throw CodeFetchError(
                    name: request.name, url: url, kind: .integrity,
                    cause: "tag \(tag) now names commit \(tagged), but Depsfile.lock pins commit \(pinned); "
                        + "if the new commit is trusted, run deps update \(request.name)")
            }
            return pinned
        case let (nil, .tag(tag)):
            if let commit = try await mirror.commit(of: "refs/tags/\(tag)") { return commit }
            try await refresh()
            guard let commit = try await mirror.commit(of: "refs/tags/\(tag)") else { throw missingReference(request, url, "tag \(tag)") }
            return commit
        case let (nil, .branch(branch)):
            try await refresh()
            guard let commit = try await mirror.commit(of: "refs/heads/\(branch)") else {
                throw missingReference(request, url, "branch \(branch)")
            }
            return commit
        case (.archiveDigest?, _):
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "Depsfile.lock pins an archive digest, but the spec's source is git; run deps update \(request.name)")
        }
    }

    private func missingReference(_ request: CodeRequest, _ url: String, _ what: String) -> CodeFetchError {
        offline
            ? notCached(request, url, "the cache's mirror has no \(what)")
            : CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "the repository has no \(what)")
    }

    private func notCached(_ request: CodeRequest, _ url: String, _ cause: String) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .notCached, cause: "not in the cache (\(cause)); --offline does not fetch")
    }

    /// Runs git work of the mirror, reporting its failure as this package's: a tool that cannot
    /// be run leaves the repository unreachable; one that fails in a cache that is full or
    /// read-only is named as such (git and tar write into the cache), else by its last words.
    private func reporting(_ request: CodeRequest, _ url: String, _ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch let error as ChildProcessError {
            throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: error.description)
        } catch let failure as GitCommandFailure {
            if let failure = cache.writeFailure() { throw failure }
            throw CodeFetchError(
                name: request.name, url: url, kind: .unreachable, cause: "\(failure.tool) \(failure.firstArgument): \(failure.detail)")
        }
    }
}
