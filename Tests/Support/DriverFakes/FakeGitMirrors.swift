import DepsFileSystem
import DepsGit
import Synchronization
import DepsFailures

/// A `GitMirrorOpener` over repositories held in memory, for tests of the code that fetches from
/// git: each remote URL has commits (files, links and submodule entries), branches, tags and a
/// default branch; a mirror is a copy of a remote's references and commits as of its clone or
/// last fetch, so what the remote gained since is not seen until a fetch, as with git. A clone
/// renames a folder holding `HEAD`, `objects/` and `refs/` into place on the `FileSystem` it is
/// given (the real mirror's marks, so that `isPresent` and the cache's listing see it), and an
/// extraction writes a commit's files into a folder of that file system. Failures are
/// `GitCommandFailure`s with git's wording. Every clone, fetch, remote `HEAD` listing and
/// extraction is recorded, with no git process.
public final class FakeGitMirrors: GitMirrorOpener {
    /// What one commit holds.
    public struct Tree: Sendable, Equatable {
        /// Files by their path in the tree.
        public var files: [String: [UInt8]]
        /// Symbolic links by their path: what each holds.
        public var links: [String: String]
        /// Submodule entries (gitlinks) by their path: the commit each records.
        public var gitlinks: [String: String]

        public init(files: [String: [UInt8]] = [:], links: [String: String] = [:], gitlinks: [String: String] = [:]) {
            self.files = files
            self.links = links
            self.gitlinks = gitlinks
        }

        /// A tree of text files.
        public init(_ files: [String: String], links: [String: String] = [:], gitlinks: [String: String] = [:]) {
            self.init(files: files.mapValues { Array($0.utf8) }, links: links, gitlinks: gitlinks)
        }
    }

    /// One repository: its commits, its references (`refs/heads/main`, `refs/tags/1.0`) and the
    /// branch its `HEAD` names.
    struct Repository: Sendable {
        var commits: [String: Tree] = [:]
        var references: [String: String] = [:]
        var head: String?
    }

    /// A git operation a mirror ran, as a test checks it.
    public enum Operation: Sendable, Equatable {
        case clone(url: String, mirror: LocalPath)
        case fetch(mirror: LocalPath)
        /// The remote asked which branch its `HEAD` names (`ls-remote --symref`).
        case followRemoteHead(mirror: LocalPath)
        case extract(commit: String, mirror: LocalPath)
    }

    struct State: Sendable {
        var remotes: [String: Repository] = [:]
        /// Each mirror's copy, by its folder, with the URL it was cloned from.
        var mirrors: [LocalPath: (url: String, repository: Repository)] = [:]
        /// Remotes that do not answer, with git's standard error.
        var unreachable: [String: String] = [:]
        var operations: [Operation] = []
        var commitCount = 0
    }

    let state = Mutex(State())

    public init() {}

    // MARK: Setting up remotes

    /// Adds a commit with `tree` to the remote `url` (made empty when new), on `branch`, which
    /// then names it (the default branch when the remote had none); returns its object name.
    @discardableResult
    public func commit(_ tree: Tree, to url: String, branch: String = "main") -> String {
        state.withLock { state in
            state.commitCount += 1
            // Six digits of count first, so that any 6 digits or more abbreviate one commit.
            let hex = String(state.commitCount, radix: 16)
            let commit = String(repeating: "0", count: 6 - hex.count) + hex + String(repeating: "c", count: 34)
            state.remotes[url, default: Repository()].commits[commit] = tree
            state.remotes[url]!.references["refs/heads/\(branch)"] = commit
            if state.remotes[url]!.head == nil { state.remotes[url]!.head = "refs/heads/\(branch)" }
            return commit
        }
    }

    /// Points the tag at the commit in the remote `url` (moving it if it named another).
    public func tag(_ tag: String, at commit: String, in url: String) {
        state.withLock { $0.remotes[url, default: Repository()].references["refs/tags/\(tag)"] = commit }
    }

    /// Makes `branch` the remote's default branch (what its `HEAD` names).
    public func setDefaultBranch(_ branch: String, of url: String) {
        state.withLock { $0.remotes[url, default: Repository()].head = "refs/heads/\(branch)" }
    }

    /// Makes every clone, fetch and listing of `url` fail as git does when the host cannot be
    /// resolved.
    public func makeUnreachable(_ url: String) {
        state.withLock {
            $0.unreachable[url] = "fatal: unable to access '\(url)/': Could not resolve host: \(Self.host(of: url))\n"
        }
    }

    /// Every operation so far, in order.
    public var operations: [Operation] {
        state.withLock { $0.operations }
    }

