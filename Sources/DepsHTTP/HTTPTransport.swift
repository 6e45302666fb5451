// What the code that fetches over HTTP asks of it: a GET into a file, a PUT of a file.

/// HTTP as its users see it: a URL's body downloaded into a file (conditionally, by ETag) and a
/// file uploaded, each answering a status or throwing ``HTTPError``. ``HTTPClient`` is the one
/// that goes over the network.
public protocol HTTPTransport: Sendable {
    /// GETs `url` into the file at `destination`: on a 2xx status the whole body is there; on
    /// any other answer and on every error, `destination` is left as it was. With `etag`, a
    /// server whose copy still has that ETag answers 304 and nothing is written. Statuses below
    /// 500 are returned; 5xx statuses, timeouts and failed connections throw ``HTTPError``
    /// (see ``HTTPClient/download(_:to:ifNoneMatch:headers:)``). `headers` are sent as given
    /// (`Accept`, say); a name or value that cannot go into a header line throws ``HTTPError``.
    func download(_ url: String, to destination: String, ifNoneMatch etag: String?, headers: [String: String]) async throws -> HTTPResponse
    /// PUTs the file at `file` to `url`, once. Any status is returned; no answer throws
    /// ``HTTPError`` (see ``HTTPClient/upload(file:to:)``).
    func upload(file: String, to url: String) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// GETs `url` into the file at `destination`, unconditionally.
    public func download(_ url: String, to destination: String) async throws -> HTTPResponse {
        try await download(url, to: destination, ifNoneMatch: nil, headers: [:])
    }

    /// GETs `url` into the file at `destination`, with `If-None-Match` when `etag` is given.
    public func download(_ url: String, to destination: String, ifNoneMatch etag: String?) async throws -> HTTPResponse {
        try await download(url, to: destination, ifNoneMatch: etag, headers: [:])
    }
}

extension HTTPClient: HTTPTransport {}
