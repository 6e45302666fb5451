/// BEHAVIOUR 2.2, as `pod install` applies it: a prerelease of a package is a candidate when the
/// lockfile pins it, or when a requirement on that package names a prerelease: the Depsfile's,
/// or one of a chosen version's dependencies. A requirement on any subspec counts for the whole
/// package (all its subspecs share one version), except a requirement from within the package
/// itself (a subspec on its siblings, or on the resolver's version anchor), which would admit
/// its own prereleases. Once admitted, a package's prereleases are candidates for every
/// requirement on it whose bounds hold them.
///
/// Why not an incompatibility per package ("P in its prereleases, and no chosen version naming
/// one")? Its terms would list every version of every package that names a prerelease of P,
/// and the solver reads specs lazily: a version it has not read may be the one. A fact over
/// the versions read so far would be false, so the proofs built on it would be too (and the
/// answer would depend on the order of reading, as admitting on sight does). So requirement
/// sets hold prereleases within their bounds, the solver prefers releases while no chosen
/// version names a prerelease of the package (and decides such a package after the others, so
/// that the versions that could name one are chosen first), and a complete selection that still
/// holds an unnamed prerelease is ruled out by a fact that is true: with every other version
/// as chosen, the selection reachable from the Depsfile is fixed, and none of it names one.
enum PrereleaseAdmission {
    /// Whether a prerelease of the package needs a chosen version that names one (the inputs
    /// do not admit it).
    static func needsNaming(_ package: PackageID, at index: Int, registry: PackageRegistry) -> Bool {
        registry.hasPrereleasesNeedingNaming && registry.prereleasesNeedingNaming(package)?.contains(index) ?? false
    }

    /// Whether one of the decided versions, outside the package itself, depends on it with a
    /// requirement that names a prerelease.
    static func isNamed(
        _ package: PackageID, by decisions: [(package: PackageID, versionIndex: Int)], registry: PackageRegistry
    ) -> Bool {
        guard let root = registry.name(of: package)?.root else { return true }
        return decisions.contains { roots(namedBy: $0.package, at: $0.versionIndex, registry: registry).contains(root) }
    }

    /// The packages (by their root name) whose prereleases the version's dependencies name,
    /// other than its own package; none for the root or a version not read.
    private static func roots(namedBy package: PackageID, at index: Int, registry: PackageRegistry) -> [PackageName] {
        guard let name = registry.name(of: package), let dependencies = registry.loadedDependencies(of: package, at: index),
              dependencies.contains(where: \.requirement.namesPrerelease) else { return [] }
        let own = name.root
        return dependencies.filter(\.requirement.namesPrerelease).map(\.name.root).filter { $0 != own }
    }

    /// The newest of the versions that needs no naming (a release, for a package whose
    /// prereleases need it), if there is one.
    static func newestRelease(in versions: VersionSet, of package: PackageID, registry: PackageRegistry) -> Int? {
        guard let prereleases = registry.prereleasesNeedingNaming(package) else { return versions.highest }
        return versions.subtracting(prereleases).highest
    }

    /// A decided prerelease that no decided version names, with the fact that rules the
    /// selection out: `{P prereleases, Q q, R r, ...}` over every other decision. Nil when
    /// every decided prerelease is admitted.
    static func unnamedPrerelease(
        in decisions: [(package: PackageID, versionIndex: Int)], registry: PackageRegistry
    ) -> Incompatibility? {
        guard registry.hasPrereleasesNeedingNaming else { return nil }
        for decision in decisions where needsNaming(decision.package, at: decision.versionIndex, registry: registry) {
            guard !isNamed(decision.package, by: decisions, registry: registry) else { continue }
            var terms = [Term(decision.package, registry.prereleasesNeedingNaming(decision.package)!)]
            for other in decisions where other.package != .root && other.package != decision.package {
                terms.append(Term(other.package, VersionSet(universe: registry.universe(of: other.package), indices: [other.versionIndex])))
            }
            return Incompatibility(terms: terms, cause: .prereleaseNotNamed)
        }
        return nil
    }
}

extension PrereleaseAdmission {
    /// The selected packages that could each be at a newer prerelease with every other choice
    /// held: the selection names a prerelease of the package, every requirement on it in the
    /// selection holds the prerelease within its bounds, and the prerelease's own dependencies
    /// are met by the selection. A package decided before the version that names one was chosen
    /// took its newest release; solving again prerelease first for it gives the newer answer.
    static func raisable(
        in selection: [(package: PackageID, versionIndex: Int)], registry: PackageRegistry
    ) throws -> Set<PackageName> {
        guard registry.hasPrereleasesNeedingNaming else { return [] }
        // The packages the selection names a prerelease of, from outside each; most selections none.
        let named = Set(selection.flatMap { roots(namedBy: $0.package, at: $0.versionIndex, registry: registry) })
        guard !named.isEmpty else { return [] }
        var result: Set<PackageName> = []
        var chosen: [PackageName: Version] = [:]
        for (package, index) in selection { chosen[registry.name(of: package)!] = registry.version(of: package, at: index) }
        for (package, index) in selection {
            guard let prereleases = registry.prereleasesNeedingNaming(package), prereleases.highest.map({ $0 > index }) ?? false,
                  let name = registry.name(of: package), named.contains(name.root), registry.pin(of: package) == nil
            else { continue }
            var requirements = registry.rootDependencies.filter { $0.name == name }.map(\.requirement)
            for (other, otherIndex) in selection {
                requirements += (registry.loadedDependencies(of: other, at: otherIndex) ?? []).filter { $0.name == name }.map(\.requirement)
            }
            for newer in stride(from: registry.universe(of: package) - 1, to: index, by: -1) {
                let version = registry.version(of: package, at: newer)
                guard version.isPrerelease, requirements.allSatisfy({ $0.admits(version, prereleasesAdmitted: true) }) else { continue }
                let met = try registry.dependencies(of: package, at: newer).allSatisfy { dependency in
                    chosen[dependency.name].map { dependency.requirement.admits($0, prereleasesAdmitted: true) } ?? false
                }
                if met {
                    result.insert(name)
                    break
                }
            }
        }
        return result
    }
}
