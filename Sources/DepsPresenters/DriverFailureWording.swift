import DepsFailures

// How a failure of the outside world reads: the one place that words the data the drivers
// throw (DepsFailures holds only the data). deps' own presenters use these words where a
// message quotes a failure.

extension FileAccessError: CustomStringConvertible {
    /// `Deps/Manifest.lock: error: cannot write: it is read-only`, the path escaped.
    public var description: String { "\(FailureText.escaped(path)): error: \(reason)" }

    /// What was being done and what stood in the way, for a message that names the path beside it:
    /// `cannot write: it is read-only`, `is a directory, not a file`.
    public var reason: String {
        if problem == .interrupted {
            let undone = switch operation {
            case .renameIntoPlace?: "renamed into place"
            case .copyCode?: "copied"
            case .replace?: "replaced"
            case .write?, .writeInFolder?, .readLink?, .createFolder?, .link?, .lock?, .writeInCache?, nil: "written"
            }
            return "not \(undone): deps was interrupted"
        }
        guard let operation else { return Self.words(for: problem, subject: "") }
        let doing = switch operation {
        case .write, .replace: "cannot write"
        case .writeInFolder: "cannot write in its folder"
        case .readLink: "cannot read the symbolic link"
        case .createFolder: "cannot create the folder"
        case .renameIntoPlace: "cannot rename into place"
        case .copyCode: "cannot copy the code"
        case .link: "cannot link"
        case .lock: "cannot lock"
        case .writeInCache: "cannot write in the cache"
        }
        return "\(doing): \(Self.words(for: problem, subject: "it "))"
    }

    fileprivate static func words(for problem: FileProblem, subject: String) -> String {
        switch problem {
        case let .system(code): FailureText.systemMessage(code)
        case let .systemMessage(message): FailureText.escaped(message)
        case .isDirectory: "\(subject)is a directory, not a file"
        case .notRegularFile: "\(subject)is not a regular file"
        case .notAFolder: "\(subject)is not a folder"
        case .danglingFolderLink: "\(subject)is a symbolic link to a missing folder"
        case .occupied: "something else is there"
        case .readOnlyFile: "\(subject)is read-only"
        case .readOnlyFolder: "the folder is read-only"
        case .interrupted: "deps was interrupted"
        case let .unsupportedEntry(entry): "\(FailureText.escaped(entry)) is not a file, a folder or a symbolic link"
        case let .entry(entry, code): "\(FailureText.escaped(entry)): \(FailureText.systemMessage(code))"
        }
    }
}

extension FileProblem: CustomStringConvertible {
    /// What stood in the way, naming no file: `read-only file system`.
    public var description: String { FileAccessError.words(for: self, subject: "") }
}

extension HTTPError: CustomStringConvertible {
    /// One short line, e.g. `http://127.0.0.1:4321/a.tar.gz: timed out after 3 attempts`.
    public var description: String {
        "\(FailureText.printable(Self.withoutCredentials(url), limit: 300)): \(causeDescription)"
    }

    /// Why, in a few words, for a message that names the URL beside it: `timed out after 3 attempts`.
    public var causeDescription: String {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        switch cause {
        case .timedOut:
            return "timed out after \(tries)"
        case .deadlineExceeded(let seconds, let setting):
            let raise = setting.map { "; \(FailureText.printable($0, limit: 80)) allows longer" } ?? ""
            return "the download did not finish within \(FailureText.shownSeconds(seconds)) seconds, the limit for one download\(raise)"
        case .serverError(let status):
            return "server error \(status) (\(tries))"
        case .truncated:
            return "the response body ended early (\(tries))"
        case .connectionFailed(let connection):
            let words = switch connection {
            case .refused: "could not connect"
            case .emptyReply: "the server sent an empty reply"
            case .broken: "the connection broke"
            case .hostUnresolved: "could not resolve the host"
            }
            return "\(words) (\(tries))"
        case .unsupportedScheme(let schemes, let upload):
            let listed = schemes.count > 1 ? schemes.dropLast().joined(separator: ", ") + " and " + schemes.last! : schemes.joined()
            return upload ? "only \(listed) URLs take uploads" : "only \(listed) URLs are supported"
        case .unsendableHeader(let name):
            return "cannot send the request header \(FailureText.printable(name, limit: 60))"
        case .requestNotSent:
            return "cannot send the request"
        case .unreadableFile(let path):
            return "cannot read \(FailureText.printable(path, limit: 160))"
        case .unwritableFile(let path):
            return "cannot write \(FailureText.printable(path, limit: 160))"
        case .noStatus:
            return "no HTTP status in the response"
        case .tooManyRedirects:
            return "too many redirects"
        case .transferFailed(let words):
            return FailureText.printable(words, limit: 160)
        case .engineUnavailable(.notLoaded(let words)):
            return FailureText.printable(words, limit: 160)
        case .engineUnavailable(.notStarted):
            return "libcurl could not start"
        case .engineUnavailable(.transferNotStarted):
            return "libcurl could not start a transfer"
        case .engineUnavailable(.threadNotStarted):
            return "cannot start the transfer thread"
        }
    }
}

extension ChildProcessError: CustomStringConvertible {
    /// A one-line message naming the executable, e.g. `cannot run git: not found in PATH`.
    public var description: String {
        switch reason {
        case .notFound:
            return executable.contains("/")
                ? "cannot run \(executable): no such executable file"
                : "cannot run \(executable): not found in PATH"
        case .workingDirectoryUnavailable(let directory):
            return "cannot run \(executable): cannot enter the directory \(directory)"
        case .invalidEnvironmentName(let name):
            return "cannot run \(executable): invalid environment variable name \"\(name)\""
        case .outputLimitExceeded(let limit):
            return "\(executable) was stopped: its output exceeded \(limit) bytes"
        case .failed(let message):
            return "cannot run \(executable): \(message)"
        }
    }
}

