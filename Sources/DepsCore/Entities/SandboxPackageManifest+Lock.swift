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
        for package in lock.rootPackages {
            guard let specification = specifications[package.name] else { continue }
            let folder: SandboxFolder = if case let .path(path)? = codeSources[package.name] {
                .inPlace(package.name, path: path)
            } else {
                .fetched(package.name)
            }
            var subspecs: [[String]] = []
            if !specification.subspecs.isEmpty {
                let entries = lock.packages.map(\.name).filter { $0.root == package.name }
                subspecs = entries.compactMap(\.subspec).filter { !$0.isEmpty }.map { $0.split(separator: "/").map(String.init) }
                if entries.contains(package.name) { subspecs += specification.defaultSubspecNames.map { [$0] } }
            }
            builds.append(try PackageBuild(
                specification: specification, subspecs: subspecs, platform: platform, folder: folder,
                files: try files(folder), contents: { contents(folder, $0) }))
        }
        // SwiftPM builds one module of a name.
        var owners: [String: PackageName] = [:]
        for build in builds {
            for module in build.modules {
                if let other = owners[module], other != build.name {
                    throw SandboxIntegrationError(
                        name: build.name, message: "its module \(module) has the name of \(other)'s, and SwiftPM builds one module of a name")
                }
                owners[module] = build.name
            }
        }
        self.init(packages: builds, platform: platform, linkage: linkage)
    }
}
