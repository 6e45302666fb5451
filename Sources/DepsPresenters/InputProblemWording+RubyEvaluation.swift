import DepsCore
import DepsFailures

/// `ruby could not evaluate it: syntax error`: why Ruby gave no Podfile or podspec, Ruby's text
/// escaped.
extension InputProblemWording {
    static func text(for problem: RubyEvaluationProblem) -> String {
        let message: MessageText = switch problem {
        case let .rubyMissingForPodspec(name):
            "a Ruby podspec is read with `ruby`, and none is on PATH; install Ruby, or give its JSON form "
                + "(`pod ipc spec \(name).podspec > \(name).podspec.json`)"
        case let .notStarted(purpose, cause): "cannot run ruby to \(message: verb(purpose)) it: \(cause.description)"
        case let .rubyStopped(purpose, message?): "ruby could not \(message: verb(purpose)) it: \(message)"
        case let .rubyStopped(purpose, nil): "ruby could not \(message: verb(purpose)) it: ruby failed"
        case let .dslStopped(message): "\(message)"
        }
        return message.text
    }

    private static func verb(_ purpose: RubyEvaluationProblem.Purpose) -> MessageText {
        switch purpose {
        case .evaluatingPodfile: "evaluate"
        case .readingPodspec: "read"
        }
    }
}
