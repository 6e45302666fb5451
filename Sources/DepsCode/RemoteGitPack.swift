import DepsCore
import DepsGit
import DepsFileSystem
import DepsProcess
import DepsFailures

/// A git pin as the `code/` layout keeps it (BEHAVIOUR 14): a packfile holding the commit and
/// every object of its tree, without history. git proves it: indexing the pack computes every
/// object's id from its bytes, the commit's id is the pin, and the commit names its tree.
enum RemoteGitPack {
    /// Writes the packfile of `commit` from the mirror into `pack`, through the object list `list`.
    static func make(of commit: String, from mirror: GitMirror, into pack: LocalPath, list: LocalPath, fileSystem: any FileSystem) async throws {
        let objects = try await mirror.git(["rev-list", "--objects", "--no-walk", commit])
        try fileSystem.writeAtomically(Array(objects.utf8), to: list, shownAs: list.string)
        // pack-objects reads the list on its standard input.
        let script = #"exec git --git-dir="$1" pack-objects -q --stdout < "$2" > "$3""#
        let result = try await ChildProcess.run(
            "sh", ["-c", script, "sh", mirror.path.string, list.string, pack.string], environment: GitMirror.environment, outputLimit: 1 << 20)
        guard result.succeeded else {
            throw GitCommandFailure(tool: "git", arguments: ["pack-objects"], standardError: result.standardErrorText, status: result.status)
        }
    }

    /// What keeps the packfile at `pack` from being the code of `commit`; nil when
    /// it is that code, in which case `tree` holds its files as a tar archive. `repository` is a
    /// fresh path for a throw-away bare repository the pack is indexed in.
    static func problem(_ pack: LocalPath, commit: String, repository: LocalPath, tree: LocalPath, fileSystem: any FileSystem) async throws -> RemoteCopyProblem? {
        // The least a bare repository is (what `git init --bare` makes, without its templates):
        // one process fewer per package.
        try fileSystem.makeDirectories(repository / "objects/pack", shownAs: repository.string)
        try fileSystem.makeDirectories(repository / "refs", shownAs: repository.string)
        try fileSystem.writeAtomically(Array("ref: refs/heads/main\n".utf8), to: repository / "HEAD", shownAs: repository.string)
        let packed = repository / "objects/pack/pack-remote.pack"
        try fileSystem.move(pack, to: packed, shownAs: packed.string)
        let indexed = try await git(["--git-dir", repository.string, "index-pack", packed.string])
        guard indexed.succeeded else { return .notAPackfile(firstLine(indexed)) }
        // `<commit>^{commit}`: the object must be that commit; archiving it reads its whole tree.
        let archived = try await git(["--git-dir", repository.string, "archive", "--format=tar", "-o", tree.string, commit + "^{commit}"])
        guard archived.succeeded else {
            let cause = firstLine(archived)
            if case let .firstLine(line) = cause,
               line.contains("not a valid object name") || line.contains("not a tree object") || line.contains("bad revision") {
                return .noCommit(commit)
            }
            return .lacksFiles(commit: commit, cause)
        }
        return nil
    }

    private static func git(_ arguments: [String]) async throws -> ChildProcessResult {
        try await ChildProcess.run("git", arguments, environment: GitMirror.environment, outputLimit: 1 << 20)
    }

    private static func firstLine(_ result: ChildProcessResult) -> RemoteCopyProblem.GitOutput {
        let line = result.standardErrorText.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? .status(result.status) : .firstLine(String(line.prefix(160)))
    }
}
