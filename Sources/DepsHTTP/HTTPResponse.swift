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
