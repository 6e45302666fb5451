import DepsFailures
/// The steps install, update and outdated share: open the Depsfile's sources, resolve the
/// manifest with the pins that hold, and record the result as a lock.
struct LockfileResolution {
    let manifest: Manifest
    let lockfile: Lockfile?
    /// The locked versions that hold in this resolution.
    let pins: [PackageName: Version]
    /// The catalog, opened with the source choice that `pins` make.
    let catalog: SpecCatalog

    init(manifest: Manifest, lockfile: Lockfile?, pins: [PackageName: Version], catalog: SpecCatalog) {
        self.manifest = manifest
        self.lockfile = lockfile
        self.pins = pins
        self.catalog = catalog
    }

    /// Why the lockfile was set aside (only when the caller ignores an unreadable one).
    private(set) var unreadableLockfile: UnreadableLockfile?

    /// Reads the Depsfile and the lock, decides the pins, and opens the sources the Depsfile names
    /// with the source choice those pins make: a pinned package keeps the source its lock recorded,
    /// a package let move is searched in the sources' order again.
    ///
    /// - Parameters:
    ///   - releasing: the packages to let move besides those the Depsfile's changes release; nil
    ///     lets every package move (no pins).
    ///   - ignoringUnreadableLockfile: resolve as if there were no lockfile when it cannot be read
    ///     (a merge conflict, a syntax error), as `deps update` without names does.
    static func open(
        store: ProjectStore, opener: SpecSourceOpener, releasing: Set<PackageName>? = [], ignoringUnreadableLockfile: Bool = false
    ) async throws -> LockfileResolution {
        let manifest = try store.readManifest()
        let lockfile: Lockfile?
        var unreadable: UnreadableLockfile?
        do {
            lockfile = try store.readLockfile()
        } catch let error as MalformedInputError where ignoringUnreadableLockfile {
            lockfile = nil
            unreadable = .malformed(error)
        } catch let error as FileAccessError where ignoringUnreadableLockfile {
            lockfile = nil
            unreadable = .unreadable(error)
        }
        let pins = releasing.map { Self.pins(of: manifest, lockfile: lockfile, releasing: $0) } ?? [:]
        let choice = SourceChoice(manifest: manifest, lockfile: lockfile, pins: pins)
        var session = LockfileResolution(
            manifest: manifest, lockfile: lockfile, pins: pins,
            catalog: try await SpecCatalog.open(manifest: manifest, lockfile: lockfile, choice: choice, opener: opener, releasing: releasing))
        session.unreadableLockfile = unreadable
        return session
    }

    /// Refuses to go on with a lock a newer deps wrote (install and update would rewrite it).
    func refusingNewerLockfile() throws -> LockfileResolution {
        if let lockfile, lockfile.isWrittenByNewerDeps(than: DepsRelease.version) {
            throw NewerLockfileError(writtenBy: lockfile.depsVersion, running: DepsRelease.version)
        }
        return self
    }

    /// The pins that survive the Depsfile's changes and the packages named for update.
    static func pins(of manifest: Manifest, lockfile: Lockfile?, releasing named: Set<PackageName> = []) -> [PackageName: Version] {
        guard let lockfile else { return [:] }
        let released = manifest.dependenciesReleasingPins(from: lockfile).union(named)
        return lockfile.pins(roots: manifest.dependencies.map(\.name), releasing: released)
    }

    /// Fetches the specs the lock pins, all at once, when the lock is in sync with the Depsfile (so
    /// that `lockfileStillHolding` is likely to answer with it and read nothing else).
    func fetchLockedSpecs() async {
        guard let lockfile, lockfile.problems(against: manifest).isEmpty else { return }
        await catalog.fetchLocked(lockfile)
    }

    /// The lock itself when a pinned resolution could only reproduce it: it is in sync with the
    /// Depsfile (no drift, every requirement admits its pin, nothing missing or orphaned, the same
    /// Depsfile bytes) and every locked spec is still in its source with the recorded checksum.
    /// Then install need not run the solver.
    func lockfileStillHolding() throws -> Lockfile? {
        guard let lockfile, lockfile.problems(against: manifest).isEmpty else { return nil }
        var unrecorded: [PackageName: String] = [:]
        for package in lockfile.packages {
            guard try catalog.problems(with: package, in: lockfile, listedSources: manifest.searchedSources).isEmpty else { return nil }
            if lockfile.specChecksums[package.name.root] == nil {
                unrecorded[package.name.root] = try catalog.specification(of: package.name, version: package.version).checksum
            }
        }
        return lockfile.recordingSpecChecksums(unrecorded).written(by: DepsRelease.version)
    }

