import DepsCore
import DepsYAML
import DepsFileSystem

/// A Depsfile, lockfile or spec that cannot be read as one (exit status 65).
/// Its description names the file, the line (and column when known) and the value at fault:
/// `Depsfile:4: error: invalid requirement '~> abc' for Alamofire`. The values quoted in the
/// message and the file's name are escaped (`MessageText`).
public struct MalformedInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let column: Int?
    public let message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: MessageText) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message.text
    }

    public init(file: String, at node: YAMLNode, _ message: MessageText) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, message: message)
    }

    /// libyaml's problem, with the remedy for a typo it stems from (`hint`, worded by `YAMLTypoHint`).
    public init(_ error: YAMLError, hint: String? = nil) {
        let message = MessageText(escaping: error.message) + (hint.map { "; \($0)" } ?? "")
        self.init(file: error.file, line: error.line, column: error.column, message: message)
    }

    public var description: String {
        var location = MessageText.escaped(file)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }
}
