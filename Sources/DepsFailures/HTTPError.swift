/// A download that failed (exit status 74), as data: the URL, the cause and how many attempts
/// were made. DepsPresenters words it (`DriverFailureWording.swift`).
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
        /// The connection could not be made, or broke.
        case connectionFailed(Connection)
        /// A URL of a scheme the transfer does not take (`schemes`: those it takes).
        case unsupportedScheme(schemes: [String], upload: Bool)
        /// A request header whose name or value cannot be sent as it is.
        case unsendableHeader(name: String)
        /// The request could not be put together.
        case requestNotSent
        /// The file to upload cannot be read.
        case unreadableFile(String)
        /// The body cannot be written to this file.
        case unwritableFile(String)
        /// The answer carried no HTTP status.
        case noStatus
        /// The server sent more redirects than are followed.
        case tooManyRedirects
        /// The transfer library failed in its own words (it could not be loaded, or an error of its own).
        case transferFailed(String)
        /// deps' transfer engine could not start.
        case engineUnavailable(EngineProblem)
    }

    /// Why the transfer engine is not there: libcurl could not be loaded (the loader's words),
    /// or it, a transfer or the engine's thread could not start.
    public enum EngineProblem: Sendable, Equatable {
        case notLoaded(String)
        case notStarted
        case transferNotStarted
        case threadNotStarted
    }

    /// Why no connection carried the request.
    public enum Connection: Sendable, Equatable {
        case refused
        case emptyReply
        case broken
        case hostUnresolved
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
