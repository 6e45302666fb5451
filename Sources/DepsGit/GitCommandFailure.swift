import DepsProcess
import DepsFailures

/// Runs git work, reporting a failure of git (or of starting it) through `report`, which is
/// given the failure as data, with what the repository is (`subject`). The one way a git
/// failure reaches an error, for code, spec repositories and publishing alike.
public func reportingGitFailures<T>(
    on subject: GitFailure.Subject, as report: (GitFailure) -> any Error, _ work: () async throws -> T
) async throws -> T {
    do {
        return try await work()
    } catch let error as ChildProcessError {
        throw report(.notRun(error))
    } catch let failure as GitCommandFailure {
        throw report(.command(failure, of: subject))
    } catch let deadline as GitDeadlineExceeded {
        throw report(.deadline(deadline))
    }
}
