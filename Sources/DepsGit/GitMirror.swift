import DepsFileSystem
import DepsProcess
import DepsFailures

/// A bare mirror of one git repository in a folder of its own, and the git work done on it
/// through the system `git`: made by cloning into a temporary folder renamed into place whole,
/// refreshed by fetching, its references read, one commit's files exported (`git archive`, so
/// they have no `.git`). Whoever owns the folder decides where it is and which lock guards it.
public struct GitMirror: Sendable {
    /// The mirror's folder (`<key>.git`, `mirror.git`).
    public let path: LocalPath
    let fileSystem: any FileSystem
    /// How long a clone, a fetch or a listing of the remote's references may take.
    public let network: GitNetworkLimits

    /// git asks no questions, reads no system configuration and speaks plain English.
    public static let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1"]

    public init(path: LocalPath, fileSystem: any FileSystem = POSIXFileSystem(), network: GitNetworkLimits = GitNetworkLimits()) {
        self.path = path
        self.fileSystem = fileSystem
        self.network = network
    }

    /// Whether a whole mirror is there. A folder that does not look like one (damaged, or left
    /// half made) is removed first when `removingDamaged`, so that it is made again; else it is
    /// not a mirror.
    public func isPresent(removingDamaged: Bool = true) -> Bool {
        guard removingDamaged else { return fileSystem.kind(of: path) == .directory && looksLikeBareRepository() }
        if fileSystem.kind(of: path) == .directory, !looksLikeBareRepository() {
            fileSystem.removeTree(path)
        }
        return fileSystem.kind(of: path) == .directory
    }

    /// A mirror renamed into place whole has these; one without them is damaged.
    func looksLikeBareRepository() -> Bool {
        fileSystem.kind(of: path / "HEAD") == .file
            && fileSystem.kind(of: path / "objects") == .directory
            && fileSystem.kind(of: path / "refs") == .directory
    }

    /// Clones `url` into `temporary`, then renames it into place.
    public func clone(_ url: String, through temporary: LocalPath, shownAs name: String) async throws {
        try await overNetwork(url, ["clone", "--mirror", "--quiet", "--template=", "--", url, temporary.string])
        try fileSystem.move(temporary, to: path, shownAs: name)
    }

    /// Fetches what the repository has now, dropping what it no longer has.
    public func fetch() async throws {
        try await overNetwork(remoteURL(), ["--git-dir", path.string, "fetch", "--quiet", "--prune", "--force", "origin"])
    }

    /// Points the mirror's `HEAD` at the branch the remote's `HEAD` names now (a mirror's fetch
    /// leaves `HEAD` as it was cloned); leaves it alone when the remote names none the mirror has.
    public func followRemoteHead() async throws {
        let listing = try await overNetwork(remoteURL(), ["--git-dir", path.string, "ls-remote", "--symref", "origin", "HEAD"])
        for line in listing.split(separator: "\n") where line.hasPrefix("ref: ") && line.hasSuffix("\tHEAD") {
            let branch = String(line.dropFirst(5).dropLast(5))
            guard branch.hasPrefix("refs/heads/"), try await commit(of: branch) != nil else { return }
            try await git(["symbolic-ref", "HEAD", branch])
            return
        }
    }

    public func hasCommit(_ commit: String) async throws -> Bool {
        try await ChildProcess.run(
            "git", ["--git-dir", path.string, "cat-file", "-e", "\(commit)^{commit}"], environment: Self.environment
        ).succeeded
    }

    /// Whether the mirror holds the files of `commit` (its tree): a mirror whose objects are
    /// gone still lists its references, so a commit read from them may have nothing behind it.
    public func hasTree(of commit: String) async throws -> Bool {
        try await ChildProcess.run(
            "git", ["--git-dir", path.string, "cat-file", "-e", "\(commit)^{tree}"], environment: Self.environment
        ).succeeded
    }

    /// Whether the mirror is damaged: the commit its `HEAD` names has no files in it (its
    /// objects are gone). A mirror whose `HEAD` names nothing yet (an empty repository) is not.
    public func isDamaged() async throws -> Bool {
        let result = try await ChildProcess.run(
            "git", ["--git-dir", path.string, "rev-parse", "--verify", "--quiet", "HEAD"], environment: Self.environment)
        let head = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard result.succeeded, Self.isObjectName(head) else { return false }
        return try await !hasTree(of: head)
    }

    /// The commit a reference (`refs/tags/1.0`, `HEAD`) names: from the mirror's `packed-refs`
    /// (where a fresh clone keeps its tags and branches, peeled for annotated tags) when it is
    /// there, else from git; nil when there is no such reference.
    public func commit(of reference: String) async throws -> String? {
        if let packed = packedCommit(of: reference) { return packed }
        let result = try await ChildProcess.run(
            "git", ["--git-dir", path.string, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"],
            environment: Self.environment)
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return result.succeeded && Self.isObjectName(text) ? text : nil
    }

    public func commits(startingWith prefix: String) async throws -> [String] {
        // Every object of that prefix, whatever its type; then those that are commits.
        let listing = try await ChildProcess.run(
            "git", ["--git-dir", path.string, "rev-parse", "--disambiguate=\(prefix)"], environment: Self.environment)
        guard listing.succeeded else { return [] }
        var commits: [String] = []
        for line in String(decoding: listing.standardOutput, as: UTF8.self).split(separator: "\n") {
            let object = String(line)
            guard Self.isObjectName(object), object.hasPrefix(prefix) else { continue }
            let type = try await ChildProcess.run(
                "git", ["--git-dir", path.string, "cat-file", "-t", object], environment: Self.environment)
            if type.succeeded, String(decoding: type.standardOutput, as: UTF8.self) == "commit\n" { commits.append(object) }
        }
        return commits.sorted()
    }

    public func tags() async throws -> [(name: String, commit: String)] {
        let listing = try await git([
            "for-each-ref", "--format=%(refname:strip=2) %(objectname) %(*objectname)", "refs/tags",
        ])
        return listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 2 else { return nil }
            let commit = String(fields.count > 2 ? fields[2] : fields[1])
            return Self.isObjectName(commit) ? (String(fields[0]), commit) : nil
        }
    }

