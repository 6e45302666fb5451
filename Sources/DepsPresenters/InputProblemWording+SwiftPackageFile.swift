import DepsCore

/// `invalid version '1.x'`: a Swift package file's problems, values from the file escaped.
extension InputProblemWording {
    static func text(for problem: SwiftPackageFileProblem) -> String {
        let message: MessageText = switch problem {
        case .unknownRequirement: "a dependency's `requirement` is none of range, exact, branch or revision"
        case let .invalidVersion(text): "invalid version '\(text)'"
        case .pinWithoutIdentity: "a pin has neither `identity` nor `repositoryURL`"
        }
        return message.text
    }
}
