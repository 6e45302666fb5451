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
}

extension SpecSource {
    public var readFrom: String? { nil }
    public func fetch(_ needed: [SpecToFetch]) async throws {}
    public func hasSpecification(of name: PackageName, version: Version) throws -> Bool {
        try versions(of: name).contains(version)
    }
    public func fetchPinned(_ pinned: [(name: PackageName, version: Version)]) async {}
    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] { [] }
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

/// A project directory: its Depsfile and its lockfile.
public protocol ProjectStore: AnyObject {
    func readManifest() throws -> Manifest
    /// The lockfile, or nil when there is none.
    func readLockfile() throws -> Lockfile?
    /// Writes the lockfile atomically; returns false when the file already held these bytes.
    @discardableResult
    func writeLockfile(_ lockfile: Lockfile) throws -> Bool
    /// Throws what `writeLockfile` would (a read-only lockfile, a folder that cannot be written),
    /// so that a command can refuse before it changes anything.
    func checkLockfileCanBeWritten() throws
    /// Whether the project has a Depsfile.
    func hasManifest() -> Bool
    /// Writes a starter Depsfile (never over an existing one).
    func writeStarterManifest(_ starter: StarterManifest) throws
}

extension ProjectStore {
    public func checkLockfileCanBeWritten() throws {}
}

/// Opens the spec sources a Depsfile names, and reads specs from external sources.
public protocol SpecSourceOpener: AnyObject {
    /// The source a Depsfile's `sources:` entry names (e.g. a directory relative to the project);
    /// a git spec repository is cloned first when the cache does not have it.
    func openSource(_ label: String) async throws -> SpecSource
    /// The spec an external source holds (`path: ../LocalKit` holds `LocalKit.yaml`), for a git
    /// source at the commit the lock records (nil: where the reference points).
    func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) async throws -> Specification
}

/// One package's code to fetch: where from, and the pin the lock records (if any).
public struct CodeRequest: Sendable, Hashable {
    public let name: PackageName
    public let version: Version
    public let source: CodeSource
    /// The commit or archive digest the lock records; the code fetched must match it.
    public let pin: ContentPin?

    public init(name: PackageName, version: Version, source: CodeSource, pin: ContentPin?) {
        self.name = name
        self.version = version
        self.source = source
        self.pin = pin
    }
}

/// Code ready to be placed in the sandbox: where the fetcher keeps it, and the pin it was
/// fetched at (nil for code used in place).
public struct FetchedCode: Sendable, Hashable {
    /// Where the code's tree is (a cache entry, or the folder used in place); the sandbox reads it.
    public let tree: String
    /// What the code is pinned at; nil for a folder used in place, which nothing pins.
    public let pin: ContentPin?

    public init(tree: String, pin: ContentPin?) {
        self.tree = tree
        self.pin = pin
    }

    /// A folder used in place (a `path:` source) rather than code fetched into the cache.
    public var usedInPlace: Bool { pin == nil }
}

/// Fetches packages' code (from git, an archive, or a folder used in place), through a cache.
/// Implementations throw `CodeFetchError` naming the package, the URL and the cause.
public protocol CodeFetcher: Sendable {
    func fetch(_ request: CodeRequest) async throws -> FetchedCode
}

/// The project's sandbox `Deps/`.
public protocol Sandbox: Sendable {
    /// What the sandbox holds now; nil when there is no sandbox at all.
    ///
    /// - Parameter expected: the lock the sandbox probably matches; an implementation may use it
    ///   to skip reading a Manifest.lock that holds exactly that lock.
    func state(expecting expected: Lockfile?) throws -> SandboxState?
    /// Replaces the package's folder whole with the fetched code (or removes it when the code
    /// is used in place): an interruption leaves the old folder or the new one, never a mix.
    ///
    /// With `manifest`, Manifest.lock is written as it in the same step, which an interruption
    /// never splits: it lists the new folder exactly when the folder is there.
    func place(_ code: FetchedCode, as name: PackageName, listing manifest: Lockfile?) async throws
    /// Removes the package's folder; with `manifest`, writes Manifest.lock as it in the same step.
    func remove(_ name: PackageName, listing manifest: Lockfile?) throws
    /// Writes Manifest.lock atomically, only when its content changes.
    func writeManifest(_ lock: Lockfile) throws
    /// Throws what changing the sandbox would (a read-only folder or Manifest.lock), so that an
    /// installation can refuse before it changes anything.
    func checkWritable() throws
    /// Removes the sandbox's own folder if it holds nothing at all; nothing otherwise. A first
    /// installation that fails calls it, so that it leaves no empty sandbox behind.
    func removeIfEmpty()
}

extension Sandbox {
    public func checkWritable() throws {}
}

/// Told as fetches start and finish, to show progress.
public protocol FetchProgress: Sendable {
    func fetchStarted(_ request: CodeRequest, of total: Int)
    func fetchFinished(_ request: CodeRequest, of total: Int)
}

