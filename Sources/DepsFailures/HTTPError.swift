/// A download that failed (exit status 74), as data: the URL, the cause and how many attempts
/// were made. `FailureText.swift` words it.
public struct HTTPError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// Why a download failed.
    public enum Cause: Sendable, Equatable {
        /// Connecting took too long, or the transfer stalled.
        case timedOut
        /// The download, every attempt included, went on past the configured overall limit.
        case deadlineExceeded(seconds: Double, setting: String?)
        /// The server answered with this 5xx status.
        case serverError(Int)
        /// The connection closed before the whole body (as declared by the server) arrived.
        case truncated
        /// The connection could not be made, or broke; the text says which.
        case connectionFailed(String)
        /// Anything else, in a few words.
        case other(String)
    }

    /// The URL as it was asked for.
    public let url: String
    /// Why the download failed.
    public let cause: Cause
    /// How many attempts were made (0 when the URL was refused before any).
    public let attempts: Int

    /// Creates an error.
    public init(url: String, cause: Cause, attempts: Int) {
        self.url = url
        self.cause = cause
        self.attempts = attempts
    }

    /// `url` without a `user:password@` part, so that a login written into a URL is never shown.
    public static func withoutCredentials(_ url: String) -> String {
        let scheme = url.prefix { $0 != ":" }
        guard url.dropFirst(scheme.count).hasPrefix("://") else { return url }
        let rest = url.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        return scheme + "://" + rest[rest.index(after: at)...]
    }
}
