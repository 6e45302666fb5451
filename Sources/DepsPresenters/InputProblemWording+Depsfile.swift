import DepsCore

extension InputProblemWording {
    /// A Depsfile's problem; every value from the file escaped (by `MessageText`'s interpolation).
    static func words(for problem: DepsfileProblem) -> MessageText {
        switch problem {
        case .emptySource:
            "a source cannot be empty"
        case let .sourceListedTwice(source):
            "source '\(source)' is listed twice"
        case let .invalidPlatform(field, text, known):
            "invalid \(message: words(for: field)) '\(text)'; expected a platform and a deployment target, e.g. `ios 15.0` (one of \(known.joined(separator: ", ")))"
        case let .invalidDeploymentTarget(target, field, text):
            "invalid deployment target '\(target)' in \(message: words(for: field)) '\(text)'"
        case let .specSourceBeside(name, key):
            "\(name) has both `source:` and `\(key):`; a spec source goes with `version:` alone"
        case let .emptySpecSource(name):
            "the spec source of \(name) cannot be empty"
        case let .notWithPackage(name, key, packageKey, byURL):
            "`\(key):` does not go with `\(packageKey):` in the source of \(name); a package takes "
                + (byURL ? "`version:`, `exact:`, `branch:` or `revision:`" : "`version:` or `exact:`")
        case let .revisionWithoutPackage(name):
            "`revision:` goes with `package:` in the source of \(name); a git pod's commit is `commit:`"
        case let .exactWithoutPackage(name):
            "`exact:` goes with `package:` or `registry:` in the source of \(name); a pod's exact version is `version: 1.2.3`"
        case let .twoLocations(name, first, second):
            "\(name) has both `\(first):` and `\(second):`; keep one"
        case let .emptyGitURL(name):
            "the git URL of \(name) cannot be empty"
        case let .severalGitReferences(name):
            "`git:` for \(name) takes at most one of `tag:`, `commit:` or `branch:` (none: the default branch)"
        case let .referenceWithoutGit(name, key):
            "`\(key):` goes with `git:` in the source of \(name)"
        case let .noLocation(name):
            "expected `path:`, `podspec:`, `git:`, `package:` or `source:` in the source of \(name)"
        case let .emptyPath(name):
            "the path of \(name) cannot be empty"
        case let .emptyPodspec(name):
            "the podspec of \(name) cannot be empty"
        case let .podspecIsURL(name, file):
            "the podspec of \(name) is a URL, '\(file)'; `podspec:` names a file relative to the Depsfile"
        case let .podspecOfUnknownFormat(name, file):
            "the podspec of \(name), '\(file)', is neither a `.podspec.json`, a `.podspec` nor a `.yaml` spec file"
        }
    }

    /// `platform`, `platform of target 'App'`.
    static func words(for field: DepsfileProblem.PlatformField) -> MessageText {
        switch field {
        case .project: "platform"
        case let .target(target): "platform of target '\(target)'"
        }
    }

    /// `invalid file pattern '../x': it reaches outside the package's folder with `..``.
    public static func words(for error: SourceFileGlobError) -> MessageText {
        let reason: MessageText = switch error.reason {
        case .empty: "it is empty"
        case .absolute: "it is an absolute path"
        case .reachesOutside: "it reaches outside the package's folder with `..`"
        case .unopenedBrace: "a `}` has no `{`"
        case .unclosedBrace: "a `{` has no `}`"
        }
        return "invalid file pattern '\(error.pattern)': \(message: reason)"
    }

    /// A code source the core refuses, as the readers of Depsfiles and spec files put it.
    public static func words(for error: CodeSourceError) -> MessageText {
        switch error {
        case .noLocation: "expected one of `git:`, `http:` or `path:`"
        case .severalLocations(let keys):
            "expected only one of `git:`, `http:` or `path:`, found \(message: MessageText(escaping: keys.map { "`\($0):`" }.joined(separator: " and ")))"
        case .emptyLocation(let kind): "the `\(kind):` location is empty"
        case .controlCharacter(let kind, let location): "the `\(kind):` location '\(location)' holds a control character"
        case .noGitReference: "`git:` needs one of `tag:`, `commit:` or `branch:`"
        case .severalGitReferences: "`git:` takes only one of `tag:`, `commit:` or `branch:`"
        case .invalidReference(let key, let value): "invalid `\(key):` '\(value)'"
        case .invalidCommit(let key, let value): "invalid `\(key):` '\(value)'; expected a commit id: 4 to 40 hexadecimal digits"
        case .invalidDigest(let digest): "invalid `sha256:` '\(digest)'; expected 64 lower-case hexadecimal digits"
        case .referenceWithoutGit(let key): "`\(key):` goes with `git:`, not `http:`"
        }
    }
}
