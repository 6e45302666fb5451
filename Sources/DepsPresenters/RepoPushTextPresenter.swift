import DepsCore

/// Words what `deps repo push` did: the lint's problems and that nothing was pushed, or one line
/// per spec pushed.
public enum RepoPushTextPresenter {
    public static func render(_ report: RepoPushReport) -> String {
        let repository = MessageText.escaped(report.repository)
        guard report.lint.passed else {
            return SpecLintTextPresenter.render(report.lint) + "Nothing was pushed to \(repository).\n"
        }
        return report.published.map { spec in
            let retried = spec.attempts > 1 ? ", pushed on attempt \(spec.attempts)" : ""
            let converted = spec.leftOut.isEmpty ? "" : "; written as deps' YAML without "
                + spec.leftOut.map { MessageText.escaped($0) }.joined(separator: ", ") + ", which it has no field for"
            return "Pushed \(spec.name) \(spec.version) to \(repository) (\(MessageText.escaped(spec.path)), commit \(spec.commit.prefix(12))\(retried)\(converted))\n"
        }.joined()
    }

    public static func render(_ error: VersionAlreadyPublishedError) -> String {
        "\(MessageText.escaped(error.repository)) already has \(error.name) \(error.version) (\(MessageText.escaped(error.path))); "
            + "a published version never changes: publish it as a new version"
    }

    public static func render(_ error: UnpublishableSpecError) -> String {
        let repository = MessageText.escaped(error.repository), file = MessageText.escaped(error.file)
        switch error.reason {
        case .notAGitRepository:
            return "\(repository) is not a git spec repository (a URL ending in .git, git@…, or file://…); cannot push \(file) to it"
        case let .kept(rejecting: count, detail):
            return "\(repository) kept moving: \(count) pushes of \(file) were rejected because others pushed first (\(MessageText.escaped(detail))); try again"
        }
    }
}

extension JSONPresenter {
    struct PublishedSpecDocument: Encodable {
        let name: String
        let version: String
        let path: String
        let commit: String
        let attempts: Int
        /// podspec.json fields deps' YAML layout has no field for; left out when none.
        let leftOut: [String]?
    }

    struct RepoPushDocument: Encodable {
        let command: String
        let repository: String
        let lintPassed: Bool
        let problems: [SpecLintProblemDocument]
        let published: [PublishedSpecDocument]
    }

    /// `deps repo push`: `{"command": "repo push", "repository", "lintPassed", "problems", "published": [{"name", "version", "path", "commit", "attempts"}]}`.
    public static func render(_ report: RepoPushReport) -> String {
        encode(RepoPushDocument(
            command: "repo push", repository: report.repository, lintPassed: report.lint.passed,
            problems: report.lint.problems.map {
                SpecLintProblemDocument(file: $0.file, line: $0.line, message: SpecLintTextPresenter.message($0.kind))
            },
            published: report.published.map {
                PublishedSpecDocument(name: $0.name.description, version: $0.version.description, path: $0.path, commit: $0.commit, attempts: $0.attempts,
                    leftOut: $0.leftOut.isEmpty ? nil : $0.leftOut)
            }))
    }
}
