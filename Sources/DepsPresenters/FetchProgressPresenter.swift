import Synchronization
import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows fetches as they happen, on standard error: one line that rewrites itself on a terminal
/// (`[3/12] Fetching Alamofire (5.7.1)`), or one plain line per package otherwise.
public final class FetchProgressPresenter: FetchProgress, Sendable {
    private let onTerminal: Bool
    private let write: @Sendable (String) -> Void
    /// The line as it stands: the packages being fetched, how many are done, whether it is shown.
    private struct Line {
        var running: [String] = []
        var finished = 0
        var shown = false
    }
    private let line = Mutex(Line())

    public init(onTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.onTerminal = onTerminal
        self.write = write
    }

    public func fetchStarted(_ request: CodeRequest, of total: Int) {
        line.withLock { line in
            let label = "\(request.name) (\(request.version))"
            if onTerminal {
                line.running.append(label)
                redraw(&line, total)
            } else {
                write("Fetching \(label) from \(MessageText.escaped(request.source.location))\n")
            }
        }
    }

    public func fetchFinished(_ request: CodeRequest, of total: Int) {
        line.withLock { line in
            line.finished += 1
            guard onTerminal else { return }
            line.running.removeAll { $0 == "\(request.name) (\(request.version))" }
            redraw(&line, total)
        }
    }

    /// Clears the progress line, before the results are printed.
    public func finish() {
        line.withLock { line in
            if onTerminal && line.shown { write("\r\u{1B}[K") }
            line.shown = false
        }
    }

    private func redraw(_ line: inout Line, _ total: Int) {
        guard !line.running.isEmpty else {
            if line.shown { write("\r\u{1B}[K") }
            line.shown = false
            return
        }
        var text = "[\(line.finished)/\(total)] Fetching " + line.running.prefix(3).joined(separator: ", ")
        if line.running.count > 3 { text += " and \(line.running.count - 3) more" }
        write("\r\u{1B}[K" + String(text.prefix(100)))
        line.shown = true
    }
}