    /// Forgets the operations recorded so far.
    public func clearOperations() {
        state.withLock { $0.operations = [] }
    }

    static func host(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        return String(url[scheme.upperBound...].prefix { $0 != "/" && $0 != ":" })
    }

    // MARK: GitMirrorOpener

    public func mirror(at path: LocalPath, fileSystem: any FileSystem, network: GitNetworkLimits) -> any GitMirroring {
        FakeGitMirror(path: path, fileSystem: fileSystem, mirrors: self)
    }
}

/// One mirror of `FakeGitMirrors`, at a folder of a `FileSystem`.
public struct FakeGitMirror: GitMirroring {
    public let path: LocalPath
    let fileSystem: any FileSystem
    let mirrors: FakeGitMirrors

    public func isPresent(removingDamaged: Bool) -> Bool {
        let looksLikeMirror = fileSystem.kind(of: path / "HEAD") == .file
            && fileSystem.kind(of: path / "objects") == .directory && fileSystem.kind(of: path / "refs") == .directory
        guard removingDamaged else { return fileSystem.kind(of: path) == .directory && looksLikeMirror }
        if fileSystem.kind(of: path) == .directory, !looksLikeMirror { fileSystem.removeTree(path) }
        return fileSystem.kind(of: path) == .directory
    }

    public func clone(_ url: String, through temporary: LocalPath, shownAs name: String) async throws {
        let arguments = ["clone", "--mirror", "--quiet", "--template=", "--", url, temporary.string]
        let copy = try mirrors.state.withLock { state -> FakeGitMirrors.Repository in
            state.operations.append(.clone(url: url, mirror: path))
            if let message = state.unreachable[url] { throw failure(arguments, message) }
            guard let remote = state.remotes[url] else {
                let message = url.hasPrefix("/") ? "fatal: repository '\(url)' does not exist\n" : "fatal: repository '\(url)/' not found\n"
                throw failure(arguments, message)
            }
            return remote
        }
        try fileSystem.makeDirectories(temporary / "objects", shownAs: temporary.string)
        try fileSystem.makeDirectories(temporary / "refs", shownAs: temporary.string)
        try fileSystem.writeAtomically(Array("ref: \(copy.head ?? "refs/heads/main")\n".utf8), to: temporary / "HEAD", shownAs: temporary.string)
        try fileSystem.move(temporary, to: path, shownAs: name)
        mirrors.state.withLock { $0.mirrors[path] = (url, copy) }
    }

    public func fetch() async throws {
        try mirrors.state.withLock { state in
            state.operations.append(.fetch(mirror: path))
            let arguments = ["--git-dir", path.string, "fetch", "--quiet", "--prune", "--force", "origin"]
            guard isPresent(removingDamaged: false), let mirror = state.mirrors[path] else {
                throw failure(arguments, "fatal: not a git repository: '\(path)'\n")
            }
            if let message = state.unreachable[mirror.url] { throw failure(arguments, message) }
            guard let remote = state.remotes[mirror.url] else {
                throw failure(arguments, "fatal: repository '\(mirror.url)/' not found\n")
            }
            // References are replaced (pruned); objects once fetched stay, as until git gc.
            var copy = mirror.repository
            copy.commits.merge(remote.commits) { _, new in new }
            copy.references = remote.references
            state.mirrors[path] = (mirror.url, copy)
        }
    }

    public func followRemoteHead() async throws {
        try mirrors.state.withLock { state in
            state.operations.append(.followRemoteHead(mirror: path))
            let arguments = ["--git-dir", path.string, "ls-remote", "--symref", "origin", "HEAD"]
            guard let mirror = state.mirrors[path] else { throw failure(arguments, "fatal: not a git repository: '\(path)'\n") }
            if let message = state.unreachable[mirror.url] { throw failure(arguments, message) }
            guard let head = state.remotes[mirror.url]?.head, mirror.repository.references[head] != nil else { return }
            state.mirrors[path]?.repository.head = head
        }
    }

    public func hasCommit(_ commit: String) async throws -> Bool {
        repository()?.commits[commit] != nil
    }

    public func hasTree(of commit: String) async throws -> Bool {
        repository()?.commits[commit] != nil
    }

    /// A mirror in memory never loses its objects.
    public func isDamaged() async throws -> Bool { false }

    public func commit(of reference: String) async throws -> String? {
        guard let repository = repository() else { return nil }
        if reference == "HEAD" { return repository.head.flatMap { repository.references[$0] } }
        return repository.references[reference]
    }

