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
        /// The version set of the requirement last asked about (most dependers of a
        /// package ask for the same), and of every requirement when the package is large.
        var lastRequirementSet: (requirement: Requirement, versions: VersionSet)?
        var requirementSets: [Requirement: VersionSet] = [:]
        /// Per version, its dependencies once read.
        var dependencies: [[Dependency]?]
        /// Per version, the packages its dependencies name, once they are incompatibilities.
        var targets: [[PackageID]?]
    }

    /// Packages with more versions than this keep the version set of each requirement on
    /// them; for fewer, computing a set again costs less than keeping it.
    private static let requirementSetCacheThreshold = 16

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
            pin: nil, sortKey: [], dependencies: [self.rootDependencies], targets: [nil]
        )]
    }

    var count: Int { packages.count }

    /// The id of the package, registering it (and reading its version list) on first sight.
    func id(of name: PackageName) throws -> (id: PackageID, isNew: Bool) {
        if let id = ids[name] { return (id, false) }
        let versions = try cache.versions(of: name)
        let id = PackageID(index: packages.count)
        var sortKey: [UInt8] = []
        sortKey.reserveCapacity(2 * name.description.utf8.count + 1)
        sortKey.append(contentsOf: name.folded.utf8)
        sortKey.append(0)
        sortKey.append(contentsOf: name.description.utf8)
        packages.append(Package(
            name: name, versions: versions, isDirect: directNames.contains(name),
            admitsPrereleases: !prereleaseNames.isEmpty && prereleaseNames.contains(name),
            pin: pins.isEmpty ? nil : pins[name], sortKey: sortKey,
            dependencies: Array(repeating: nil, count: versions.count),
            targets: Array(repeating: nil, count: versions.count)
        ))
        ids[name] = id
        return (id, true)
    }

    /// The id of a package already met; nil otherwise.
    func existingID(of name: PackageName) -> PackageID? {
        ids[name]
    }

    subscript(id: PackageID) -> Package { packages[id.index] }

    func name(of id: PackageID) -> PackageName? { packages[id.index].name }

    func version(of id: PackageID, at index: Int) -> Version { packages[id.index].versions[index] }

    func universe(of id: PackageID) -> Int { packages[id.index].versions.count }

    func isDirect(_ id: PackageID) -> Bool { packages[id.index].isDirect }

    func sortKey(of id: PackageID) -> [UInt8] { packages[id.index].sortKey }

    /// The known versions the requirement admits, by the prerelease rule: a prerelease
    /// only when the requirement names one or the package admits prereleases.
    func versions(admittedBy requirement: Requirement, of id: PackageID) -> VersionSet {
        if let last = packages[id.index].lastRequirementSet, last.requirement == requirement { return last.versions }
        let versions = packages[id.index].versions
        let caches = versions.count > Self.requirementSetCacheThreshold
        if caches, let known = packages[id.index].requirementSets[requirement] { return known }
        let admitsPrereleases = packages[id.index].admitsPrereleases
        let set = VersionSet(universe: versions.count, indices: versions.indices.lazy.filter {
            requirement.admits(versions[$0], prereleasesAdmitted: admitsPrereleases)
        })
        if caches { packages[id.index].requirementSets[requirement] = set }
        packages[id.index].lastRequirementSet = (requirement, set)
        return set
    }

    /// The dependencies of a version, read through the cache; the root's are the Depsfile's.
    func dependencies(of id: PackageID, at index: Int) throws -> [Dependency] {
        if let known = packages[id.index].dependencies[index] { return known }
        let dependencies = try cache.dependencies(of: packages[id.index].name!, at: index)
        packages[id.index].dependencies[index] = dependencies
        return dependencies
    }

    /// The dependencies of a version if they have been read already.
    func loadedDependencies(of id: PackageID, at index: Int) -> [Dependency]? {
        packages[id.index].dependencies[index]
    }

    /// Whether the version's dependencies are incompatibilities already.
    func isConverted(_ id: PackageID, at index: Int) -> Bool {
        packages[id.index].targets[index] != nil
    }

    /// Records that the version's dependencies are incompatibilities now, naming `targets`.
    func markConverted(_ id: PackageID, at index: Int, targets: [PackageID]) {
        packages[id.index].targets[index] = targets
    }

    /// The packages a converted version depends on.
    func targets(of id: PackageID, at index: Int) -> [PackageID] {
        packages[id.index].targets[index] ?? []
    }
}
