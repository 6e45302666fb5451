import DepsCore
import DepsProcess

/// Fetches code from git through the system `git`: a bare mirror per URL in the cache, then the
/// tree of one commit (exported with `git archive`, so it has no `.git`) as a cache entry.
struct GitCodeFetcher: Sendable {
    let cache: CodeCache
    let offline: Bool
    /// Resolves a relative location (a path) against the project directory.
    let projectDirectory: String

    static let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1"]

    func fetch(_ request: CodeRequest, url: String, reference: GitReference) async throws -> FetchedCode {
        let name = request.name.description
        // The code of a pinned commit needs no git at all once the cache holds it.
        if case let .commit(commit)? = request.pin {
            let entry = cache.treeEntryPath(name, request.version.description, commit)
            if CodeCache.isWholeTreeEntry(entry) {
                return FetchedCode(tree: LocalFileSystem.join(entry, "tree"), pin: .commit(commit))
            }
        }
        let remote = CodeLocation.isRelative(url) ? LocalFileSystem.absolute(url, from: projectDirectory) : url
        let mirror = cache.mirrorPath(remote)
        let commit = try await withFileLock(cache.mirrorLockPath(remote), shownAs: mirror) {
            try await resolveCommit(request, remote: remote, shownURL: url, reference: reference, mirror: mirror)
        }
        let tree = try await cache.tree(name: name, version: request.version.description, pin: commit, source: remote) { folder in
            let archive = cache.temporaryPath("git-archive")
            defer { LocalFileSystem.removeTree(archive) }
            try await git(["--git-dir", mirror, "archive", "--format=tar", "-o", archive, commit], request, url)
            try await run("tar", ["-xf", archive, "-C", folder, "--no-same-owner"], request, url)
        }
        return FetchedCode(tree: tree, pin: .commit(commit))
    }

    /// The commit to fetch: the lock's, else the one the tag, branch or commit names. Makes or
    /// refreshes the mirror only when it lacks what is asked for (a branch is refreshed online).
    private func resolveCommit(
        _ request: CodeRequest, remote: String, shownURL url: String, reference: GitReference, mirror: String
    ) async throws -> String {
        var refreshed = false
        if LocalFileSystem.kind(of: mirror) == .directory, try await !isUsableMirror(mirror) {
            LocalFileSystem.removeTree(mirror)
        }
        if LocalFileSystem.kind(of: mirror) != .directory {
            guard !offline else { throw notCached(request, url, "no mirror of this repository in the cache") }
            let temporary = cache.temporaryPath("mirror")
            defer { LocalFileSystem.removeTree(temporary) }
            try await git(["clone", "--mirror", "--quiet", "--", remote, temporary], request, url)
            try LocalFileSystem.move(temporary, to: mirror, shownAs: mirror)
            refreshed = true
        }
        func refresh() async throws {
            guard !refreshed, !offline else { return }
            try await git(["--git-dir", mirror, "fetch", "--quiet", "--prune", "--force", "origin"], request, url)
            refreshed = true
        }

        let wanted: String
        switch (request.pin, reference) {
        case let (.commit(commit)?, _), let (nil, .commit(commit)):
            if try await !hasCommit(commit, mirror) { try await refresh() }
            guard try await hasCommit(commit, mirror) else {
                if offline { throw notCached(request, url, "the cache's mirror lacks commit \(commit)") }
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "commit \(commit) is not in the repository")
            }
            wanted = commit
        case let (nil, .tag(tag)):
            if try await commit(of: "refs/tags/\(tag)", mirror) == nil { try await refresh() }
            guard let commit = try await commit(of: "refs/tags/\(tag)", mirror) else {
                throw missingReference(request, url, "tag \(tag)")
            }
            wanted = commit
        case let (nil, .branch(branch)):
            try await refresh()
            guard let commit = try await commit(of: "refs/heads/\(branch)", mirror) else {
                throw missingReference(request, url, "branch \(branch)")
            }
            wanted = commit
        case (.archiveDigest?, _):
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "Depsfile.lock pins an archive digest, but the spec's source is git; run deps update \(request.name)")
        }
        // A tag the lock resolved to one commit must still name it (BEHAVIOUR 8.2).
        if case let .tag(tag) = reference, let tagged = try await commit(of: "refs/tags/\(tag)", mirror), tagged != wanted {
            throw CodeFetchError(
                name: request.name, url: url, kind: .integrity,
                cause: "tag \(tag) now names commit \(tagged), but Depsfile.lock pins commit \(wanted); "
                    + "if the new commit is trusted, run deps update \(request.name)")
        }
        return wanted
    }

    private func missingReference(_ request: CodeRequest, _ url: String, _ what: String) -> CodeFetchError {
        offline
            ? notCached(request, url, "the cache's mirror has no \(what)")
            : CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "the repository has no \(what)")
    }

    private func notCached(_ request: CodeRequest, _ url: String, _ cause: String) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .notCached, cause: "not in the cache (\(cause)); --offline does not fetch")
    }

    private func isUsableMirror(_ mirror: String) async throws -> Bool {
        try await ChildProcess.run("git", ["--git-dir", mirror, "rev-parse", "--git-dir"], environment: Self.environment).succeeded
    }

    private func hasCommit(_ commit: String, _ mirror: String) async throws -> Bool {
        try await ChildProcess.run(
            "git", ["--git-dir", mirror, "cat-file", "-e", "\(commit)^{commit}"], environment: Self.environment
        ).succeeded
    }

    private func commit(of reference: String, _ mirror: String) async throws -> String? {
        let result = try await ChildProcess.run(
            "git", ["--git-dir", mirror, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"],
            environment: Self.environment)
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return result.succeeded && GitCommit.isValid(text) ? text : nil
    }

    private func git(_ arguments: [String], _ request: CodeRequest, _ url: String) async throws {
        try await run("git", arguments, request, url)
    }

    private func run(_ tool: String, _ arguments: [String], _ request: CodeRequest, _ url: String) async throws {
        let result: ChildProcessResult
        do {
            result = try await ChildProcess.run(tool, arguments, environment: Self.environment)
        } catch let error as ChildProcessError {
            throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: error.description)
        }
        guard result.succeeded else {
            let detail = result.standardErrorText.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
            throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: "\(tool) \(arguments.first ?? ""): \(detail)")
        }
    }
}
