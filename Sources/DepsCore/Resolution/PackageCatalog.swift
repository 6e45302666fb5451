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
}

extension PackageCatalog {
    public var sourceLabels: [String] { [] }
}

/// The catalog's answers, each asked once per resolution, in a canonical order: versions
/// oldest first with equal spellings (`1.0`, `1.0.0`) kept once, dependencies by name
/// (byte order; any fixed order does, as long as it does not depend on the catalog's).
/// Shared by the attempts one resolution makes (the first one and those that look for
/// pins to lift), so no spec is read twice.
final class CatalogCache {
    let catalog: any PackageCatalog
    /// Each package's versions and, per version, its dependencies once read.
    private var entries: [PackageName: (versions: [Version], dependencies: [[Dependency]?])] = [:]

    init(_ catalog: any PackageCatalog) {
        self.catalog = catalog
    }

    func versions(of name: PackageName) throws -> [Version] {
        if let known = entries[name] { return known.versions }
        var versions = try catalog.versions(of: name)
        // Listings usually come sorted and without repeats; check that in one pass.
        if !zip(versions, versions.dropFirst()).allSatisfy({ $0 < $1 }) {
            versions.sort { a, b in a != b ? a < b : a.description < b.description }
            var unique: [Version] = []
            for version in versions where unique.last != version {
                unique.append(version)
            }
            versions = unique
        }
        entries[name] = (versions, Array(repeating: nil, count: versions.count))
        return versions
    }

    /// The dependencies of the version at `index` in `versions(of: name)`.
    func dependencies(of name: PackageName, at index: Int) throws -> [Dependency] {
        if let known = entries[name]?.dependencies[index] { return known }
        let version = try versions(of: name)[index]
        var dependencies = try catalog.dependencies(of: name, at: version)
        let ascending = { (a: Dependency, b: Dependency) in
            a.name != b.name
                ? a.name.description < b.name.description
                : a.requirement.description < b.requirement.description
        }
        if !zip(dependencies, dependencies.dropFirst()).allSatisfy({ !ascending($1, $0) }) {
            dependencies.sort(by: ascending)
        }
        entries[name]!.dependencies[index] = dependencies
        return dependencies
    }

    /// The dependencies of the version at `index` if they have been read already.
    func loadedDependencies(of name: PackageName, at index: Int) -> [Dependency]? {
        entries[name]?.dependencies[index] ?? nil
    }
}
