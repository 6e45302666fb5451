import DepsFailures

extension YAMLError {
    /// An error located at a node's or event's mark.
    public init(file: String, mark: YAMLMark, problem: Problem) {
        self.init(file: file, line: mark.line, column: mark.column, problem: problem)
    }
}