/// How the project builds with the sandbox: `Deps/Package.swift` (BEHAVIOUR 8.4).
public protocol ProjectIntegration: Sendable {
    /// Whether the integration files exist (a no-op install with an in-sync sandbox leaves them alone).
    func isWritten() -> Bool
    /// Every file below a package's code folder, as paths relative to it.
    func files(in folder: SandboxFolder) throws -> [String]
    /// Writes the integration files, only when their content changes; returns whether it did.
    func write(_ manifest: SandboxPackageManifest) throws -> Bool
    /// Every file below fetched code not yet placed in the sandbox (`FetchedCode.tree`), as paths relative to it.
    func files(inTree tree: String) throws -> [String]
    /// One file's bytes, relative to a package's code folder; nil when it cannot be read.
    func contents(of file: String, in folder: SandboxFolder) -> [UInt8]?
    /// The same for fetched code not yet placed.
    func contents(of file: String, inTree tree: String) -> [UInt8]?
}

extension ProjectIntegration {
    public func files(inTree tree: String) throws -> [String] { [] }
    public func contents(of file: String, in folder: SandboxFolder) -> [UInt8]? { nil }
    public func contents(of file: String, inTree tree: String) -> [UInt8]? { nil }
}

/// The shared cache of fetched code, as `deps cache` sees it (BEHAVIOUR 4.5). Removing is safe
/// while other deps processes use the cache: an entry being made or read is waited for.
public protocol CodeCacheInventory: Sendable {
    /// Each package version's code the cache holds, and the cache's whole size.
    func list() throws -> CacheListing
    /// Removes the named packages' code (and what it was made from); returns what was removed.
    func remove(_ names: [PackageName]) async throws -> CacheListing
    /// Removes everything the cache holds; returns the packages' code that was removed.
    func removeAll() async throws -> CacheListing
}

/// Refreshes spec repositories: fetches a git one again, revalidates a CDN's cached files
/// (BEHAVIOUR 9). A directory has nothing to refresh.
public protocol SpecRepositoryRefresher: AnyObject {
    /// Refreshes the source a Depsfile's `sources:` entry names (`trunk`, a URL, a directory).
    func refresh(_ label: String) async throws -> SpecRepositoryRefresh
}

/// A CocoaPods project's own files, read and never changed (`deps import`).
public protocol CocoaPodsProject: AnyObject {
    /// The Podfile, read statically, or evaluated with Ruby where the static reader cannot follow
    /// it (unless the project was opened to read statically only); nil when the project has none.
    /// Throws when it cannot be read, naming every line at fault.
    func readPodfile() async throws -> ReadPodfile?
    /// The Podfile.lock; nil when the project has none.
    func readPodfileLock() throws -> PodfileLock?
}

/// Where `deps import` writes the Depsfile and its lock.
public protocol ImportDestination: AnyObject {
    /// The names of the files an import would replace (`Depsfile`, `Depsfile.lock`) that exist.
    func existingFiles() -> [String]
    /// The Depsfile's text for this manifest, and its checksum as a lock records it.
    func manifestFile(_ manifest: ImportedManifest) -> ManifestFile
    /// The lockfile's text.
    func lockfileText(_ lockfile: Lockfile) -> String
    /// Writes the Depsfile, then the lock when there is one, each atomically; when the lock
    /// cannot be written the Depsfile is removed, so that no half import is left.
    func write(manifest: String, lockfile: String?) throws
}

/// Spec files read for `deps spec lint`, and the files of code fetched to check them.
public protocol SpecFileReader: AnyObject {
    /// The spec at a path (`.yaml` as deps writes specs, or `.podspec.json`): what reads of it,
    /// and every problem, each with its line where there is one. Throws when the file cannot be read.
    func readSpecFile(_ path: String) throws -> SpecFileReading
    /// Every file below a tree of fetched code, relative to it.
    func files(inTree tree: String) throws -> [String]
}

/// Adds specs to git spec repositories (`deps repo push`).
public protocol SpecRepositoryPublisher: AnyObject {
    /// Adds the spec file to the repository, in its layout, commits `[Add] <Name> <version>` and
    /// pushes, fetching and trying again when someone pushed first. Throws
    /// `VersionAlreadyPublishedError` when the repository has that version already.
    func publish(_ spec: SpecToPublish, to repository: String) async throws -> PublishedSpec
}

/// A package's own `Package.swift` at its locked version, read without building or running it
/// (`deps export swiftpm`).
public protocol PackageManifestSource: Sendable {
    /// The manifest of the code `request` names: read from the sandbox's folder when `inSandbox`
    /// (the sandbox holds exactly that code), else from the shared cache, fetched into it when
    /// missing. Throws `CodeFetchError` when the code cannot be had.
    func manifest(of request: CodeRequest, inSandbox: Bool) async throws -> FoundPackageManifest
}

/// What a package's manifest says, and the pin of the code it was read from (nil when read from
/// the sandbox, whose Manifest.lock records it).
public struct FoundPackageManifest: Sendable, Equatable {
    public let reading: PackageManifestReading
    public let pin: ContentPin?

    public init(reading: PackageManifestReading, pin: ContentPin?) {
        self.reading = reading
        self.pin = pin
    }
}
