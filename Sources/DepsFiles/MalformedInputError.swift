import DepsCore
import DepsYAML
import DepsFailures

/// How deps' readers make a `MalformedInputError`: a problem at a YAML node, or libyaml's own
/// problem.
extension MalformedInputError {
    public init(file: String, at node: YAMLNode, _ problem: InputProblem) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: problem)
    }

    /// libyaml's problem, with the typo it stems from when `YAMLTypoHint` finds one.
    public init(_ error: YAMLError, typo: YAMLTypo? = nil) {
        self.init(file: error.file, line: error.line, column: error.column, problem: .yamlSyntax(error.problem, typo: typo))
    }
}
