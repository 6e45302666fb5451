import DepsProcess
import DepsFailures

/// How long git may take over the network: a transfer that stalls, and one operation (a clone,
/// a fetch, a listing of references) whatever its pace. A server that accepts a connection and
/// never answers ends in `GitDeadlineExceeded` or git's own stall error, never in a hang.
public struct GitNetworkLimits: Sendable, Equatable {
    /// How long an HTTP(S) transfer may go without receiving a byte (git's low-speed limit).
    public var stallSeconds: Double
    /// How long one operation may take in all; 0 or less means no such limit.
    public var deadlineSeconds: Double
    /// What changes `deadlineSeconds` (an environment variable, say), named when an operation
    /// reaches it; nil names nothing.
    public var deadlineSetting: String?

    public init(stallSeconds: Double = 30, deadlineSeconds: Double = 1800, deadlineSetting: String? = nil) {
        self.stallSeconds = stallSeconds
        self.deadlineSeconds = deadlineSeconds
        self.deadlineSetting = deadlineSetting
    }

    /// The variables that make git give up on a stalled HTTP(S) transfer.
    var environment: [String: String] {
        guard stallSeconds > 0 else { return [:] }
        return ["GIT_HTTP_LOW_SPEED_LIMIT": "1", "GIT_HTTP_LOW_SPEED_TIME": String(Int(stallSeconds.rounded(.up)))]
    }

    /// Runs `work`, throwing `GitDeadlineExceeded` for `url` if it is not over within
    /// `deadlineSeconds` (the work is cancelled, which stops its git).
    func bounding<T: Sendable>(_ url: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard deadlineSeconds > 0, deadlineSeconds < 3e10 else { return try await work() }
        let seconds = deadlineSeconds
        let failure = GitDeadlineExceeded(url: url, seconds: seconds, setting: deadlineSetting)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw failure }
            return value
        }
    }
}
