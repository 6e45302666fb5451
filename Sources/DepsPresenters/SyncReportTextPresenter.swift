import DepsCore
import DepsCode
import DepsSpecSources

/// Prints what `deps check` and `deps install --deployment` found: one line per problem,
/// then a verdict with what to do.
public struct SyncReportTextPresenter {
    public enum Mode: Sendable { case check, deployment }

    public let mode: Mode

    public init(mode: Mode) {
        self.mode = mode
    }

    public func render(_ report: SyncReport) -> String {
        var lines = report.problems.map(\.description)
        if report.isInSync {
            switch mode {
            case .check:
                lines.append("Depsfile.lock is in sync with the Depsfile.")
            case .deployment:
                lines.append(LockfileUpdateTextPresenter.summary(
                    direct: report.directDependencyCount, locked: report.lockedPackageCount))
            }
        } else if report.problems.allSatisfy({ if case .sandboxOutOfSync = $0 { true } else { false } }) {
            let count = report.problems.count
            lines.append("Deps/ is out of sync with Depsfile.lock (\(count) \(count == 1 ? "package" : "packages")); "
                + "run deps install (or deps install --deployment) to fetch what it lacks.")
        } else {
            let count = report.problems.count
            lines.append("Depsfile.lock is out of sync (\(count) \(count == 1 ? "problem" : "problems")); "
                + "run deps install and commit Depsfile.lock.")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
