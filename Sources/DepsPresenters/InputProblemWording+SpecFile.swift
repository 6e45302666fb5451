import DepsCore

/// The words for the problems of deps' YAML specs:
/// `name 'Kit' does not match its folder 'Alamofire'`.
extension InputProblemWording {
    static func text(for problem: SpecFileProblem) -> MessageText {
        switch problem {
        case let .missingKey(key):
            "missing key '\(key)'"
        case let .nameMismatch(name, .fileName(expected)):
            "name '\(name)' does not match its file name '\(expected).yaml'"
        case let .nameMismatch(name, .folder(expected)):
            "name '\(name)' does not match its folder '\(expected)'"
        case let .nameMismatch(name, .depsfileDependency(expected)):
            "name '\(name)' does not match \(message: dependencyInTheDepsfile(expected))"
        case let .versionMismatch(version, fileVersion):
            "version '\(version)' does not match its file name '\(fileVersion).yaml'"
        case let .invalidSource(error, name):
            "invalid source for \(name): \(message: text(for: error))"
        case let .defaultSubspecNotASubspec(name):
            "default subspec '\(name)' is not one of the spec's subspecs"
        case let .invalidModuleName(text):
            "module '\(text)' is not a Swift identifier (letters, digits and _, not starting with a digit)"
        case let .invalidSourceFilePattern(error):
            text(for: error)
        case .noSourceFilePattern:
            "source_files lists no pattern"
        case let .subspecWithoutName(package):
            "a subspec of \(package) has no `name`"
        case .aSubspecWithoutName:
            "a subspec has no `name`"
        case let .invalidSubspecName(name):
            "invalid subspec name '\(name)'"
        }
    }

    /// A file pattern that cannot be used.
    public static func text(for error: SourceFileGlobError) -> MessageText {
        let reason: MessageText = switch error.reason {
        case .empty: "it is empty"
        case .absolute: "it is an absolute path"
        case .reachesOutside: "it reaches outside the package's folder with `..`"
        case .unopenedBrace: "a `}` has no `{`"
        case .unclosedBrace: "a `{` has no `}`"
        }
        return "invalid file pattern '\(error.pattern)': \(message: reason)"
    }

    /// What names a spec found at a Depsfile dependency's `path:` or `podspec:`.
    static func dependencyInTheDepsfile(_ name: PackageName) -> MessageText {
        "the dependency '\(name)' in the Depsfile"
    }
}
