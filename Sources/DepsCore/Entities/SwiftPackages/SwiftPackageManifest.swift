/// What a Swift package's manifest (`Package.swift`) says about resolving it, as SwiftPM's own
/// evaluation gives it (`swift package dump-package`): its dependencies with their requirements,
/// its products and targets with what each uses, and its traits (BEHAVIOUR 16).
public struct SwiftPackageManifest: Sendable, Hashable {
    /// How a manifest constrains a dependency, in SwiftPM's kinds.
    public enum Requirement: Sendable, Hashable, CustomStringConvertible {
        /// `from:`, `.upToNextMajor`, `.upToNextMinor` and `a..<b`: at least `lower`, below `upper`.
        case range(lower: Version, upper: Version)
        case exact(Version)
        case branch(String)
        case revision(String)

        public var description: String {
            switch self {
            case let .range(lower, upper): "\(lower)..<\(upper)"
            case let .exact(version): "exact \(version)"
            case let .branch(branch): "branch \(branch)"
            case let .revision(revision): "revision \(revision)"
            }
        }
    }

    /// One `.package(...)` of the manifest.
    public struct Dependency: Sendable, Hashable {
        public let identity: SwiftPackageIdentity
        /// The URL (or, for a local package, the path) the manifest names; for a package from a
        /// registry, its identity as the manifest spells it (`mona.LinkedList`).
        public let location: String
        public let requirement: Requirement
        /// The traits the manifest enables in it; `["default"]` when it names none.
        public let traits: [String]
        /// Whether it comes from a package registry (`.package(id: "mona.LinkedList", …)`, SE-0292)
        /// rather than from a URL.
        public let isFromRegistry: Bool

        public init(
            identity: SwiftPackageIdentity, location: String, requirement: Requirement, traits: [String] = ["default"], isFromRegistry: Bool = false
        ) {
            self.identity = identity
            self.location = location
            self.requirement = requirement
            self.traits = traits
            self.isFromRegistry = isFromRegistry
        }
    }

    /// A library or executable product: the targets it is made of.
    public struct Product: Sendable, Hashable {
        public let name: String
        public let targets: [String]
        /// Whether other packages' targets can link it (not an executable or a plugin).
        public let isLibrary: Bool

        public init(name: String, targets: [String], isLibrary: Bool = true) {
            self.name = name
            self.targets = targets
            self.isLibrary = isLibrary
        }
    }

    /// What a target uses: another target of the package, a product of a dependency, or a name
    /// SwiftPM looks up as either; `traits` is the `.when(traits:)` condition (empty: always).
    public enum TargetDependency: Sendable, Hashable {
        case target(String, traits: [String] = [])
        case product(String, package: String?, traits: [String] = [])
        case byName(String, traits: [String] = [])

        var traits: [String] {
            switch self {
            case let .target(_, traits), let .product(_, _, traits), let .byName(_, traits): traits
            }
        }
    }

    public struct Target: Sendable, Hashable {
        public let name: String
        /// A test target: what only tests use is not resolved for a package's dependents.
        public let isTest: Bool
        public let dependencies: [TargetDependency]

        public init(name: String, isTest: Bool = false, dependencies: [TargetDependency] = []) {
            self.name = name
            self.isTest = isTest
            self.dependencies = dependencies
        }
    }

    /// A trait and the traits it enables in turn; `default` lists the ones on by default.
    public struct Trait: Sendable, Hashable {
        public let name: String
        public let enabledTraits: [String]

        public init(name: String, enabledTraits: [String] = []) {
            self.name = name
            self.enabledTraits = enabledTraits
        }
    }

    public let name: String
    public let dependencies: [Dependency]
    public let products: [Product]
    public let targets: [Target]
    public let traits: [Trait]

    public init(name: String, dependencies: [Dependency] = [], products: [Product] = [], targets: [Target] = [], traits: [Trait] = []) {
        self.name = name
        self.dependencies = dependencies
        self.products = products
        self.targets = targets
        self.traits = traits
    }
}

extension SwiftPackageManifest {
    /// The traits that are on when a dependent asks for `requested` (`default` stands for the
    /// package's default traits), with every trait an enabled trait enables in turn.
    public func enabledTraits(requested: [String] = ["default"]) -> Set<String> {
        let byName = Dictionary(traits.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var enabled: Set<String> = []
        var queue = requested
        while let name = queue.popLast() {
            guard enabled.insert(name).inserted else { continue }
            queue += byName[name]?.enabledTraits ?? []
        }
        enabled.remove("default")
        return enabled
    }

    /// The dependencies SwiftPM resolves for this package when its dependents use `products`
    /// (nil: every product) with `enabledTraits` on: those the products' targets use, through
    /// the targets they use in turn, less what only test targets use and what only a target
    /// dependency behind traits that are off uses. Each comes with the products of it that are
    /// used, which decide in turn what it needs.
    public func requiredDependencies(
        products requested: Set<String>? = nil, enabledTraits: Set<String>
    ) -> [(dependency: Dependency, products: Set<String>)] {
        let targetsByName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let dependenciesByIdentity = Dictionary(dependencies.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        var usedProducts: [SwiftPackageIdentity: Set<String>] = [:]
        var visited: Set<String> = []
        var queue = products.filter { requested?.contains($0.name) ?? true }.flatMap(\.targets)
        while let name = queue.popLast() {
            guard visited.insert(name).inserted, let target = targetsByName[name], !target.isTest else { continue }
            for used in target.dependencies where used.traits.isEmpty || !enabledTraits.isDisjoint(with: used.traits) {
                switch used {
                case let .target(other, _):
                    queue.append(other)
                case let .product(product, package, _):
                    let identity = SwiftPackageIdentity(package ?? product)
                    if dependenciesByIdentity[identity] != nil { usedProducts[identity, default: []].insert(product) }
                case let .byName(other, _):
                    // A target of this package, else a product named as its package is.
                    if targetsByName[other] != nil {
                        queue.append(other)
                    } else if dependenciesByIdentity[SwiftPackageIdentity(other)] != nil {
                        usedProducts[SwiftPackageIdentity(other), default: []].insert(other)
                    }
                }
            }
        }
        return dependencies.compactMap { dependency in usedProducts[dependency.identity].map { (dependency, $0) } }
    }
}
