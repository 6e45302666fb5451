// Running a program as a child process and collecting what it prints.
//
// This module knows nothing of its callers: it runs an executable with arguments, an optional
// working directory and extra environment variables, and returns the exit status with both
// output streams. It is built on swift-subprocess, which on Linux and macOS starts the child with
// an empty signal mask and every signal disposition reset to its default (SIG_DFL), so a child
// gets the ordinary SIGINT/SIGTERM behaviour even when this process blocks or ignores them.

import DepsSignals
import Subprocess
import Synchronization

import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished child process left behind: its exit status and everything it wrote.
public struct ChildProcessResult: Sendable {
    /// The exit code, or 128 plus the signal number when a signal ended the process
    /// (the shell's convention: 143 for SIGTERM, 137 for SIGKILL).
    public let status: Int32
    /// Everything the process wrote to its standard output.
    public let standardOutput: [UInt8]
    /// Everything the process wrote to its standard error.
    public let standardError: [UInt8]

    /// Creates a result from its parts.
    public init(status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Whether the process exited with status 0.
    public var succeeded: Bool { status == 0 }

    /// Standard output decoded as UTF-8 (invalid sequences replaced), unmodified.
    public var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Standard error decoded as UTF-8 (invalid sequences replaced), with leading and trailing
    /// whitespace and newlines removed: ready to be quoted in a message.
    public var standardErrorText: String { String(decoding: standardError, as: UTF8.self).trimmingWhitespace() }
}

/// Runs programs as child processes.
public enum ChildProcess {
    /// Runs `executable` with `arguments` and waits for it to exit, collecting both of its output
    /// streams.
    ///
    /// - Parameters:
    ///   - executable: a name looked up in `PATH` (e.g. `"git"`), or a path when it contains a
    ///     `/`; a relative path is taken from this process's current directory, not from
    ///     `workingDirectory`.
    ///   - arguments: the arguments, not including the program name.
    ///   - workingDirectory: the directory the child starts in; this process's own when `nil`.
    ///   - environment: variables added to (or replacing those of) the inherited environment.
    ///     Only `LeftBehindProcesses.marker` is added besides, so that what the child starts can
    ///     be found if the child is stopped before it.
    ///   - outputLimit: the most bytes kept from each of standard output and standard error.
    ///     A process that writes more is terminated and ``ChildProcessError/Reason/outputLimitExceeded(_:)``
    ///     is thrown: output is never silently truncated.
    /// - Returns: the exit status and the collected output. A non-zero status is returned, not thrown.
    /// - Throws: ``ChildProcessError`` when the process cannot be started or writes too much;
    ///   `CancellationError` when the calling task is cancelled, in which case the child is sent
    ///   SIGTERM, then SIGKILL if it is still running half a second later, and has been reaped
    ///   when this returns.
    ///
    /// Standard input is `/dev/null`. The child gets default signal dispositions and an empty
    /// signal mask, whatever this process has set.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        workingDirectory: String? = nil,
        environment: [String: String] = [:],
        outputLimit: Int = 4 << 20
    ) async throws -> ChildProcessResult {
        try Task.checkCancellation()

        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            guard !name.isEmpty, !name.contains("="), !name.utf8.contains(0),
                  let key = Environment.Key(rawValue: name)
            else {
                throw ChildProcessError(executable: executable, reason: .invalidEnvironmentName(name))
            }
            overrides[key] = value
        }
        if let key = Environment.Key(rawValue: LeftBehindProcesses.marker) { overrides[key] = LeftBehindProcesses.value }
        let childMark = LeftBehindProcesses.newChildMark()
        if let key = Environment.Key(rawValue: LeftBehindProcesses.childMarker) { overrides[key] = childMark }

        let target: Executable
        if executable.contains("/") {
            target = .path(.init(absolutePath(executable)))
        } else if let found = ExecutableSearch.shared.path(of: executable) {
            // Looked up once per process: starting by name would try every PATH entry each time.
            target = .path(.init(found))
        } else {
            target = .name(executable)
        }

        var options = PlatformOptions()
        options.teardownSequence = [
            .send(signal: .terminate, allowedDurationToNextStep: .milliseconds(500)),
        ]
        let limit = max(0, outputLimit)

        let outcome: ExecutionResult<Void, BytesOutput, BytesOutput>
        do {
            outcome = try await TerminationSignals.whileChildProcessRuns {
                try await Subprocess.run(
                target,
                arguments: Arguments(arguments),
                environment: overrides.isEmpty ? .inherit : .inherit.updating(overrides),
                workingDirectory: workingDirectory.map { .init($0) },
                platformOptions: options,
                input: .none,
                output: .bytes(limit: limit),
                error: .bytes(limit: limit)
                )
            }
        } catch let error as SubprocessError {
            if Task.isCancelled { throw cancelled(leaving: childMark) }
            throw ChildProcessError(executable: executable, reason: reason(for: error, workingDirectory: workingDirectory, limit: limit))
        } catch {
            if Task.isCancelled { throw cancelled(leaving: childMark) }
            throw error
        }
        // A cancelled run ends normally once the teardown has killed the child; report it as
        // cancellation rather than as the signal's exit status.
        if Task.isCancelled { throw cancelled(leaving: childMark) }

        let status: Int32
        switch outcome.terminationStatus {
        case .exited(let code): status = Int32(truncatingIfNeeded: code)
        case .signaled(let signal): status = 128 + Int32(truncatingIfNeeded: signal)
        }
        return ChildProcessResult(
            status: status,
            standardOutput: outcome.standardOutput,
            standardError: outcome.standardError
        )
    }

    /// The child was stopped (a deadline, a signal): what it started (git's remote helper,
    /// `index-pack`, the compiler `swift` runs) would run on, orphaned; it is stopped too.
    private static func cancelled(leaving childMark: String) -> CancellationError {
        LeftBehindProcesses.stop(leftByChild: childMark)
        return CancellationError()
    }

    private static func reason(
        for error: SubprocessError, workingDirectory: String?, limit: Int
    ) -> ChildProcessError.Reason {
        switch error.code {
        case .executableNotFound:
            return .notFound
        case .failedToChangeWorkingDirectory:
            return .workingDirectoryUnavailable(workingDirectory ?? ".")
        case .outputLimitExceeded:
            return .outputLimitExceeded(limit)
        default:
            return .failed(error.description)
        }
    }

    /// `path` made absolute against the current directory when it is relative.
    /// Where a program named without a `/` is found on PATH; nil when it is not.
    public static func executablePath(of name: String) -> String? {
        ExecutableSearch.shared.path(of: name)
    }

    private static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = currentDirectory() else { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return cwd.hasSuffix("/") ? cwd + relative : cwd + "/" + relative
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let ok = buffer.withUnsafeMutableBufferPointer { getcwd($0.baseAddress, $0.count) != nil }
        guard ok else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}


/// Finds programs in `PATH` once per process and remembers where they are.
final class ExecutableSearch: Sendable {
    static let shared = ExecutableSearch()
    private let found = Mutex<[String: String]>([:])

    private init() {}

    func path(of name: String) -> String? {
        found.withLock { found in
            if let known = found[name] { return known }
            guard let variable = getenv("PATH") else { return nil }
            for folder in String(cString: variable).split(separator: ":", omittingEmptySubsequences: true) where folder.hasPrefix("/") {
                let candidate = "\(folder)/\(name)"
                var info = stat()
                if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                    found[name] = candidate
                    return candidate
                }
            }
            return nil
        }
    }
}
