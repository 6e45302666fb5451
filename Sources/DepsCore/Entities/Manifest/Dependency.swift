/// Where a package's spec is read from when it is not looked up in the spec sources.
public enum ExternalSource: Sendable, Hashable, CustomStringConvertible {
    /// A directory (relative to the Depsfile) holding `<Name>.yaml`.
    case path(String)
    /// A git repository whose checkout holds the spec at its root (BEHAVIOUR 1.1); with
    /// `submodules`, its code includes its submodules.
    case git(url: String, GitReference, submodules: Bool = false)
    /// A spec file (relative to the Depsfile: a `.podspec.json` or a `.yaml` spec) whose own
    /// `source:` says where the code is, fetched as a spec repository's package is.
    case podspec(String)
    /// A Swift package at a URL (BEHAVIOUR 16): its versions are the repository's semver tags and
    /// its dependencies are those SwiftPM resolves from each version's manifest. Under a name that
    /// is not the URL's identity it is a pod taken from that package (`swiftpm:`).
    case package(url: String)
    /// A Swift package taken on a branch or a revision (BEHAVIOUR 16), unversioned as SwiftPM
    /// has it: its one spec is its manifest at the branch's head (the lock's commit once locked)
    /// or at the revision, and other packages' requirements on it are overridden.
    case unversionedPackage(url: String, SwiftPackageReference)
    /// A package of the Swift package registry at a URL (SE-0292, BEHAVIOUR 16), named by its
    /// registry identity (`mona.linkedlist`): its versions are the registry's releases, its code
    /// the release's source archive, checked against the registry's checksum.
    case registry(url: String)

    /// `from `../LocalKit``, `from `https://…/Networking.git`, tag `2.1.0``,
    /// `from `https://…/Networking.git`, default branch, submodules` (the lockfile fences a value
    /// that holds a backtick).
    public var description: String {
        switch self {
        case let .path(path), let .podspec(path), let .package(path), let .registry(path): "from `\(path)`"
        case let .unversionedPackage(url, reference): "from `\(url)`, \(reference.field.key) `\(reference.field.value)`"
        case let .git(url, reference, submodules):
            "from `\(url)`, " + (reference.field.map { "\($0.key) `\($0.value)`" } ?? "default branch")
                + (submodules ? ", submodules" : "")
        }
    }

    /// The key and value pairs written under EXTERNAL SOURCES in the lockfile: `git` alone for
    /// the default branch, and `submodules: true` when they are fetched, as CocoaPods writes them.
    public var fields: [(key: String, value: String)] {
        switch self {
        case let .path(path): [("path", path)]
        case let .podspec(path): [("podspec", path)]
        case let .package(url): [("package", url)]
        case let .registry(url): [("registry", url)]
        case let .unversionedPackage(url, reference): [("package", url), reference.field]
        case let .git(url, reference, submodules):
            [("git", url)] + (reference.field.map { [$0] } ?? []) + (submodules ? [("submodules", "true")] : [])
        }
    }

    /// The fields written for the package `name`: as `fields`, but a Swift package under a pod's
    /// name (not the URL's identity) is `swiftpm:`, the pod taken from that package.
    public func fields(of name: PackageName) -> [(key: String, value: String)] {
        if case let .package(url) = self, !Self.isIdentity(name, of: url) { return [("swiftpm", url)] }
        return fields
    }

    /// Whether `name` is the identity of the Swift package at `url` (`swift-log`), rather than a pod's.
    public static func isIdentity(_ name: PackageName, of url: String) -> Bool {
        SwiftPackageIdentity(location: url).description == name.root.description
    }

    /// Where the package's code is: the folder itself, or the git repository at the reference;
    /// nil for a spec file, whose spec's own `source:` says.
    public var codeSource: CodeSource? {
        switch self {
        case let .path(path): .path(path)
        case let .git(url, reference, submodules): .git(url: url, reference, submodules: submodules)
        case .podspec, .package, .unversionedPackage, .registry: nil
        }
    }

    /// Whether the package is a Swift package, read from its versions' manifests rather than a
    /// spec: from its git repository or from a registry.
    public var isSwiftPackage: Bool {
        switch self {
        case .package, .unversionedPackage, .registry: true
        case .path, .git, .podspec: false
        }
    }

    /// The URL of a Swift package read from git (`package:`), versioned or not.
    public var swiftPackageURL: String? {
        switch self {
        case let .package(url), let .unversionedPackage(url, _): url
        case .path, .git, .podspec, .registry: nil
        }
    }

    /// What a package taken on a branch or a revision follows; nil for any other source.
    public var swiftPackageReference: SwiftPackageReference? {
        if case let .unversionedPackage(_, reference) = self { return reference }
        return nil
    }
}

/// A requirement on a package, from the Depsfile or from a spec.
public struct Dependency: Sendable, Hashable, CustomStringConvertible {
    public let name: PackageName
    public let requirement: Requirement
    public let externalSource: ExternalSource?

    public init(_ name: PackageName, _ requirement: Requirement = .any, externalSource: ExternalSource? = nil) {
        self.name = name
        self.requirement = requirement
        self.externalSource = externalSource
    }

    /// The lockfile spelling: `Moya (~> 15.0)`, `SnapKit`, `LocalKit (from `../LocalKit`)`. The
    /// lockfile itself fences a location or reference that holds a backtick (``from `` a`b ``)``),
    /// so that it reads back.
    public var description: String {
        var details: [String] = []
        if let externalSource { details.append(externalSource.description) }
        if !requirement.isAny { details.append(requirement.description) }
        return details.isEmpty ? name.description : "\(name) (\(details.joined(separator: ", ")))"
    }

    /// Whether the two dependencies ask for the same thing: the same external source
    /// and requirements of the same meaning.
    public func hasSameMeaning(as other: Dependency) -> Bool {
        name == other.name && externalSource == other.externalSource && requirement.hasSameMeaning(as: other.requirement)
    }
}

/// Why a `podspec:` location cannot be read as a spec file: deps reads a local `.podspec.json`
/// or `.yaml` spec, or a Ruby `.podspec`.
public enum PodspecFileProblem: Sendable, Hashable {
    /// A URL rather than a file relative to the project.
    case url
    /// A file that is neither `.podspec.json`, a Ruby `.podspec` nor `.yaml`.
    case unknownFormat

    /// The problem with `location`, nil when it names a spec file deps reads (a Ruby `.podspec`
    /// through `ruby`, BEHAVIOUR 10).
    public init?(location: String) {
        let lower = location.lowercased()
        if location.contains("://") {
            self = .url
        } else if !lower.hasSuffix(".podspec.json") && !lower.hasSuffix(".podspec") && !lower.hasSuffix(".yaml") {
            self = .unknownFormat
        } else {
            return nil
        }
    }
}
