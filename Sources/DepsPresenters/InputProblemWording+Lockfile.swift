import DepsCore

extension InputProblemWording {
    /// A lock's problem; every value from the file escaped (by `MessageText`'s interpolation).
    static func text(for problem: LockfileProblem) -> MessageText {
        switch problem {
        case let .missingSection(section):
            "missing section '\(section)'"
        case let .subspecsAtTwoVersions(name, version, first, firstVersion, firstLine):
            "\(name) is locked at \(version) but \(first) at \(firstVersion) (line \(firstLine)); the subspecs of \(name.root) share one version"
        case let .lockedAtVersionButOnReference(name, version, reference):
            "\(name) is locked at \(version) but EXTERNAL SOURCES takes it on \(reference)"
        case let .lockedOnReferenceButNone(name, version):
            "\(name) is locked on \(version) but EXTERNAL SOURCES takes it on no branch or revision"
        case let .checkoutNeedsCommitAnd(name, urlKey):
            "expected `commit:` and `\(urlKey):` for \(name)"
        case let .invalidCommit(name, commit):
            "invalid commit '\(commit)' for \(name); expected 40 hexadecimal digits"
        case let .emptyGitURL(name):
            "the git URL of \(name) cannot be empty"
        case let .emptyRegistryURL(name):
            "the registry URL of \(name) cannot be empty"
        case let .registryNotAlone(name):
            "expected `registry:` alone for the registry package \(name)"
        case let .emptyPackageURL(name):
            "the package URL of \(name) cannot be empty"
        case let .packageKeyNotAlone(name, key):
            "expected `\(key):` alone\(message: key == "package" ? ", or with `branch:` or `revision:`," : "") for the Swift package \(name)"
        case let .invalidReference(name, key):
            "invalid `\(key):` for \(name)"
        case let .noLocation(name):
            "expected one of `path:`, `podspec:` or `git:` for \(name)"
        case let .revisionWithoutPackage(name):
            "`revision:` goes with `package:` in the source of \(name)"
        case let .invalidChecksum(value, field):
            "invalid SHA-256 '\(value)' for \(message: text(for: field))"
        case .notAnEntryWithDependencies:
            "expected `Name (version):` followed by its dependencies"
        case let .notAnEntry(text):
            "expected `Name (version)`, found '\(text)'"
        case let .expectedFrom(text):
            "expected `from `location`` in '\(text)'"
        case let .expectedReference(key, text):
            "expected `\(key) `value`` in '\(text)'"
        case let .invalidRequirement(text, name):
            "invalid requirement '\(text)' for \(name)"
        case let .listedTwice(name, list, firstLine):
            "\(name) is listed twice in \(message: text(for: list)) (first on line \(firstLine))"
        }
    }

    private static func text(for field: LockfileProblem.ChecksumField) -> MessageText {
        switch field {
        case let .spec(name): "the checksum of \(name)"
        case let .source(name): "the source checksum of \(name)"
        case let .depsfile(section): "\(section)"
        }
    }

    private static func text(for list: LockfileProblem.PackageList) -> MessageText {
        switch list {
        case let .section(section): "\(section)"
        case let .dependencies(name): "the dependencies of \(name)"
        }
    }
}
