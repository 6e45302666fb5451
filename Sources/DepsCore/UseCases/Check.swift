/// `deps check` and `deps install --deployment`: verify, writing nothing, that the lockfile
/// is in sync with the Depsfile and with the spec sources it records.
public final class CheckInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let installation: SandboxInstallation?
    private let xcode: XcodeWiring?
    private let swiftPackagePins: SwiftPackagePinRecords?

    /// - Parameters:
    ///   - installation: the sandbox to compare with the lock (and, for deployment, to fill); nil
    ///     checks the lockfile alone.
    ///   - xcode: the Xcode projects to compare with the Depsfile's `xcode:`; nil compares none.
    ///   - swiftPackagePins: the files that record Swift packages' versions, compared with the lock's.
    public init(
        store: ProjectStore, opener: SpecSourceOpener, installation: SandboxInstallation? = nil, xcode: XcodeWiring? = nil,
        swiftPackagePins: SwiftPackagePinRecords? = nil
    ) {
        self.swiftPackagePins = swiftPackagePins
        self.store = store
        self.opener = opener
        self.installation = installation
        self.xcode = xcode
    }

    /// `deps check`: the lockfile's problems, and a sandbox that exists but does not match it.
    public func check() async throws -> SyncReport {
        let (report, lockfile, catalog) = try await lockfileReport(deployment: false)
        guard report.isInSync, let installation,
              let plan = try await catalog.reading({ try installation.planForExistingSandbox(lockfile, catalog: catalog) }) else { return report }
        return SyncReport(
            problems: plan.changes.filter { $0.kind != .unchanged }.map { .sandboxOutOfSync($0) },
            directDependencyCount: report.directDependencyCount, lockedPackageCount: report.lockedPackageCount)
    }

    /// `deps install --deployment`: the checks of `check`, plus whether `deps install` would
    /// change the lock; when all is in sync, the sandbox is filled to match the lock.
    public func deployment() async throws -> SyncReport {
        let (report, lockfile, catalog) = try await lockfileReport(deployment: true)
        guard report.isInSync, let installation else { return report }
        let outcome = try await installation.apply(lockfile, catalog: catalog)
        var filled = report
        filled.sandboxChanges = outcome.packageChanges
        return filled
    }

    private func lockfileReport(deployment: Bool) async throws -> (SyncReport, Lockfile, SpecCatalog) {
        let manifest = try store.readManifest()
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        let catalog = try await SpecCatalog.open(
            manifest: manifest, lockfile: lockfile, choice: .keepingEveryRecordedSource(manifest: manifest, lockfile: lockfile),
            opener: opener)
        await catalog.fetchLocked(lockfile)
        // Deployment, and check with a sandbox, go on to what fetches or places the code.
        let placing = try installation.map { try deployment || $0.sandbox.state(expecting: lockfile) != nil } ?? false
        var problems = try await catalog.reading {
            try Self.problems(of: lockfile, against: manifest, catalog: catalog, deployment: deployment, placing: placing)
        }
        // The Xcode projects are committed wired: each must link what the Depsfile's `xcode:` asks.
        if let xcode { problems += try await catalog.reading { try xcode.problems(of: manifest, lockfile: lockfile, catalog: catalog) } }
        // SwiftPM and Xcode must resolve the lock's Swift packages (BEHAVIOUR 16).
        if !deployment, let swiftPackagePins, lockfile.externalSources.values.contains(where: \.isSwiftPackage) {
            problems += lockfile.problems(with: try swiftPackagePins.recordedPins())
        }
        let report = SyncReport(
            problems: problems, directDependencyCount: manifest.dependencies.count, lockedPackageCount: lockfile.packages.count)
        return (report, lockfile, catalog)
    }

    private static func problems(
        of lockfile: Lockfile, against manifest: Manifest, catalog: SpecCatalog, deployment: Bool, placing: Bool
    ) throws -> [SyncProblem] {
        var problems = lockfile.problems(against: manifest)
        var specProblems: [SyncProblem] = []
        for package in lockfile.packages {
            specProblems += try catalog.problems(with: package, in: lockfile, listedSources: manifest.searchedSources)
        }
        // Only specs that still hold say where the code is; a plain install would pin what the lock does not.
        // What goes on to fetch or place the code refuses first a spec whose code it may not reach (65).
        if specProblems.isEmpty && placing { _ = try catalog.codeSources(of: lockfile) }
        problems += specProblems.isEmpty ? try catalog.unpinnedCode(in: lockfile) : specProblems
        if deployment && problems.isEmpty {
            // In sync, every locked package is pinned: the catalog's choice is the one these pins make.
            let pins = LockfileResolution.pins(of: manifest, lockfile: lockfile)
            let session = LockfileResolution(manifest: manifest, lockfile: lockfile, pins: pins, catalog: catalog)
            let next = try session.resolve().lockfile.written(by: lockfile.depsVersion)
                .carryingContentPins(from: lockfile).keepingSpecChecksums(recordedIn: lockfile)
            if next != lockfile {
                problems += lockfile.changes(to: next).filter(\.isChange).map { .lockfileWouldChange($0) }
                if problems.isEmpty { problems.append(.lockfileWouldBeRewritten) }
            }
        }
        return problems
    }
}

public struct SyncReport: Sendable, Equatable {
    public let problems: [SyncProblem]
    public let directDependencyCount: Int
    public let lockedPackageCount: Int
    /// What `install --deployment` fetched into or removed from `Deps/` to match the lock, by name.
    public var sandboxChanges: [PackageChange] = []

    public var isInSync: Bool { problems.isEmpty }
}

