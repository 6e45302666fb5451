/// What a Swift package the Depsfile takes on a branch or a revision follows (BEHAVIOUR 16),
/// instead of a version: SwiftPM calls such a package unversioned. Its dependencies are those of
/// its manifest at that branch's head or that revision, and the requirements other packages put
/// on it are overridden, as SwiftPM overrides them for a root package's unversioned dependency.
public enum SwiftPackageReference: Sendable, Hashable, CustomStringConvertible {
    /// A branch: its head when first locked, kept by the lock's commit until `deps update`.
    case branch(String)
    /// A commit, as written (4 to 40 hexadecimal digits, as a git pod's `commit:` takes it); the
    /// lock's CHECKOUT OPTIONS record the full commit it names.
    case revision(String)

    /// The Depsfile's and the lock's keys, in the order they are looked for.
    public static let keys = ["branch", "revision"]

    /// Reads `branch:` or `revision:` with its value.
    public init(key: String, value: String) throws(CodeSourceError) {
        guard !value.isEmpty, !value.hasPrefix("-"),
              !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidReference(key: key, value: value)
        }
        switch key {
        case "branch":
            self = .branch(value)
        default:
            guard GitCommit.isAbbreviation(value) else {
                throw .invalidCommit(key: key, value: value)
            }
            self = .revision(value)
        }
    }

    /// `branch` or `revision` with its value, as the Depsfile and EXTERNAL SOURCES write it.
    public var field: (key: String, value: String) {
        switch self {
        case let .branch(branch): ("branch", branch)
        case let .revision(revision): ("revision", revision)
        }
    }

    /// The git reference the code is fetched at before a commit is locked.
    public var gitReference: GitReference {
        switch self {
        case let .branch(branch): .branch(branch)
        case let .revision(revision): .commit(revision)
        }
    }

    /// `branch main`, `revision 0123abcd`.
    public var description: String { "\(field.key) \(field.value)" }
}

extension Version {
    /// The version the resolver and the lock's entities give a package taken on a branch or a
    /// revision: it has none, so it has this one alone, written as its reference (`branch main`).
    /// The lock spells it from EXTERNAL SOURCES, never as a version an older deps would read.
    public static func unversioned(_ reference: SwiftPackageReference) -> Version {
        Version(standingFor: reference.description)
    }
}
