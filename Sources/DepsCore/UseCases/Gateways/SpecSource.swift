import DepsFailures

/// A spec repository: the versions of each package and the spec of each version.
/// Implementations read lazily: listing versions must not parse specs, and a spec is
/// read when it is first asked for.
///
/// The reads are synchronous, since the resolver makes many of them. A source that must fetch
/// before it can answer (a CDN) throws `SpecsNotFetched` naming what it lacks; the catalog then
/// awaits `fetch` and asks again.
public protocol SpecSource: AnyObject {
    /// How the Depsfile names this source (`../../Specs`); the lockfile records it.
    var label: String { get }
    /// Where the source is read when that is not what `label` names (a mirror serving `trunk`,
    /// through `DEPS_MIRROR` or `DEPS_TRUNK_URL`), so that messages name both; nil otherwise.
    var readFrom: String? { get }
    /// Whether the repository is read from the network (a CDN, a git repository at a network URL):
    /// its specs may then name code only on the network (`CodeSource.isReachableFromRemoteSpec`).
    var isRemote: Bool { get }
    /// Every version the source has of the package; empty when it has none.
    func versions(of name: PackageName) throws -> [Version]
    /// The spec of one listed version.
    func specification(of name: PackageName, version: Version) throws -> Specification
    /// Every package name the source has (used only to suggest a close name).
    func packageNames() throws -> [PackageName]
    /// Fetches what the reads above lacked, and what reading it will need next (a package's
    /// dependencies, level by level), so that they can answer. Nothing by default.
    func fetch(_ needed: [SpecToFetch]) async throws
    /// Whether the source has this version of the package. A source that can tell without
    /// listing every version (a CDN, for a spec fetched by its version) answers from that spec.
    func hasSpecification(of name: PackageName, version: Version) throws -> Bool
    /// Fetches the specs of these versions directly, without listing any package's versions, so
    /// that a locked project's specs arrive in one round. What cannot be fetched is left for the
    /// reads to fetch and report. Nothing by default.
    func fetchPinned(_ pinned: [(name: PackageName, version: Version)]) async
    /// What the source can say about a package it does not have, for the "not found" message
    /// (a copy in the cache not refreshed by this command, a layout that hides its packages).
    func notesOnMissing(_ name: PackageName) -> [MissingPackageNote]
    /// Where a package of this source is recorded in the lock when that is not a spec repository
    /// (a Swift package: `package: URL` under EXTERNAL SOURCES, BEHAVIOUR 16); nil by default.
    func externalSource(of name: PackageName) -> ExternalSource?
}

extension SpecSource {
    public var readFrom: String? { nil }
    public func fetch(_ needed: [SpecToFetch]) async throws {}
    public func hasSpecification(of name: PackageName, version: Version) throws -> Bool {
        try versions(of: name).contains(version)
    }
    public func fetchPinned(_ pinned: [(name: PackageName, version: Version)]) async {}
    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] { [] }
    public func externalSource(of name: PackageName) -> ExternalSource? { nil }
}

/// The source of Swift packages (BEHAVIOUR 16): besides the packages it was opened with, it reads
/// those the manifests it reads name, and those a spec names by URL (`package:`), once told.
public protocol SwiftPackageSource: SpecSource {
    /// Where the package of that URL's identity is read from, unless one is known already; `name`
    /// is its identity, or a pod's name (`swiftpm:`) under which the package is read, and which
    /// then stands for the package wherever a manifest names it too.
    func learn(location: String, as name: PackageName)

    /// The spec of the package the Depsfile takes at `url` on a branch or a revision (BEHAVIOUR
    /// 16): its manifest at `pinned` (the lock's commit) when given, else at the branch's head or
    /// the commit the revision names, as version `Version.unversioned(reference)` with its code at
    /// that commit. A branch or revision the repository lacks is a `CodeFetchError` naming the
    /// package, the URL and the reference.
    func unversionedSpecification(
        of name: PackageName, url: String, reference: SwiftPackageReference, pinnedTo pinned: String?
    ) async throws -> Specification
}

/// What a spec source has to fetch before it can answer a read.
public enum SpecToFetch: Sendable, Hashable {
    /// The versions of a package (and, for a source that fetches ahead, its newest spec).
    case versions(PackageName)
    /// One version's spec.
    case specification(PackageName, Version)
    /// Every package name the source has, for a "Did you mean" when a package is not there.
    case packageNames
}

/// Thrown by a spec source's synchronous reads when the answer has not been fetched yet.
public struct SpecsNotFetched: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    /// The label of the source that lacks them.
    public let source: String
    public let needed: [SpecToFetch]

    public init(source: String, needed: [SpecToFetch]) {
        self.source = source
        self.needed = needed
    }
}
