import DepsFailures

/// What a source, a file or the project cannot give this run, for a reason a command, a flag or
/// a setting would change (exit status 74). The core and the adapters say which reason; the
/// presenters word it and name what helps.
public struct UnavailableError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }

    public enum Reason: Sendable, Equatable {
        /// Offline, and the cache lacks it (`lacking`: where it would be, or what is missing).
        case notCachedWhileOffline(lacking: String?)
        /// Offline, and the git spec repository was never cloned into the cache.
        case neverClonedWhileOffline
        /// Offline, and the command is to refresh a spec repository.
        case refreshWhileOffline
        /// The source cannot give spec files byte for byte (only what it parsed), so it cannot be mirrored.
        case notMirrorable
        /// The project has no Depsfile (`directory`: the folder looked in).
        case noManifest(directory: String)
        /// The spec repository's server could not be reached (`cause`: why, in a few words);
        /// `networkDown` when no connection could be made at all.
        case unreachable(cause: String, networkDown: Bool)
    }

    /// The file, folder or URL, as shown to the user.
    public let location: String
    public let reason: Reason

    public init(location: String, reason: Reason) {
        self.location = location
        self.reason = reason
    }
}
