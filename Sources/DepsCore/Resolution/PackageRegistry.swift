/// The packages one solver run has met, each with an id, its known versions and the
/// facts that depend on the run's inputs: whether it is a direct dependency, whether
/// the inputs admit its prereleases, its pin, and the version set of each requirement on it.
final class PackageRegistry {
    struct Package {
        /// nil for the root.
        let name: PackageName?
        /// Where the catalog's answers about the package are kept; nil for the root.
        let slot: CatalogCache.Slot?
        /// How many versions the package has (its versions, oldest first, are the cache's).
        let universe: Int
        let isDirect: Bool
        /// Whether the run's inputs admit the package's prereleases whatever is chosen: the
        /// Depsfile names a prerelease of its package (any subspec counts), or the lockfile
        /// pins one. Otherwise a chosen prerelease needs a chosen version that names one.
        let admitsPrereleases: Bool
        /// The package's prereleases when it has any and the inputs do not admit them: the
        /// versions that need a chosen version naming one (`PrereleaseAdmission`).
        let prereleasesNeedingNaming: VersionSet?
        let pin: Version?
        /// The newest entry of `conversions` for this package; -1 when none of its
        /// versions has been converted.
        var latestConversion: Int32 = -1
        /// The version set (and label) of the requirement last asked about (most dependers
        /// of a package ask for the same), and of every requirement when the package is large.
        var lastRequirementSet: (requirement: Requirement, versions: VersionSet, label: RequirementLabel)?
        var requirementSets: [Requirement: (versions: VersionSet, label: RequirementLabel)] = [:]
    }

    /// Packages with more versions than this keep the version set of each requirement on
    /// them; for fewer, computing a set again costs less than keeping it.
    private static let requirementSetCacheThreshold = 16

    let cache: CatalogCache
    let rootDependencies: [Dependency]
    private var packages: [Package]
    /// The package id of each cache slot; -1 for a slot this run has not met.
    private var idsBySlot: [Int] = []
    /// Each version whose dependencies are incompatibilities, with the packages they name
    /// (a range of `targetStore`), linked to the same package's previous conversion. A
    /// search converts few versions of a package, most often one.
    private var conversions: [(versionIndex: Int32, targets: Range<Int32>, previous: Int32)] = []
    private var targetStore: [PackageID] = []
    /// Per package, how many of the versions whose dependencies were read ask for it.
    private var demands: [Int32] = [0]
    /// The requirements terms are labelled with, by label.
    private var labelledRequirements: [Requirement] = []
    private let directNames: Set<PackageName>
    private let prereleaseNames: Set<PackageName>
    private let pins: [PackageName: Version]

    /// Packages decided at their newest candidate even when it is a prerelease no decided version
    /// names yet (see `PrereleaseAdmission.raisable`).
    let prereleasesFirst: Set<PackageName>

    init(
        cache: CatalogCache, rootDependencies: [Dependency], pins: [PackageName: Version],
        prereleasesFirst: Set<PackageName> = []
    ) {
        self.cache = cache
        self.prereleasesFirst = prereleasesFirst
        self.rootDependencies = rootDependencies.sorted { a, b in
            a.name != b.name ? a.name < b.name : a.requirement.description < b.requirement.description
        }
        self.pins = pins
        directNames = Set(rootDependencies.map(\.name))
        prereleaseNames = Set(rootDependencies.filter(\.requirement.namesPrerelease).map(\.name.root))
            .union(pins.filter(\.value.isPrerelease).keys.map(\.root))
        packages = [Package(
            name: nil, slot: nil, universe: 1, isDirect: false, admitsPrereleases: false, prereleasesNeedingNaming: nil,
            pin: nil
        )]
    }

    var count: Int { packages.count }

    /// The id of the package, registering it (and reading its version list) on first sight.
    func id(of name: PackageName) throws -> (id: PackageID, isNew: Bool) {
        let slot = try cache.slot(of: name)
        if slot.index < idsBySlot.count, idsBySlot[slot.index] >= 0 { return (PackageID(index: idsBySlot[slot.index]), false) }
        while idsBySlot.count <= slot.index { idsBySlot.append(-1) }
        let id = PackageID(index: packages.count)
        let versions = cache.versions(in: slot)
        let admitsPrereleases = !prereleaseNames.isEmpty && prereleaseNames.contains(name.root)
        var prereleases: VersionSet?
        if !admitsPrereleases, versions.contains(where: \.isPrerelease) {
            prereleases = VersionSet(universe: versions.count, indices: versions.indices.filter { versions[$0].isPrerelease })
            hasPrereleasesNeedingNaming = true
        }
        packages.append(Package(
            name: name, slot: slot, universe: versions.count, isDirect: directNames.contains(name),
            admitsPrereleases: admitsPrereleases, prereleasesNeedingNaming: prereleases,
            pin: pins.isEmpty ? nil : pins[name]
        ))
        idsBySlot[slot.index] = id.index
        demands.append(0)
        return (id, true)
    }

    func name(of id: PackageID) -> PackageName? { packages[id.index].name }

