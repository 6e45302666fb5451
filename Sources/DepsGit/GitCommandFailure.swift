import DepsProcess
import DepsFailures

/// Runs git work, reporting a failure of git (or of starting it) through `report`, which is
/// given the reason: what was being done to `subject` and git's cause. The one way a git
/// failure becomes a message, for code, spec repositories and publishing alike.
public func reportingGitFailures<T>(
    on subject: String, as report: (String) -> any Error, _ work: () async throws -> T
) async throws -> T {
    do {
        return try await work()
    } catch let error as ChildProcessError {
        throw report(error.description)
    } catch let failure as GitCommandFailure {
        throw report(failure.reason(for: subject))
    } catch let deadline as GitDeadlineExceeded {
        throw report(deadline.reason)
    }
}
