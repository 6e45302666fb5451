/// Chooses one version of every package the Depsfile needs, or explains why none can be
/// chosen. See `VersionSolver` for the algorithm and `FailureAnalysis` for the explanation.
public struct Resolver {
    private let catalog: any PackageCatalog

    public init(catalog: any PackageCatalog) {
        self.catalog = catalog
    }

    /// Resolves the Depsfile's (root) requirements.
    ///
    /// - Parameters:
    ///   - dependencies: the Depsfile's dependencies; their external sources are the
    ///     catalog's concern and are ignored here.
    ///   - pins: the lockfile versions that must hold. A pin applies only when its package
    ///     ends up in the graph, and then the pinned version is its only candidate.
    /// - Throws: `ResolutionFailure` when no resolution exists; the catalog's own errors unchanged.
    public func resolve(_ dependencies: [Dependency], pins: [PackageName: Version]) throws -> Resolution {
        let cache = CatalogCache(catalog)
        var registry = PackageRegistry(cache: cache, rootDependencies: dependencies, pins: pins)
        var outcome = try VersionSolver(registry: registry).solve()
        if case let .failure(root) = outcome {
            throw try FailureAnalysis(root: root, registry: registry, pins: pins).failure()
        }
        // A package decided at a release before a version naming one of its prereleases was
        // chosen may now take that newer prerelease: solve again deciding it prerelease first.
        while case let .solution(selected) = outcome {
            let raisable = try PrereleaseAdmission.raisable(in: selected, registry: registry)
            guard !raisable.isEmpty, !raisable.isSubset(of: registry.prereleasesFirst) else { break }
            let again = PackageRegistry(
                cache: cache, rootDependencies: dependencies, pins: pins,
                prereleasesFirst: registry.prereleasesFirst.union(raisable))
            let next = try VersionSolver(registry: again).solve()
            guard case .solution = next else { break }
            (registry, outcome) = (again, next)
        }
        guard case let .solution(selected) = outcome else { preconditionFailure("a solution was found") }
        var versions: [PackageName: Version] = [:]
        versions.reserveCapacity(selected.count)
        for (package, index) in selected {
            versions[registry.name(of: package)!] = registry.version(of: package, at: index)
        }
        return Resolution(versions: versions)
    }
}
