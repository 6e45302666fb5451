import DepsFailures
/// Where a package's code is fetched from (BEHAVIOUR 1.2 `source:`, 8.2).
///
/// Locations are kept as the spec source resolved them: a URL, or a path relative to the
/// project directory (a relative location in a directory repository is joined to the
/// repository's label by the spec source, so it stays portable).
public enum CodeSource: Sendable, Hashable, CustomStringConvertible {
    /// A git repository at a tag, a commit, a branch or its default branch; with `submodules`,
    /// the tree includes its submodules at the commits it records.
    case git(url: String, GitReference, submodules: Bool = false)
    /// An archive (zip, tar.gz, tar.bz2, tar.xz), with the SHA-256 its spec declares.
    case http(url: String, sha256: String?)
    /// A folder used in place, never copied.
    case path(String)

    /// The location as written in the lock and in messages.
    public var location: String {
        switch self {
        case let .git(url, _, _): url
        case let .http(url, _): url
        case let .path(path): path
        }
    }

    public var description: String {
        switch self {
        case let .git(url, reference, submodules): "\(url) (\(reference)\(submodules ? ", with submodules" : ""))"
        case let .http(url, _): url
        case let .path(path): path
        }
    }

    /// Whether the code is used in place rather than fetched into the sandbox.
    public var isUsedInPlace: Bool {
        if case .path = self { return true }
        return false
    }

    /// The same source with its location replaced (a spec source joins relative locations to its root).
    public func relocated(_ transform: (String) -> String) -> CodeSource {
        switch self {
        case let .git(url, reference, submodules): .git(url: transform(url), reference, submodules: submodules)
        case let .http(url, digest): .http(url: transform(url), sha256: digest)
        case let .path(path): .path(transform(path))
        }
    }
}

/// What a git source names: a tag, a commit, a branch, or the repository's default branch (the
/// remote's `HEAD`, what a Depsfile's `git:` with none of `tag:`, `commit:` and `branch:` follows).
public enum GitReference: Sendable, Hashable, CustomStringConvertible {
    case tag(String)
    case commit(String)
    case branch(String)
    case defaultBranch

    /// The keys that name a reference in a source mapping, in the order they are looked for.
    public static let keys = ["tag", "commit", "branch"]

    /// `tag`, `commit` or `branch` with its value, as a source mapping writes it; nil for the
    /// default branch, which a mapping names by having none of them.
    public var field: (key: String, value: String)? {
        switch self {
        case let .tag(value): ("tag", value)
        case let .commit(value): ("commit", value)
        case let .branch(value): ("branch", value)
        case .defaultBranch: nil
        }
    }

    /// Reads `tag:`, `commit:` or `branch:` with its value.
    public static func reading(key: String, value: String) throws(CodeSourceError) -> GitReference {
        try GitReference(key: key, value: value)
    }

    init(key: String, value: String) throws(CodeSourceError) {
        guard !value.isEmpty, !value.hasPrefix("-"),
              !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidReference(key: key, value: value)
        }
        switch key {
        case "tag": self = .tag(value)
        case "branch": self = .branch(value)
        default:
            // Any unambiguous abbreviation, as git and CocoaPods take it; the lock records the
            // full commit it names (BEHAVIOUR 1.3).
            guard GitCommit.isAbbreviation(value) else {
                throw .invalidCommit(key: key, value: value)
            }
            self = .commit(value)
        }
    }

    public var description: String {
        switch self {
        case let .tag(tag): "tag \(tag)"
        case let .commit(commit): "commit \(commit)"
        case let .branch(branch): "branch \(branch)"
        case .defaultBranch: "default branch"
        }
    }
}

/// A spec's `source:` that cannot be used, as data; the readers of spec files word it.
public enum CodeSourceError: ExitStatusError, Sendable, Equatable {
    /// None of `git:`, `http:` or `path:`.
    case noLocation
    /// More than one of them (the keys, in that order).
    case severalLocations([String])
    /// `git:`, `http:` or `path:` with an empty value.
    case emptyLocation(kind: String)
    /// A location holding a control character.
    case controlCharacter(kind: String, location: String)
    /// `git:` with none of `tag:`, `commit:` or `branch:`.
    case noGitReference
    /// `git:` with more than one of them.
    case severalGitReferences
    /// A `tag:`, `branch:` or `commit:` value git cannot take (empty, a leading `-`, a space).
    case invalidReference(key: String, value: String)
    /// A `commit:` (or a package's `revision:`) that is not 4 to 40 hexadecimal digits.
    case invalidCommit(key: String, value: String)
    /// A `sha256:` that is not 64 lower-case hexadecimal digits.
    case invalidDigest(String)
    /// `tag:`, `commit:` or `branch:` beside `http:`.
    case referenceWithoutGit(key: String)

    public var exitStatus: ExitStatus { .malformedInput }
}

/// The text of a git commit id: 40 lower-case hexadecimal digits.
public enum GitCommit {
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 40 && text.utf8.allSatisfy(SHA256Text.isLowerHex)
    }

    /// A commit id as a Podfile or a Depsfile may write it: its first 4 to 40 hexadecimal
    /// digits, in either case (git's shortest abbreviation is 4 digits).
    public static func isAbbreviation(_ text: String) -> Bool {
        (4...40).contains(text.utf8.count) && text.utf8.allSatisfy { SHA256Text.isLowerHex($0) || (0x41...0x46).contains($0) }
    }
}

/// The text of a SHA-256 digest: 64 lower-case hexadecimal digits.
public enum SHA256Text {
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy(isLowerHex)
    }

    public static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
