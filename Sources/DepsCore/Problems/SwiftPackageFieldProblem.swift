/// What is wrong with a Swift package dependency (`package:`, `swiftpm:` or `registry:`) in a
/// Depsfile or a spec, beyond the shape of its fields.
public enum SwiftPackageFieldProblem: Sendable, Equatable {
    case emptyURL(PackageName)
    /// `swiftpm:` under a subspec's name.
    case swiftpmUnderSubspec(PackageName)
    /// A package named otherwise than its URL's identity (`identity`).
    case nameIsNotIdentity(PackageName, url: String, identity: String)
    /// Both `branch:` and `revision:` (as written, in that order).
    case twoReferences(PackageName, String, String)
    /// `branch:` or `revision:` beside `version:` or `exact:`.
    case referenceBesideRequirement(PackageName, reference: String, requirement: String)
    case invalidReference(CodeSourceError, of: PackageName)
    case registryNotHTTP(PackageName, url: String)
    /// A registry package whose name is not a `scope.name` identity.
    case notARegistryIdentity(PackageName)
    /// A registry package not named lower-cased (`canonical`).
    case registryNameNotCanonical(PackageName, canonical: String)
    case versionAndExact(PackageName)
    /// A spec's dependency with both `package:` and `registry:`.
    case packageAndRegistry(PackageName)
    /// A spec's dependency mapping with neither `package:` nor `registry:`.
    case noRequirementOrPackage(PackageName)
}
