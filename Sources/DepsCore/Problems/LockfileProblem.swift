/// What is wrong with a Depsfile.lock beyond the shape of its fields (`YAMLFieldProblem`).
public enum LockfileProblem: Sendable, Equatable {
    case missingSection(String)
    /// A subspec locked at another version than one of its package listed before it (on `line`).
    case subspecVersionsDisagree(PackageName, Version, other: PackageName, Version, line: Int)
    /// A package listed at a version in PACKAGES but on a branch or revision in EXTERNAL SOURCES.
    case lockedAtVersionButReference(PackageName, Version, reference: SwiftPackageReference)
    /// A package listed on a branch or revision in PACKAGES but not in EXTERNAL SOURCES.
    case lockedOnReferenceWithoutOne(PackageName, Version)
    /// A CHECKOUT OPTIONS entry without `commit:` and its URL (`urlKey`), or with another URL key.
    case checkoutNeedsCommitAndURL(PackageName, urlKey: String)
    case invalidCommit(String, of: PackageName)
    case emptyGitURL(PackageName)
    case emptyRegistryURL(PackageName)
    case registryNotAlone(PackageName)
    case emptyPackageURL(PackageName)
    /// A Swift package's source with keys beside its URL key (`key`) other than a reference.
    case packageNotAlone(PackageName, key: String)
    /// An unreadable `tag:`, `commit:`, `branch:` or `revision:` (the key) of an external source.
    case invalidReference(key: String, of: PackageName)
    /// An external source with none of `path:`, `podspec:` or `git:` (or both of the first two).
    case noLocation(PackageName)
    case revisionWithoutPackage(PackageName)
    /// A checksum that is not a SHA-256 digest.
    case invalidSHA256(String, of: YAMLFieldSubject)
    /// A PACKAGES item that is a mapping of more than one pair.
    case entryNotOnePair
    /// A PACKAGES entry without its `(version)`.
    case entryWithoutVersion(String)
    /// `key `value`` (a reference) that cannot be read in the entry `text`.
    case unreadableReference(key: String, in: String)
    /// `from `location`` that cannot be read in the entry `text`.
    case unreadableLocation(in: String)
    /// A package listed twice in one list (first on `firstLine`).
    case listedTwice(PackageName, in: List, firstLine: Int)

    /// A list of packages in a lock.
    public enum List: Sendable, Equatable {
        /// A section (its name).
        case section(String)
        /// The dependencies of a PACKAGES entry.
        case dependenciesOf(PackageName)
    }
}