    public func topLevelFiles(at commit: String) async throws -> [String] {
        let listing = try await git(["ls-tree", "--name-only", commit])
        return listing.split(separator: "\n").map(String.init)
    }

    public func contents(of path: String, at commit: String) async throws -> [UInt8]? {
        let result = try await ChildProcess.run(
            "git", ["--git-dir", self.path.string, "cat-file", "blob", "\(commit):\(path)"], environment: Self.environment)
        return result.succeeded ? result.standardOutput : nil
    }

    /// Reads `packed-refs`: lines `<commit> <ref>`, each annotated tag followed by `^<commit>` (peeled).
    /// A loose ref file of the same name would be newer, so its presence defers to git.
    func packedCommit(of reference: String) -> String? {
        guard fileSystem.kind(of: path / reference) == nil,
              let bytes = try? fileSystem.readFile(path / "packed-refs", shownAs: path.string) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        for (index, line) in lines.enumerated() where line.hasSuffix(" " + reference) {
            let commit = String(line.prefix(40))
            guard Self.isObjectName(commit), line.count == 41 + reference.utf8.count else { continue }
            if index + 1 < lines.count, lines[index + 1].hasPrefix("^") {
                let peeled = String(lines[index + 1].dropFirst().prefix(40))
                return Self.isObjectName(peeled) ? peeled : nil
            }
            return commit
        }
        return nil
    }

    /// The names of the files that differ between two commits.
    public func changedFiles(from old: String, to new: String) async throws -> [Substring] {
        let diff = try await git(["diff", "--name-only", old, new])
        return diff.split(separator: "\n")
    }

    /// The submodule entries (gitlinks) of `commit`'s tree, at any depth: each path and the commit it records.
    public func gitlinks(of commit: String) async throws -> [(path: String, commit: String)] {
        let listing = try await git(["ls-tree", "-r", "-z", "--full-tree", commit])
        return listing.split(separator: "\0").compactMap { entry in
            // `<mode> <type> <object>\t<path>`
            guard entry.hasPrefix("160000 commit "), let tab = entry.firstIndex(of: "\t") else { return nil }
            let object = String(entry[entry.index(entry.startIndex, offsetBy: 14)..<tab])
            return Self.isObjectName(object) ? (String(entry[entry.index(after: tab)...]), object) : nil
        }
    }

    /// The entries of a git configuration file in `commit`'s tree (`.gitmodules`), as key and
    /// value; none when the tree has no such file.
    public func configEntries(ofFile file: String, at commit: String) async throws -> [(key: String, value: String)] {
        guard try await ChildProcess.run(
            "git", ["--git-dir", path.string, "cat-file", "-e", "\(commit):\(file)"], environment: Self.environment
        ).succeeded else { return [] }
        let listing = try await git(["config", "--blob", "\(commit):\(file)", "-z", "--list"])
        return listing.split(separator: "\0").map { entry in
            let parts = entry.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// Writes the files of `commit` into the existing folder `folder`, through the tar archive
    /// `archive` (a temporary path the caller removes).
    public func extract(_ commit: String, into folder: LocalPath, through archive: LocalPath) async throws {
        try await git(["archive", "--format=tar", "-o", archive.string, commit])
        try await Self.run("tar", ["-xf", archive.string, "-C", folder.string, "--no-same-owner"])
    }

    /// Writes the files of the tar archive `archive` (as `git archive` makes it) into the existing folder `folder`.
    public func untar(_ archive: LocalPath, into folder: LocalPath) async throws {
        try await Self.run("tar", ["-xf", archive.string, "-C", folder.string, "--no-same-owner"])
    }

    /// Runs a git command on the mirror; returns its output.
    @discardableResult
    public func git(_ arguments: [String]) async throws -> String {
        try await Self.run("git", ["--git-dir", path.string] + arguments)
    }

    /// Runs a git command that talks to `url`, within the network limits.
    @discardableResult
    func overNetwork(_ url: String, _ arguments: [String]) async throws -> String {
        let environment = Self.environment.merging(network.environment) { _, limit in limit }
        return try await network.bounding(url) { try await Self.run("git", arguments, environment: environment) }
    }

    /// The URL of the mirror's `origin`, for messages; the mirror's folder when it has none.
    func remoteURL() async -> String {
        let url = try? await git(["config", "--get", "remote.origin.url"])
        return url?.split(separator: "\n").first.map(String.init) ?? path.string
    }

    /// Runs git or tar; a non-zero exit is thrown as a `GitCommandFailure`, a process that
    /// cannot be run as its `ChildProcessError`.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = environment) async throws -> String {
        let result = try await ChildProcess.run(tool, arguments, environment: environment, outputLimit: 64 << 20)
        guard result.succeeded else {
            throw GitCommandFailure(tool: tool, arguments: arguments, standardError: result.standardErrorText, status: result.status)
        }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    /// A full object name as git prints it: 40 lower-case hexadecimal digits.
    static func isObjectName(_ text: String) -> Bool {
        text.utf8.count == 40 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
