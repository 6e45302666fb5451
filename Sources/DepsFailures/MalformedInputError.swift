/// A Depsfile, lockfile, spec or Podfile that cannot be read as one (exit status 65): the file,
/// the line (and column when known) and the problem, its values already escaped.
/// `FailureText.swift` words it: `Depsfile:4: error: invalid requirement '~> abc' for Alamofire`.
public struct MalformedInputError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let line: Int?
    public let column: Int?
    public let message: String
    /// What puts it right, when a command does; the CLI words it after the message.
    public let remedy: Remedy?

    public enum Remedy: Sendable, Equatable {
        /// A merge left conflict markers: resolve them, then install; with `orRewrite`, an
        /// install may also rewrite the file from either side.
        case resolveMergeConflict(orRewrite: Bool)
    }

    /// `message` is shown as it is: every value from input in it must be escaped already.
    public init(file: String, line: Int? = nil, column: Int? = nil, escapedMessage message: String, remedy: Remedy? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.remedy = remedy
    }
}
