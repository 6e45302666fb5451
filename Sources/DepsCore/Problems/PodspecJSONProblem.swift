/// What is wrong with a CocoaPods `<Name>.podspec.json`, as data: the values are the file's text
/// (and what the reader read them as), worded by DepsPresenters.
public enum PodspecJSONProblem: Sendable, Equatable {
    /// The root is not an object (what it is instead: `a list`, `a string`, ...).
    case notAnObject(found: YAMLValueKind)
    /// `name` or `version` is absent.
    case missingField(String)
    /// The `name` is not the one the file's place gives.
    case nameMismatch(name: String, expected: ExpectedName)
    /// The `version` is not its folder's name.
    case versionMismatch(version: String, folder: String)
    /// `license` is neither a string nor an object.
    case licenseNotStringOrObject(found: YAMLValueKind)
    /// The source is `svn`, `hg` or `bzr` (`kind`).
    case unfetchableSource(pod: String, kind: String)
    /// A `git` source without `tag`, `commit` or `branch`.
    case gitSourceWithoutRevision(pod: String, url: String)
    /// A dependency's key is not a package name.
    case invalidPackageName(String)
    /// A dependency's requirements are neither a string nor a list (`field` names where).
    case requirementsNotAList(pod: PackageName, field: YAMLFieldSubject, found: YAMLValueKind)
    /// A dependency's requirements joined (`>= 2.3, < 2.4`) are not a requirement.
    case invalidRequirement(String, pod: PackageName)
    /// A subspec of `owner` (nil: of the spec itself) without `name`.
    case subspecWithoutName(owner: String?)
    /// A first-level subspec's name cannot follow `Pod/` in a package name.
    case subspecNameNotPackagePart(name: String, fullName: String)
    /// A subspec's name is empty or holds `/`.
    case invalidSubspecName(String)
    /// Two subspecs of one spec or subspec share a name.
    case subspecDefinedTwice(fullName: String)
    /// `default_subspecs` (or `default_subspec`, `key`) is neither a name nor a list.
    case defaultSubspecsNotNameOrList(key: String, found: YAMLValueKind)
    /// `default_subspecs` names a subspec `pod` does not have.
    case defaultSubspecUnknown(key: String, subspec: String, pod: String)

    /// What gives a spec's expected name.
    public enum ExpectedName: Sendable, Equatable {
        /// The file's name, `<Name>.podspec.json`.
        case fileName(PackageName)
        /// The package's folder.
        case folder(PackageName)
        /// The Depsfile's dependency of that name (a podspec found at its `path:` or `podspec:`).
        case depsfileDependency(PackageName)
    }
}
