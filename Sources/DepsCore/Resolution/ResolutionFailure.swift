import DepsFailures
/// Why no resolution exists, as data: what kind of failure, the derivation that proves it,
/// and the remedy where a pin is in the way. Presenters word it.
public struct ResolutionFailure: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public enum Kind: Sendable, Equatable {
        /// The requirements, pins and dependencies cannot all hold.
        case noSolution
        /// The selected versions depend on one another in a circle, e.g. `[A, B, A]`.
        case cycle([PackageName])
        /// No source has the package; `suggestions` are close names that exist.
        case missingPackage(PackageName, suggestions: [PackageName])
    }

    public let kind: Kind
    /// The proof that no resolution exists.
    public let derivation: Derivation
    /// The smallest set of pinned packages whose `deps update` lets a resolution exist,
    /// sorted; empty when lifting pins would not help.
    public let suggestedUpdate: [PackageName]
    /// For a missing package, the sources searched for it (as the Depsfile names them).
    public let searchedSources: [String]
    /// Prereleases the derivation rules out only because no requirement names a prerelease of
    /// their package: for each such package (by name, subspecs under their package), its newest
    /// prerelease that the requirements in the derivation admit. A requirement naming it would
    /// let it be chosen.
    public let unnamedPrereleases: [UnnamedPrerelease]
    /// For a missing package, what the sources searched can say about it.
    public var missingPackageNotes: [MissingPackageNote] = []
    /// For a missing package, the Depsfile's other dependencies that no source has either, so that
    /// one run names them all.
    public var otherMissingPackages: [PackageName] = []
    /// For a package of which no version matches a requirement, what the sources can say about
    /// it (a cached copy this run did not refresh, where a version published since is not yet).
    public var missingVersionNotes: [MissingVersionNote] = []

    /// A package no version of which matched, and what a source says of it.
    public struct MissingVersionNote: Sendable, Equatable {
        public let package: PackageName
        public let note: MissingPackageNote

        public init(package: PackageName, note: MissingPackageNote) {
            self.package = package
            self.note = note
        }
    }

    /// A prerelease left out because no requirement names one: `RxSwift 6.0.0-rc.2`.
    public struct UnnamedPrerelease: Sendable, Equatable {
        public let package: PackageName
        public let version: Version

        public init(package: PackageName, version: Version) {
            self.package = package
            self.version = version
        }
    }

    public init(
        kind: Kind, derivation: Derivation, suggestedUpdate: [PackageName] = [], searchedSources: [String] = [],
        unnamedPrereleases: [UnnamedPrerelease] = []
    ) {
        self.kind = kind
        self.derivation = derivation
        self.suggestedUpdate = suggestedUpdate
        self.searchedSources = searchedSources
        self.unnamedPrereleases = unnamedPrereleases
    }
}

/// What a source can say about a package it does not have.
public enum MissingPackageNote: Sendable, Equatable {
    /// The source (as the Depsfile names it) is a copy in the cache, a git spec repository or a
    /// CDN's files, that this command read without asking its remote: a version published since
    /// is not in it yet.
    ///
    /// `readFrom` is where it was read when that is not what the name says: a mirror
    /// (`DEPS_MIRROR`, `DEPS_TRUNK_URL`) serving `trunk`.
    case cachedCopy(source: String, readFrom: String? = nil)
    /// The source is a directory in CocoaPods' layout whose `Specs/` holds shard folders
    /// (`Specs/a/b/c/<Name>/`) but no `CocoaPods-version.yml` says so, so packages are looked for
    /// directly in `Specs/`; `prefixLengths` are the shard folders' name lengths found.
    case shardedWithoutVersionFile(source: String, prefixLengths: [Int])
}
