extension SandboxPackageManifest {
    /// What the sandbox builds for the packages of `lock`: for each package, one module made of
    /// its spec and of the subspecs the lock lists (a package locked by its name alone is used
    /// through its default subspecs), for the Depsfile's platform.
    ///
    /// - Parameters:
    ///   - specifications: the spec of each of the lock's packages (subspecs read their package's).
    ///   - codeSources: where each package's code is; a `path:` source is used in place.
    ///   - files: every file below a package's code folder, relative to it.
    ///   - contents: one file's bytes, relative to a package's folder.
    public init(
        lock: Lockfile, specifications: [PackageName: Specification], codeSources: [PackageName: CodeSource],
        platform: Platform?, linkage: ProductLinkage = .automatic, files: (SandboxFolder) throws -> [String],
        contents: (SandboxFolder, String) -> [UInt8]?
    ) throws {
        var builds: [PackageBuild] = []
        let swiftPackages = lock.swiftPackagePins { specifications[$0]?.libraryProducts ?? [] }
        let swiftPackageNames = Set(swiftPackages.map(\.identity))
        for package in lock.rootPackages where !swiftPackageNames.contains(package.name) {
            guard let specification = specifications[package.name] else { continue }
            let folder: SandboxFolder = if case let .path(path)? = codeSources[package.name] {
                .inPlace(package.name, path: path)
            } else {
                .fetched(package.name)
            }
            builds.append(try PackageBuild(
                specification: specification, subspecs: Self.subspecs(of: package.name, in: lock, specification: specification),
                platform: platform, folder: folder,
                files: try files(folder), contents: { contents(folder, $0) }))
        }
        // SwiftPM builds one module of a name.
        var owners: [String: PackageName] = [:]
        for build in builds {
            for module in build.modules + build.resourceTargets.map(\.module) {
                if let other = owners[module], other != build.name {
                    throw SandboxIntegrationError(name: build.name, .moduleOfAnotherPod(module: module, pod: other))
                }
                owners[module] = build.name
            }
        }
        try Self.checkModuleNames(of: swiftPackages, against: owners)
        self.init(packages: builds, platform: platform, linkage: linkage, swiftPackages: swiftPackages)
    }

    /// Refuses a pod whose module has the name of a module of a locked Swift package's products,
    /// from the specs alone: an install checks it before it fetches anything (BEHAVIOUR 16).
    public static func checkSwiftPackageModules(lock: Lockfile, specifications: [PackageName: Specification]) throws {
        let pins = lock.swiftPackagePins { specifications[$0]?.libraryProducts ?? [] }
        let packageNames = Set(pins.map(\.identity))
        var owners: [String: PackageName] = [:]
        for package in lock.rootPackages where !packageNames.contains(package.name) {
            guard let specification = specifications[package.name] else { continue }
            owners[specification.moduleName] = package.name
        }
        try checkModuleNames(of: pins, against: owners)
    }

    /// A pod's module may not have the name of a module a Swift package's products are made of.
    private static func checkModuleNames(of packages: [SwiftPackagePin], against owners: [String: PackageName]) throws {
        for package in packages {
            for module in Set(package.products.flatMap(\.targets)).sorted() {
                if let pod = owners[module] {
                    throw SandboxIntegrationError(name: pod, .moduleOfASwiftPackage(module: module, package: package.identity))
                }
            }
        }
    }

    /// The subspecs of `name` the lock uses, each as its path below the package; a package locked
    /// by its name alone is used through its default subspecs.
    static func subspecs(of name: PackageName, in lock: Lockfile, specification: Specification) -> [[String]] {
        guard !specification.subspecs.isEmpty else { return [] }
        let entries = lock.packages.map(\.name).filter { $0.root == name }
        var subspecs = entries.compactMap(\.subspec).filter { !$0.isEmpty }.map { $0.split(separator: "/").map(String.init) }
        if entries.contains(name) { subspecs += specification.defaultSubspecNames.map { [$0] } }
        return subspecs
    }

    /// The lock's packages that get no library product in `Deps/Package.swift`, as its specs say:
    /// a package whose spec and used subspecs name no source file and no vendored binary (a tool
    /// pod such as SwiftLint: a binary a build script runs), and that depends on no package with a
    /// product. Its files are in the sandbox all the same; no target can link it.
    public static func packagesWithoutProduct(
        in lock: Lockfile, specifications: [PackageName: Specification], platform: Platform?
    ) -> Set<PackageName> {
        var declaresFiles: [PackageName: Bool] = [:]
        var dependencies: [PackageName: Set<PackageName>] = [:]
        // A Swift package has products of its own (BEHAVIOUR 16).
        for package in lock.rootPackages where lock.externalSources[package.name]?.isSwiftPackage != true {
            guard let specification = specifications[package.name] else { continue }
            let parts = PackageBuild.contributingParts(
                of: specification, subspecs: subspecs(of: package.name, in: lock, specification: specification), platform: platform)
            declaresFiles[package.name] = parts.contains { part in
                !(part.attributes.sourceFiles ?? []).isEmpty || !part.attributes.vendoredFrameworks.isEmpty
                    || !part.attributes.vendoredLibraries.isEmpty
            }
            dependencies[package.name] = Set(lock.packages.filter { $0.name.root == package.name }
                .flatMap { $0.dependencies.map(\.name.root) }).subtracting([package.name])
        }
        var hasProduct: [PackageName: Bool] = [:]
        func product(_ name: PackageName, _ visiting: Set<PackageName>) -> Bool {
            if let known = hasProduct[name] { return known }
            // A spec deps could not read is taken to build something, as the build will say otherwise.
            guard let declares = declaresFiles[name] else { return true }
            let answer = declares || (dependencies[name] ?? []).contains { !visiting.contains($0) && product($0, visiting.union([name])) }
            hasProduct[name] = answer
            return answer
        }
        return Set(declaresFiles.keys.filter { !product($0, []) })
    }
}
