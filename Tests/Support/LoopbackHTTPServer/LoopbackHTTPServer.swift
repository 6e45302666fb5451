// A small HTTP/1.1 server on 127.0.0.1 for tests: canned answers by path, including the
// misbehaviours a client has to survive (server errors, truncated bodies, stalls, latency).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An HTTP/1.1 server bound to 127.0.0.1 on an ephemeral port, answering GET requests with
/// responses registered per path.
///
/// Every connection gets one response and is closed (`Connection: close`), unless the server is
/// made with `keepAlive`: then a connection serves request after request until the client closes
/// it or sends nothing for the receive timeout (`connectionCount` tells how many were opened). The server is
/// bounded: a request head may be at most 16 KiB (larger ones get 431), each connection has a
/// 5-second receive timeout, at most 64 connections are served at once (more wait in the
/// listen backlog), and request bodies are never read. All state is guarded by a lock, so
/// tests may read it from any thread, and may wait for it (`waitForRequests`, `waitForBodyBytes`,
/// `waitForHangUps`) instead of sleeping: the moment a client reaches is an event here.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// What the server answers on a path.
    public enum Response: Sendable {
        /// 200 with a `Content-Length`, and an `ETag` when given; 304 (no body) when the request's
        /// `If-None-Match` equals `etag`.
        case body([UInt8], etag: String? = nil)
        /// This status (e.g. 404, 500, 503) with a short plain-text body.
        case status(Int)
        /// The first `failures` requests on the path get `status`, later ones 200 with `then`.
        case failThenServe(failures: Int, status: Int, then: [UInt8])
        /// 200 declaring `Content-Length: declaredLength`, then only `bytes`, then the connection closes.
        case truncated([UInt8], declaredLength: Int)
        /// Reads the request, sends nothing for `seconds`, then closes the connection.
        case stall(seconds: Double)
        /// Waits `seconds`, then answers 200 with the bytes.
        case delayed(seconds: Double, [UInt8])
        /// 200 with a `Content-Length`, the first half of the bytes at once, then the rest after
        /// `seconds`: a download under way for that long.
        case slowBody([UInt8], seconds: Double)
        /// 200 with a `Content-Length`, then the bytes one at a time, `interval` seconds apart: a
        /// download that never stalls but takes `bytes.count * interval` seconds. It ends when every
        /// byte is sent, the client goes away or the server stops.
        case trickle([UInt8], interval: Double)
        /// 200 with the bytes for a request with HTTP Basic credentials `user:password`; 401 with
        /// `WWW-Authenticate` for one without them or with others.
        case requiringLogin(user: String, password: String, [UInt8])
    }

    /// The port the server listens on.
    public let port: UInt16

    private let state: State

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting connections on a background thread.
    public init(keepAlive: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM_VALUE), 0)
        guard fd >= 0 else { throw ServerError(operation: "socket", code: errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw ServerError(operation: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw ServerError(operation: "getsockname", code: code)
        }
        port = UInt16(bigEndian: address.sin_port)
        state = State(listener: fd, keepAlive: keepAlive)
        let state = self.state
        let thread = Thread { state.acceptLoop() }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Answers requests for exactly `path` (the request target without its query) with `response`,
    /// replacing any earlier registration. Unregistered paths get 404.
    public func serve(_ path: String, _ response: Response) {
        state.withLock { $0.routes[path] = response }
    }

    /// How many requests have been received for `path`.
    public func requestCount(_ path: String) -> Int {
        state.withLock { $0.counts[path, default: 0] }
    }

    /// How many bytes of response bodies have been sent for `path`, over every request for it.
    public func bodyBytesSent(_ path: String) -> Int {
        state.withLock { $0.bodyBytesSent[path, default: 0] }
    }

    /// How many requests for `path` the client gave up on: it closed the connection while the
    /// server was still stalling, delaying or sending the answer (`.stall`, `.delayed`,
    /// `.slowBody`, `.trickle`). An answer the server ended itself, or cut by `stop()`, is not one.
    public func hangUpCount(_ path: String) -> Int {
        state.withLock { $0.hangUps[path, default: 0] }
    }

    /// Waits until at least `count` requests for `path` have been received, or `seconds` have
    /// passed; whether they were.
    @discardableResult
    public func waitForRequests(_ path: String, atLeast count: Int = 1, seconds: Double = 20) -> Bool {
        state.wait(seconds: seconds) { $0.counts[path, default: 0] >= count }
    }

    /// Waits until at least `count` body bytes have been sent for `path`, or `seconds` have passed;
    /// whether they were.
    @discardableResult
    public func waitForBodyBytes(_ path: String, atLeast count: Int, seconds: Double = 20) -> Bool {
        state.wait(seconds: seconds) { $0.bodyBytesSent[path, default: 0] >= count }
    }

    /// Waits until clients have given up on at least `count` requests for `path` (see
    /// `hangUpCount`), or `seconds` have passed; whether they had.
    @discardableResult
    public func waitForHangUps(_ path: String, atLeast count: Int, seconds: Double = 20) -> Bool {
        state.wait(seconds: seconds) { $0.hangUps[path, default: 0] >= count }
    }

    /// Every request received, in order of arrival: its path and its `If-None-Match` header.
    public var requests: [(path: String, ifNoneMatch: String?)] {
        state.withLock { $0.requests }
    }

    /// Every request received, in order of arrival: its path and its headers, names lower-cased
    /// (a name sent twice keeps its last value).
    public var requestHeaders: [(path: String, headers: [String: String])] {
        state.withLock { $0.requestHeaders }
    }

    /// How many connections were accepted.
    public var connectionCount: Int {
        state.withLock { $0.connections }
    }

    /// The `Authorization` headers received, in order (requests without one are not listed).
    public var authorizations: [String] {
        state.withLock { $0.authorizations }
    }

    /// Stops accepting, closes the listening socket and cuts the connections still open.
    /// Safe to call more than once; also called on deinit.
    public func stop() {
        state.stop()
    }
}

/// A socket call that failed while starting the server.
public struct ServerError: Error, CustomStringConvertible {
    /// The call that failed.
    public let operation: String
    /// Its `errno`.
    public let code: Int32
    /// e.g. `bind: Address already in use`.
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}

#if canImport(Glibc) || canImport(Musl)
private let SOCK_STREAM_VALUE = Int(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#else
private let SOCK_STREAM_VALUE = Int(SOCK_STREAM)
private let sendFlags: Int32 = 0
#endif

private let maximumHeadBytes = 16 * 1024
private let maximumConnections = 64
private let receiveTimeoutSeconds = 5

/// The mutable state shared by the server object, the accept thread and the connection threads.
private final class State: @unchecked Sendable {
    struct Values {
        var routes: [String: LoopbackHTTPServer.Response] = [:]
        var counts: [String: Int] = [:]
        var bodyBytesSent: [String: Int] = [:]
        var hangUps: [String: Int] = [:]
        var requests: [(path: String, ifNoneMatch: String?)] = []
        var requestHeaders: [(path: String, headers: [String: String])] = []
        var stopped = false
        var active: Set<Int32> = []
        var connections = 0
        var authorizations: [String] = []
    }

    /// Guards `values`; broadcast at every change, for `wait`.
    private let lock = NSCondition()
    private var values = Values()
    private let listener: Int32
    private let keepAlive: Bool
    private let acceptFinished = DispatchSemaphore(value: 0)

    init(listener: Int32, keepAlive: Bool) {
        self.listener = listener
        self.keepAlive = keepAlive
    }

    func withLock<T>(_ body: (inout Values) -> T) -> T {
        lock.lock()
        defer {
            lock.broadcast()
            lock.unlock()
        }
        return body(&values)
    }

    /// Waits until `condition` holds of the values (looked at again at every change), at most
    /// `seconds`; whether it holds.
    func wait(seconds: Double, until condition: (Values) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !condition(values) {
            if !lock.wait(until: deadline) { return condition(values) }
        }
        return true
    }

    var isStopped: Bool { withLock { $0.stopped } }

    func stop() {
        let wasStopped = withLock { values -> Bool in
            let was = values.stopped
            values.stopped = true
            // Under the lock: a connection thread leaves `active` before closing its descriptor,
            // so none of these can have been closed and reused.
            for fd in values.active { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            return was
        }
        guard !wasStopped else { return }
        // Wake the accept thread, wait for it to leave, then release the descriptor.
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = acceptFinished.wait(timeout: .now() + 2)
        close(listener)
    }

    func acceptLoop() {
        defer { acceptFinished.signal() }
        while !isStopped {
            while withLock({ $0.active.count >= maximumConnections && !$0.stopped }) {
                usleep(5_000)
            }
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let admitted = withLock { values -> Bool in
                guard !values.stopped else { return false }
                values.active.insert(client)
                values.connections += 1
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            let thread = Thread { [self] in
                self.serve(client)
                self.withLock { _ = $0.active.remove(client) }
                close(client)
            }
            thread.name = "LoopbackHTTPServer.connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var first = true
        while !isStopped, serveOne(fd, first: first) {
            first = false
        }
    }

    /// Serves one request; true when the connection may carry another (keep-alive, and a
    /// complete answer was sent).
    private func serveOne(_ fd: Int32, first: Bool) -> Bool {
        guard let requestHead = readHead(fd) else {
            // A kept-alive connection the client closed, or left idle, just ends.
            if !first { return false }
            sendAll(fd, head(status: 431, headers: [("Content-Length", "0")]))
            return false
        }
        guard let request = Request(head: requestHead) else {
            sendAll(fd, head(status: 400, headers: [("Content-Length", "0")]))
            return false
        }
        let (route, count) = withLock { values -> (LoopbackHTTPServer.Response?, Int) in
            values.requests.append((path: request.path, ifNoneMatch: request.ifNoneMatch))
            values.requestHeaders.append((path: request.path, headers: request.headers))
            if let authorization = request.authorization { values.authorizations.append(authorization) }
            values.counts[request.path, default: 0] += 1
            return (values.routes[request.path], values.counts[request.path, default: 0])
        }
        let sendsBody = request.method != "HEAD"
        let path = request.path
        // Only a whole answer of known length leaves the connection fit for another request.
        var reusable = true
        switch route {
        case nil:
            respond(fd, status: 404, body: Array("not found\n".utf8), sendsBody: sendsBody, path: path)
        case .body(let bytes, let etag)?:
            if let etag, request.ifNoneMatch == etag {
                sendAll(fd, head(status: 304, headers: [("ETag", etag)]))
            } else {
                respond(fd, status: 200, body: bytes, etag: etag, sendsBody: sendsBody, path: path)
            }
        case .requiringLogin(let user, let password, let bytes)?:
            let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
            if request.authorization == expected {
                respond(fd, status: 200, body: bytes, sendsBody: sendsBody, path: path)
            } else {
                let body = Array("login required\n".utf8)
                sendCounted(fd, head(status: 401, headers: [
                    ("Content-Length", String(body.count)), ("WWW-Authenticate", "Basic realm=\"deps tests\""),
                ]), body: sendsBody ? body : [], path: path)
            }
        case .status(let status)?:
            respond(fd, status: status, body: Array("status \(status)\n".utf8), sendsBody: sendsBody, path: path)
        case .failThenServe(let failures, let status, let bytes)?:
            if count <= failures {
                respond(fd, status: status, body: Array("status \(status)\n".utf8), sendsBody: sendsBody, path: path)
            } else {
                respond(fd, status: 200, body: bytes, sendsBody: sendsBody, path: path)
            }
        case .truncated(let bytes, let declaredLength)?:
            reusable = false
            sendAll(fd, head(status: 200, headers: [("Content-Length", String(declaredLength))]))
            if sendsBody { sendCounted(fd, [], body: bytes, path: path) }
        case .stall(let seconds)?:
            reusable = false
            if !pause(seconds, watching: fd) { clientHungUp(path) }
        case .delayed(let seconds, let bytes)?:
            guard pause(seconds, watching: fd) else {
                clientHungUp(path)
                return false
            }
            if !isStopped { respond(fd, status: 200, body: bytes, sendsBody: sendsBody, path: path) }
        case .slowBody(let bytes, let seconds)?:
            reusable = false
            sendAll(fd, head(status: 200, headers: [("Content-Length", String(bytes.count))]))
            guard sendsBody else { return false }
            sendCounted(fd, [], body: Array(bytes.prefix(bytes.count / 2)), path: path)
            guard pause(seconds, watching: fd) else {
                clientHungUp(path)
                return false
            }
            if !isStopped { sendCounted(fd, [], body: Array(bytes.dropFirst(bytes.count / 2)), path: path) }
        case .trickle(let bytes, let interval)?:
            reusable = false
            sendAll(fd, head(status: 200, headers: [("Content-Length", String(bytes.count))]))
            guard sendsBody else { return false }
            for byte in bytes {
                guard !isStopped else { return false }
                guard sendCounted(fd, [], body: [byte], path: path), pause(interval, watching: fd) else {
                    clientHungUp(path)
                    return false
                }
            }
        }
        return keepAlive && reusable
    }

    /// Sleeps for `seconds`, waking early when the server stops; false when the client closed
    /// the connection first (not when the server stopped).
    private func pause(_ seconds: Double, watching fd: Int32) -> Bool {
        var remaining = max(0, seconds)
        while remaining > 0, !isStopped {
            let slice = min(remaining, 0.02)
            if clientClosed(fd, within: slice) { return isStopped }
            remaining -= slice
        }
        return true
    }

    /// Whether the client closes the connection within `seconds` (or already has). Request
    /// bodies are never read: bytes waiting to be read only tell that the client was there.
    private func clientClosed(_ fd: Int32, within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(seconds * 1000))
        if ready > 0 {
            var byte: UInt8 = 0
            let got = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
            if got == 0 { return true }
            if got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return true }
        }
        // Bytes waiting, or poll interrupted: wait out the slice all the same.
        if ready != 0 { usleep(UInt32(seconds * 1_000_000)) }
        return false
    }

    /// Counts a request whose client went away before the answer was over, unless the server is
    /// stopping (it cuts the connections itself then).
    private func clientHungUp(_ path: String) {
        withLock { values in
            if !values.stopped { values.hangUps[path, default: 0] += 1 }
        }
    }

    /// Reads the request head, up to its blank line; `nil` when it is longer than the limit or
    /// the peer stops sending (or the receive timeout passes) first. Whatever follows the head
    /// in the same packets is ignored.
    private func readHead(_ fd: Int32) -> [UInt8]? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count <= maximumHeadBytes {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return nil }
            let searchFrom = max(0, head.count - 3)
            head += buffer[..<got]
            if let end = Self.endOfHead(in: head, from: searchFrom) {
                return end <= maximumHeadBytes ? Array(head[..<end]) : nil
            }
        }
        return nil
    }

    /// The index just past the first `\r\n\r\n` in `bytes` at or after `start`.
    private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for i in start...(bytes.count - 4)
        where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }
    private func respond(_ fd: Int32, status: Int, body: [UInt8], etag: String? = nil, sendsBody: Bool, path: String) {
        var headers = [("Content-Length", String(body.count))]
        if let etag { headers.append(("ETag", etag)) }
        if status != 200 { headers.append(("Content-Type", "text/plain")) }
        sendCounted(fd, head(status: status, headers: headers), body: sendsBody ? body : [], path: path)
    }

    /// Sends `head` and `body` in one go, and counts the body's bytes for `path` once they are
    /// sent; false when the connection failed first.
    @discardableResult
    private func sendCounted(_ fd: Int32, _ head: [UInt8], body: [UInt8], path: String) -> Bool {
        guard sendAll(fd, head + body) else { return false }
        if !body.isEmpty { withLock { $0.bodyBytesSent[path, default: 0] += body.count } }
        return true
    }

    private func head(status: Int, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// Sends every byte; false when the connection failed first (the client went away).
    @discardableResult
    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, sendFlags)
            }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}

/// The parts of a request head the server looks at.
private struct Request {
    let method: String
    let path: String
    let ifNoneMatch: String?
    let authorization: String?
    /// Every header, its name lower-cased.
    let headers: [String: String]

    init?(head: [UInt8]) {
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(parts[0])
        var target = Substring(parts[1])
        if let query = target.firstIndex(of: "?") { target = target[..<query] }
        path = String(target)
        var etag: String?
        var authorization: String?
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
            switch line[..<colon].lowercased() {
            case "if-none-match": etag = value
            case "authorization": authorization = value
            default: break
            }
        }
        ifNoneMatch = etag
        self.authorization = authorization
        self.headers = headers
    }
}
