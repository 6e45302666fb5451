import DepsFailures

/// A Swift package registry (SE-0292, BEHAVIOUR 16) did not give what was asked of it: the
/// package, the URL asked and the cause (exit status 74, or 65 for an archive whose checksum
/// differs from the registry's own, or an answer that is not what SE-0292 describes).
public struct SwiftRegistryError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus {
        switch cause {
        case .checksumMismatch, .unreadableAnswer, .noSourceArchive: .malformedInput
        case .notFound, .serverAnswered: .inputOutput
        }
    }

    public let package: SwiftRegistryIdentity
    public let url: String
    public let cause: Cause

    public enum Cause: Sendable, Equatable {
        /// 404: the registry has no such package, or no such release of it.
        case notFound
        /// Any other status that is not a success.
        case serverAnswered(Int)
        /// The answer is not what SE-0292 describes (the problem, with its place in the answer).
        case unreadableAnswer(MalformedInputError)
        /// The release's metadata lists no `source-archive` with a SHA-256 checksum.
        case noSourceArchive
        /// The archive's SHA-256 is not the checksum the registry's metadata gives.
        case checksumMismatch(expected: String, actual: String)
    }

    public init(package: SwiftRegistryIdentity, url: String, cause: Cause) {
        self.package = package
        self.url = url
        self.cause = cause
    }
}
