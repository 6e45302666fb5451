import DepsCore
import DepsYAML
import DepsFailures

/// How deps' readers make a `MalformedInputError`: from a message whose values `MessageText`
/// escaped, at a YAML node, or from libyaml's own problem.
extension MalformedInputError {
    public init(file: String, line: Int? = nil, column: Int? = nil, message: MessageText, remedy: Remedy? = nil) {
        self.init(file: file, line: line, column: column, problem: .worded(message), remedy: remedy)
    }

    /// Transitional: a sentence built by a reader not yet converted to typed problems.
    public init(file: String, at node: YAMLNode, _ message: MessageText) {
        self.init(file: file, at: node, .worded(message))
    }

    public init(file: String, at node: YAMLNode, _ problem: InputProblem) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: problem)
    }

    /// libyaml's problem, with the typo it stems from when `YAMLTypoHint` finds one.
    public init(_ error: YAMLError, typo: YAMLTypo? = nil) {
        self.init(file: error.file, line: error.line, column: error.column, problem: .yamlSyntax(error.message, typo: typo))
    }
}