    /// The package's versions, oldest first; the root has one, `0`.
    func versions(of id: PackageID) -> [Version] {
        guard let slot = packages[id.index].slot else { return [Self.rootVersion] }
        return cache.versions(in: slot)
    }

    func version(of id: PackageID, at index: Int) -> Version {
        guard let slot = packages[id.index].slot else { return Self.rootVersion }
        return cache.version(in: slot, at: index)
    }

    private static let rootVersion = Version(segments: [0])

    func universe(of id: PackageID) -> Int { packages[id.index].universe }

    func pin(of id: PackageID) -> Version? { packages[id.index].pin }

    func admitsPrereleases(_ id: PackageID) -> Bool { packages[id.index].admitsPrereleases }

    /// The package's prereleases that a chosen version must name to be candidates; nil when it
    /// has none, or the inputs admit them.
    func prereleasesNeedingNaming(_ id: PackageID) -> VersionSet? { packages[id.index].prereleasesNeedingNaming }

    /// Whether some package met so far has prereleases that need naming; most runs meet none.
    private(set) var hasPrereleasesNeedingNaming = false

    func demand(of id: PackageID) -> Int32 { demands[id.index] }

    func isDirect(_ id: PackageID) -> Bool { packages[id.index].isDirect }

    /// The known versions within the requirement's bounds, prereleases included (whether a
    /// prerelease may be chosen depends on the whole selection: `VersionSolver` keeps that
    /// rule); with the label of the requirement for the terms built from the set.
    ///
    /// Sets are shared between requirements of the same meaning (`>= 2` and `>= 2.0`), labels
    /// only between requirements spelled alike, so that an explanation quotes each spec as
    /// it was written.
    func versions(admittedBy requirement: Requirement, of id: PackageID) -> (versions: VersionSet, label: RequirementLabel) {
        if let last = packages[id.index].lastRequirementSet, last.requirement == requirement {
            return (last.versions, last.requirement.isWritten(like: requirement) ? last.label : label(for: requirement))
        }
        let versions = self.versions(of: id)
        let caches = versions.count > Self.requirementSetCacheThreshold
        if caches, let known = packages[id.index].requirementSets[requirement] {
            let labelled = self.requirement(labelled: known.label).isWritten(like: requirement)
            return (known.versions, labelled ? known.label : label(for: requirement))
        }
        let set = VersionSet(universe: versions.count, indices: versions.indices.lazy.filter {
            requirement.admits(versions[$0], prereleasesAdmitted: true)
        })
        let label = label(for: requirement)
        if caches { packages[id.index].requirementSets[requirement] = (set, label) }
        packages[id.index].lastRequirementSet = (requirement, set, label)
        return (set, label)
    }

    /// A label that stands for the requirement in terms.
    func label(for requirement: Requirement) -> RequirementLabel {
        labelledRequirements.append(requirement)
        return RequirementLabel(index: Int32(labelledRequirements.count - 1))
    }

    /// The requirement a label stands for.
    func requirement(labelled label: RequirementLabel) -> Requirement {
        labelledRequirements[Int(label.index)]
    }

    /// The dependencies of a version, read through the cache; the root's are the Depsfile's.
    func dependencies(of id: PackageID, at index: Int) throws -> [Dependency] {
        guard let slot = packages[id.index].slot else { return rootDependencies }
        return try cache.dependencies(in: slot, at: index)
    }

    /// The dependencies of a version if this run has turned them into incompatibilities
    /// already. The cache may know more, from earlier runs over it (the attempts that look
    /// for pins to lift), but each run learns only from what it has read itself, so that
    /// it reaches the same conclusions as a run of its own would.
    func loadedDependencies(of id: PackageID, at index: Int) -> [Dependency]? {
        guard let slot = packages[id.index].slot else { return rootDependencies }
        guard isConverted(id, at: index) else { return nil }
        return cache.loadedDependencies(in: slot, at: index)
    }

    /// Whether the version's dependencies are incompatibilities already.
    func isConverted(_ id: PackageID, at index: Int) -> Bool {
        conversion(of: id, at: index) != nil
    }

    /// Records that the version's dependencies are incompatibilities now, naming `targets`.
    func markConverted(_ id: PackageID, at index: Int, targets: [PackageID]) {
        let start = Int32(targetStore.count)
        targetStore.append(contentsOf: targets)
        for target in targets { demands[target.index] &+= 1 }
        conversions.append((Int32(index), start..<Int32(targetStore.count), packages[id.index].latestConversion))
        packages[id.index].latestConversion = Int32(conversions.count - 1)
    }

    /// The packages a converted version depends on.
    func targets(of id: PackageID, at index: Int) -> ArraySlice<PackageID> {
        guard let targets = conversion(of: id, at: index) else { return [] }
        return targetStore[Int(targets.lowerBound)..<Int(targets.upperBound)]
    }

    private func conversion(of id: PackageID, at index: Int) -> Range<Int32>? {
        var position = packages[id.index].latestConversion
        while position >= 0 {
            let entry = conversions[Int(position)]
            if entry.versionIndex == index { return entry.targets }
            position = entry.previous
        }
        return nil
    }
}
