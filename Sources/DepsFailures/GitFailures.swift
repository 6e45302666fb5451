/// A git (or tar) command of a mirror or a working copy that ended with a non-zero status, as
/// data: the command, what it wrote on its standard error and its status. DepsPresenters words it.
public struct GitCommandFailure: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// `git` or `tar`.
    public let tool: String
    public let arguments: [String]
    /// What the command wrote on its standard error, trimmed.
    public let standardError: String
    /// Its exit status.
    public let status: Int32

    public init(tool: String, arguments: [String], standardError: String, status: Int32) {
        self.tool = tool
        self.arguments = arguments
        self.standardError = standardError
        self.status = status
    }

    /// The git sub-command (`clone`, `fetch`, `archive`), past `--git-dir <mirror>` or `-C <folder>`;
    /// for tar, its first argument.
    public var subcommand: String {
        if let first = arguments.first, first == "--git-dir" || first == "-C", arguments.count > 2 { return arguments[2] }
        return arguments.first ?? ""
    }
}

/// A git operation over the network that went on past its limit.
public struct GitDeadlineExceeded: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// The remote, as git was given it.
    public let url: String
    public let seconds: Double
    /// What allows longer (an environment variable), when known.
    public let setting: String?

    public init(url: String, seconds: Double, setting: String?) {
        self.url = url
        self.seconds = seconds
        self.setting = setting
    }
}

/// A git operation on a repository that failed, as data: git could not be started, a git (or
/// tar) command failed, or it went on past its limit. DepsPresenters words it.
public enum GitFailure: Sendable, Equatable {
    /// What the repository is to deps, for the words: a package's code or a spec repository.
    public enum Subject: Sendable, Equatable {
        case repository
        case specRepository
    }

    case notRun(ChildProcessError)
    case command(GitCommandFailure, of: Subject)
    case deadline(GitDeadlineExceeded)
}

/// Reads git's standard error for the cause of a failure. git ends most failures to reach a
/// repository with the same advice ("fatal: Could not read from remote repository.", "Please
/// make sure you have the correct access rights", "and the repository exists."), whatever the
/// cause; the cause is in the lines before it: `fatal: '/x' does not appear to be a git
/// repository`, `ssh: Could not resolve hostname …`, `fatal: repository '…' not found`,
/// `ERROR: Repository not found.` from a server.
public enum GitErrorText {
    /// Advice git prints after any failure to read from a remote, which names no cause.
    static let advice: Set<String> = [
        "Could not read from remote repository.",
        "Please make sure you have the correct access rights",
        "and the repository exists.",
    ]

    /// At most this many lines of the cause are kept.
    static let maximumLines = 3

    /// The meaningful lines of `standardError`, joined by `; `: without `fatal: ` and `error: `,
    /// without hints, progress and the generic advice (kept only when nothing else is said), each
    /// line once. Nil when git said nothing.
    public static func cause(of standardError: String) -> String? {
        var lines: [String] = []
        var warnings: [String] = []
        var generic: [String] = []
        for raw in standardError.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            var line = raw.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("hint:") else { continue }
            for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
                line = String(line.dropFirst(prefix.count)).trimmingWhitespace()
            }
            if line.hasPrefix("warning: ") {
                warnings.append(line)
            } else if advice.contains(line) {
                generic.append(line)
            } else if !lines.contains(line) {
                lines.append(line)
            }
        }
        let chosen = !lines.isEmpty ? lines : !warnings.isEmpty ? warnings : generic
        guard !chosen.isEmpty else { return nil }
        return chosen.prefix(maximumLines).joined(separator: "; ")
    }
}


