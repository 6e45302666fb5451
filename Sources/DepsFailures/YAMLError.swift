/// A problem found in a YAML file, located by file, line and (when known) column.
///
/// DepsPresenters words it (`DriverFailureWording.swift`) as a compiler does: `FILE:LINE:COLUMN: error: MESSAGE`.
public struct YAMLError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let line: Int
    public let column: Int?
    public let message: String

    public init(file: String, line: Int, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}