    /// A resolution with the session's pins; a package they leave free is looked up in the
    /// sources' order, whatever source the lock recorded for it (the catalog's source choice).
    ///
    /// With Xcode targets on platforms of their own (BEHAVIOUR 15), each package must support the
    /// platform of every target that links it: the graph a resolution gives says which targets
    /// link which packages, so resolution runs again with those platforms until they hold.
    func resolve() throws -> (resolution: Resolution, lockfile: Lockfile) {
        var result = try resolveOnce()
        guard let xcode = manifest.xcode, xcode.hasTargetPlatforms(besides: manifest.platform) else { return result }
        for _ in 0..<Self.platformRounds {
            guard catalog.buildFor(xcode.platformsByPackage(in: result.lockfile, platform: manifest.platform)) else { break }
            result = try resolveOnce()
        }
        return result
    }

    /// How many times resolution may run again for the targets' platforms; real graphs settle in
    /// one or two, as a package's platforms change only when the graph around it does.
    static let platformRounds = 4

    private func resolveOnce() throws -> (resolution: Resolution, lockfile: Lockfile) {
        let resolution: Resolution
        do {
            resolution = try Resolver(catalog: catalog).resolve(manifest.dependencies, pins: pins)
        } catch var failure as ResolutionFailure {
            if case let .missingPackage(name, _) = failure.kind { failure.otherMissingPackages = try missingDependencies(besides: name) }
            throw failure
        }
        return (resolution, Lockfile(manifest: manifest, resolved: try catalog.resolvedPackages(resolution)))
    }

    /// The Depsfile's dependencies from its sources that no source has, but `name`'s package.
    private func missingDependencies(besides name: PackageName) throws -> [PackageName] {
        var missing: [PackageName] = []
        for dependency in manifest.dependencies where dependency.externalSource == nil {
            let root = dependency.name.root
            guard root != name.root, !missing.contains(root) else { continue }
            do {
                if try catalog.versions(of: root).isEmpty { missing.append(root) }
            } catch let needed as SpecsNotFetched {
                // Read once the source has fetched it, as every read of the catalog is.
                throw needed
            } catch {
                // What cannot be read is not said to be missing.
            }
        }
        return missing
    }
}

/// What install and update did, for a presenter.
public struct LockfileUpdate: Sendable, Equatable {
    /// Every package of the old and the new lock, sorted by name.
    public let changes: [PackageChange]
    public let directDependencyCount: Int
    public let lockedPackageCount: Int
    /// Whether the lockfile was (or, in a dry run, would be) written.
    public let lockfileChanged: Bool
    public let dryRun: Bool
    /// Named packages that a pin keeps from moving (update only).
    public let heldBack: [HeldBackPackage]
    /// Why the old lockfile could not be read and was replaced (update without names only).
    public let replacedUnreadableLockfile: UnreadableLockfile?
    /// Whether `Deps/Package.swift` was written (its content changed).
    public var wrotePackageManifest = false
    /// What the installed specs ask that `Deps/Package.swift` does not carry, when it was written.
    public var buildWarnings: [BuildWarning] = []
    /// Packages whose specs name nothing to build (a tool pod such as SwiftLint): placed in the
    /// sandbox with no product to link, when `Deps/Package.swift` was written.
    public var packagesWithoutProduct: [PackageName] = []
    /// Packages the old lock listed without a spec checksum (a lock `deps import` wrote), whose
    /// checksums this lock records.
    public var recordedSpecChecksums: [PackageName] = []
    /// What the Xcode projects the Depsfile's `xcode:` names were changed by (BEHAVIOUR 15).
    public var xcodeEdits: [XcodeProjectEdit] = []
    /// The `.xcodeproj` folders beside a Depsfile that has no `xcode:`, which deps left alone.
    public var xcodeProjectsLeftAlone: [String] = []
}

/// A package `deps update NAME` could not move because of a pin that was not released.
public struct HeldBackPackage: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// A pinned package (at its version) requires the named one within `requirement`.
        case pinnedDependent(PackageName, Version, Requirement)
        /// The named package's newer version requires a package whose pin the requirement excludes.
        case pinnedDependency(Version, PackageName, Requirement, Version)
    }

    public let name: PackageName
    public let reason: Reason
    /// The names to update together so that the package can move; empty when updating them would
    /// not move it either (the pin in the way is already the newest version its requirement allows).
    public let remedy: [PackageName]

    public init(name: PackageName, reason: Reason, remedy: [PackageName]) {
        self.name = name
        self.reason = reason
        self.remedy = remedy
    }
}

