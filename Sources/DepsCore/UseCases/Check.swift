/// `deps check` and `deps install --deployment`: verify, writing nothing, that the lockfile
/// is in sync with the Depsfile and with the spec sources it records.
public final class CheckInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener

    public init(store: ProjectStore, opener: SpecSourceOpener) {
        self.store = store
        self.opener = opener
    }

    /// - Parameter deployment: also fail where `deps install` would write another lockfile
    ///   (other than a different `DEPS:` line).
    public func check(deployment: Bool = false) throws -> SyncReport {
        let manifest = try store.readManifest()
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        var problems = lockfile.problems(against: manifest)
        let catalog = try SpecCatalog(manifest: manifest, lockfile: lockfile, opener: opener)
        for package in lockfile.packages {
            problems += try catalog.problems(with: package, in: lockfile, listedSources: manifest.sources)
        }
        if deployment && problems.isEmpty {
            let session = LockfileResolution(manifest: manifest, lockfile: lockfile, catalog: catalog)
            let next = try session.resolve(pins: session.pins()).lockfile.written(by: lockfile.depsVersion)
            if next != lockfile {
                problems += lockfile.changes(to: next).filter(\.isChange).map { .lockfileWouldChange($0) }
                if problems.isEmpty { problems.append(.lockfileWouldBeRewritten) }
            }
        }
        return SyncReport(
            problems: problems, directDependencyCount: manifest.dependencies.count, lockedPackageCount: lockfile.packages.count)
    }
}

/// What `deps check` found: nothing when the lockfile is in sync.
public struct SyncReport: Sendable, Equatable {
    public let problems: [SyncProblem]
    public let directDependencyCount: Int
    public let lockedPackageCount: Int

    public var isInSync: Bool { problems.isEmpty }
}

extension SpecCatalog {
    /// Whether the locked version still exists in its recorded source with the recorded checksum.
    func problems(with package: LockedPackage, in lockfile: Lockfile, listedSources: [String]) throws -> [SyncProblem] {
        if lockfile.externalSources[package.name] == nil, let source = lockfile.source(of: package.name),
           !listedSources.contains(source) {
            return [.sourceNotListed(package.name, source: source)]
        }
        guard try versions(of: package.name).contains(package.version),
              let origin = try origin(of: package.name) else {
            return [.versionMissing(package.name, package.version, source: lockfile.source(of: package.name) ?? sourceLabels.joined(separator: ", "))]
        }
        let specification = try specification(of: package.name, version: package.version)
        if case .repository = origin, specification.version.description != package.version.description {
            return [.versionMissing(package.name, package.version, source: lockfile.source(of: package.name) ?? "")]
        }
        if lockfile.specChecksums[package.name] != specification.checksum {
            return [.specChecksumMismatch(package.name, package.version)]
        }
        return []
    }
}
