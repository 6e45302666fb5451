import DepsFileSystem
import DepsProcess
import DepsFailures

/// A throw-away git working copy, made from a local mirror to add a commit and push it to the
/// mirror's remote. It borrows the mirror's objects (`clone --shared`), so making one costs no
/// download; whoever makes it removes its folder. The push uses the system git as the user set it
/// up (SSH keys, credential helpers); nothing is asked on a terminal.
public struct GitWorkTree: Sendable {
    public let path: LocalPath

    /// Makes a working copy of the mirror's default branch in `path` (which must not exist).
    public static func clone(from mirror: GitMirror, into path: LocalPath) async throws -> GitWorkTree {
        try await GitMirror.run("git", ["clone", "--quiet", "--shared", "--template=", "--", mirror.path.string, path.string])
        return GitWorkTree(path: path)
    }

    /// The branch checked out (it may have no commit yet, in an empty repository).
    public func branch() async throws -> String {
        try await git(["symbolic-ref", "--short", "HEAD"]).split(separator: "\n").first.map(String.init) ?? "main"
    }

    /// The commit checked out.
    public func head() async throws -> String {
        try await git(["rev-parse", "HEAD"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Stages the file and commits it alone with the message.
    public func commit(_ relativePath: String, message: String) async throws {
        try await git(["add", "--", relativePath])
        try await git(["commit", "--quiet", "--no-verify", "-m", message, "--", relativePath])
    }

    /// What a push came to.
    public enum PushOutcome: Sendable, Equatable {
        case pushed
        /// The remote branch moved on since the copy was made (someone pushed first).
        case rejected(String)
    }

    /// Pushes the checked-out branch to `url`, within the network limits. A rejection because the branch moved is returned;
    /// any other failure (unreachable, refused credentials) is thrown.
    public func push(to url: String, branch: String, network: GitNetworkLimits = GitNetworkLimits()) async throws -> PushOutcome {
        let arguments = ["-C", path.string, "push", "--quiet", "--porcelain", "--", url, "HEAD:refs/heads/\(branch)"]
        let environment = GitMirror.environment.merging(network.environment) { _, limit in limit }
        let result = try await network.bounding(url) { try await ChildProcess.run("git", arguments, environment: environment) }
        if result.succeeded { return .pushed }
        let output = String(decoding: result.standardOutput, as: UTF8.self) + "\n" + result.standardErrorText
        let moved = ["[rejected]", "non-fast-forward", "fetch first", "cannot lock ref", "stale info", "incorrect old value"]
        if moved.contains(where: { output.contains($0) }) {
            return .rejected(result.standardErrorText.split(separator: "\n").last.map(String.init) ?? "rejected")
        }
        throw GitCommandFailure(tool: "git", arguments: ["push", url], standardError: result.standardErrorText, status: result.status)
    }

    @discardableResult
    func git(_ arguments: [String]) async throws -> String {
        try await GitMirror.run("git", ["-C", path.string] + arguments)
    }
}
