import DepsSignals
import Synchronization
import ArgumentParser
import DepsCode
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import DepsProcess
import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes results to stdout and diagnostics to stderr, and turns errors into the exit
/// statuses of BEHAVIOUR 6: 1 for a "no", 64 for usage, 65 for malformed input, 74 for I/O.
struct Output {
    let options: OutputOptions
    /// Where the results go.
    let standardOutput: OutputChannel
    /// Where diagnostics go.
    let standardError: OutputChannel
    /// Why writing the results failed (a closed pipe, a full disk), if it did.
    private let lostOutput = LostOutput()

    init(options: OutputOptions, context: RunContext) {
        self.options = options
        standardOutput = context.standardOutput
        standardError = context.standardError
    }

    func result(_ text: String) {
        guard !options.quiet || options.json else { return }
        if let failure = Self.write(text, to: standardOutput, keepingColour: true) { lostOutput.record(failure) }
    }

    func diagnostic(_ text: String) {
        Self.write(text.hasSuffix("\n") ? text : text + "\n", to: standardError)
    }

    /// Writes all of the text; returns why it could not, if it could not. Every byte deps prints
    /// goes through here, so this is where no control character can pass: whatever a message did
    /// not already escape is escaped now (BEHAVIOUR 7). Only newlines and tabs are kept, and with
    /// `keepingColour`, the colour sequences (`ESC [ 1 ; 32 m`) that `TextStyle` writes.
    @discardableResult
    static func write(_ text: String, to channel: OutputChannel, keepingColour: Bool = false) -> String? {
        writeRaw(neutralized(text, keepingColour: keepingColour), to: channel)
    }

    /// `text` with every control character but newline and tab escaped, and colour sequences
    /// kept when `keepingColour` is true.
    static func neutralized(_ text: String, keepingColour: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { MessageText.isControl($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\t" || !MessageText.isControl(scalar) {
                result.append(scalar)
                index += 1
                continue
            }
            if keepingColour, scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            result.append(contentsOf: MessageText.escaped(String(scalar)).unicodeScalars)
            index += 1
        }
        return String(result)
    }

    /// The index of the `m` that ends a colour sequence (`ESC [`, digits and `;`, `m`) starting at `start`.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "m" && index - start <= 16 ? index : nil
    }

    /// Writes the bytes as they are: for the progress line, which draws itself with `\r` and
    /// `ESC [ K` and shows only names, versions and escaped locations.
    @discardableResult
    static func writeRaw(_ text: String, to channel: OutputChannel) -> String? {
        channel.writeAll(text)
    }

    /// Runs a command body, the one place where deps enters Swift concurrency; prints any error
    /// it throws and exits with its status.
    ///
    /// The body runs in the program's main task, on the main thread. While a child process (git,
    /// curl, tar) runs, a SIGINT or SIGTERM cancels that task: the children stop, the work removes
    /// its temporary files, and deps exits with 130 or 143. Otherwise a signal ends deps at once,
    /// never in the middle of a write (`DepsCommand.takeOverTerminationSignals`). A body that never
    /// waits for a child process or a parallel fetch suspends nowhere and starts no thread.
    func run(_ body: () async throws -> Int32) async throws {
        // The task that runs the command outlives the registration, which ends below.
        nonisolated(unsafe) let mainTask = withUnsafeCurrentTask { $0 }
        let interruption = TerminationSignals.interrupting { @Sendable _ in mainTask?.cancel() }
        let outcome: Result<Int32, Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        let status: Int32
        do {
            if let signal = interruption.end() {
                // The children have stopped; what they started may not have: stop it, then remove
                // what it may have written since the work removed its temporary paths.
                LeftBehindProcesses.stop()
                TemporaryPaths.removeAll()
                var finished = false
                if case .success = outcome { finished = true }
                throw TerminationSignals.Interrupted(signal: signal, afterFinishing: finished)
            }
            status = try outcome.get()
        } catch {
            let (message, errorStatus) = Self.describe(error)
            diagnostic(message)
            if options.json { Self.write(JSONPresenter.renderError(error, message: message, status: errorStatus), to: standardOutput) }
            throw ExitCode(errorStatus)
        }
        if let failure = lostOutput.failure {
            // The work is done, but its report was lost: say so, and do not exit with 0.
            diagnostic("error: cannot write the output: \(failure)")
            throw ExitCode(74)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The message and the exit status of an error. The status is the error's own
    /// (`ExitStatusError`); the words are `ErrorWording`'s. An error of no deps type (none is
    /// thrown where a command runs) is a fault in deps: 70, with what the error says.
    static func describe(_ error: Error) -> (message: String, status: Int32) {
        guard let error = error as? any ExitStatusError else {
            return ("error: internal fault, please report it: \(error)", ExitStatus.internalFault.code)
        }
        return (ErrorWording.message(for: error), error.exitStatus.code)
    }
}

/// What deps says when SIGINT or SIGTERM ends it.
enum InterruptionMessage {
    /// Work that was cancelled (fetching, reading a remote spec repository), or that had finished.
    static func text(for interruption: TerminationSignals.Interrupted) -> String {
        let signal = name(of: interruption.signal)
        return interruption.afterFinishing
            ? "deps: interrupted by \(signal) as it finished; every file it wrote is complete"
            : "deps: interrupted by \(signal); temporary files were removed and Depsfile.lock was not written"
    }

    /// What deps says when a signal ends it while it is not fetching (see `DepsCommand.takeOverTerminationSignals`).
    static func ending(by signal: Int32) -> String {
        "deps: interrupted by \(name(of: signal)); temporary files were removed and no file was left half-written"
    }

    static func name(of signal: Int32) -> String { signal == SIGINT ? "SIGINT" : "SIGTERM" }
}

/// Where `Output` notes that writing the results failed.
final class LostOutput: Sendable {
    private let reason = Mutex<String?>(nil)

    func record(_ failure: String) { reason.withLock { if $0 == nil { $0 = failure } } }
    var failure: String? { reason.withLock { $0 } }
}
