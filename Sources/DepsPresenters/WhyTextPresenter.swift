import DepsCore

/// Prints `deps why`: one line per path, starting from the project's name.
public struct WhyTextPresenter {
    public let projectName: String

    public init(projectName: String) {
        self.projectName = projectName
    }

    public func render(_ report: WhyReport) -> String {
        var lines = report.paths.map { "\(MessageText.escaped(projectName)) -> \($0)" }
        if report.morePaths > 0 { lines.append("... and \(report.morePaths) more paths") }
        return lines.map { $0 + "\n" }.joined()
    }
}
