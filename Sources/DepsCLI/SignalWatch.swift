import DepsAdapters
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches for SIGINT and SIGTERM while a command works, and calls `interrupt` on the first one,
/// so that the work is cancelled and cleans up instead of dying mid-write.
final class SignalWatch: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = ProcessLocalLock()
    private var receivedSignal: Int32?

    init(interrupt: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let first = self.lock.withLock { () -> Bool in
                    guard self.receivedSignal == nil else { return false }
                    self.receivedSignal = signalNumber
                    return true
                }
                if first { interrupt() }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal that arrived, if any.
    var received: Int32? { lock.withLock { receivedSignal } }

    func stop() {
        for source in sources { source.cancel() }
        sources = []
    }
}
