/// The external incompatibilities read from the catalog and the lockfile.
enum DependencyFacts {
    /// The incompatibilities that state a version's dependencies.
    ///
    /// `Moya 15.0.0 depends on Alamofire ~> 5.0` becomes `{Moya R, not Alamofire ~> 5.0}`, where
    /// R grows from 15.0.0 over the neighbouring versions whose dependencies have been read
    /// already and declare the same dependency (reading no spec for it). A requirement that
    /// admits no version of its package yields `{Moya R}`, derived from the dependency and
    /// the fact that no version matches (or that no source has the package). A version that
    /// depends on its own package is a dependency cycle.
    ///
    /// `registered` is called for each package met for the first time. The version is
    /// marked as converted, with the packages it depends on.
    static func incompatibilities(
        of package: PackageID, at index: Int, registry: PackageRegistry,
        registered: (PackageID) -> Void
    ) throws -> [Incompatibility] {
        let universe = registry.universe(of: package)
        let dependencies = try registry.dependencies(of: package, at: index)
        var facts: [Incompatibility] = []
        var targets: [PackageID] = []
        facts.reserveCapacity(dependencies.count)
        targets.reserveCapacity(dependencies.count)
        for dependency in dependencies {
            if dependency.name == registry.name(of: package) {
                let version = registry.version(of: package, at: index)
                facts.append(Incompatibility(
                    terms: [Term(package, VersionSet(universe: universe, indices: [index]))],
                    cause: .cycle([version])
                ))
                continue
            }
            let (target, isNew) = try registry.id(of: dependency.name)
            if isNew { registered(target) }
            targets.append(target)
            let depender = Term(package, dependerRange(of: package, at: index, declaring: dependency, registry: registry))
            let (admitted, label) = registry.versions(admittedBy: dependency.requirement, of: target)
            let dependee = Term(target, admitted, isPositive: false, label: label)
            let fact = Incompatibility(terms: [depender, dependee], cause: .dependency)
            if admitted.isEmpty {
                let none = Incompatibility(
                    terms: [dependee.negated],
                    cause: registry.universe(of: target) == 0 ? .missingPackage : .noVersions
                )
                facts.append(Incompatibility(terms: [depender], cause: .conflict(fact, none)))
            } else {
                facts.append(fact)
            }
        }
        registry.markConverted(package, at: index, targets: targets)
        return facts
    }

    /// `{Foo other than V}` for a package the lockfile pins at V; nil when the package is
    /// not pinned, has no versions, or V is its only version.
    static func pinIncompatibility(of package: PackageID, registry: PackageRegistry) -> Incompatibility? {
        guard let pin = registry.pin(of: package), registry.universe(of: package) > 0 else { return nil }
        let versions = registry.versions(of: package)
        var others = VersionSet.full(universe: versions.count)
        if let index = versions.firstIndex(of: pin) {
            others = others.subtracting(VersionSet(universe: versions.count, indices: [index]))
        }
        guard !others.isEmpty else { return nil }
        return Incompatibility(terms: [Term(package, others)], cause: .pin(pin))
    }

    /// The run of versions around `index` whose already-read dependencies include `dependency`.
    private static func dependerRange(
        of package: PackageID, at index: Int, declaring dependency: Dependency, registry: PackageRegistry
    ) -> VersionSet {
        func declares(_ other: Int) -> Bool {
            registry.loadedDependencies(of: package, at: other)?.contains {
                $0.name == dependency.name && $0.requirement == dependency.requirement
            } ?? false
        }
        let universe = registry.universe(of: package)
        var lower = index
        var upper = index
        while lower > 0, declares(lower - 1) { lower -= 1 }
        while upper < universe - 1, declares(upper + 1) { upper += 1 }
        return VersionSet(universe: universe, from: lower, through: upper)
    }
}
