import DepsFailures

/// A file deps reads is not what it should be: where (the file as shown, its line and column
/// when known) and what (`problem`, data that DepsPresenters words).
public struct MalformedInputError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let line: Int?
    public let column: Int?
    public let problem: InputProblem
    /// What puts it right, when a command does; the presenters word it after the problem.
    public let remedy: Remedy?

    public enum Remedy: Sendable, Equatable {
        /// A merge left conflict markers: resolve them, then install; with `orRewrite`, an
        /// install may also rewrite the file from either side.
        case resolveMergeConflict(orRewrite: Bool)
    }

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: InputProblem, remedy: Remedy? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.remedy = remedy
    }
}
