import Synchronization
import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows fetches as they happen, on standard error: one line that rewrites itself on a terminal
/// (`[3/12] Fetching Alamofire (5.7.1)`), or one plain line per package otherwise.
public final class FetchProgressPresenter: FetchProgress, @unchecked Sendable {
    private let onTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let lock = Mutex(())
    private var running: [String] = []
    private var finished = 0
    private var lineShown = false

    public init(onTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.onTerminal = onTerminal
        self.write = write
    }

    public func fetchStarted(_ request: CodeRequest, of total: Int) {
        lock.withLock { _ in
            let label = "\(request.name) (\(request.version))"
            if onTerminal {
                running.append(label)
                redraw(total)
            } else {
                write("Fetching \(label) from \(MessageText.escaped(request.source.location))\n")
            }
        }
    }

    public func fetchFinished(_ request: CodeRequest, of total: Int) {
        lock.withLock { _ in
            finished += 1
            guard onTerminal else { return }
            running.removeAll { $0 == "\(request.name) (\(request.version))" }
            redraw(total)
        }
    }

    /// Clears the progress line, before the results are printed.
    public func finish() {
        lock.withLock { _ in
            if onTerminal && lineShown { write("\r\u{1B}[K") }
            lineShown = false
        }
    }

    private func redraw(_ total: Int) {
        guard !running.isEmpty else {
            if lineShown { write("\r\u{1B}[K") }
            lineShown = false
            return
        }
        var line = "[\(finished)/\(total)] Fetching " + running.prefix(3).joined(separator: ", ")
        if running.count > 3 { line += " and \(running.count - 3) more" }
        write("\r\u{1B}[K" + String(line.prefix(100)))
        lineShown = true
    }
}
