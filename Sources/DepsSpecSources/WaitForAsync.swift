import Synchronization
import DepsProcess
import DepsCode
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs async work to its end from synchronous code (the spec sources are synchronous, the
/// network and child processes are not). Never call it from a task of the cooperative pool that
/// the work itself needs; the commands call spec sources from their main thread.
///
/// A SIGINT or SIGTERM meanwhile cancels the work (its git or curl stops, its temporary files are
/// removed as on any failure) and then throws `TerminationSignals.Interrupted`. With
/// `reportingFinishedWork`, for work that ends a command, a signal that came as the work
/// succeeded is reported as having come after it (`afterFinishing`).
public func waitForAsync<T>(reportingFinishedWork: Bool = false, _ body: @escaping @Sendable () async throws -> T) throws -> T {
    nonisolated(unsafe) var outcome: Result<T, Error>?
    let done = SemaphoreBox()
    // Watched before the work starts, so that no signal finds it running unwatched.
    let cancellation = CancellationBox()
    let interruption = TerminationSignals.interrupting { _ in cancellation.cancel() }
    cancellation.watch(Task.detached {
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        done.signal()
    })
    done.wait()
    if let signal = interruption.end() {
        let finished: Bool
        if case .success? = outcome { finished = reportingFinishedWork } else { finished = false }
        throw TerminationSignals.Interrupted(signal: signal, afterFinishing: finished)
    }
    return try outcome!.get()
}

/// A task to cancel, or the note that it must be cancelled as soon as it is known.
private final class CancellationBox: @unchecked Sendable {
    private let lock = Mutex(())
    private var task: Task<Void, Never>?
    private var cancelled = false

    func watch(_ task: Task<Void, Never>) {
        let cancelNow = lock.withLock { _ -> Bool in
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { _ -> Task<Void, Never>? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}

/// A counting semaphore over pthreads (no Foundation, no Dispatch needed).
final class SemaphoreBox: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var signalled = false

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func signal() {
        pthread_mutex_lock(&mutex)
        signalled = true
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    func wait() {
        pthread_mutex_lock(&mutex)
        while !signalled { pthread_cond_wait(&condition, &mutex) }
        pthread_mutex_unlock(&mutex)
    }
}
