/// Where a command stands once the work that needs no waiting is done: finished (a no-op install
/// never starts anything asynchronous), or with code left to fetch.
public enum WorkStep<Result>: @unchecked Sendable {
    case finished(Result)
    case fetching(PendingFetch<Result>)

    /// Waits for the fetching, if any.
    public func completed() async throws -> Result {
        switch self {
        case let .finished(result): result
        case let .fetching(pending): try await pending.complete()
        }
    }
}

/// The fetching part of a command, to run once (from one task).
public struct PendingFetch<Result>: @unchecked Sendable {
    let run: () async throws -> Result

    init(_ run: @escaping () async throws -> Result) {
        self.run = run
    }

    public func complete() async throws -> Result {
        try await run()
    }
}
