/// Keeps the Depsfile's Xcode projects wired to `Deps/` (BEHAVIOUR 15): works out and checks each
/// target's products before anything is written, edits the projects once the sandbox and the lock
/// are written, and says how a project differs for `deps check`.
public struct XcodeWiring {
    public let projects: XcodeProjects
    /// The sandbox's folder, relative to the Depsfile (`Deps`).
    public let sandboxFolder: String

    public init(projects: XcodeProjects, sandboxFolder: String) {
        self.projects = projects
        self.sandboxFolder = sandboxFolder
    }

    /// The integration the Depsfile's `xcode:` asks for with `lockfile`, checked against the lock
    /// and the projects' targets; nil when the Depsfile has no `xcode:`.
    ///
    /// - Parameter catalog: the specs of the lock's packages, which say which ones get no product
    ///   to link (`SandboxPackageManifest.packagesWithoutProduct`).
    func integration(of manifest: Manifest, lockfile: Lockfile?, catalog: SpecCatalog) throws -> XcodeIntegration? {
        guard let xcode = manifest.xcode else { return nil }
        var targetNames: [String: [String]] = [:]
        for project in xcode.projects { targetNames[project] = try projects.targetNames(in: project) }
        var swiftPackageProducts: [PackageName: [String]] = [:]
        for package in lockfile?.rootPackages ?? [] where lockfile?.externalSources[package.name]?.isSwiftPackage == true {
            swiftPackageProducts[package.name] = try catalog.specification(of: package.name, version: package.version).libraryProducts.map(\.name)
        }
        return try xcode.integration(
            dependencies: manifest.dependencies, lockfile: lockfile, targetNames: targetNames, sandboxFolder: sandboxFolder,
            withoutProducts: try lockfile.map { try catalog.packagesWithoutProduct(in: $0) } ?? [],
            swiftPackageProducts: swiftPackageProducts)
    }

    /// The `.xcodeproj` folders a Depsfile without `xcode:` leaves alone, for a hint; none when it has one.
    public func projectsLeftAlone(by manifest: Manifest) -> [String] {
        manifest.xcode == nil ? projects.projectsAtTopLevel() : []
    }

    /// What `deps check` reports: each way the projects differ from what the Depsfile asks.
    func problems(of manifest: Manifest, lockfile: Lockfile, catalog: SpecCatalog) throws -> [SyncProblem] {
        guard let integration = try integration(of: manifest, lockfile: lockfile, catalog: catalog) else { return [] }
        return try projects.drift(from: integration).map { .xcodeProjectOutOfStep($0) }
    }
}
