import DepsCore

/// Prints what `deps repo update` did, one line per source:
/// `Updated trunk (3 files changed, 41 unchanged)`.
public struct SpecRepositoryRefreshTextPresenter {
    public init() {}

    public func render(_ reports: [SpecRepositoryRefresh]) -> String {
        reports.map(Self.line(for:)).joined()
    }

    static func line(for report: SpecRepositoryRefresh) -> String {
        let source = MessageText.escaped(report.source)
        switch report.kind {
        case .directory:
            return "Skipped \(source) (a directory; nothing to refresh)\n"
        case .git:
            guard report.commit != nil else { return "Updated \(source) (empty: no commit yet)\n" }
            let commit = String((report.commit ?? "").prefix(12))
            guard let previous = report.previousCommit, previous != report.commit else {
                return report.previousCommit == nil
                    ? "Cloned \(source) (at \(commit))\n"
                    : "Updated \(source) (already at \(commit))\n"
            }
            return "Updated \(source) (\(previous.prefix(12)) -> \(commit), \(files(report.changed)) changed)\n"
        case .cdn:
            var parts = ["\(files(report.changed)) changed", "\(report.unchanged) unchanged"]
            if report.removed > 0 { parts.append("\(report.removed) removed") }
            return "Updated \(source) (\(parts.joined(separator: ", ")))\n"
        }
    }

    private static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
}
