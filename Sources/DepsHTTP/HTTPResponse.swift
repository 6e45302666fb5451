import DepsFailures
// What a transfer answers: the response, or the error that names the URL and the cause.

/// The final response to a download: its status and ETag.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code (200 for a `file://` URL that exists, 404 for one that does not).
    public let status: Int
    /// The `ETag` header of the response, as sent (quotes and any `W/` prefix included).
    public let etag: String?

    /// Creates a response.
    public init(status: Int, etag: String?) {
        self.status = status
        self.etag = etag
    }

    /// Whether the status is 2xx: the body is at the destination.
    public var isSuccess: Bool { (200..<300).contains(status) }
    /// Whether the status is 304: the copy named by `ifNoneMatch` is still current.
    public var isNotModified: Bool { status == 304 }
}

/// A download that failed, naming the URL, the cause and how many attempts were made.
public struct HTTPError: ExitStatusError, Sendable, Equatable, CustomStringConvertible {
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

    /// One short line, e.g. `http://127.0.0.1:4321/a.tar.gz: timed out after 3 attempts`.
    public var description: String {
        "\(printable(Self.withoutCredentials(url), limit: 300)): \(causeDescription)"
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

    /// Why, in a few words, for a message that names the URL beside it: `timed out after 3 attempts`.
    public var causeDescription: String {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        switch cause {
        case .timedOut:
            return "timed out after \(tries)"
        case .deadlineExceeded(let seconds, let setting):
            let raise = setting.map { "; \(printable($0, limit: 80)) allows longer" } ?? ""
            return "the download did not finish within \(Self.shownSeconds(seconds)) seconds, the limit for one download\(raise)"
        case .serverError(let status):
            return "server error \(status) (\(tries))"
        case .truncated:
            return "the response body ended early (\(tries))"
        case .connectionFailed(let reason):
            return "\(printable(reason, limit: 160)) (\(tries))"
        case .other(let reason):
            return printable(reason, limit: 160)
        }
    }
}

extension HTTPError {
    /// `1800`, or `2.5`: a number of seconds as a person writes it.
    static func shownSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}

/// `text` with control characters escaped and cut to `limit` characters, so that it is safe to
/// print on one line.
func printable(_ text: String, limit: Int) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count >= limit {
            out += "…"
            break
        }
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
            out += scalar.escaped(asASCII: true)
        } else {
            out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return out
}
