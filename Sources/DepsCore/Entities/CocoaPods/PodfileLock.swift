/// What a CocoaPods `Podfile.lock` says (BEHAVIOUR 10), kept as CocoaPods wrote it.
///
/// Pod names stay text: CocoaPods accepts names deps does not (a nested subspec,
/// `YapDatabase/SQLCipher/Core`), and a lock is read whole before anything is converted.
/// `lockfile(depsfileChecksum:)` turns it into deps' own `Lockfile`.
public struct PodfileLock: Sendable, Hashable {
    /// One PODS entry: `Firebase/Analytics (10.29.0)` with the requirements listed under it.
    public struct Pod: Sendable, Hashable {
        public let name: String
        public let version: Version
        public let dependencies: [PodDependency]

        public init(name: String, version: Version, dependencies: [PodDependency] = []) {
            self.name = name
            self.version = version
            self.dependencies = dependencies
        }
    }

    /// A spec repository and the pods (by their root name) the lock recorded as coming from it.
    public struct SpecRepo: Sendable, Hashable {
        /// As the lock writes it: `trunk`, `https://github.com/CocoaPods/Specs.git`, a private URL.
        public let source: String
        public let pods: [String]

        public init(source: String, pods: [String]) {
            self.source = source
            self.pods = pods
        }
    }

    /// Every PODS entry, subspecs included, in the lock's order.
    public let pods: [Pod]
    /// DEPENDENCIES: the Podfile's dependencies as they were when the lock was written.
    public let dependencies: [PodDependency]
    /// SPEC REPOS; nil when the lock has no such section (CocoaPods before 1.5 wrote none).
    public let specRepos: [SpecRepo]?
    /// EXTERNAL SOURCES, by root pod name.
    public let externalSources: [String: PodExternalSource]
    /// CHECKOUT OPTIONS, by root pod name.
    public let checkoutOptions: [String: PodCheckout]
    /// SPEC CHECKSUMS: SHA-1 of each podspec's JSON, by root pod name. They are not deps' spec
    /// checksums (SHA-256 of the spec file deps reads) and are not carried into a deps lock.
    public let specChecksums: [String: String]
    /// PODFILE CHECKSUM (absent before CocoaPods 1.0).
    public let podfileChecksum: String?
    /// COCOAPODS: the version of CocoaPods that wrote the lock.
    public let cocoaPodsVersion: String?

    public init(
        pods: [Pod], dependencies: [PodDependency], specRepos: [SpecRepo]?,
        externalSources: [String: PodExternalSource] = [:], checkoutOptions: [String: PodCheckout] = [:],
        specChecksums: [String: String] = [:], podfileChecksum: String? = nil, cocoaPodsVersion: String? = nil
    ) {
        self.pods = pods
        self.dependencies = dependencies
        self.specRepos = specRepos
        self.externalSources = externalSources
        self.checkoutOptions = checkoutOptions
        self.specChecksums = specChecksums
        self.podfileChecksum = podfileChecksum
        self.cocoaPodsVersion = cocoaPodsVersion
    }

    /// The pod (or subspec) named, if PODS lists it.
    public func pod(named name: String) -> Pod? {
        pods.first { $0.name == name }
    }

    /// The spec repository the lock records for a pod or one of its subspecs, as written.
    public func specRepo(of name: String) -> String? {
        let root = PodfileLock.root(of: name)
        return specRepos?.first { $0.pods.contains(root) }?.source
    }

    /// `Firebase` for `Firebase/Analytics`; `YapDatabase` for `YapDatabase/SQLCipher/Core`.
    public static func root(of name: String) -> String {
        name.firstIndex(of: "/").map { String(name[..<$0]) } ?? name
    }
}

/// A requirement as a Podfile.lock writes it: `FirebaseCore (~> 10.0)`, `SnapKit`,
/// `Alamofire (from `https://github.com/Alamofire/Alamofire.git`, tag `5.9.1`)`.
public struct PodDependency: Sendable, Hashable {
    public let name: String
    public let requirement: Requirement
    /// What follows `from` in DEPENDENCIES: the location and, for git, the reference. The whole
    /// external source is in the lock's EXTERNAL SOURCES (`from` alone does not tell a `:path`
    /// from a `:podspec`).
    public let externalLocation: String?

    public init(name: String, requirement: Requirement = .any, externalLocation: String? = nil) {
        self.name = name
        self.requirement = requirement
        self.externalLocation = externalLocation
    }
}

/// Where CocoaPods reads a pod's podspec instead of a spec repository: a Podfile's `pod` options,
/// a Podfile.lock's EXTERNAL SOURCES entry.
public enum PodExternalSource: Sendable, Hashable {
    /// `:git` with at most one of `:tag`, `:branch`, `:commit` (as written: a commit may be
    /// abbreviated; none follows the default branch), and `:submodules`.
    case git(url: String, reference: PodGitReference?, submodules: Bool)
    /// `:path`: a directory holding the podspec.
    case path(String)
    /// `:podspec`: a podspec file or URL.
    case podspec(String)
    /// `:http`, `:svn`, `:hg` or `:bzr`: a download deps has no external source for.
    case download(kind: String, location: String)
}

/// The `:tag`, `:branch` or `:commit` of a git external source, as written.
public enum PodGitReference: Sendable, Hashable, CustomStringConvertible {
    case tag(String)
    case branch(String)
    case commit(String)

    /// `tag`, `branch` or `commit`.
    public var key: String {
        switch self {
        case .tag: "tag"
        case .branch: "branch"
        case .commit: "commit"
        }
    }

    public var value: String {
        switch self {
        case let .tag(value), let .branch(value), let .commit(value): value
        }
    }

    /// `tag 1.0`, as deps names a git reference.
    public var description: String { "\(key) \(value)" }
}

/// A CHECKOUT OPTIONS entry: the git repository a pod's code was checked out from and what
/// pinned it: a commit, or a tag when CocoaPods recorded only that.
public struct PodCheckout: Sendable, Hashable {
    public enum Pin: Sendable, Hashable {
        case commit(String)
        case tag(String)
    }

    public let git: String
    public let pin: Pin
    public let submodules: Bool

    public init(git: String, pin: Pin, submodules: Bool = false) {
        self.git = git
        self.pin = pin
        self.submodules = submodules
    }
}