    public func commits(startingWith prefix: String) async throws -> [String] {
        (repository()?.commits.keys).map { $0.filter { $0.hasPrefix(prefix) }.sorted() } ?? []
    }

    public func tags() async throws -> [(name: String, commit: String)] {
        (repository()?.references ?? [:]).compactMap { reference, commit in
            reference.hasPrefix("refs/tags/") ? (String(reference.dropFirst("refs/tags/".count)), commit) : nil
        }
    }

    public func topLevelFiles(at commit: String) async throws -> [String] {
        guard let tree = repository()?.commits[commit] else { return [] }
        let paths = Array(tree.files.keys) + Array(tree.links.keys) + Array(tree.gitlinks.keys)
        return Array(Set(paths.map { String($0.prefix { $0 != "/" }) })).sorted()
    }

    public func contents(of path: String, at commit: String) async throws -> [UInt8]? {
        repository()?.commits[commit]?.files[path]
    }

    /// The paths whose file, link or submodule entry differs between the two trees, sorted, as
    /// `git diff --name-only` lists them.
    public func changedFiles(from old: String, to new: String) async throws -> [Substring] {
        let arguments = ["--git-dir", path.string, "diff", "--name-only", old, new]
        let before = try tree(of: old, arguments)
        let after = try tree(of: new, arguments)
        func entries(_ tree: FakeGitMirrors.Tree) -> [String: String] {
            var entries: [String: String] = [:]
            for (path, bytes) in tree.files { entries[path] = "file " + String(decoding: bytes, as: UTF8.self) }
            for (path, target) in tree.links { entries[path] = "link " + target }
            for (path, commit) in tree.gitlinks { entries[path] = "commit " + commit }
            return entries
        }
        let (was, now) = (entries(before), entries(after))
        return Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }.sorted().map { Substring($0) }
    }

    public func gitlinks(of commit: String) async throws -> [(path: String, commit: String)] {
        let tree = try tree(of: commit, ["ls-tree", "-r", "-z", "--full-tree", commit])
        return tree.gitlinks.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The `key = value` lines of a git configuration file under their `[section "name"]`, as
    /// `git config --list` spells them (`submodule.Name.url`).
    public func configEntries(ofFile file: String, at commit: String) async throws -> [(key: String, value: String)] {
        guard let bytes = repository()?.commits[commit]?.files[file] else { return [] }
        var section = ""
        var entries: [(key: String, value: String)] = []
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: " \t")
            if line.hasPrefix("[") && line.hasSuffix("]") {
                let inside = line.dropFirst().dropLast()
                let parts = inside.split(separator: " ", maxSplits: 1)
                section = parts[0].lowercased() + (parts.count > 1 ? "." + parts[1].trimmingCharacters(in: "\"") : "")
            } else if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: " \t").lowercased()
                entries.append((section + "." + key, line[line.index(after: equals)...].trimmingCharacters(in: " \t")))
            }
        }
        return entries
    }

    public func extract(_ commit: String, into folder: LocalPath, through archive: LocalPath) async throws {
        mirrors.state.withLock { $0.operations.append(.extract(commit: commit, mirror: path)) }
        let tree = try tree(of: commit, ["--git-dir", path.string, "archive", "--format=tar", "-o", archive.string, commit])
        for (file, bytes) in tree.files.sorted(by: { $0.key < $1.key }) {
            let target = folder / file
            try fileSystem.makeDirectories(target.parent, shownAs: target.string)
            try fileSystem.writeAtomically(bytes, to: target, shownAs: target.string)
        }
        for (link, target) in tree.links.sorted(by: { $0.key < $1.key }) {
            try fileSystem.makeDirectories((folder / link).parent, shownAs: link)
            try fileSystem.makeSymbolicLink(at: folder / link, to: target, shownAs: link)
        }
        // `git archive` writes an empty folder for each submodule.
        for path in tree.gitlinks.keys { try fileSystem.makeDirectories(folder / path, shownAs: path) }
    }

    // MARK: Reading the copy

    private func repository() -> FakeGitMirrors.Repository? {
        mirrors.state.withLock { $0.mirrors[path]?.repository }
    }

    private func tree(of commit: String, _ arguments: [String]) throws -> FakeGitMirrors.Tree {
        guard let tree = repository()?.commits[commit] else {
            throw failure(arguments, "fatal: not a tree object: \(commit)\n")
        }
        return tree
    }

    private func failure(_ arguments: [String], _ standardError: String) -> GitCommandFailure {
        GitCommandFailure(tool: "git", arguments: arguments, standardError: standardError, status: 128)
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters that `characters` holds.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map(index(after:)) ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
