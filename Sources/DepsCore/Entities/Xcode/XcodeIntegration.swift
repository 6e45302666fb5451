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

    /// The Swift packages the targets link products of, each once, by URL: each is a remote
    /// package reference at its locked version (BEHAVIOUR 16).
    public var remotePackages: [XcodePackageProduct] {
        var seen: Set<String> = []
        return targets.flatMap(\.packageProducts).filter { seen.insert($0.url).inserted }.sorted { $0.url < $1.url }
    }

    public init(path: String, packagePath: String, targets: [XcodeTargetIntegration]) {
        self.path = path
        self.packagePath = packagePath
        self.targets = targets
    }
}

/// One target: the library products of `Deps/Package.swift` it links, and those of Swift packages.
public struct XcodeTargetIntegration: Sendable, Hashable {
    public let name: String
    /// Sorted, each once.
    public let products: [String]
    /// The Swift packages' products it links (BEHAVIOUR 16), sorted by product.
    public let packageProducts: [XcodePackageProduct]

    public init(name: String, products: [String], packageProducts: [XcodePackageProduct] = []) {
        self.name = name
        self.products = products
        self.packageProducts = packageProducts.sorted { ($0.product, $0.url) < ($1.product, $1.url) }
    }

    /// Every product it links: Deps' and the Swift packages'.
    public var allProducts: [String] { (products + packageProducts.map(\.product)).sorted() }
}

/// A library product of a locked Swift package, which a target links through Xcode's own remote
/// package reference at the package's locked version, or at the locked commit of a package on a
/// branch or a revision (`revision`), which has no version.
public struct XcodePackageProduct: Sendable, Hashable {
    public let url: String
    public let version: Version
    public let product: String
    public let revision: String?

    public init(url: String, version: Version, product: String, revision: String? = nil) {
        self.url = url
        self.version = version
        self.product = product
        self.revision = revision
    }

    /// What its remote reference's requirement says: `exactVersion 1.2.0`, `revision <commit>`.
    public var requirement: (kind: String, value: String) {
        revision.map { ("revision", $0) } ?? ("exactVersion", version.description)
    }
}
