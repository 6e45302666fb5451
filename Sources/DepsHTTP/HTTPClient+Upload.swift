// HTTP PUT of a file, on the same connections as `download`: what a shared remote cache of code
// (an nginx with WebDAV, an object store) is given.

import CLibcurl
import DepsFailures

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPClient {
    /// PUTs the file at `file` to `url`, once (an upload is an optimisation for the next
    /// machine, never worth a retry that delays this one).
    ///
    /// The connect timeout is `timeoutSeconds`; the whole upload may take `timeoutSeconds` for
    /// its answer and as long again per MiB sent, and never more than `deadlineSeconds`. Logins
    /// come from the configuration's netrc file for the hosts it lists; they are never printed.
    ///
    /// - Returns: the response's status (any status is returned, not thrown: a 405 or 403 is the
    ///   server's answer, for the caller to word).
    /// - Throws: ``HTTPError`` when no answer came: a refused or broken connection, a timeout,
    ///   an unsupported URL, a file that cannot be read; `CancellationError` when the calling task
    ///   is cancelled.
    public func upload(file: String, to url: String) async throws -> HTTPResponse {
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        guard ["http", "https"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw HTTPError(url: url, cause: .unsupportedScheme(schemes: ["http", "https"], upload: true), attempts: 0)
        }
        let engine: TransferEngine
        switch TransferEngine.shared {
        case let .success(shared): engine = shared
        case let .failure(error): throw HTTPError(url: url, cause: .engineUnavailable(error.problem), attempts: 0)
        }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        var size = stat()
        guard descriptor >= 0, fstat(descriptor, &size) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw HTTPError(url: url, cause: .unreadableFile(file), attempts: 0)
        }
        defer { close(descriptor) }
        let transfer: CurlTransfer
        do { transfer = try CurlTransfer(bodyDescriptor: -1) } catch {
            throw HTTPError(url: url, cause: .engineUnavailable(error.problem), attempts: 0)
        }
        // A stall of an upload is measured loosely (a server that takes the body and never
        // answers holds it for twice the stall time and more), so an upload is bounded in all:
        // its timeout, and as long again for each MiB it sends (a server slower than ~100 kB/s
        // at a 10-second timeout is given up on), never past `deadlineSeconds`.
        let timeout = configuration.timeoutSeconds > 0 ? configuration.timeoutSeconds : 30
        var limit = timeout * (1 + Double(size.st_size) / 1_048_576)
        if configuration.deadlineSeconds > 0, configuration.deadlineSeconds < limit { limit = configuration.deadlineSeconds }
        configure(transfer, url: url, maximumSeconds: limit, protocols: "http,https")
        transfer.set(CURLOPT_FOLLOWLOCATION, 0)
        transfer.upload(from: descriptor, size: Int64(size.st_size))
        guard transfer.addHeader("Content-Type: application/octet-stream"), transfer.addHeader("Expect:") else {
            throw HTTPError(url: url, cause: .requestNotSent, attempts: 0)
        }
        let code: CURLcode
        switch await engine.run(transfer) {
        case .cancelled: throw CancellationError()
        case let .finished(result): code = result
        }
        try Task.checkCancellation()
        guard code == CURLE_OK else {
            if code == CURLE_READ_ERROR || code == CURLE_ABORTED_BY_CALLBACK {
                throw HTTPError(url: url, cause: .unreadableFile(file), attempts: 1)
            }
            throw HTTPError(url: url, cause: Self.cause(of: code, text: transfer.errorText(code)), attempts: 1)
        }
        let status = transfer.responseCode
        guard (100...599).contains(status) else {
            throw HTTPError(url: url, cause: .noStatus, attempts: 1)
        }
        return HTTPResponse(status: status, etag: transfer.etag)
    }
}
