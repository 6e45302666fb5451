/// A child process that could not be run to completion: it could not be started, or it wrote
/// more than the caller allowed. A process that started and exited with a non-zero status is not
/// an error; it is a ``ChildProcessResult`` whose ``ChildProcessResult/succeeded`` is false.
public struct ChildProcessError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// Why the process could not be run.
    public enum Reason: Sendable, Equatable {
        /// No executable of that name was found in `PATH`, or no file exists at that path.
        case notFound
        /// The working directory does not exist or cannot be entered.
        case workingDirectoryUnavailable(String)
        /// An environment variable name is not valid (empty, or containing `=` or NUL).
        case invalidEnvironmentName(String)
        /// One output stream exceeded the limit given to ``ChildProcess/run(_:_:workingDirectory:environment:outputLimit:)``;
        /// the process was terminated.
        case outputLimitExceeded(Int)
        /// Anything else that kept the process from starting or from being observed.
        case failed(String)
    }

    /// The executable as the caller named it.
    public let executable: String
    /// Why it could not be run.
    public let reason: Reason

    /// Creates an error for `executable`.
    public init(executable: String, reason: Reason) {
        self.executable = executable
        self.reason = reason
    }
}
