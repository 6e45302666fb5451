import DepsCore

extension SwiftPackageManifest {
    /// The spec of the release this manifest is read from, as deps resolves it (BEHAVIOUR 16):
    /// its dependencies are those SwiftPM resolves for it (`requiredDependencies` with its default
    /// traits), each requirement in deps' words (`from: "1.5.0"` is `>= 1.5.0, < 2.0.0`). A
    /// dependency by branch or revision, which SwiftPM allows only in a root package, is a
    /// `SwiftManifestError` naming `package` and `tag`. `resolverName` names each dependency as the
    /// resolver knows it (its identity, or the pod's it is taken for).
    func specification(
        name: PackageName, version: Version, package: SwiftPackageIdentity, tag: String, codeSource: CodeSource, checksum: String,
        resolverName: (SwiftPackageIdentity) throws -> PackageName = { try PackageName($0.description) }
    ) throws -> Specification {
        var dependencies: [DepsCore.Dependency] = []
        for (dependency, _) in requiredDependencies(enabledTraits: enabledTraits()) {
            let requirement: DepsCore.Requirement
            switch dependency.requirement {
            case let .range(lower, upper):
                requirement = try DepsCore.Requirement(">= \(lower), < \(upper)")
            case let .exact(exact):
                requirement = try DepsCore.Requirement("= \(exact)")
            case .branch, .revision:
                throw SwiftManifestError(
                    package: package, tag: tag, cause: .unversionedDependency(dependency.identity, dependency.requirement.description))
            }
            dependencies.append(DepsCore.Dependency(try resolverName(dependency.identity), requirement))
        }
        return Specification(
            name: name.root, version: version, codeSource: codeSource, dependencies: dependencies, checksum: checksum, sourceFiles: [],
            libraryProducts: products.filter(\.isLibrary))
    }
}
