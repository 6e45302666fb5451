/// What is wrong with a Swift package's files deps reads (`swift package dump-package`'s JSON,
/// `Package.resolved`), as data, worded by DepsPresenters.
public enum SwiftPackageFileProblem: Sendable, Equatable {
    /// A dependency's `requirement` is none of range, exact, branch or revision.
    case unknownRequirement
    /// A version in the manifest dump that is not one.
    case invalidVersion(String)
    /// A `Package.resolved` pin with neither `identity` nor `repositoryURL`.
    case pinWithoutIdentity
}
