import DepsCore

extension InputProblemWording {
    /// `invalid file pattern '../x': it reaches outside the package's folder with `..``.
    public static func text(for error: SourceFileGlobError) -> MessageText {
        let reason: MessageText = switch error.reason {
        case .empty: "it is empty"
        case .absolute: "it is an absolute path"
        case .reachesOutside: "it reaches outside the package's folder with `..`"
        case .unopenedBrace: "a `}` has no `{`"
        case .unclosedBrace: "a `{` has no `}`"
        }
        return "invalid file pattern '\(error.pattern)': \(message: reason)"
    }
}
