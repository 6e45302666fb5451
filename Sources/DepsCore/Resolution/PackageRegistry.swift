/// The packages one solver run has met, each with an id, its known versions and the
/// facts that depend on the run's inputs: whether it is a direct dependency, whether
/// prereleases are admitted for it, its pin, and the version set of each requirement on it.
final class PackageRegistry {
    struct Package {
        /// nil for the root.
        let name: PackageName?
        /// Oldest first.
        let versions: [Version]
        let isDirect: Bool
        /// Whether every requirement on this package admits prereleases (the Depsfile
        /// names a prerelease of it, or the lockfile pins one).
        let admitsPrereleases: Bool
        let pin: Version?
        /// The name's lockfile order as bytes (lower-cased name, a zero, the name).
        let sortKey: [UInt8]
        var requirementSets: [Requirement: VersionSet] = [:]
        /// Whether the version's dependencies have been turned into incompatibilities.
        var converted: [Bool]
    }

    let cache: CatalogCache
    let rootDependencies: [Dependency]
    private(set) var packages: [Package]
    private var ids: [PackageName: PackageID] = [:]
    private let directNames: Set<PackageName>
    private let prereleaseNames: Set<PackageName>
    private let pins: [PackageName: Version]

    init(cache: CatalogCache, rootDependencies: [Dependency], pins: [PackageName: Version]) {
        self.cache = cache
        self.rootDependencies = rootDependencies.sorted { a, b in
            a.name != b.name ? a.name < b.name : a.requirement.description < b.requirement.description
        }
        self.pins = pins
        directNames = Set(rootDependencies.map(\.name))
        prereleaseNames = Set(rootDependencies.filter(\.requirement.namesPrerelease).map(\.name))
            .union(pins.filter(\.value.isPrerelease).keys)
        packages = [Package(
            name: nil, versions: [Version(segments: [0])], isDirect: false, admitsPrereleases: false,
            pin: nil, sortKey: [], converted: [false]
        )]
    }

    var count: Int { packages.count }

    /// The id of the package, registering it (and reading its version list) on first sight.
    func id(of name: PackageName) throws -> (id: PackageID, isNew: Bool) {
        if let id = ids[name] { return (id, false) }
        let versions = try cache.versions(of: name)
        let id = PackageID(index: packages.count)
        let folded = Array(name.folded.utf8)
        packages.append(Package(
            name: name, versions: versions, isDirect: directNames.contains(name),
            admitsPrereleases: prereleaseNames.contains(name), pin: pins[name],
            sortKey: folded + [0] + Array(name.description.utf8),
            converted: Array(repeating: false, count: versions.count)
        ))
        ids[name] = id
        return (id, true)
    }

    subscript(id: PackageID) -> Package { packages[id.index] }

    func name(of id: PackageID) -> PackageName? { packages[id.index].name }

    func universe(of id: PackageID) -> Int { packages[id.index].versions.count }

    /// The known versions the requirement admits, by the prerelease rule: a prerelease
    /// only when the requirement names one or the package admits prereleases.
    func versions(admittedBy requirement: Requirement, of id: PackageID) -> VersionSet {
        if let known = packages[id.index].requirementSets[requirement] { return known }
        let package = packages[id.index]
        let set = VersionSet(universe: package.versions.count, indices: package.versions.indices.filter {
            requirement.admits(package.versions[$0], prereleasesAdmitted: package.admitsPrereleases)
        })
        packages[id.index].requirementSets[requirement] = set
        return set
    }

    /// The dependencies of a version, read through the cache; the root's are the Depsfile's.
    func dependencies(of id: PackageID, at index: Int) throws -> [Dependency] {
        guard let name = packages[id.index].name else { return rootDependencies }
        return try cache.dependencies(of: name, at: index)
    }

    /// The dependencies of a version if they have been read already.
    func loadedDependencies(of id: PackageID, at index: Int) -> [Dependency]? {
        guard let name = packages[id.index].name else { return rootDependencies }
        return cache.loadedDependencies(of: name, at: index)
    }

    /// Records that the version's dependencies are incompatibilities now; false if they already were.
    func markConverted(_ id: PackageID, at index: Int) -> Bool {
        if packages[id.index].converted[index] { return false }
        packages[id.index].converted[index] = true
        return true
    }
}

extension PackageRegistry {
    /// The id of a package already met; nil otherwise.
    func existingID(of name: PackageName) -> PackageID? {
        ids[name]
    }
}
