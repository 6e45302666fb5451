import DepsFileSystem
import DepsHTTP
import Synchronization
import DepsFailures

/// An `HTTPTransport` that answers from a table of URLs, for tests of the code that downloads:
/// each URL serves a status, a body and an ETag, or fails as a network does (a timeout, a refused
/// connection). It answers as `HTTPClient` does: a body is written to the destination, through
/// the `FileSystem` it is given, only on a 2xx status; a request whose `If-None-Match` is the
/// served ETag gets 304 and nothing written; statuses below 500 are returned; 5xx and network
/// failures throw `HTTPError` after `attempts` tries; a URL missing from the table answers 404.
/// Every request is recorded, with no sleep and no socket.
public final class FakeHTTPClient: HTTPTransport {
    /// What a URL answers.
    public enum Answer: Sendable, Equatable {
        /// A status with a body (kept only for a 2xx status) and an ETag.
        case response(status: Int, body: [UInt8], etag: String?)
        /// A failure before any status: `.timedOut`, `.connectionFailed(.refused)`, ...
        case failure(HTTPError.Cause)
    }

    /// One request as it reached the fake.
    public struct Request: Sendable, Equatable, CustomStringConvertible {
        /// `GET` or `PUT`.
        public let method: String
        public let url: String
        /// The `If-None-Match` sent with a GET.
        public let ifNoneMatch: String?
        /// The other headers sent with a GET (`Accept`, say).
        public let headers: [String: String]

        public init(method: String, url: String, ifNoneMatch: String? = nil, headers: [String: String] = [:]) {
            self.method = method
            self.url = url
            self.ifNoneMatch = ifNoneMatch
            self.headers = headers
        }

        public var description: String { "\(method) \(url)" + (ifNoneMatch.map { " If-None-Match: \($0)" } ?? "") }
    }

    private struct State: Sendable {
        var answers: [String: Answer] = [:]
        /// What a PUT to a URL answers; 201 when not set.
        var uploadStatuses: [String: Int] = [:]
        var requests: [Request] = []
    }

    private let state = Mutex(State())
    /// Where bodies are written and uploads read.
    public let fileSystem: any FileSystem
    /// How many tries a download that fails with a 5xx status or a network failure takes, as
    /// `HTTPClient.Configuration.attempts` (each one a request, with no pause between them).
    public let attempts: Int

    public init(fileSystem: any FileSystem, attempts: Int = 1) {
        self.fileSystem = fileSystem
        self.attempts = max(1, attempts)
    }

    // MARK: Setting up

    /// Serves `body` at `url` with `status` (200 unless given) and `etag`.
    public func serve(_ url: String, _ body: [UInt8], etag: String? = nil, status: Int = 200) {
        state.withLock { $0.answers[url] = .response(status: status, body: body, etag: etag) }
    }

    /// Serves `text` at `url` with `status` (200 unless given) and `etag`.
    public func serve(_ url: String, _ text: String, etag: String? = nil, status: Int = 200) {
        serve(url, Array(text.utf8), etag: etag, status: status)
    }

    /// Answers `status` with no body at `url` (404, 410, 403, 500, ...).
    public func answer(_ url: String, status: Int) {
        state.withLock { $0.answers[url] = .response(status: status, body: [], etag: nil) }
    }

    /// Fails every request to `url` with `cause`, as a network that does not answer would.
    public func fail(_ url: String, with cause: HTTPError.Cause) {
        state.withLock { $0.answers[url] = .failure(cause) }
    }

    /// Makes a PUT to `url` answer `status` (and store nothing unless it is 2xx).
    public func answerUploads(to url: String, status: Int) {
        state.withLock { $0.uploadStatuses[url] = status }
    }

    /// What `url` answers now; nil when it is not in the table (a 404).
    public func answer(for url: String) -> Answer? {
        state.withLock { $0.answers[url] }
    }

    /// Every request so far, in order.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// Forgets the requests recorded so far.
    public func clearRequests() {
        state.withLock { $0.requests = [] }
    }

    // MARK: HTTPTransport

    public func download(
        _ url: String, to destination: String, ifNoneMatch etag: String?, headers: [String: String]
    ) async throws -> HTTPResponse {
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        guard ["http", "https", "file"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw HTTPError(url: url, cause: .unsupportedScheme(schemes: ["http", "https", "file"], upload: false), attempts: 0)
        }
        if scheme == "file" { return try download(file: LocalPath(String(url.dropFirst("file://".count))), url: url, to: destination) }
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let answer = state.withLock { state -> Answer? in
                state.requests.append(Request(method: "GET", url: url, ifNoneMatch: etag, headers: headers))
                return state.answers[url]
            }
            let cause: HTTPError.Cause
            switch answer ?? .response(status: 404, body: [], etag: nil) {
            case let .failure(failure):
                cause = failure
            case let .response(status, body, served):
                if let etag, let served, etag == served, (200..<300).contains(status) {
                    return HTTPResponse(status: 304, etag: served)
                }
                switch status {
                case 200..<300:
                    do {
                        try fileSystem.writeAtomically(body, to: LocalPath(destination), shownAs: destination)
                    } catch {
                        throw HTTPError(url: url, cause: .unwritableFile("\(destination).part"), attempts: attempt)
                    }
                    return HTTPResponse(status: status, etag: served)
                case 500...:
                    cause = .serverError(status)
                default:
                    return HTTPResponse(status: status, etag: served)
                }
            }
            // As HTTPClient: what is not worth a retry fails at once.
            let retried: Bool
            switch cause {
            case .timedOut, .serverError, .truncated: retried = true
            case let .connectionFailed(connection): retried = connection != .hostUnresolved
            default: retried = false
            }
            if !retried || attempt >= attempts { throw HTTPError(url: url, cause: cause, attempts: attempt) }
            attempt += 1
        }
    }

    /// A `file://` URL: 200 with the file's bytes, 404 when there is no such file.
    private func download(file: LocalPath, url: String, to destination: String) throws -> HTTPResponse {
        state.withLock { $0.requests.append(Request(method: "GET", url: url)) }
        guard fileSystem.kind(of: file) == .file, let bytes = try? fileSystem.readFile(file, shownAs: url) else {
            return HTTPResponse(status: 404, etag: nil)
        }
        do {
            try fileSystem.writeAtomically(bytes, to: LocalPath(destination), shownAs: destination)
        } catch {
            throw HTTPError(url: url, cause: .unwritableFile("\(destination).part"), attempts: 1)
        }
        return HTTPResponse(status: 200, etag: nil)
    }

    /// Stores the file's bytes at `url` (served from then on) and answers 201, unless
    /// `answerUploads(to:status:)` set another status or the URL fails.
    public func upload(file: String, to url: String) async throws -> HTTPResponse {
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        guard ["http", "https"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw HTTPError(url: url, cause: .unsupportedScheme(schemes: ["http", "https"], upload: true), attempts: 0)
        }
        guard fileSystem.kind(of: LocalPath(file)) == .file, let bytes = try? fileSystem.readFile(LocalPath(file), shownAs: file) else {
            throw HTTPError(url: url, cause: .unreadableFile(file), attempts: 0)
        }
        try Task.checkCancellation()
        return try state.withLock { state in
            state.requests.append(Request(method: "PUT", url: url))
            if case let .failure(cause)? = state.answers[url] { throw HTTPError(url: url, cause: cause, attempts: 1) }
            let status = state.uploadStatuses[url] ?? 201
            if (200..<300).contains(status) { state.answers[url] = .response(status: 200, body: bytes, etag: nil) }
            return HTTPResponse(status: status, etag: nil)
        }
    }
}
