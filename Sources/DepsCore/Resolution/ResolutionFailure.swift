/// Why no resolution exists, as data and as text.
public struct ResolutionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The requirements, pins and dependencies cannot all hold.
        case noSolution
        /// The selected versions depend on one another in a circle, e.g. `[A, B, A]`.
        case cycle([PackageName])
        /// No source has the package; `suggestions` are close names that exist.
        case missingPackage(PackageName, suggestions: [PackageName])
    }

    public let kind: Kind
    /// The whole explanation for people, one statement per line.
    public let explanation: String
    /// The smallest set of pinned packages whose `deps update` lets a resolution exist,
    /// sorted; empty when lifting pins would not help.
    public let suggestedUpdate: [PackageName]

    public init(kind: Kind, explanation: String, suggestedUpdate: [PackageName] = []) {
        self.kind = kind
        self.explanation = explanation
        self.suggestedUpdate = suggestedUpdate
    }

    public var description: String { explanation }
}
