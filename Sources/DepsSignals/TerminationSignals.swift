// SIGINT and SIGTERM for a whole process, received by one thread that waits for them.
//
// This module knows nothing of its callers. A signal handler may only call the few functions
// that are async-signal-safe; a thread that waits for the signals with `sigwait` runs ordinary
// code instead. So the signals are blocked in every thread (the mask is set before any other
// thread starts, and threads inherit it; a thread that unblocks them for a moment passes on what
// it gets), and one thread takes them:
//
// - while work registered with `interrupting(_:)` runs, a signal calls that work's `interrupt`
//   (which cancels it), and the process goes on until the work has cleaned up after itself;
// - otherwise the process ends at once with status 128 + the signal number, after the
//   `beforeExit` action given to `takeOver(beforeExit:)` (removing temporary files);
// - either way, never in the middle of a `deferringTermination` section (a file being written and
//   renamed into place): a signal that arrives during one takes effect when it ends, and no new
//   section starts once a signal has arrived.
//
// Children started by `ChildProcess` get an empty signal mask and default dispositions, so they
// still stop on SIGINT and SIGTERM.

import Synchronization

import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the process reacts to SIGINT and SIGTERM.
public enum TerminationSignals {
    /// Blocks SIGINT and SIGTERM. Call it first in `main`, before any other thread starts: a thread
    /// started earlier would not inherit the mask, and a signal delivered to it would end the
    /// process at once. A signal the process was started with ignored (a script's background job
    /// starts with SIGINT ignored) stays ignored.
    ///
    /// The thread that takes the signals starts with the first work registered with
    /// `interrupting(_:)`; a process that ends before (`--version`, a usage error) starts none,
    /// and a signal that arrived meanwhile ends it as it exits.
    ///
    /// - Parameter beforeExit: runs on the waiting thread when a signal ends the process, once
    ///   no `deferringTermination` section is under way; it may remove files and print.
    public static func takeOver(beforeExit: @escaping @Sendable (Int32) -> Void) {
        var taken = sigset_t()
        sigemptyset(&taken)
        var any = false
        for number in [SIGINT, SIGTERM] where !isIgnored(number) {
            sigaddset(&taken, number)
            any = true
        }
        guard any else { return }
        state.withLock { $0.beforeExit = beforeExit }
        pthread_sigmask(SIG_BLOCK, &taken, nil)
        // A thread may still unblock them for a moment (a child-process monitor waits in
        // `epoll_pwait` with an empty mask); a signal delivered there is sent again to the
        // process, where only the waiting thread takes it.
        for number in [SIGINT, SIGTERM] where sigismember(&taken, number) == 1 {
            var forwarding = sigaction()
            #if canImport(Darwin)
            forwarding.__sigaction_u.__sa_handler = { number in _ = kill(getpid(), number) }
            #else
            forwarding.__sigaction_handler.sa_handler = { number in _ = kill(getpid(), number) }
            #endif
            sigemptyset(&forwarding.sa_mask)
            forwarding.sa_flags = SA_RESTART
            sigaction(number, &forwarding, nil)
        }
        waitedSignals.initialize(to: taken)
        atexit { TerminationSignals.exiting() }
        state.withLock { $0.taken = true }
    }

