import DepsCache
import DepsCore
import DepsGit
import DepsFileSystem
import DepsFailures

/// The submodules of a git source's tree (BEHAVIOUR 1.1 `submodules: true`, 8.2): each submodule
/// the commit records (a gitlink) is fetched at the commit it records, through the mirror of its
/// URL in the cache, and its tree placed at its path, recursively. The superproject's commit pins
/// them all.
///
/// What the tree is refused for, as an archive is: a submodule path that is absolute, holds `.`,
/// `..` or `.git`, or goes through a link or a file; a URL that is not one git fetches over the
/// network or a local path, or a local one named by a repository that is not itself local.
struct GitSubmodules {
    let fetcher: GitCodeFetcher
    /// The package's request, whose name and version the failures carry.
    let request: CodeRequest
    /// The superproject's URL as the user wrote it, for failures found in its tree.
    let shownURL: String

    /// Submodules inside submodules go this deep, no deeper.
    static let maximumDepth = 8

    /// Places the submodules of `commit` (of the repository at `remote`, mirrored by `mirror`) in
    /// `folder`, which holds that commit's files.
    func place(of commit: String, in mirror: any GitMirroring, remote: String, into folder: LocalPath, depth: Int = 0) async throws {
        let links = try await reading(shownURL) { try await mirror.gitlinks(of: commit) }
        guard !links.isEmpty else { return }
        guard depth < Self.maximumDepth else {
            throw refusal(shownURL, .nestedTooDeep(maximum: Self.maximumDepth))
        }
        let urls = Self.urlsByPath(try await reading(shownURL) { try await mirror.configEntries(ofFile: ".gitmodules", at: commit) })
        for link in links {
            guard let written = urls[link.path] else {
                throw refusal(shownURL, .noURL(path: link.path))
            }
            let target = try placeFor(link.path, in: folder)
            let url: String
            do {
                url = try SubmoduleURL.resolve(written, against: remote)
            } catch {
                throw refusal(shownURL, .url(written, error.problem))
            }
            let subrequest = CodeRequest(name: request.name, version: request.version, source: .git(url: url, .commit(link.commit)), pin: nil)
            let submirror = fetcher.mirror(of: url)
            // The superproject's tree is being made, so the cache can be written.
            _ = try await fetcher.cache.fileSystem.withFileLock(fetcher.cache.mirrorLockPath(url), shownAs: submirror.path.string) {
                try await fetcher.resolveCommitRepairing(
                    subrequest, remote: url, shownURL: url, reference: .commit(link.commit), mirror: submirror, access: .writing)
            }
            try await fetcher.extract(subrequest, url, link.commit, of: submirror, into: target)
            try await GitSubmodules(fetcher: fetcher, request: request, shownURL: url)
                .place(of: link.commit, in: submirror, remote: url, into: target, depth: depth + 1)
        }
    }

