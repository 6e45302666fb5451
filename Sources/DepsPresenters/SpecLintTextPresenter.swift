import DepsCore

/// Words what `deps spec lint` found: one line per problem, `FILE:LINE: error: ...` (the line left
/// out where there is none), then a summary line.
public enum SpecLintTextPresenter {
    public static func render(_ report: SpecLintReport) -> String {
        var lines = report.problems.map(line(for:))
        let count = report.files.count == 1 ? "1 spec" : "\(report.files.count) specs"
        if report.passed {
            lines.append("\(count) passed lint.")
        } else {
            let failing = Set(report.problems.map(\.file)).count
            let problems = report.problems.count == 1 ? "1 problem" : "\(report.problems.count) problems"
            lines.append("\(problems) in \(failing) of \(count).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(for problem: SpecLintProblem) -> String {
        let place = MessageText.escaped(problem.file) + (problem.line.map { ":\($0)" } ?? "")
        return "\(place): error: \(message(problem.kind))"
    }

    static func message(_ kind: SpecLintProblem.Kind) -> String {
        switch kind {
        case let .missingField(field):
            "missing required field `\(field)`"
        case let .malformed(problem):
            InputProblemWording.text(for: problem)
        case let .unresolvable(dependency, sources):
            "dependency \(dependency) does not resolve from \(sources.map { MessageText.escaped($0) }.joined(separator: ", "))"
        case let .sourceUnavailable(failure):
            "the source cannot be fetched: \(ErrorTextPresenter.line(for: failure))"
        case let .noMatchingFiles(pattern, subspec):
            "source_files pattern '\(MessageText.escaped(pattern))'" + (subspec.map { " of subspec \(MessageText.escaped($0))" } ?? "")
                + " matches no file of the fetched code"
        }
    }
}

extension JSONPresenter {
    struct SpecLintProblemDocument: Encodable {
        let file: String
        let line: Int?
        let message: String
    }

    struct SpecLintDocument: Encodable {
        let command: String
        let passed: Bool
        let files: [String]
        let problems: [SpecLintProblemDocument]
    }

    /// `deps spec lint`: `{"command": "spec lint", "passed", "files", "problems": [{"file", "line", "message"}]}`.
    public static func render(_ report: SpecLintReport) -> String {
        encode(SpecLintDocument(
            command: "spec lint", passed: report.passed, files: report.files,
            problems: report.problems.map {
                SpecLintProblemDocument(file: $0.file, line: $0.line, message: SpecLintTextPresenter.message($0.kind))
            }))
    }
}
