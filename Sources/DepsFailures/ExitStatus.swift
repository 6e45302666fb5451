/// The status a process ends with when a command fails (BEHAVIOUR 6, after BSD's sysexits):
/// 1 for a "no" (not in sync, no solution, a file it will not overwrite), 64 for a usage error,
/// 65 for input that is not what it claims to be, 74 for a file or the network that failed,
/// 128 plus the signal's number when a signal ended the work.
public struct ExitStatus: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let code: Int32

    private init(code: Int32) { self.code = code }

    /// The answer is no: a check found drift, a resolution has no solution, a file is in the way.
    public static let refused = ExitStatus(code: 1)
    /// The command was asked for something it cannot mean: a bad argument or setting (`EX_USAGE`).
    public static let usage = ExitStatus(code: 64)
    /// A file, a spec or code is not what it claims to be (`EX_DATAERR`).
    public static let malformedInput = ExitStatus(code: 65)
    /// A fault in deps itself (`EX_SOFTWARE`): an error no type here classifies.
    public static let internalFault = ExitStatus(code: 70)
    /// A file or the network could not be read or written (`EX_IOERR`).
    public static let inputOutput = ExitStatus(code: 74)

    /// The work was ended by a signal: 130 for SIGINT, 143 for SIGTERM.
    public static func signalled(_ signal: Int32) -> ExitStatus { ExitStatus(code: 128 + signal) }

    public var description: String { String(code) }
}

/// An error that says which status it ends a command with. Every error deps throws conforms, so
/// the compiler asks each new error type for its status where it is declared; nothing maps types
/// to statuses elsewhere.
public protocol ExitStatusError: Error, Sendable {
    var exitStatus: ExitStatus { get }
}
