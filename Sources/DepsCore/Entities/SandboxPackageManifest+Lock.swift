extension SandboxPackageManifest {
    /// What `Deps/Package.swift` declares for the packages of `lock`: a target per package, or per
    /// subspec used (`Moya/Core` as `Moya_Core`), its sources from its spec's `source_files`, its
    /// dependencies' modules. A package used whole with subspecs is a product of its default
    /// subspecs' targets; a subspec with no `source_files` only brings its dependencies.
    ///
    /// - Parameters:
    ///   - specifications: the spec of each of the lock's packages (subspecs read their package's).
    ///   - codeSources: where each package's code is; a `path:` source is used in place.
    ///   - files: every file below a package's code folder, relative to it.
    public init(
        lock: Lockfile, specifications: [PackageName: Specification], codeSources: [PackageName: CodeSource],
        files: (SandboxFolder) throws -> [String]
    ) throws {
        let used = Set(lock.packages.map(\.name))
        /// The modules a dependency on `name` reaches: the package's, a subspec's, or the default subspecs'.
        func modules(of name: PackageName, seen: Set<PackageName> = []) -> [String] {
            guard let specification = specifications[name.root], !seen.contains(name) else { return [] }
            if specification.subspecs.isEmpty { return [specification.moduleName] }
            if let subspecName = name.subspec {
                guard let subspec = specification.subspec(named: subspecName) else { return [] }
                if subspec.sourceFiles != nil { return [specification.moduleName(ofSubspec: subspecName)] }
                return subspec.dependencies.flatMap { modules(of: $0.name, seen: seen.union([name])) }
            }
            return specification.defaultSubspecNames.flatMap { sub in
                (try? name.subspec(sub)).map { modules(of: $0, seen: seen.union([name])) } ?? []
            }
        }
        var targets: [SwiftPackageTarget] = []
        var wholePackages: [SwiftPackageProduct] = []
        for package in lock.rootPackages {
            guard let specification = specifications[package.name] else { continue }
            let folder: SandboxFolder = if case let .path(path)? = codeSources[package.name] {
                .inPlace(package.name, path: path)
            } else {
                .fetched(package.name)
            }
            let files = try files(folder)
            let own = specification.dependencies.filter { $0.name.root != package.name }.flatMap { modules(of: $0.name) }
            guard !specification.subspecs.isEmpty else {
                targets.append(SwiftPackageTarget(
                    specification: specification, folder: folder, files: files, dependencyModules: Array(Set(own))))
                continue
            }
            var wanted = Set(used.filter { $0.root == package.name }.compactMap(\.subspec))
            if used.contains(package.name) { wanted.formUnion(specification.defaultSubspecNames) }
            for subspec in specification.subspecs where wanted.contains(subspec.name) {
                guard let globs = subspec.sourceFiles, let name = try? package.name.subspec(subspec.name) else { continue }
                let needs = subspec.dependencies.flatMap { modules(of: $0.name) } + own
                targets.append(SwiftPackageTarget(
                    name: name, module: specification.moduleName(ofSubspec: subspec.name), sourceFiles: globs, folder: folder,
                    files: files, dependencyModules: Array(Set(needs)).filter { $0 != specification.moduleName(ofSubspec: subspec.name) }))
            }
            if used.contains(package.name) {
                wholePackages.append(SwiftPackageProduct(name: package.name.description, targets: modules(of: package.name)))
            }
        }
        self.init(targets: targets, wholePackages: wholePackages)
    }
}
