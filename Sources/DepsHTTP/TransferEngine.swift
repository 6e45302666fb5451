// Every HTTP transfer of the process runs on one libcurl multi handle, driven by one thread.
//
// One multi handle keeps one pool of connections: a second request to a host reuses the
// connection of the first (kept alive for HTTP/1.1, one more stream on it for HTTP/2), so a run
// pays one handshake per host instead of one per file. Transfers are added as soon as they are
// asked for; the thread sleeps in `curl_multi_poll` until a socket is ready or a new transfer or a
// cancellation wakes it.

import CLibcurl
import Synchronization

import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How one transfer ended.
enum TransferEnd: Sendable {
    /// libcurl finished it with this code (`CURLE_OK` for a response, whatever its status).
    case finished(CURLcode)
    /// The task that asked for it was cancelled; it was taken off the connection.
    case cancelled
}

/// A libcurl easy handle with its callbacks' state, owned by one request at a time.
final class CurlTransfer: @unchecked Sendable {
    let handle: UnsafeMutablePointer<clibcurl_transfer>

    /// A transfer whose body goes to `bodyDescriptor` (-1 discards it).
    init(bodyDescriptor: Int32) throws(TransferEngineError) {
        guard let handle = clibcurl_transfer_create(bodyDescriptor) else {
            throw TransferEngineError(problem: .transferNotStarted)
        }
        self.handle = handle
    }

    deinit { clibcurl_transfer_destroy(handle) }

    var easy: UnsafeMutableRawPointer? { handle.pointee.easy }

    func set(_ option: CURLoption, _ value: Int) { _ = clibcurl_setopt_long(handle, option, value) }
    func set(_ option: CURLoption, _ value: String) { _ = clibcurl_setopt_string(handle, option, value) }
    func set(_ option: CURLoption, offset value: Int64) { _ = clibcurl_setopt_off(handle, option, curl_off_t(value)) }
    /// Adds a request header line; false when libcurl refused it.
    func addHeader(_ line: String) -> Bool { clibcurl_transfer_add_header(handle, line) == 0 }
    /// Sends the `size` bytes read from `descriptor` as the body of a PUT.
    func upload(from descriptor: Int32, size: Int64) { _ = clibcurl_transfer_upload_from(handle, descriptor, curl_off_t(size)) }

    var responseCode: Int { clibcurl_response_code(handle) }
    /// 10, 11, 20 or 30; 0 without a response.
    var httpVersion: Int { clibcurl_http_version(handle) }
    var connectionsOpened: Int { clibcurl_connections_opened(handle) }
    var writeFailed: Bool { handle.pointee.write_failed != 0 }

    /// The ETag of the final response, as sent; nil without one.
    var etag: String? {
        let text = withUnsafeBytes(of: handle.pointee.etag) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? nil : text
    }

    /// libcurl's words for the error, or its generic text for `code`.
    func errorText(_ code: CURLcode) -> String {
        let text = withUnsafeBytes(of: handle.pointee.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? String(cString: clibcurl_strerror(code)) : text
    }
}

/// libcurl could not be loaded or could not start.
struct TransferEngineError: ExitStatusError, Sendable {
    var exitStatus: ExitStatus { .inputOutput }
    let problem: HTTPError.EngineProblem
}

/// The process's one multi handle and the thread that drives it.
final class TransferEngine: @unchecked Sendable {
    /// The engine, started by the first transfer; an error when libcurl cannot be loaded.
    static let shared: Result<TransferEngine, TransferEngineError> = {
        var message = [CChar](repeating: 0, count: 512)
        guard clibcurl_load(&message, message.count) == 0 else {
            return .failure(TransferEngineError(problem: .notLoaded(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))))
        }
        guard let multi = clibcurl_multi_create(maximumConnectionsPerHost, maximumConnections) else {
            return .failure(TransferEngineError(problem: .notStarted))
        }
        let engine = TransferEngine(multi: multi)
        guard engine.startThread() else { return .failure(TransferEngineError(problem: .threadNotStarted)) }
        return .success(engine)
    }()

    /// HTTP/1.1 connections to one host at once (an HTTP/2 host gets one connection, whose
    /// streams carry every transfer); more transfers wait in libcurl's queue.
    static let maximumConnectionsPerHost = 8
    static let maximumConnections = 32

    private struct Job {
        let id: Int
        let transfer: CurlTransfer
        let continuation: CheckedContinuation<TransferEnd, Never>
    }

    private struct Inbox {
        var nextID = 0
        var added: [Job] = []
        var cancelled: Set<Int> = []
        /// Jobs added and not finished, so that a cancellation for an unknown id is dropped.
        var live: Set<Int> = []
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())

    private init(multi: UnsafeMutableRawPointer) {
        self.multi = multi
    }

    /// Runs `transfer` to its end. Cancelling the calling task takes it off the connection and
    /// answers `.cancelled`.
    func run(_ transfer: CurlTransfer) async -> TransferEnd {
        let id = inbox.withLock { inbox -> Int in
            inbox.nextID += 1
            return inbox.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                inbox.withLock { inbox in
                    inbox.added.append(Job(id: id, transfer: transfer, continuation: continuation))
                    inbox.live.insert(id)
                    // A task cancelled before its job was live had its handler run already; the
                    // flag is set before the handler runs, so under the lock one of the two sees it.
                    if Task.isCancelled { inbox.cancelled.insert(id) }
                }
                _ = clibcurl_multi_wakeup(multi)
            }
        } onCancel: {
            inbox.withLock { inbox in
                if inbox.live.contains(id) { inbox.cancelled.insert(id) }
            }
            _ = clibcurl_multi_wakeup(multi)
        }
    }

    private func startThread() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        #if canImport(Darwin)
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<TransferEngine>.fromOpaque(context).takeUnretainedValue().loop()
        }, context)
        #else
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<TransferEngine>.fromOpaque(context!).takeUnretainedValue().loop()
        }, context)
        #endif
        guard started == 0 else {
            Unmanaged<TransferEngine>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The thread's work, for the life of the process.
    private func loop() -> Never {
        var active: [UnsafeMutableRawPointer: Job] = [:]
        while true {
            let (added, cancelled) = inbox.withLock { inbox -> ([Job], Set<Int>) in
                defer { inbox.added = []; inbox.cancelled = [] }
                return (inbox.added, inbox.cancelled)
            }
            for job in added {
                guard !cancelled.contains(job.id), let easy = job.transfer.easy,
                      clibcurl_multi_add(multi, job.transfer.handle) == CURLM_OK else {
                    finish(job, cancelled.contains(job.id) ? .cancelled : .finished(CURLE_FAILED_INIT))
                    continue
                }
                active[easy] = job
            }
            if !cancelled.isEmpty {
                for (easy, job) in active where cancelled.contains(job.id) {
                    _ = clibcurl_multi_remove(multi, job.transfer.handle)
                    active[easy] = nil
                    finish(job, .cancelled)
                }
            }
            var running: Int32 = 0
            _ = clibcurl_multi_perform(multi, &running)
            var result = CURLE_OK
            while let easy = clibcurl_multi_next_done(multi, &result) {
                guard let job = active.removeValue(forKey: easy) else { continue }
                _ = clibcurl_multi_remove(multi, job.transfer.handle)
                finish(job, .finished(result))
            }
            _ = clibcurl_multi_poll(multi, 1000)
        }
    }

    private func finish(_ job: Job, _ end: TransferEnd) {
        inbox.withLock { _ = $0.live.remove(job.id) }
        job.continuation.resume(returning: end)
    }
}
