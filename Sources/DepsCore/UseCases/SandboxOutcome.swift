/// What the sandbox must do for a lock, worked out before anything is fetched.
struct SandboxWork {
    /// The lock, with the pins the sandbox recorded for packages the lock has none for.
    let lock: Lockfile
    let plan: SandboxPlan
    let state: SandboxState
    /// Whether there was a sandbox at all before (a fresh clone has none).
    let sandboxExisted: Bool
    let sources: [PackageName: CodeSource]
    /// Packages fetched again only to see whether their code moved, with the pin they are at.
    let heldPins: [PackageName: ContentPin]

    var needsFetching: Bool { !plan.isInSync }
}

/// What a sandbox installation did.
struct SandboxOutcome {
    /// The lock with the pins of the code fetched.
    let lock: Lockfile
    let plan: SandboxPlan
    /// Manifest.lock as it was before.
    let previous: Lockfile?
    /// Whether `Deps/Package.swift` was written.
    var wrotePackageManifest = false
    /// What the specs ask that `Deps/Package.swift` does not carry (when it was written).
    var buildWarnings: [BuildWarning] = []
    /// The packages `Deps/Package.swift` gives no product (when it was written).
    var packagesWithoutProduct: [PackageName] = []
}

extension SandboxOutcome {
    /// What changed in the sandbox, package by package (sorted by name): fetched (at the lock's
    /// version, or moved from the version the sandbox held), or removed.
    var packageChanges: [PackageChange] {
        plan.changes.compactMap { change -> PackageChange? in
            let held = previous?.package(named: change.name)?.version
            switch change.kind {
            case .added, .changed:
                guard let version = lock.version(ofRoot: change.name) else { return nil }
                if let held, held != version { return PackageChange(name: change.name, kind: .updated(from: held, to: version)) }
                return PackageChange(name: change.name, kind: .installed(version))
            case .removed:
                return held.map { PackageChange(name: change.name, kind: .removed($0)) }
            case .unchanged:
                return nil
            }
        }.sorted { $0.name < $1.name }
    }
}

extension LockfileUpdate {
    /// The lock's changes as the sandbox saw them: a package the lock kept but the sandbox had to
    /// fetch is installed, and a package the sandbox dropped is removed.
    func merging(_ outcome: SandboxOutcome) -> LockfileUpdate {
        var changes = self.changes
        for change in outcome.plan.changes {
            switch change.kind {
            case .added, .changed:
                guard let index = changes.firstIndex(where: { $0.name == change.name }),
                      case let .unchanged(version) = changes[index].kind else { continue }
                changes[index] = PackageChange(name: change.name, kind: .installed(version))
            case .removed:
                guard !changes.contains(where: { $0.name == change.name }),
                      let version = outcome.previous?.package(named: change.name)?.version else { continue }
                changes.append(PackageChange(name: change.name, kind: .removed(version)))
            case .unchanged:
                continue
            }
        }
        var merged = LockfileUpdate(
            changes: changes.sorted { $0.name < $1.name }, directDependencyCount: directDependencyCount,
            lockedPackageCount: lockedPackageCount, lockfileChanged: lockfileChanged, dryRun: dryRun,
            heldBack: heldBack, replacedUnreadableLockfile: replacedUnreadableLockfile)
        merged.recordedSpecChecksums = recordedSpecChecksums
        return merged
    }
}
