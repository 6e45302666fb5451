import DepsFailures
/// A file or directory that cannot be read or written (exit status 74): the path as shown to
/// the user and the reason in a few words. deps' adapters say how it reads
/// (`FileAccessError+Description.swift` in DepsFiles), escaping what came from input.
public struct FileAccessError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
