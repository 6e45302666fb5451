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
        if case let .commit(commit)? = request.pin,
           let tree = cache.cachedTree(name: name, version: request.version.description, pin: commit) {
            return FetchedCode(tree: tree, pin: .commit(commit))
        }
        let (tree, commit) = try await tree(request, url: url, reference: reference, version: request.version.description)
        return FetchedCode(tree: tree, pin: .commit(commit))
    }

    /// The checkout of a repository named by a Depsfile's `git:` external source, to read the
    /// package's spec from its root: the tree at the pinned commit, else where the reference points.
    func checkout(name: PackageName, url: String, reference: GitReference, pin: String?) async throws -> (tree: String, commit: String) {
        let request = CodeRequest(name: name, version: Version(segments: [0]), source: .git(url: url, reference), pin: pin.map { .commit($0) })
        try cache.prepareOnce()
        return try await tree(request, url: url, reference: reference, version: "external")
    }

    /// Resolves the commit through the URL's mirror (under its lock), then the commit's tree as a
    /// cache entry: exported with `git archive`, so it has no `.git`.
    private func tree(
        _ request: CodeRequest, url: String, reference: GitReference, version: String
    ) async throws -> (tree: String, commit: String) {
        let remote = CodeLocation.isRelative(url) ? LocalFileSystem.absolute(url, from: projectDirectory) : url
        let mirror = cache.mirrorPath(remote)
        let commit = try await withFileLock(cache.mirrorLockPath(remote), shownAs: mirror) {
            try await resolveCommit(request, remote: remote, shownURL: url, reference: reference, mirror: mirror)
        }
        let tree = try await cache.tree(name: request.name.description, version: version, pin: commit, source: remote) { folder in
            let archive = cache.temporaryPath("git-archive")
            defer { LocalFileSystem.removeTree(archive) }
            try await git(["--git-dir", mirror, "archive", "--format=tar", "-o", archive, commit], request, url)
            try await run("tar", ["-xf", archive, "-C", folder, "--no-same-owner"], request, url)
        }
        return (tree, commit)
    }

    /// The commit to fetch: the lock's, else the one the tag, branch or commit names. Makes or
    /// refreshes the mirror only when it lacks what is asked for (a branch is refreshed online).
    private func resolveCommit(
        _ request: CodeRequest, remote: String, shownURL url: String, reference: GitReference, mirror: String
    ) async throws -> String {
        var refreshed = false
        if LocalFileSystem.kind(of: mirror) == .directory, !Self.looksLikeBareRepository(mirror) {
            LocalFileSystem.removeTree(mirror)
        }
        if LocalFileSystem.kind(of: mirror) != .directory {
            guard !offline else { throw notCached(request, url, "no mirror of this repository in the cache") }
            let temporary = cache.temporaryPath("mirror")
            defer { LocalFileSystem.removeTree(temporary) }
            try await git(["clone", "--mirror", "--quiet", "--template=", "--", remote, temporary], request, url)
            try LocalFileSystem.move(temporary, to: mirror, shownAs: mirror)
            refreshed = true
        }
        func refresh() async throws {
            guard !refreshed, !offline else { return }
            try await git(["--git-dir", mirror, "fetch", "--quiet", "--prune", "--force", "origin"], request, url)
            refreshed = true
        }

        switch (request.pin, reference) {
        case let (.commit(pinned)?, _), let (nil, .commit(pinned)):
            if try await !hasCommit(pinned, mirror) { try await refresh() }
            guard try await hasCommit(pinned, mirror) else {
                if offline { throw notCached(request, url, "the cache's mirror lacks commit \(pinned)") }
                throw CodeFetchError(name: request.name, url: url, kind: .integrity, cause: "commit \(pinned) is not in the repository")
            }
            // A tag the lock resolved to one commit must still name it (BEHAVIOUR 8.2).
            if case let .tag(tag) = reference, let tagged = try await commit(of: "refs/tags/\(tag)", mirror), tagged != pinned {
                throw CodeFetchError(
                    name: request.name, url: url, kind: .integrity,
                    cause: "tag \(tag) now names commit \(tagged), but Depsfile.lock pins commit \(pinned); "
                        + "if the new commit is trusted, run deps update \(request.name)")
            }
            return pinned
        case let (nil, .tag(tag)):
            if let commit = try await commit(of: "refs/tags/\(tag)", mirror) { return commit }
            try await refresh()
            guard let commit = try await commit(of: "refs/tags/\(tag)", mirror) else { throw missingReference(request, url, "tag \(tag)") }
            return commit
        case let (nil, .branch(branch)):
            try await refresh()
            guard let commit = try await commit(of: "refs/heads/\(branch)", mirror) else {
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

    /// A mirror renamed into place whole has these; one without them is damaged and made again.
    static func looksLikeBareRepository(_ mirror: String) -> Bool {
        LocalFileSystem.kind(of: LocalFileSystem.join(mirror, "HEAD")) == .file
            && LocalFileSystem.kind(of: LocalFileSystem.join(mirror, "objects")) == .directory
            && LocalFileSystem.kind(of: LocalFileSystem.join(mirror, "refs")) == .directory
    }

    private func hasCommit(_ commit: String, _ mirror: String) async throws -> Bool {
        try await ChildProcess.run(
            "git", ["--git-dir", mirror, "cat-file", "-e", "\(commit)^{commit}"], environment: Self.environment
        ).succeeded
    }

    /// The commit a reference names: from the mirror's `packed-refs` (where a fresh clone keeps its
    /// tags and branches, peeled for annotated tags) when it is there, else from git.
    private func commit(of reference: String, _ mirror: String) async throws -> String? {
        if let packed = Self.packedCommit(of: reference, in: mirror) { return packed }
        let result = try await ChildProcess.run(
            "git", ["--git-dir", mirror, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"],
            environment: Self.environment)
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return result.succeeded && GitCommit.isValid(text) ? text : nil
    }

    /// Reads `packed-refs`: lines `<commit> <ref>`, each annotated tag followed by `^<commit>` (peeled).
    /// A loose ref file of the same name would be newer, so its presence defers to git.
    static func packedCommit(of reference: String, in mirror: String) -> String? {
        guard LocalFileSystem.kind(of: LocalFileSystem.join(mirror, reference)) == nil,
              let bytes = try? LocalFileSystem.readFile(LocalFileSystem.join(mirror, "packed-refs"), shownAs: mirror) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        for (index, line) in lines.enumerated() where line.hasSuffix(" " + reference) {
            let commit = String(line.prefix(40))
            guard GitCommit.isValid(commit), line.count == 41 + reference.utf8.count else { continue }
            if index + 1 < lines.count, lines[index + 1].hasPrefix("^") {
                let peeled = String(lines[index + 1].dropFirst().prefix(40))
                return GitCommit.isValid(peeled) ? peeled : nil
            }
            return commit
        }
        return nil
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
            // git and tar write into the cache: one that is full or read-only is named as such.
            if let failure = cache.writeFailure() { throw failure }
            let detail = result.standardErrorText.split(separator: "\n").last.map(String.init) ?? "exit status \(result.status)"
            throw CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: "\(tool) \(arguments.first ?? ""): \(detail)")
        }
    }
}
