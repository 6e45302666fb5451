import DepsSignals
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DepsCommand {
    /// How deps reacts to SIGINT and SIGTERM; `main` calls it first, before any thread starts.
    ///
    /// While a command waits for a child process (fetching code, cloning or reading a remote spec
    /// repository), a signal cancels its work (`Output.run`): child processes stop, the work
    /// removes its temporary files and deps exits with 130 or 143. Otherwise a signal ends deps at
    /// once, but never in the middle of writing a file: a file being written is finished and
    /// renamed into place first, then the temporary files and folders deps is making are removed
    /// (BEHAVIOUR 7).
    public static func takeOverTerminationSignals() {
        TerminationSignals.takeOver { signal in
            LeftBehindProcesses.stop()
            TemporaryPaths.removeAllAsDepsEnds()
            Output.write(InterruptionMessage.ending(by: signal) + "\n", to: .descriptor(STDERR_FILENO))
        }
    }
}