    /// The folder a submodule's files go in: below `folder`, reached through folders only (never a
    /// link or a file), and empty (git writes an empty folder for each submodule).
    func placeFor(_ path: String, in folder: LocalPath) throws -> LocalPath {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.isEmpty,
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.lowercased() != ".git" }),
              !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw refusal(shownURL, .pathNotPlain(path))
        }
        let fileSystem = fetcher.cache.fileSystem
        var current = folder
        for component in components {
            current = current / String(component)
            if fileSystem.linkTarget(of: current) != nil {
                throw refusal(shownURL, .pathThroughLink(path))
            }
            switch fileSystem.kind(of: current) {
            case .directory: continue
            case nil: try fileSystem.makeDirectories(current, shownAs: path)
            default: throw refusal(shownURL, .pathNotAFolder(path))
            }
        }
        guard fileSystem.isFilledDirectory(current) == false else {
            throw refusal(shownURL, .pathHoldsFiles(path))
        }
        return current
    }

    /// `.gitmodules`' `submodule.<name>.path` and `submodule.<name>.url`, joined by name: each path's URL.
    static func urlsByPath(_ entries: [(key: String, value: String)]) -> [String: String] {
        var paths: [String: String] = [:]
        var urls: [String: String] = [:]
        for (key, value) in entries where key.hasPrefix("submodule.") {
            let rest = key.dropFirst("submodule.".count)
            if rest.hasSuffix(".path") { paths[String(rest.dropLast(5))] = value }
            if rest.hasSuffix(".url") { urls[String(rest.dropLast(4))] = value }
        }
        var byPath: [String: String] = [:]
        for (name, path) in paths {
            if let url = urls[name] { byPath[path] = url }
        }
        return byPath
    }

    private func refusal(_ url: String, _ problem: SubmoduleProblem) -> CodeFetchError {
        CodeFetchError(name: request.name, url: url, kind: .integrity, cause: .submodule(problem))
    }

    /// Runs git work that reads a tree, reporting its failure as the package's.
    private func reading<T>(_ url: String, _ work: () async throws -> T) async throws -> T {
        try await reportingGitFailures(on: .repository, as: { failure in
            CodeFetchError(name: request.name, url: url, kind: .unreachable, cause: .gitFailed(failure))
        }, work)
    }
}

/// A submodule's URL as `.gitmodules` writes it, made one that can be fetched.
enum SubmoduleURL {
    /// Why a submodule URL is not fetched.
    struct Refusal: ExitStatusError {
        var exitStatus: ExitStatus { .malformedInput }
        let problem: SubmoduleURLProblem
        init(_ problem: SubmoduleURLProblem) { self.problem = problem }
    }

    /// `written` as a URL or path to fetch: one starting with `./` or `../` is relative to the
    /// superproject's URL `base` (as git takes it: `base` is a folder, so `../Sub` is its
    /// sibling); any other must be an `https`, `http`, `ssh` or `git` URL, `user@host:path`, or,
    /// only when `base` is local too, a `file://` URL or an absolute path.
    static func resolve(_ written: String, against base: String) throws(Refusal) -> String {
        guard !written.isEmpty, !written.hasPrefix("-"), !written.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .init(.notFetchable)
        }
        if written.hasPrefix("./") || written.hasPrefix("../") {
            return try relative(written, to: base)
        }
        if isLocal(written) {
            guard isLocal(base) else {
                throw .init(.localFromRemote(base: base))
            }
            return written
        }
        guard NetworkLocation.isGitRemote(written) else {
            throw .init(.unknownScheme)
        }
        return written
    }

    static func isLocal(_ url: String) -> Bool {
        url.hasPrefix("/") || url.lowercased().hasPrefix("file://")
    }

    /// `../Sub` against `https://host/org/Super.git` is `https://host/org/Sub`; it never climbs
    /// above the host (or the root of a path).
    static func relative(_ written: String, to base: String) throws(Refusal) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        // The part no `..` removes: `scheme://host`, `user@host:` or the root `/`.
        var fixed: Substring = ""
        if let scheme = trimmed.firstRange(of: "://") {
            let hostEnd = trimmed[scheme.upperBound...].firstIndex(of: "/") ?? trimmed.endIndex
            fixed = trimmed[..<hostEnd]
            trimmed = trimmed[hostEnd...]
        } else if !trimmed.hasPrefix("/"), let colon = trimmed.firstIndex(of: ":") {
            fixed = trimmed[...colon]
            trimmed = trimmed[trimmed.index(after: colon)...]
        }
        var components = trimmed.split(separator: "/").map(String.init)
        for part in written.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    throw .init(.climbsAbove(base: base))
                }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        // `user@host:` is followed by the path itself; a host or the root by `/`.
        let separator = fixed.hasSuffix(":") && !fixed.hasSuffix("://") ? "" : "/"
        return String(fixed) + separator + components.joined(separator: "/")
    }
}
