import DepsCore
import DepsFailures

/// The warnings a mirror's `code/` or the remote cache gives while an install goes on without
/// it (BEHAVIOUR 14): one line each, naming the package, the object's URL and the origin used.
public enum RemoteCodeWarningTextPresenter {
    public static func render(_ warning: RemoteCodeWarning) -> String {
        let store = warning.store == .mirror ? "the mirror" : "the remote cache"
        let url = MessageText.escaped(warning.url)
        let detail = switch warning.detail {
        case let .notThePin(problem): FetchedCodeWording.words(for: problem)
        case let .httpFailed(error): MessageText.escaped(error.causeDescription)
        case let .unreadable(error): MessageText.escaped("it cannot be read: \(error)")
        case let .checkNotRun(error): MessageText.escaped("it cannot be read: \(error)")
        case let .serverAnswered(status): "the server answered HTTP \(status)"
        }
        let instead = warning.origin.map { "; fetching it from its origin \(MessageText.escaped($0))" } ?? ""
        switch warning.kind {
        case .refused:
            return "warning: \(warning.package): \(store)'s copy at \(url) is not the locked pin (\(detail)); it was not used\(instead)\n"
        case .unreachable:
            return "warning: \(store) at \(url) did not answer (\(detail)); this install goes on without it\(instead)\n"
        case .uploadFailed:
            return "warning: \(warning.package): could not upload to \(store) at \(url) (\(detail)); the install is not affected\n"
        }
    }
}
