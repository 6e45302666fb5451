import DepsCore

/// The words for a lockfile's problems beyond the shape of its fields:
/// `Kit is listed twice in DEPENDENCIES (first on line 12)`.
extension InputProblemWording {
    static func text(for problem: LockfileProblem) -> MessageText {
        switch problem {
        case let .missingSection(section):
            "missing section '\(section)'"
        case let .subspecVersionsDisagree(name, version, other, otherVersion, line):
            "\(name) is locked at \(version) but \(other) at \(otherVersion) (line \(line)); the subspecs of \(name.root) share one version"
        case let .lockedAtVersionButReference(name, version, reference):
            "\(name) is locked at \(version) but EXTERNAL SOURCES takes it on \(reference)"
        case let .lockedOnReferenceWithoutOne(name, version):
            "\(name) is locked on \(version) but EXTERNAL SOURCES takes it on no branch or revision"
        case let .checkoutNeedsCommitAndURL(name, urlKey):
            "expected `commit:` and `\(urlKey):` for \(name)"
        case let .invalidCommit(commit, name):
            "invalid commit '\(commit)' for \(name); expected 40 hexadecimal digits"
        case let .emptyGitURL(name):
            "the git URL of \(name) cannot be empty"
        case let .emptyRegistryURL(name):
            "the registry URL of \(name) cannot be empty"
        case let .registryNotAlone(name):
            "expected `registry:` alone for the registry package \(name)"
        case let .emptyPackageURL(name):
            "the package URL of \(name) cannot be empty"
        case let .packageNotAlone(name, key):
            "expected `\(key):` alone\(message: key == "package" ? ", or with `branch:` or `revision:`," : "") for the Swift package \(name)"
        case let .invalidReference(key, name):
            "invalid `\(key):` for \(name)"
        case let .noLocation(name):
            "expected one of `path:`, `podspec:` or `git:` for \(name)"
        case let .revisionWithoutPackage(name):
            "`revision:` goes with `package:` in the source of \(name)"
        case let .invalidSHA256(text, subject):
            "invalid SHA-256 '\(text)' for \(phrase(subject))"
        case .entryNotOnePair:
            "expected `Name (version):` followed by its dependencies"
        case let .entryWithoutVersion(text):
            "expected `Name (version)`, found '\(text)'"
        case let .unreadableReference(key, text):
            "expected `\(key) `value`` in '\(text)'"
        case let .unreadableLocation(text):
            "expected `from `location`` in '\(text)'"
        case let .listedTwice(name, list, firstLine):
            "\(name) is listed twice in \(message: text(for: list)) (first on line \(firstLine))"
        }
    }

    static func text(for list: LockfileProblem.List) -> MessageText {
        switch list {
        case let .section(section): "\(section)"
        case let .dependenciesOf(name): "the dependencies of \(name)"
        }
    }
}
