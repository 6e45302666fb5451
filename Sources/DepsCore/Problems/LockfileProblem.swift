/// What is wrong with a Depsfile.lock beyond the shape of its YAML: what deps never writes,
/// with the values as written, worded by DepsPresenters.
public enum LockfileProblem: Sendable, Equatable {
    /// The list a package is listed twice in.
    public enum PackageList: Sendable, Equatable {
        /// A section: PACKAGES, DEPENDENCIES, SPEC REPOS.
        case section(String)
        /// The dependencies of one PACKAGES entry.
        case dependencies(of: PackageName)
    }

    /// Which SHA-256 is not one.
    public enum ChecksumField: Sendable, Equatable {
        case spec(PackageName)
        case source(PackageName)
        /// DEPSFILE CHECKSUM.
        case depsfile(section: String)
    }

    case missingSection(String)
    /// Two subspecs of one package at different versions (the first's line).
    case subspecsAtTwoVersions(PackageName, Version, first: PackageName, firstVersion: Version, firstLine: Int)
    /// A version in PACKAGES for a package EXTERNAL SOURCES takes on a branch or a revision.
    case lockedAtVersionButOnReference(PackageName, Version, SwiftPackageReference)
    /// A branch or a revision in PACKAGES for a package EXTERNAL SOURCES takes on neither.
    case lockedOnReferenceButNone(PackageName, Version)
    /// A CHECKOUT OPTIONS entry without its commit and the URL under the key it needs.
    case checkoutNeedsCommitAnd(PackageName, urlKey: String)
    case invalidCommit(PackageName, String)
    case emptyGitURL(PackageName)
    case emptyRegistryURL(PackageName)
    case registryNotAlone(PackageName)
    case emptyPackageURL(PackageName)
    /// A Swift package's source with more than its URL key (`package:` may have a branch or a revision).
    case packageKeyNotAlone(PackageName, key: String)
    case invalidReference(PackageName, key: String)
    case noLocation(PackageName)
    case revisionWithoutPackage(PackageName)
    case invalidChecksum(String, ChecksumField)
    case notAnEntryWithDependencies
    case notAnEntry(String)
    case expectedFrom(String)
    /// `expected `tag `value`` in '…'`: a reference's key and the entry as written.
    case expectedReference(key: String, in: String)
    case invalidRequirement(String, of: PackageName)
    case listedTwice(PackageName, PackageList, firstLine: Int)
}
