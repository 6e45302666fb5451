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
        let registry = PackageRegistry(cache: cache, rootDependencies: dependencies, pins: pins)
        switch try VersionSolver(registry: registry).solve() {
        case let .solution(selected):
            var versions: [PackageName: Version] = [:]
            versions.reserveCapacity(selected.count)
            for (package, index) in selected {
                versions[registry.name(of: package)!] = registry.version(of: package, at: index)
            }
            return Resolution(versions: versions)
        case let .failure(root):
            throw try FailureAnalysis(root: root, registry: registry, pins: pins).failure()
        }
    }
}
