import DepsFailures
/// `deps outdated`: for each locked package, the locked version, the version `deps update`
/// would choose (a real resolution of the whole graph), and the newest one its source has.
public final class OutdatedInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener

    public init(store: ProjectStore, opener: SpecSourceOpener) {
        self.store = store
        self.opener = opener
    }

    public func outdated(includePrerelease: Bool = false) async throws -> OutdatedReport {
        let session = try await LockfileResolution.open(store: store, opener: opener, releasing: nil)
        guard let lockfile = session.lockfile else { throw MissingLockfileError() }
        return try await session.catalog.reading { try report(session, lockfile, includePrerelease: includePrerelease) }
    }

    private func report(_ session: LockfileResolution, _ lockfile: Lockfile, includePrerelease: Bool) throws -> OutdatedReport {
        let (resolution, next) = try session.resolve()
        var rows: [OutdatedPackage] = []
        for package in lockfile.packages {
            let available = try session.catalog.versions(of: package.name)
            let latest = available.filter { includePrerelease || !$0.isPrerelease }.max()
            let update = resolution.versions[package.name]
            let newest = [latest, update].compactMap { $0 }.max()
            guard let newest, newest > package.version || update != package.version else { continue }
            var holds: [HoldBack] = []
            if let latest, let update, latest > update {
                holds = next.holdBacks(
                    of: package.name, at: latest, depsfile: session.manifest,
                    latestNeeds: try session.catalog.dependencies(of: package.name, at: latest))
            }
            rows.append(OutdatedPackage(
                name: package.name, current: package.version, update: update, latest: latest, heldBackBy: holds))
        }
        return OutdatedReport(packages: rows)
    }
}

/// The outdated table: only packages with something newer, sorted by name.
public struct OutdatedReport: Sendable, Equatable {
    public let packages: [OutdatedPackage]

    /// Whether `deps update` would change some package.
    public var hasUpdates: Bool { packages.contains { $0.update != $0.current } }
}

public struct OutdatedPackage: Sendable, Equatable {
    public let name: PackageName
    public let current: Version
    /// What `deps update` would choose; nil when the package would leave the graph.
    public let update: Version?
    /// The newest version the package's source has (releases only, unless prereleases were asked for).
    public let latest: Version?
    /// Why Update is below Latest.
    public let heldBackBy: [HoldBack]
}

/// What keeps a package's Update below its Latest.
public enum HoldBack: Sendable, Equatable {
    /// The Depsfile's requirement on the package.
    case depsfile(PackageName, Requirement)
    /// Another chosen package's requirement on it.
    case package(PackageName, Version, requires: PackageName, Requirement)
    /// The package's latest version needs something the rest of the graph rules out.
    case latestNeeds(PackageName, Version, requires: PackageName, Requirement)
    /// The latest version is a prerelease, and no requirement names one.
    case prerelease(Version)
}

extension Lockfile {
    /// Why a package of this lock (the one `deps update` would write) cannot be at `latest`:
    /// the requirements on it that exclude `latest` by number, else `latest`'s own needs
    /// that the chosen versions rule out, else the prerelease rule.
    func holdBacks(
        of name: PackageName, at latest: Version, depsfile: Manifest, latestNeeds: [Dependency]
    ) -> [HoldBack] {
        var holds: [HoldBack] = []
        if let dependency = depsfile.dependency(named: name), !dependency.requirement.isSatisfied(by: latest) {
            holds.append(.depsfile(name, dependency.requirement))
        }
        for package in packages {
            for dependency in package.dependencies where dependency.name == name && !dependency.requirement.isSatisfied(by: latest) {
                holds.append(.package(package.name, package.version, requires: name, dependency.requirement))
            }
        }
        if holds.isEmpty {
            for needed in latestNeeds {
                guard let chosen = package(named: needed.name)?.version, !needed.requirement.admits(chosen, prereleasesAdmitted: true) else { continue }
                holds.append(.latestNeeds(name, latest, requires: needed.name, needed.requirement))
            }
        }
        if holds.isEmpty && latest.isPrerelease { holds.append(.prerelease(latest)) }
        return holds
    }
}

/// `deps outdated`, `deps check` or `deps why` in a project that has no lockfile yet.
public struct MissingLockfileError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public init() {}
}
