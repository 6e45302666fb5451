import DepsCore

/// Prints `deps why`: one line per path, starting from the project's name.
public struct WhyTextPresenter {
    public let projectName: String

    public init(projectName: String) {
        self.projectName = projectName
    }

    public func render(_ report: WhyReport) -> String {
        var lines = report.paths.map { "\(MessageText.escaped(projectName)) -> \(Self.text(for: $0))" }
        if report.morePaths > 0 { lines.append("... and \(report.morePaths) more paths") }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `Moya (~> 15.0) 15.0.3 -> Alamofire (~> 5.0) 5.7.1` (the project's name goes before it).
    static func text(for path: DependencyPath) -> String {
        path.steps.map { step in
            step.requirement.isAny ? "\(step.name) \(step.version)" : "\(step.name) (\(step.requirement)) \(step.version)"
        }.joined(separator: " -> ")
    }
}
