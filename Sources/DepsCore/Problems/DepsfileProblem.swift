/// What is wrong with a Depsfile beyond the shape of its fields (`YAMLFieldProblem`).
public enum DepsfileProblem: Sendable, Equatable {
    case emptySource
    case sourceListedTwice(String)
    /// A platform (`what`: the top-level `platform:`, or an Xcode target's) that is not a known
    /// platform with an optional deployment target.
    case invalidPlatform(String, of: PlatformField, known: [String])
    /// The deployment target in `platform` is not a release version.
    case invalidDeploymentTarget(String, in: String, of: PlatformField)
    /// `source:` (a spec source) beside a location key.
    case specSourceBeside(key: String, of: PackageName)
    case emptySpecSource(PackageName)
    /// A key a package (`package:`, `swiftpm:` or `registry:`, the `packageKey`) does not take.
    case keyBesidePackage(key: String, packageKey: String, of: PackageName)
    case revisionWithoutPackage(PackageName)
    case exactWithoutPackage(PackageName)
    /// Two of `path:`, `podspec:` and `git:`.
    case twoLocations(PackageName, String, String)
    case emptyGitURL(PackageName)
    case severalGitReferences(PackageName)
    case invalidGitReference(CodeSourceError, of: PackageName)
    /// `tag:`, `commit:`, `branch:` or `submodules:` without `git:`.
    case gitKeyWithoutGit(key: String, of: PackageName)
    case noLocation(PackageName)
    case emptyPath(PackageName)
    case emptyPodspec(PackageName)
    case podspecIsURL(String, of: PackageName)
    case podspecFormatUnknown(String, of: PackageName)

    /// Whose platform: the Depsfile's, or that of an Xcode target (its name as written).
    public enum PlatformField: Sendable, Equatable {
        case depsfile
        case xcodeTarget(String)
    }
}
