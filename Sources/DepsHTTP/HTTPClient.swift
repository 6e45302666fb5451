// HTTP GET into a file, through libcurl in the process (loaded by the first transfer).
//
// libcurl does the protocol work (TLS, HTTP/2, redirects, proxies from the environment, netrc);
// every transfer shares one pool of connections (`TransferEngine`), so a run pays one handshake
// per host. This module chooses the options, reads back the status and ETag, retries what is
// worth retrying and makes sure a destination file is either complete or absent.

import CLibcurl
import DepsFailures

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloads files over HTTP(S) with retries, through libcurl.
///
/// libcurl reads the proxy variables (`https_proxy`, `no_proxy`, ...) itself; the netrc file and
/// the CA bundle are the configuration's.
public struct HTTPClient: Sendable {
    /// Timeouts, retries and the `User-Agent`.
    public struct Configuration: Sendable {
        /// The connect timeout, and how long a transfer may stall (receive fewer than one byte per
        /// second, waiting for the response included) before it is abandoned. Stalls are measured
        /// in whole seconds, rounded up.
        public var timeoutSeconds: Double
        /// How many times one download is tried in all, the first included (at least 1).
        public var attempts: Int
        /// The pause before the second try; it doubles before each later one.
        public var initialBackoffSeconds: Double
        /// The `User-Agent` header sent with every request.
        public var userAgent: String
        /// How long one download may take in all, every attempt and pause between them included,
        /// however steadily its bytes arrive: a body that trickles in just fast enough never to
        /// stall still ends here. 0 or less means no such limit.
        public var deadlineSeconds: Double
        /// What changes `deadlineSeconds` (an environment variable, say), named when a download
        /// reaches it so that the message says how to allow longer; nil names nothing.
        public var deadlineSetting: String?
        /// The netrc file that gives logins for the hosts it names; nil reads `~/.netrc`. A login
        /// is sent only to the host it names, never to a host a redirect leads to.
        public var netrcFile: String?
        /// The CA certificates that server certificates are checked against; nil uses the system's.
        public var caBundle: String?

        /// The default of `deadlineSeconds`, half an hour: a gigabyte arrives in that time at
        /// 600 kB/s, and a server that never finishes is given up on.
        public static let defaultDeadlineSeconds: Double = 1800

        /// Creates a configuration; every parameter has a default suited to a command-line tool.
        public init(
            timeoutSeconds: Double = 30,
            attempts: Int = 4,
            initialBackoffSeconds: Double = 0.25,
            userAgent: String = "deps",
            deadlineSeconds: Double = Configuration.defaultDeadlineSeconds,
            deadlineSetting: String? = nil,
            netrcFile: String? = nil,
            caBundle: String? = nil
        ) {
            self.netrcFile = netrcFile
            self.caBundle = caBundle
            self.deadlineSetting = deadlineSetting
            self.timeoutSeconds = timeoutSeconds
            self.attempts = attempts
            self.initialBackoffSeconds = initialBackoffSeconds
            self.userAgent = userAgent
            self.deadlineSeconds = deadlineSeconds
        }
    }

    /// The configuration this client was created with.
    public let configuration: Configuration

