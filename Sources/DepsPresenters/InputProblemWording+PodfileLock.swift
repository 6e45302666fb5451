import DepsCore

/// `Alamofire is listed twice in PODS (first on line 3)`: a Podfile.lock's problems, values from
/// the file escaped.
extension InputProblemWording {
    static func text(for problem: PodfileLockProblem) -> String {
        let message: MessageText = switch problem {
        case let .mergeConflictMarker(marker): "merge conflict marker '\(marker)'"
        case let .missingSection(section): "missing section '\(section)'"
        case let .podListedTwice(pod, firstLine): "\(pod) is listed twice in PODS (first on line \(firstLine))"
        case .podEntryNotOnePair: "expected `Name (version):` followed by its dependencies"
        case let .podEntryWithoutVersion(text): "expected `Name (version)`, found '\(text)'"
        case let .externalSourceNotQuoted(entry): "expected `from `location`` in '\(entry)'"
        case let .referenceNotQuoted(key, entry): "expected `\(key) `value`` in '\(entry)'"
        case let .invalidRequirement(text, pod): "invalid requirement '\(text)' for \(pod)"
        case let .noExternalSourceLocation(pod): "expected `:git`, `:path` or `:podspec` for \(pod)"
        case let .severalExternalSourceLocations(keys, pod):
            "expected only one of \(keys.map { "`\($0)`" }.joined(separator: ", ")) for \(pod)"
        case let .severalGitReferences(pod): "expected at most one of `:tag`, `:branch` or `:commit` for \(pod)"
        case let .optionWithoutGit(key, kind, pod): "`\(key)` goes with `:git`, not `\(kind)`, for \(pod)"
        case let .checkoutWithoutGit(pod): "expected `:git` for \(pod)"
        case let .emptyGitURL(pod): "the git URL of \(pod) cannot be empty"
        case let .invalidCommit(commit, pod): "invalid commit '\(commit)' for \(pod); expected hexadecimal digits"
        case let .checkoutWithoutPin(pod): "expected one of `:commit` or `:tag` for \(pod)"
        case let .invalidSubmodules(value, pod): "invalid `:submodules` '\(value)' for \(pod); expected true or false"
        case let .invalidPodName(text): "invalid pod name '\(text)'"
        }
        return message.text
    }
}
