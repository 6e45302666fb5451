import DepsCore

/// An in-memory catalog built by a scenario: packages, their versions and each version's
/// dependencies, held in arrays so that answering costs next to nothing.
final class SyntheticCatalog: PackageCatalog {
    private var names: [PackageName] = []
    private var indices: [PackageName: Int] = [:]
    private var versionLists: [[Version]] = []
    private var dependencyLists: [[[Dependency]]] = []
    /// How many times the resolver asked for a version's dependencies.
    private(set) var dependencyReads = 0

    var packageCount: Int { names.count }

    /// Adds a package whose versions are given oldest first, with each version's dependencies.
    func add(_ name: String, versions: [(version: String, dependencies: [(name: String, requirement: String)])]) {
        let packageName = try! PackageName(name)
        indices[packageName] = names.count
        names.append(packageName)
        versionLists.append(versions.map { try! Version($0.version) })
        dependencyLists.append(versions.map { entry in
            entry.dependencies.map { Dependency(try! PackageName($0.name), try! Requirement($0.requirement)) }
        })
    }

    func versions(of name: PackageName) throws -> [Version] {
        indices[name].map { versionLists[$0] } ?? []
    }

    func dependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        dependencyReads += 1
        guard let package = indices[name], let position = versionLists[package].firstIndex(of: version) else { return [] }
        return dependencyLists[package][position]
    }

    func allPackageNames() throws -> [PackageName] {
        names
    }
}

/// Counts the specs the resolver asks for, over any catalog.
final class CountingCatalog: PackageCatalog {
    private let catalog: any PackageCatalog
    private(set) var dependencyReads = 0

    init(_ catalog: any PackageCatalog) {
        self.catalog = catalog
    }

    func versions(of name: PackageName) throws -> [Version] {
        try catalog.versions(of: name)
    }

    func dependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        dependencyReads += 1
        return try catalog.dependencies(of: name, at: version)
    }

    func allPackageNames() throws -> [PackageName] {
        try catalog.allPackageNames()
    }
}
