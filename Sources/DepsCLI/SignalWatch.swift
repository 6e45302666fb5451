import DepsAdapters
import DepsProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches for SIGINT and SIGTERM while a command fetches, and calls `interrupt` on the first one,
/// so that the work is cancelled and cleans up instead of dying mid-write.
///
/// Outside such work a signal ends deps at once (status 130 or 143), but never in the middle of
/// writing a file: a file being written is finished and renamed into place first, then the
/// temporary files and folders deps is making are removed (BEHAVIOUR 7).
struct SignalWatch {
    private let interruption: TerminationSignals.Interruption

    init(interrupt: @escaping @Sendable () -> Void) {
        interruption = TerminationSignals.interrupting { _ in interrupt() }
    }

    /// Stops watching; returns the signal that arrived, if any.
    func end() -> Int32? {
        interruption.end()
    }

    /// Takes SIGINT and SIGTERM for the whole process; `main` calls it before anything else.
    static func takeOver() {
        TerminationSignals.takeOver { signal in
            TemporaryPaths.removeAll()
            Output.write(InterruptedError.ending(by: signal) + "\n", to: STDERR_FILENO)
        }
    }
}

extension DepsCommand {
    /// How deps reacts to SIGINT and SIGTERM (see `SignalWatch`); `main` calls it first, before
    /// any thread starts.
    public static func takeOverTerminationSignals() {
        SignalWatch.takeOver()
    }
}
