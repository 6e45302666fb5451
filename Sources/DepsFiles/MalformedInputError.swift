import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// A Depsfile, lockfile or spec that cannot be read as one (exit status 65).
/// Its description names the file, the line (and column when known) and the value at fault:
/// `Depsfile:4: error: invalid requirement '~> abc' for Alamofire`. The values quoted in the
/// message and the file's name are escaped (`MessageText`).
public struct MalformedInputError: ExitStatusError, Sendable, Equatable, CustomStringConvertible {
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

    public init(file: String, line: Int? = nil, column: Int? = nil, message: MessageText, remedy: Remedy? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message.text
        self.remedy = remedy
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