extension GitCommandFailure {
    /// What went wrong, in git's words (`GitErrorText.cause(of:)`), else the exit status.
    public var cause: String { GitErrorText.cause(of: standardError) ?? "exit status \(status)" }

    /// The failure as a reason: what was being done to `subject` (`the repository`, `the spec
    /// repository`), then the cause: `cannot clone the repository: '/x' does not appear to be a
    /// git repository`.
    public func reason(for subject: String) -> String {
        "\(Self.activity(tool: tool, subcommand: subcommand, subject: subject)): \(cause)"
    }

    /// What a command was doing, in a few words.
    static func activity(tool: String, subcommand: String, subject: String) -> String {
        guard tool == "git" else { return "cannot extract the files of a commit of \(subject) (\(tool) failed)" }
        switch subcommand {
        case "clone": return "cannot clone \(subject)"
        case "fetch": return "cannot fetch from \(subject)"
        case "ls-remote": return "cannot ask \(subject) for its default branch"
        case "push": return "cannot push to \(subject)"
        case "archive": return "cannot export a commit of \(subject)"
        default: return "git \(subcommand) failed on \(subject)"
        }
    }
}

extension GitFailure {
    /// What was being done and git's cause, for a message that names the URL beside it:
    /// `cannot clone the repository: '/x' does not appear to be a git repository`.
    public var reason: String {
        switch self {
        case let .notRun(error): error.description
        case let .command(failure, subject): failure.reason(for: subject == .repository ? "the repository" : "the spec repository")
        case let .deadline(deadline): deadline.reason
        }
    }
}

extension GitDeadlineExceeded {
    /// `git did not finish within 30 seconds, the limit for one git operation; X allows longer`,
    /// for a message that names the URL beside it.
    public var reason: String {
        let shown = FailureText.shownSeconds(seconds)
        let raise = setting.map { "; \($0) allows longer" } ?? ""
        return "git did not finish within \(shown) seconds, the limit for one git operation\(raise)"
    }
}

extension YAMLError: CustomStringConvertible {
    /// `Depsfile:3:5: error: mapping values are not allowed in this context`, libyaml's words as they are.
    public var description: String { "\(FailureText.location(file, line: line, column: column)): error: \(problem)" }
}

extension YAMLError.Problem: CustomStringConvertible {
    /// `duplicate key 'Kit'; it was first defined on line 2`; libyaml's words as it gave them.
    public var description: String {
        switch self {
        case let .syntax(text, nil): text ?? "invalid YAML"
        case let .syntax(text, context?):
            if let line = context.line, let column = context.column {
                "\(text ?? "invalid YAML") (\(context.text) at line \(line), column \(column))"
            } else {
                "\(text ?? "invalid YAML") (\(context.text))"
            }
        case let .notUTF8(text, value): "the text is not valid UTF-8: \(text)\(Self.found(value))"
        case let .byteOrderMark(encoding): "the text is not valid UTF-8: it starts with a \(encoding) byte order mark"
        case let .controlCharacter(text, value): "\(text) (found\(Self.found(value)))"
        case let .unreadableBytes(text, value): "\(text ?? "invalid YAML")\(Self.found(value))"
        case .outOfMemory(whileStarting: true): "out of memory while starting the YAML parser"
        case .outOfMemory(whileStarting: false): "out of memory while reading YAML"
        case .secondDocument: "more than one document in the file; a second document starts here"
        case let .alias(name): "aliases are not supported (found '*\(name)')"
        case let .anchor(name): "anchors are not supported (found '&\(name)')"
        case let .tag(tag): "tags are not supported (found '\(tag)')"
        case let .duplicateKey(key, firstLine): "duplicate key '\(key)'; it was first defined on line \(firstLine)"
        case let .nestedTooDeep(maximum): "sequences and mappings nest deeper than \(maximum) levels"
        case let .collectionAsKey(isMapping): "a mapping key must be a scalar, not \(isMapping ? "a mapping" : "a sequence")"
        }
    }

    /// ` 0xC3`: the byte or code point libyaml stopped at, in hexadecimal with an even number of digits.
    private static func found(_ value: Int32?) -> String {
        guard let value else { return "" }
        let digits = String(value, radix: 16, uppercase: true)
        return " 0x" + (digits.count % 2 == 1 ? "0" + digits : digits)
    }
}

extension PropertyListError: CustomStringConvertible {
    /// `App.xcodeproj/project.pbxproj:12:5: error: expected ';', found '}'`.
    public var description: String {
        let problem = switch cause {
        case let .unexpected(text): "unexpected '\(FailureText.escaped(text))'"
        case .unexpectedEnd: "the file ends where a value should be"
        case .unterminatedString: "a quoted string is not closed"
        case .unterminatedComment: "a comment is not closed"
        case let .unclosed(bracket): "this '\(bracket)' is never closed"
        case let .expected(wanted, found): "expected '\(wanted)', found '\(FailureText.escaped(found))'"
        case .keyNotAString: "expected 'a key', found 'a list or dictionary'"
        case .conflictMarker: "merge conflict marker"
        case let .nestedTooDeeply(limit): "lists and dictionaries are nested more than \(limit) deep"
        case let .missingObject(id): "the object '\(FailureText.escaped(id))' is referenced but not in the file"
        case let .noSuchTarget(name, targets):
            "the project has no target '\(FailureText.escaped(name))'"
                + (targets.isEmpty ? " (it has no targets)" : " (its targets: \(targets.map(FailureText.escaped).joined(separator: ", ")))")
        }
        return "\(FailureText.location(FailureText.escaped(file), line: line, column: column)): error: \(problem)"
    }
}