extension LockfileResolution {
    func update(to next: Lockfile, store: ProjectStore, dryRun: Bool, heldBack: [HeldBackPackage] = []) throws -> LockfileUpdate {
        let changed = next != lockfile
        if changed && !dryRun { try store.writeLockfile(next) }
        var update = LockfileUpdate(
            changes: (lockfile ?? .empty).changes(to: next),
            directDependencyCount: manifest.dependencies.count,
            lockedPackageCount: next.packages.count,
            lockfileChanged: changed,
            dryRun: dryRun,
            heldBack: heldBack,
            replacedUnreadableLockfile: unreadableLockfile)
        if let lockfile {
            update.recordedSpecChecksums = next.rootPackages.map(\.name).filter { name in
                lockfile.specChecksums[name] == nil && next.specChecksums[name] != nil
                    && lockfile.rootPackages.contains { $0.name == name }
            }
        }
        return update
    }

    /// Makes the sandbox match `resolved` (unless `installation` is nil), then writes the lock with
    /// the pins of the code fetched. Nothing is written to Depsfile.lock when a fetch fails.
    ///
    /// - Parameter releasing: packages whose code pins the lock does not keep, and whose code is
    ///   looked up again (a branch may have moved); nil releases every package.
    func install(
        _ resolved: Lockfile, store: ProjectStore, installation: SandboxInstallation?, xcode: XcodeWiring? = nil, dryRun: Bool,
        heldBack: [HeldBackPackage] = [], releasing: Set<PackageName>? = []
    ) async throws -> LockfileUpdate {
        let next = resolved.carryingContentPins(from: lockfile, releasing: releasing)
        // The Xcode projects are wired with the sandbox: what `xcode:` names is checked before
        // anything is written, and the projects are edited once the sandbox and the lock are.
        let xcode = installation == nil ? nil : xcode
        let integration = try await catalog.reading { try xcode?.integration(of: manifest, lockfile: next, catalog: catalog) }
        var result = try await install(next, store: store, installation: installation, dryRun: dryRun, heldBack: heldBack, releasing: releasing)
        guard let xcode, !dryRun else { return result }
        if let integration { result.xcodeEdits = try xcode.projects.integrate(integration) }
        result.xcodeProjectsLeftAlone = xcode.projectsLeftAlone(by: manifest)
        return result
    }

    private func install(
        _ next: Lockfile, store: ProjectStore, installation: SandboxInstallation?, dryRun: Bool,
        heldBack: [HeldBackPackage], releasing: Set<PackageName>?
    ) async throws -> LockfileUpdate {
        let refetching = releasing ?? Set(next.rootPackages.map(\.name))
        guard let installation else {
            return try update(to: next, store: store, dryRun: dryRun, heldBack: heldBack)
        }
        if dryRun {
            let (predicted, plan) = try await catalog.reading {
                let predicted = try next.keepingUnmovedPins(from: lockfile, releasing: refetching, sources: catalog.codeSources(of: next))
                return (predicted, try installation.plan(for: predicted, catalog: catalog))
            }
            return try update(to: predicted, store: store, dryRun: true, heldBack: heldBack)
                .merging(SandboxOutcome(lock: predicted, plan: plan, previous: nil))
        }
        // A lock that will change but cannot be written is refused before the sandbox changes.
        if next != lockfile { try store.checkLockfileCanBeWritten() }
        let outcome = try await installation.apply(next, catalog: catalog, refetching: refetching)
        return try finish(outcome, store: store, heldBack: heldBack)
    }

    private func finish(_ outcome: SandboxOutcome, store: ProjectStore, heldBack: [HeldBackPackage]) throws -> LockfileUpdate {
        var result = try update(to: outcome.lock, store: store, dryRun: false, heldBack: heldBack).merging(outcome)
        result.wrotePackageManifest = outcome.wrotePackageManifest
        result.buildWarnings = outcome.buildWarnings
        result.packagesWithoutProduct = outcome.packagesWithoutProduct
        return result
    }
}

/// A lock written by a newer deps than the one running (exit status 65).
public struct NewerLockfileError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let writtenBy: String
    public let running: String
}

/// A lockfile `deps update` could not read, and resolved anew: what was wrong with it.
public enum UnreadableLockfile: Sendable, Equatable {
    /// A merge conflict, a syntax error, a field deps cannot read.
    case malformed(MalformedInputError)
    /// The file could not be read at all.
    case unreadable(FileAccessError)
}
