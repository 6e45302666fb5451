/// What is wrong with one of deps' YAML specs beyond the shape of its fields (`YAMLFieldProblem`).
public enum SpecFileProblem: Sendable, Equatable {
    /// `name` or `version` missing.
    case missingKey(String)
    /// A `name` other than the one where the spec is found gives.
    case nameMismatch(String, expected: NamePlace)
    /// A `version` other than its file name's (`fileVersion`, as spelt there).
    case versionMismatch(String, fileVersion: String)
    /// A `source:` that cannot be used, in the spec named `name` (as written).
    case invalidSource(CodeSourceError, name: String)
    case defaultSubspecNotASubspec(String)
    /// A `module` that is not a Swift identifier.
    case invalidModuleName(String)
    case invalidSourceFilePattern(SourceFileGlobError)
    /// `source_files` with an empty list.
    case noSourceFilePattern
    case subspecWithoutName(of: PackageName)
    /// A subspec without `name`, found by the linter (which reads it without its spec's name).
    case aSubspecWithoutName
    case invalidSubspecName(String)

    /// What gives a spec its expected name.
    public enum NamePlace: Sendable, Equatable {
        /// The spec's file name, `<Name>.yaml`.
        case fileName(PackageName)
        /// The spec's folder.
        case folder(PackageName)
        /// The Depsfile's dependency of that name (a spec found at its `path:` or `podspec:`).
        case depsfileDependency(PackageName)
    }
}
