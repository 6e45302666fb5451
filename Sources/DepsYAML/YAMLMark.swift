/// A position in YAML text: 1-based line and column (columns count characters, not bytes).
///
/// Nodes built in code rather than read from text carry line 0, column 0.
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
