import DepsCore
import DepsFailures

/// `Depsfile:4: error: invalid requirement '~> abc' for Alamofire`: where, then what, the file's
/// name escaped.
extension MalformedInputError: CustomStringConvertible {
    public var description: String {
        "\(FailureText.location(MessageText.escaped(file), line: line, column: column)): error: \(InputProblemWording.text(for: problem))"
    }
}

/// The words for what is wrong with a file deps reads, one switch per reader's causes.
public enum InputProblemWording {
    /// The problem alone, values escaped: `--json`'s message after the location, and the text
    /// after `error: `.
    public static func text(for problem: InputProblem) -> String {
        switch problem {
        case let .mergeConflictMarker(marker): ("merge conflict marker '\(marker)'" as MessageText).text
        case let .yamlSyntax(message, typo):
            ("\(message)\(message: typo.map { "; \(message: text(for: $0))" } ?? "")" as MessageText).text
        case let .field(problem): text(for: problem).text
        case let .depsfile(problem): text(for: problem).text
        case let .xcodeSection(problem): text(for: problem).text
        case let .lockfile(problem): text(for: problem).text
        case let .specFile(problem): text(for: problem).text
        case let .swiftPackageField(problem): text(for: problem).text
        case let .podspecJSON(problem): text(for: problem)
        case let .podfileLock(problem): text(for: problem)
        case let .podfile(construct): PodfileWording.text(of: construct)
        case let .rubyEvaluation(problem): text(for: problem)
        case let .specRepository(problem): text(for: problem)
        case let .swiftPackageFile(problem): text(for: problem)
        case let .inTheSpecItDescribes(problem): "\(text(for: problem)) (in the spec it describes)"
        case let .specCodeSource(error, spec): ("invalid source for \(spec): \(message: text(for: error))" as MessageText).text
        case let .sourceFileGlob(error, nil): text(for: error).text
        case let .sourceFileGlob(error, field?): ("\(message: text(for: error)) in \(phrase(field))" as MessageText).text
        case let .invalidModuleName(text, field):
            ("\(field) '\(text)' is not a Swift identifier (letters, digits and _, not starting with a digit)" as MessageText).text
        }
    }

    /// One line per error: every line at fault in a file read as a whole.
    public static func lines(_ errors: [MalformedInputError]) -> String {
        errors.map(\.description).joined(separator: "\n")
    }

    /// The whole message, with what puts it right:
    /// `; resolve the conflict in Depsfile, then run `deps install``.
    static func message(for error: MalformedInputError) -> String {
        let file = MessageText.escaped(error.file)
        let remedy = switch error.remedy {
        case .resolveMergeConflict(orRewrite: false)?: "; resolve the conflict in \(file), then run `deps install`"
        case .resolveMergeConflict(orRewrite: true)?: "; resolve the conflict in \(file), or take either side and run `deps install` to rewrite it"
        case nil: ""
        }
        return error.description + remedy
    }
}
