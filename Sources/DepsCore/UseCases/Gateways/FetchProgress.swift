import DepsFailures

/// Told as fetches start and finish, to show progress.
public protocol FetchProgress: Sendable {
    func fetchStarted(_ request: CodeRequest, of total: Int)
    func fetchFinished(_ request: CodeRequest, of total: Int)
}
