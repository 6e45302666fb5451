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
}

/// The catalog's answers, each asked once per resolution, in a canonical order: versions
/// oldest first with equal spellings (`1.0`, `1.0.0`) kept once, dependencies by name.
/// Shared by the attempts one resolution makes (the first one and those that look for
/// pins to lift), so no spec is read twice.
final class CatalogCache {
    let catalog: any PackageCatalog
    private var versionLists: [PackageName: [Version]] = [:]
    private var dependencyLists: [PackageName: [[Dependency]?]] = [:]

    init(_ catalog: any PackageCatalog) {
        self.catalog = catalog
    }

    func versions(of name: PackageName) throws -> [Version] {
        if let known = versionLists[name] { return known }
        let sorted = try catalog.versions(of: name).sorted { a, b in
            a != b ? a < b : a.description < b.description
        }
        var unique: [Version] = []
        for version in sorted where unique.last != version {
            unique.append(version)
        }
        versionLists[name] = unique
        dependencyLists[name] = Array(repeating: nil, count: unique.count)
        return unique
    }

    /// The dependencies of the version at `index` in `versions(of: name)`.
    func dependencies(of name: PackageName, at index: Int) throws -> [Dependency] {
        if let known = dependencyLists[name]?[index] { return known }
        let version = try versions(of: name)[index]
        let dependencies = try catalog.dependencies(of: name, at: version).sorted { a, b in
            a.name != b.name ? a.name < b.name : a.requirement.description < b.requirement.description
        }
        dependencyLists[name]![index] = dependencies
        return dependencies
    }

    /// The dependencies of the version at `index` if they have been read already.
    func loadedDependencies(of name: PackageName, at index: Int) -> [Dependency]? {
        dependencyLists[name]?[index] ?? nil
    }
}