    /// Starts the thread that waits for the signals, once, when `takeOver` took them.
    private static func startWaiting() {
        let start = state.withLock { state -> Bool in
            guard state.taken, !state.waiting else { return false }
            state.waiting = true
            return true
        }
        guard start else { return }
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { _ in
            TerminationSignals.waitForSignals()
            return nil
        }, nil)
        guard started == 0 else {
            // Without the waiting thread a blocked signal would only be taken at exit: leave this
            // thread the defaults.
            pthread_sigmask(SIG_UNBLOCK, waitedSignals, nil)
            return
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// The signal that arrived, if one did.
    public static var received: Int32? {
        state.withLock { $0.received }
    }

    /// Runs `body` so that a signal arriving meanwhile takes effect only once it has finished.
    /// Returns nil without running it when a signal has already arrived: once the process is
    /// being interrupted, nothing new is started. Sections may run at once on several threads,
    /// and may nest: a section within another (a rename within a package's swap) runs as part of it.
    public static func deferringTermination<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T? {
        if pthread_getspecific(sectionKey) != nil { return try body() }
        let admitted = state.withLock { state -> Bool? in
            if state.exiting { return nil }
            if state.received != nil { return false }
            state.sectionsUnderWay += 1
            return true
        }
        switch admitted {
        case nil:
            // The process is ending on the waiting thread; this thread only waits for that.
            while true { sleep(60) }
        case false?:
            return nil
        case true?:
            pthread_setspecific(sectionKey, UnsafeRawPointer(bitPattern: 1))
            defer {
                pthread_setspecific(sectionKey, nil)
                state.withLock { $0.sectionsUnderWay -= 1 }
            }
            return try body()
        }
    }

    /// Until `end()` is called on the result, a SIGINT or SIGTERM that arrives while a child
    /// process runs (see `whileChildProcessRuns`) calls `interrupt` (once, with the signal) instead
    /// of ending the process: the work it interrupts is expected to stop its children and clean up
    /// after itself. Without a child process running, a signal ends the process as usual, which
    /// leaves no child behind. When a signal arrived before, `interrupt` is called at once.
    public static func interrupting(_ interrupt: @escaping @Sendable (Int32) -> Void) -> Interruption {
        startWaiting()
        let (key, alreadyReceived) = state.withLock { state -> (Int, Int32?) in
            state.nextKey += 1
            state.interruptions[state.nextKey] = interrupt
            return (state.nextKey, state.received)
        }
        if let alreadyReceived { interrupt(alreadyReceived) }
        return Interruption(key: key)
    }

    /// Runs `body`, which runs a child process, so that a signal meanwhile interrupts the work
    /// registered with `interrupting(_:)` (cancelling it stops the child) rather than ending the
    /// process under it.
    /// No child starts once a signal has arrived: one started while the process is ending would
    /// outlive it (nothing would stop it), and one started while the work is being interrupted is
    /// not wanted either (`CancellationError`).
    public static func whileChildProcessRuns<T>(_ body: () async throws -> T) async throws -> T {
        let admitted = state.withLock { state -> Bool? in
            if state.exiting { return nil }
            if state.received != nil { return false }
            state.childProcesses += 1
            return true
        }
        switch admitted {
        case nil:
            // The process is ending on the waiting thread; this task only waits for that.
            while true { sleep(60) }
        case false?:
            throw CancellationError()
        case true?:
            break
        }
        defer { state.withLock { $0.childProcesses -= 1 } }
        return try await body()
    }

    /// Work that a SIGINT or SIGTERM interrupted: thrown once it has stopped and cleaned up.
    public struct Interrupted: ExitStatusError, Sendable, Equatable {
        public var exitStatus: ExitStatus { .signalled(signal) }
        public let signal: Int32
        /// Whether the work had finished when the signal came: then all it wrote is whole.
        public let afterFinishing: Bool

        public init(signal: Int32, afterFinishing: Bool) {
            self.signal = signal
            self.afterFinishing = afterFinishing
        }
    }

    /// Work that a signal interrupts rather than ends.
    public struct Interruption: Sendable {
        let key: Int

        /// Stops interrupting the work; returns the signal that arrived while it ran (or before),
        /// if one did. After this, a signal ends the process again.
        @discardableResult
        public func end() -> Int32? {
            TerminationSignals.state.withLock { state in
                state.interruptions[key] = nil
                return state.received
            }
        }
    }

    // MARK: The waiting thread

    private static let state = Mutex(TerminationState())
    /// Set on a thread while it runs a section, so that a section within it runs as part of it.
    private static let sectionKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    nonisolated(unsafe) private static let waitedSignals = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)

    private static func waitForSignals() {
        while true {
            var number: Int32 = 0
            guard sigwait(waitedSignals, &number) == 0 else { continue }
            arrived(number)
        }
    }

    private static func arrived(_ number: Int32) {
        let interruptions = state.withLock { state -> [@Sendable (Int32) -> Void]? in
            // The first signal decides; later ones find the work already interrupted or the
            // process already ending (by a signal, or by `exit` once its work was done).
            guard state.received == nil, !state.finished else { return [] }
            state.received = number
            if state.interruptions.isEmpty || state.childProcesses == 0 {
                state.exiting = true
                return nil
            }
            return Array(state.interruptions.values)
        }
        guard let interruptions else {
            end(by: number)
        }
        for interrupt in interruptions { interrupt(number) }
    }

    /// Runs when the process calls `exit`. A signal that already arrived, even one the waiting
    /// thread has not taken yet, wins over the status being exited with: the process then ends
    /// as a signal ends it. Any signal later comes after the work was done, and is ignored.
    private static func exiting() {
        var pending = sigset_t()
        sigpending(&pending)
        let decision = state.withLock { state -> Int32? in
            if state.exiting { return 0 }
            // A signal that interrupted work: the caller is exiting with its status already.
            if state.received != nil { return nil }
            state.finished = true
            for number in [SIGINT, SIGTERM] where sigismember(waitedSignals, number) == 1 && sigismember(&pending, number) == 1 {
                state.received = number
                state.exiting = true
                return number
            }
            return nil
        }
        switch decision {
        case nil: return
        case 0?: while true { sleep(60) }
        case let number?: end(by: number)
        }
    }

    /// Waits for the sections under way, runs `beforeExit` and ends the process. No section starts
    /// once the process is exiting, so the wait is short: the writes under way finishing.
    private static func end(by number: Int32) -> Never {
        while state.withLock({ $0.sectionsUnderWay > 0 }) { usleep(1000) }
        state.withLock { $0.beforeExit }?(number)
        _exit(128 + number)
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        #if canImport(Darwin)
        let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
        #else
        let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
        #endif
        return handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// What the waiting thread, the sections and the child processes share, under one mutex.
private struct TerminationState {
    var received: Int32?
    var exiting = false
    /// Whether the process is exiting on its own, its work done.
    var finished = false
    var sectionsUnderWay = 0
    /// How many child processes are running.
    var childProcesses = 0
    var interruptions: [Int: @Sendable (Int32) -> Void] = [:]
    var nextKey = 0
    var beforeExit: (@Sendable (Int32) -> Void)?
    /// Whether `takeOver` blocked the signals, and whether the thread that takes them started.
    var taken = false
    var waiting = false
}