    /// Creates a client.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// GETs `url` into the file at `destination`.
    ///
    /// The body is written to `destination + ".part"` and renamed to `destination` only once it
    /// has fully arrived and been flushed to disk, so `destination` is never half-written: on a
    /// 2xx status the whole body is there when this returns; on any other status, and on every
    /// error, `destination` is left as it was and no `.part` file remains. The directory of
    /// `destination` must exist.
    ///
    /// - Parameters:
    ///   - url: an `http://`, `https://` or `file://` URL. Redirects are followed (at most 5, to
    ///     http or https only). For `file://` a present file answers 200 and a missing one 404.
    ///   - etag: when given, sent as `If-None-Match`; a server whose copy still has that ETag
    ///     answers 304 and nothing is written. An ETag containing a line break or NUL is not sent.
    ///   - headers: request headers sent as given (`Accept`, say), each replacing libcurl's own of
    ///     that name. A name that is not an HTTP token, or a value holding a line break or NUL, is
    ///     refused before anything is sent.
    /// - Returns: the final response's status and ETag. Statuses below 500 are returned, not
    ///   thrown: a 404 is an answer (nothing there), for the caller to interpret.
    /// - Throws: ``HTTPError`` for 5xx statuses, timeouts, truncated bodies and failed or broken
    ///   connections once every attempt is used up (with an exponential backoff between tries),
    ///   and at once for anything not worth retrying (an unsupported URL, an unwritable
    ///   destination, the configuration's `deadlineSeconds` reached); `CancellationError` when
    ///   the calling task is cancelled, which also ends the transfer.
    public func download(
        _ url: String,
        to destination: String,
        ifNoneMatch etag: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> HTTPResponse {
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        guard ["http", "https", "file"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw HTTPError(url: url, cause: .unsupportedScheme(schemes: ["http", "https", "file"], upload: false), attempts: 0)
        }
        let headerLines = try headers.sorted { $0.key < $1.key }.map { name, value in
            guard Self.isToken(name), let value = headerSafe(value) else {
                throw HTTPError(url: url, cause: .unsendableHeader(name: name), attempts: 0)
            }
            return name + ": " + value
        }
        let partial = destination + ".part"
        defer { _ = unlink(partial) }

        let attempts = max(1, configuration.attempts)
        var backoff = max(0, configuration.initialBackoffSeconds)
        var attempt = 1
        let deadline = Deadline(seconds: configuration.deadlineSeconds)
        while true {
            let remaining = deadline.remaining
            if let remaining, remaining <= 0 {
                throw HTTPError(url: url, cause: .deadlineExceeded(seconds: configuration.deadlineSeconds, setting: configuration.deadlineSetting), attempts: attempt - 1)
            }
            var outcome = try await attemptOnce(
                url, into: partial, isFile: scheme == "file", etag: etag, headerLines: headerLines, maximumSeconds: remaining)
            if case .failure(.timedOut, _) = outcome, let left = deadline.remaining, left <= 0 {
                outcome = .failure(.deadlineExceeded(seconds: configuration.deadlineSeconds, setting: configuration.deadlineSetting), retryable: false)
            }
            switch outcome {
            case .response(let response):
                _ = unlink(partial)
                return response
            case .body(let response):
                try commit(partial, to: destination, url: url, attempts: attempt)
                return response
            case .failure(let cause, let retryable):
                _ = unlink(partial)
                if !retryable || attempt >= attempts {
                    throw HTTPError(url: url, cause: cause, attempts: attempt)
                }
            }
            let pause = min(backoff, deadline.remaining ?? backoff)
            if pause > 0 {
                try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            }
            backoff *= 2
            attempt += 1
        }
    }

    enum Outcome {
        /// A body arrived in the `.part` file.
        case body(HTTPResponse)
        /// A final answer without a body worth keeping (304, 4xx, ...).
        case response(HTTPResponse)
        /// A failure, and whether trying again may help.
        case failure(HTTPError.Cause, retryable: Bool)
    }

    /// When a download must be over, on the monotonic clock; nil without a limit.
    private struct Deadline {
        let end: ContinuousClock.Instant?

        /// No limit for 0 or less, or for more than a thousand years.
        init(seconds: Double) {
            end = seconds > 0 && seconds < 3e10 ? ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000))) : nil
        }

        /// The seconds left (0 or less once it has passed); nil without a limit.
        var remaining: Double? {
            guard let end else { return nil }
            let left = ContinuousClock.now.duration(to: end).components
            return Double(left.seconds) + Double(left.attoseconds) / 1e18
        }
    }

    private func attemptOnce(
        _ url: String, into partial: String, isFile: Bool, etag: String?, headerLines: [String], maximumSeconds: Double?
    ) async throws -> Outcome {
        _ = unlink(partial)
        let engine: TransferEngine
        switch TransferEngine.shared {
        case let .success(shared): engine = shared
        case let .failure(error): return .failure(.engineUnavailable(error.problem), retryable: false)
        }
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(.unwritableFile(partial), retryable: false)
        }
        defer { close(descriptor) }
        let transfer: CurlTransfer
        do { transfer = try CurlTransfer(bodyDescriptor: descriptor) } catch {
            return .failure(.engineUnavailable(error.problem), retryable: false)
        }
        configure(transfer, url: url, maximumSeconds: maximumSeconds)
        if let etag, let value = headerSafe(etag), !value.isEmpty, !transfer.addHeader("If-None-Match: " + value) {
            return .failure(.requestNotSent, retryable: false)
        }
        for line in headerLines where !transfer.addHeader(line) {
            return .failure(.requestNotSent, retryable: false)
        }

        let code: CURLcode
        switch await engine.run(transfer) {
        case .cancelled: throw CancellationError()
        case let .finished(result): code = result
        }
        try Task.checkCancellation()
        if code != CURLE_OK {
            if code == CURLE_FILE_COULDNT_READ_FILE && isFile {
                return .response(HTTPResponse(status: 404, etag: nil))
            }
            if code == CURLE_WRITE_ERROR || transfer.writeFailed {
                return .failure(.unwritableFile(partial), retryable: false)
            }
            return Self.failure(code, text: transfer.errorText(code))
        }
        if isFile {
            return .body(HTTPResponse(status: 200, etag: nil))
        }
        let status = transfer.responseCode
        guard (100...599).contains(status) else {
            return .failure(.noStatus, retryable: false)
        }
        let response = HTTPResponse(status: status, etag: transfer.etag)
        switch status {
        case 200..<300: return .body(response)
        case 500...: return .failure(.serverError(status), retryable: true)
        default: return .response(response)
        }
    }

    /// The options every transfer shares: redirects (at most 5, to http or https only), the
    /// connect timeout and stall limit, the overall limit left, the `User-Agent`, credentials from
    /// netrc, the CA bundle, and waiting for a connection that can carry several streams rather
    /// than opening another.
    func configure(_ transfer: CurlTransfer, url: String, maximumSeconds: Double?, protocols: String = "http,https,file") {
        let timeout = configuration.timeoutSeconds > 0 ? configuration.timeoutSeconds : 30
        transfer.set(CURLOPT_URL, url)
        transfer.set(CURLOPT_PROTOCOLS_STR, protocols)
        transfer.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        transfer.set(CURLOPT_FOLLOWLOCATION, 1)
        transfer.set(CURLOPT_MAXREDIRS, 5)
        transfer.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(timeout))
        transfer.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        transfer.set(CURLOPT_LOW_SPEED_TIME, Int(timeout.rounded(.up)))
        if let maximumSeconds {
            transfer.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(maximumSeconds))
        }
        transfer.set(CURLOPT_USERAGENT, headerSafe(configuration.userAgent) ?? "")
        if url.lowercased().hasPrefix("https:") {
            // HTTP/2 is negotiated over TLS only: there a transfer waits for the connection being
            // set up rather than opening another beside it.
            transfer.set(CURLOPT_PIPEWAIT, 1)
        }
        transfer.set(CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue))
        if let netrcFile = configuration.netrcFile {
            transfer.set(CURLOPT_NETRC_FILE, netrcFile)
        }
        if let caBundle = configuration.caBundle {
            transfer.set(CURLOPT_CAINFO, caBundle)
        }
    }

    /// What a failed transfer means, and whether trying again may help.
    static func failure(_ code: CURLcode, text: String) -> Outcome {
        let cause = cause(of: code, text: text)
        return switch cause {
        case .timedOut, .truncated: .failure(cause, retryable: true)
        case .connectionFailed(let connection): .failure(cause, retryable: connection != .hostUnresolved)
        default: .failure(cause, retryable: false)
        }
    }

    /// What a failed transfer means: `text` is libcurl's own words for a code deps does not name.
    static func cause(of code: CURLcode, text: String) -> HTTPError.Cause {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_PARTIAL_FILE: .truncated
        case CURLE_COULDNT_CONNECT: .connectionFailed(.refused)
        case CURLE_GOT_NOTHING: .connectionFailed(.emptyReply)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM: .connectionFailed(.broken)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .connectionFailed(.hostUnresolved)
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects
        default: .transferFailed(FailureText.printable(text, limit: 160))
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        Int(max(seconds, 0.001) * 1000)
    }

    /// Flushes the `.part` file and renames it over `destination`.
    private func commit(_ partial: String, to destination: String, url: String, attempts: Int) throws {
        // The file exists already; this reopens it to flush it.
        let fd = open(partial, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw HTTPError(url: url, cause: .unwritableFile(partial), attempts: attempts)
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, rename(partial, destination) == 0 else {
            throw HTTPError(url: url, cause: .unwritableFile(destination), attempts: attempts)
        }
    }

    /// Whether `name` is an HTTP token (RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``), so a
    /// header line of it cannot be read as anything else.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// `value` when it can go into a header line as is, `nil` when it holds a line break or NUL.
    private func headerSafe(_ value: String) -> String? {
        value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) ? nil : value
    }
}
