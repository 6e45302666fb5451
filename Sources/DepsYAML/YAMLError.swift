import DepsFailures
/// A problem found in a YAML file, located by file, line and (when known) column.
///
/// Its description is the compiler-style diagnostic line printed to users:
/// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE:LINE: error: MESSAGE` without a column.
public struct YAMLError: ExitStatusError, Sendable, Equatable, CustomStringConvertible {
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

    /// An error located at a node's or event's mark.
    public init(file: String, mark: YAMLMark, message: String) {
        self.init(file: file, line: mark.line, column: mark.column, message: message)
    }

    public var description: String {
        if let column {
            return "\(file):\(line):\(column): error: \(message)"
        }
        return "\(file):\(line): error: \(message)"
    }
}
