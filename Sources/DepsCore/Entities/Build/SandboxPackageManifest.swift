import DepsFailures
/// Where a package's code is for the build: its folder in the sandbox, or a folder used in place.
public enum SandboxFolder: Sendable, Hashable {
    case fetched(PackageName)
    /// A path relative to the project directory (or absolute).
    case inPlace(PackageName, path: String)

    public var name: PackageName {
        switch self {
        case let .fetched(name), let .inPlace(name, _): name
        }
    }
}

/// The sandbox as one build (BEHAVIOUR 8.4): what each installed package builds, and the
/// platforms the whole is built for. `Deps/Package.swift` spells it for SwiftPM.
public struct SandboxPackageManifest: Sendable, Hashable {
    /// One per installed package, sorted by name.
    public let packages: [PackageBuild]
    /// The lowest OS version of each platform: the Depsfile's `platform:` where it names one,
    /// else the highest deployment target any installed spec asks for.
    public let platforms: [String: Version]
    /// How each library product is linked (the Depsfile's `xcode: linkage:`).
    public let linkage: ProductLinkage
    /// The locked Swift packages (BEHAVIOUR 16), each a dependency at its exact version, sorted by name.
    public let swiftPackages: [SwiftPackagePin]

    public init(
        packages: [PackageBuild], platform: Platform? = nil, linkage: ProductLinkage = .automatic, swiftPackages: [SwiftPackagePin] = []
    ) {
        self.packages = packages.sorted { $0.name < $1.name }
        self.linkage = linkage
        self.swiftPackages = swiftPackages.sorted { $0.identity < $1.identity }
        if let platform, let target = platform.deploymentTarget {
            platforms = [platform.name: target]
        } else {
            var highest: [String: Version] = [:]
            for package in packages {
                for (name, version) in package.deploymentTargets where platform == nil || platform?.name == name {
                    if highest[name].map({ $0 < version }) ?? true { highest[name] = version }
                }
            }
            platforms = highest
        }
    }

    /// What the specs ask that the build does not carry, package by package.
    public var warnings: [BuildWarning] { packages.flatMap(\.warnings) }

    /// The modules a package's dependents use: its product's modules; for a package that builds
    /// nothing of its own, those of the packages it depends on.
    public func modules(of name: PackageName) -> [String] {
        var seen: Set<PackageName> = []
        func modules(_ name: PackageName) -> [String] {
            guard seen.insert(name).inserted, let package = packages.first(where: { $0.name == name }) else { return [] }
            guard package.modules.isEmpty else { return package.modules }
            return package.dependencies.flatMap(modules)
        }
        return modules(name)
    }
}

/// A Swift package the lock holds: `Deps/Package.swift` depends on it at its exact version, so
/// that SwiftPM and Xcode resolve what the lock says (BEHAVIOUR 16).
public struct SwiftPackagePin: Sendable, Hashable {
    /// The name the lock gives it: its identity, or the pod's it is taken for (`swiftpm:`).
    public let identity: PackageName
    /// Its git repository's URL, or the registry's for a registry package.
    public let url: String
    public let version: Version
    /// Its library products, which the pods that depend on it link.
    public let products: [SwiftPackageManifest.Product]
    /// Whether it comes from a Swift package registry (`registry:`): SwiftPM then names it by its
    /// registry identity, `.package(id:, exact:)`.
    public let isFromRegistry: Bool
    /// The commit of a package taken on a branch or a revision, which has no version: SwiftPM is
    /// given it as `.package(url:, revision:)`, so that it checks out the lock's commit rather
    /// than wherever the branch has moved to.
    public let revision: String?

    public init(
        identity: PackageName, url: String, version: Version, products: [SwiftPackageManifest.Product] = [], isFromRegistry: Bool = false,
        revision: String? = nil
    ) {
        self.identity = identity
        self.url = url
        self.version = version
        self.products = products
        self.isFromRegistry = isFromRegistry
        self.revision = revision
    }

    /// The pin of a locked Swift package from its external source (`package:` or `registry:`);
    /// nil for any other source. A package on a branch or a revision is pinned to `commit`, and
    /// without one (a lock written with `--lock-only` before any was known) it has no pin.
    public init?(
        identity: PackageName, source: ExternalSource?, version: Version, commit: String? = nil, products: [SwiftPackageManifest.Product] = []
    ) {
        switch source {
        case let .package(url)?: self.init(identity: identity, url: url, version: version, products: products)
        case let .unversionedPackage(url, _)?:
            guard let commit else { return nil }
            self.init(identity: identity, url: url, version: version, products: products, revision: commit)
        case let .registry(url)?: self.init(identity: identity, url: url, version: version, products: products, isFromRegistry: true)
        default: return nil
        }
    }

    /// What `Deps/Package.swift` and a `Package.resolved` record of it: its exact version, or
    /// the commit of a package on a branch or a revision.
    public var recorded: RecordedSwiftPackagePin {
        revision.map { RecordedSwiftPackagePin(version: nil, revision: $0) } ?? RecordedSwiftPackagePin(version: version.description, revision: nil)
    }

    /// SwiftPM's identity of the package (the URL's, or the registry identity lower-cased), which
    /// `.product(name:package:)` names.
    public var packageIdentity: String {
        isFromRegistry ? SwiftPackageIdentity(identity.description).description : SwiftPackageIdentity(location: url).description
    }
}

/// A package the sandbox holds but that cannot be built as its spec describes it, as data; the
/// presenters word it.
public struct SandboxIntegrationError: ExitStatusError, Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        /// The spec's `source_files` patterns match no Swift or C-family source file in its code.
        case sourcesMatchNothing(patterns: [String])
        /// A C-family file includes the module's Swift header (`Kit-Swift.h`) while `swiftFile` is
        /// Swift: SwiftPM builds one language per module, and the two halves would use each other.
        case languagesUseEachOther(file: String, swiftHeader: String, swiftFile: String)
        /// Its module has the name of another pod's module.
        case moduleOfAnotherPod(module: String, pod: PackageName)
        /// Its module has the name of a module of a Swift package's products.
        case moduleOfASwiftPackage(module: String, package: PackageName)
    }

    public var exitStatus: ExitStatus { .malformedInput }
    public let name: PackageName
    public let problem: Problem

    public init(name: PackageName, _ problem: Problem) {
        self.name = name
        self.problem = problem
    }
}
