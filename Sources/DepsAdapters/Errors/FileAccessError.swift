import DepsCore

/// A file or directory that cannot be read or written (exit status 74).
public struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(MessageText.escaped(path)): error: \(MessageText.escaped(reason))" }
}
