/// What each Xcode project should link from `Deps/` (BEHAVIOUR 15): the Depsfile's `xcode:` section
/// checked against the lock and worked out per project. The adapter that edits a project file
/// makes the project say exactly this, and nothing more.
public struct XcodeIntegration: Sendable, Hashable {
    public let projects: [XcodeProjectIntegration]

    public init(projects: [XcodeProjectIntegration]) {
        self.projects = projects
    }
}

/// One Xcode project's share: where `Deps/` is from the project's folder, and each target's products.
public struct XcodeProjectIntegration: Sendable, Hashable {
    /// The `.xcodeproj` folder, relative to the Depsfile's folder.
    public let path: String
    /// `Deps`'s path relative to the folder that holds the `.xcodeproj` (`Deps`, `../Deps`): the
    /// local package reference's `relativePath`.
    public let packagePath: String
    /// The targets deps integrates, in the Depsfile's order.
    public let targets: [XcodeTargetIntegration]

    public init(path: String, packagePath: String, targets: [XcodeTargetIntegration]) {
        self.path = path
        self.packagePath = packagePath
        self.targets = targets
    }
}

/// One target: the library products of `Deps/Package.swift` it links.
public struct XcodeTargetIntegration: Sendable, Hashable {
    public let name: String
    /// Sorted, each once.
    public let products: [String]

    public init(name: String, products: [String]) {
        self.name = name
        self.products = products
    }
}
