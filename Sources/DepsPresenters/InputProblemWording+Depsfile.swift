import DepsCore

/// The words for a Depsfile's problems beyond the shape of its fields:
/// `Alamofire has both `path:` and `git:`; keep one`.
extension InputProblemWording {
    static func text(for problem: DepsfileProblem) -> MessageText {
        switch problem {
        case .emptySource:
            "a source cannot be empty"
        case let .sourceListedTwice(source):
            "source '\(source)' is listed twice"
        case let .invalidPlatform(text, field, known):
            "invalid \(phrase(.platform(field))) '\(text)'; expected a platform and a deployment target, e.g. `ios 15.0` (one of \(known.joined(separator: ", ")))"
        case let .invalidDeploymentTarget(target, platform, field):
            "invalid deployment target '\(target)' in \(phrase(.platform(field))) '\(platform)'"
        case let .specSourceBeside(key, name):
            "\(name) has both `source:` and `\(key):`; a spec source goes with `version:` alone"
        case let .emptySpecSource(name):
            "the spec source of \(name) cannot be empty"
        case let .keyBesidePackage(key, packageKey, name):
            "`\(key):` does not go with `\(packageKey):` in the source of \(name); a package takes "
                + (packageKey == "package" ? "`version:`, `exact:`, `branch:` or `revision:`" : "`version:` or `exact:`")
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
        case let .invalidGitReference(error, name):
            "\(message: text(for: error)) for \(name)"
        case let .gitKeyWithoutGit(key, name):
            "`\(key):` goes with `git:` in the source of \(name)"
        case let .noLocation(name):
            "expected `path:`, `podspec:`, `git:`, `package:` or `source:` in the source of \(name)"
        case let .emptyPath(name):
            "the path of \(name) cannot be empty"
        case let .emptyPodspec(name):
            "the podspec of \(name) cannot be empty"
        case let .podspecIsURL(file, name):
            "the podspec of \(name) is a URL, '\(file)'; `podspec:` names a file relative to the Depsfile"
        case let .podspecFormatUnknown(file, name):
            "the podspec of \(name), '\(file)', is neither a `.podspec.json`, a `.podspec` nor a `.yaml` spec file"
        }
    }

    /// A spec's or a dependency's `source:` that cannot be used.
    public static func text(for error: CodeSourceError) -> MessageText {
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
