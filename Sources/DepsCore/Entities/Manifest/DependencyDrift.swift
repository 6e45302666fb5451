/// How a Depsfile's dependencies differ from the ones a lockfile recorded.
public struct DependencyDrift: Sendable, Equatable {
    /// In the Depsfile, not in the lock.
    public let added: [PackageName]
    /// In the lock, no longer in the Depsfile.
    public let removed: [PackageName]
    /// In both, with a different meaning: another external source or a requirement that
    /// admits other versions.
    public let modified: [PackageName]

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty }
}

extension Manifest {
    /// Compares the dependencies by meaning with those recorded in the lock
    /// (`~> 1.2` and `>= 1.2, < 2` are the same).
    public func drift(from lockfile: Lockfile) -> DependencyDrift {
        let recorded = Dictionary(lockfile.dependencies.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let current = Set(dependencies.map(\.name))
        var added: [PackageName] = []
        var modified: [PackageName] = []
        for dependency in dependencies {
            guard let old = recorded[dependency.name] else {
                added.append(dependency.name)
                continue
            }
            if !dependency.hasSameMeaning(as: old) || leftNamedSource(dependency.name, lockfile) {
                modified.append(dependency.name)
            }
        }
        let removed = lockfile.dependencies.map(\.name).filter { !current.contains($0) }
        return DependencyDrift(added: added.sorted(), removed: removed.sorted(), modified: modified.sorted())
    }

    /// Whether the dependency names a source (`source:`) other than the one the lock recorded for
    /// its package: its pin came from elsewhere and no longer holds.
    private func leftNamedSource(_ name: PackageName, _ lockfile: Lockfile) -> Bool {
        guard let named = dependencySources[name], let recorded = lockfile.source(of: name.root) else { return false }
        return named != recorded
    }

    /// The dependencies whose lock pin can no longer hold: removed ones, ones with another
    /// external source, and ones whose new requirement no longer admits the locked version.
    /// A requirement edited so that it still admits the locked version keeps the pin.
    public func dependenciesReleasingPins(from lockfile: Lockfile) -> Set<PackageName> {
        let drift = drift(from: lockfile)
        var released = Set(drift.removed)
        for name in drift.modified {
            guard let dependency = dependency(named: name),
                  let old = lockfile.dependencies.first(where: { $0.name == name }) else { continue }
            if dependency.externalSource != old.externalSource || leftNamedSource(name, lockfile) {
                released.insert(name)
            } else if let locked = lockfile.package(named: name)?.version,
                      !dependency.requirement.admits(locked, prereleasesAdmitted: locked.isPrerelease) {
                released.insert(name)
            }
        }
        return released
    }
}
