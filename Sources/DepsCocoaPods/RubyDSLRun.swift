import DepsProcess
import DepsFailures

/// The `ruby` on PATH running one of deps' DSL programs (`RubyPodfileDSL`, `RubyPodspecDSL`) on a
/// CocoaPods file, in the file's folder, with the user's environment. Both DSLs report a Ruby error
/// on standard error as `<marker>LINE:MESSAGE` for the file's own line; this reads it back, so a
/// Podfile's and a podspec's errors are read alike.
struct RubyDSLRun {
    /// Why the program gave no output; each caller words it for its file (a file Ruby cannot
    /// read is bad input).
    enum Failure: ExitStatusError {
        /// No `ruby` on PATH.
        case rubyMissing
        /// `ruby` could not be started (the child process's own error).
        case notStarted(ChildProcessError)
        /// The DSL stopped the file at its `line` (when it could say) with its message.
        case dslStopped(line: Int?, message: String)
        /// Ruby stopped before the DSL could say why (a syntax error): its first line of text,
        /// none when it wrote nothing on standard error.
        case rubyStopped(message: String?)

        var exitStatus: ExitStatus { .malformedInput }
    }

    let program: String
    /// What the DSL writes before `LINE:MESSAGE` (`deps-podfile-error:`).
    let errorMarker: String

    /// The program's standard output for the file `fileName` in `folder`. Ruby runs in that folder,
    /// so the file is named there by its last component (a path relative to deps' own working
    /// directory would not be found from it).
    /// Throws a `Failure`, or what stopped the run itself (an interruption) as it came.
    func run(fileName: String, folder: String) async throws -> ChildProcessResult {
        let result: ChildProcessResult
        do {
            let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
            result = try await ChildProcess.run("ruby", ["-e", program, name], workingDirectory: folder)
        } catch let error as ChildProcessError {
            if case .notFound = error.reason { throw Failure.rubyMissing }
            throw Failure.notStarted(error)
        }
        guard result.succeeded else { throw Self.failure(result.standardErrorText, marker: errorMarker) }
        return result
    }

    /// The line and first line of message after `marker` in `standardError`, or Ruby's own first
    /// line when it stopped before the DSL could say (a syntax error).
    static func failure(_ standardError: String, marker: String) -> Failure {
        guard let start = standardError.firstRange(of: marker) else {
            let first = standardError.split(separator: "\n").first.map(String.init)
            return .rubyStopped(message: first)
        }
        let rest = standardError[start.upperBound...]
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let line = parts.first.flatMap { Int($0) }
        let message = parts.count > 1 ? String(parts[1].split(separator: "\n").first ?? "") : String(rest)
        return .dslStopped(line: line == 0 ? nil : line, message: message)
    }
}
