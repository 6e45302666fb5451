/// What the resolver reads: every source as one catalog.
///
/// Implemented outside the resolver (by the use cases, over the spec sources, and by
/// test fakes). Errors it throws reach the resolver's caller unchanged.
public protocol PackageCatalog {
    /// Every version of the package; empty when no source has it.
    func versions(of name: PackageName) throws -> [Version]
    /// The dependencies one version declares. This may read and parse that version's
    /// spec, so the resolver calls it only for versions it considers.
    func dependencies(of name: PackageName, at version: Version) throws -> [Dependency]
    /// Every package name the sources have; used only after a failure, to suggest a close name.
    func allPackageNames() throws -> [PackageName]
    /// How the sources are named to people (`../../Specs`), for "not found" messages.
    var sourceLabels: [String] { get }
    /// What the sources can say about a package none of them has, for "not found" messages.
    func notesOnMissing(_ name: PackageName) -> [MissingPackageNote]
}

extension PackageCatalog {
    public var sourceLabels: [String] { [] }
    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] { [] }
}

/// The catalog's answers, each asked once per resolution, in a canonical order: versions
/// oldest first with equal spellings (`1.0`, `1.0.0`) kept once, dependencies by name
/// (byte order; any fixed order does, as long as it does not depend on the catalog's).
/// Shared by the attempts one resolution makes (the first one and those that look for
/// pins to lift), so no spec is read twice.
///
/// Each package asked about gets a slot, and each of its versions a place in one flat
/// table of dependency lists, so that after the first question about a name the solver
/// reaches a package's answers by index, without hashing the name again.
final class CatalogCache {
    /// A package's place in the cache.
    struct Slot: Equatable {
        let index: Int
    }

    let catalog: any PackageCatalog
    private var slots: [PackageName: Slot] = [:]
    private var names: [PackageName] = []
    /// Per slot, the versions, oldest first.
    private var versionLists: [[Version]] = []
    /// Per slot, where its versions' entries start in `dependencyLists`.
    private var firstEntries: [Int] = []
    /// Per version of every slot, its dependencies once read.
    private var dependencyLists: [[Dependency]?] = []

    init(_ catalog: any PackageCatalog) {
        self.catalog = catalog
    }

    /// The package's slot, reading its version list on the first question.
    func slot(of name: PackageName) throws -> Slot {
        // One hash of the name whether it is new or not: a new name is entered with the
        // next slot at once, and taken out again if its listing cannot be read.
        let next = Slot(index: names.count)
        let slot = Self.entry(&slots[name, default: next])
        guard slot == next else { return slot }
        var versions: [Version]
        do {
            versions = try catalog.versions(of: name)
        } catch {
            slots[name] = nil
            throw error
        }
        // Listings usually come sorted and without repeats; check that in one pass.
        if !zip(versions, versions.dropFirst()).allSatisfy({ $0 < $1 }) {
            versions.sort { a, b in a != b ? a < b : a.description < b.description }
            var unique: [Version] = []
            for version in versions where unique.last != version {
                unique.append(version)
            }
            versions = unique
        }
        names.append(name)
        versionLists.append(versions)
        firstEntries.append(dependencyLists.count)
        dependencyLists.append(contentsOf: repeatElement(nil, count: versions.count))
        return slot
    }

    private static func entry(_ slot: inout Slot) -> Slot { slot }

    func versions(in slot: Slot) -> [Version] {
        versionLists[slot.index]
    }

    func version(in slot: Slot, at index: Int) -> Version {
        versionLists[slot.index][index]
    }

    /// The dependencies of the version at `index` in the slot's versions.
    func dependencies(in slot: Slot, at index: Int) throws -> [Dependency] {
        let entry = firstEntries[slot.index] + index
        if let known = dependencyLists[entry] { return known }
        var dependencies = try catalog.dependencies(of: names[slot.index], at: versionLists[slot.index][index])
        let ascending = { (a: Dependency, b: Dependency) in
            a.name != b.name
                ? a.name.description < b.name.description
                : a.requirement.description < b.requirement.description
        }
        if !zip(dependencies, dependencies.dropFirst()).allSatisfy({ !ascending($1, $0) }) {
            dependencies.sort(by: ascending)
        }
        dependencyLists[entry] = dependencies
        return dependencies
    }

    /// The dependencies of the version at `index` if they have been read already.
    func loadedDependencies(in slot: Slot, at index: Int) -> [Dependency]? {
        dependencyLists[firstEntries[slot.index] + index]
    }
}
