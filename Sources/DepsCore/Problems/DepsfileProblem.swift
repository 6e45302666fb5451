/// What is wrong with a Depsfile's `sources:`, `platform:` or a dependency, beyond the shape of
/// its YAML: the values as written, worded by DepsPresenters.
public enum DepsfileProblem: Sendable, Equatable {
    /// Which `platform:` a platform problem is in.
    public enum PlatformField: Sendable, Equatable {
        /// The Depsfile's top-level `platform:`.
        case project
        /// An `xcode:` target's `platform:`.
        case target(String)
    }

    case emptySource
    case sourceListedTwice(String)
    /// Not a known platform with an optional deployment target (the known platforms' names).
    case invalidPlatform(PlatformField, text: String, known: [String])
    case invalidDeploymentTarget(String, PlatformField, text: String)
    /// `source:` beside a key that names where the code is.
    case specSourceBeside(PackageName, key: String)
    case emptySpecSource(PackageName)
    /// A key a package's source cannot take beside `package:`, `swiftpm:` or `registry:`;
    /// `byURL` when it was `package:`, which also takes a branch or a revision.
    case notWithPackage(PackageName, key: String, packageKey: String, byURL: Bool)
    case revisionWithoutPackage(PackageName)
    case exactWithoutPackage(PackageName)
    /// Two of `path:`, `podspec:` and `git:`.
    case twoLocations(PackageName, String, String)
    case emptyGitURL(PackageName)
    case severalGitReferences(PackageName)
    case referenceWithoutGit(PackageName, key: String)
    case noLocation(PackageName)
    case emptyPath(PackageName)
    case emptyPodspec(PackageName)
    case podspecIsURL(PackageName, file: String)
    case podspecOfUnknownFormat(PackageName, file: String)
}
