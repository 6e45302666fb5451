/// A project's Depsfile: the spec repositories to search and the dependencies it asks for.
public struct Manifest: Sendable, Hashable {
    /// The spec sources as written, searched in this order.
    public let sources: [String]
    /// The direct dependencies, in the order the Depsfile lists them.
    public let dependencies: [Dependency]
    /// The SHA-256 (hex) of the Depsfile's bytes.
    public let checksum: String
    /// The platform the project builds for (`platform: ios 15.0`); nil filters nothing.
    public let platform: Platform?
    /// The source a dependency names for itself (`source:` beside `version:`), by dependency name:
    /// that package and its subspecs come from that source alone (BEHAVIOUR 11).
    public let dependencySources: [PackageName: String]
    /// The Xcode projects deps wires `Deps/` into (`xcode:`, BEHAVIOUR 15); nil touches none.
    public let xcode: XcodeSettings?

    public init(
        sources: [String], dependencies: [Dependency], checksum: String, platform: Platform? = nil,
        dependencySources: [PackageName: String] = [:], xcode: XcodeSettings? = nil
    ) {
        self.xcode = xcode
        self.sources = sources
        self.dependencies = dependencies
        self.checksum = checksum
        self.platform = platform
        self.dependencySources = dependencySources
    }

    /// Every source a package may come from: `sources:` in order, then the sources dependencies
    /// name that `sources:` does not list (searched only for those dependencies, as CocoaPods
    /// adds a pod's `:source` to the sources it searches).
    public var searchedSources: [String] {
        var labels = sources
        for dependency in dependencies {
            if let label = dependencySources[dependency.name], !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// The URLs of the Swift packages the Depsfile names (`package:`), in its order.
    public var swiftPackageLocations: [String] {
        dependencies.compactMap { dependency in
            if case let .package(url)? = dependency.externalSource { return url }
            return nil
        }
    }

    /// The packages the Depsfile takes from Swift package registries (`registry:`), by registry URL.
    public var swiftRegistryPackages: [String: [PackageName]] {
        var packages: [String: [PackageName]] = [:]
        for dependency in dependencies {
            if case let .registry(url)? = dependency.externalSource { packages[url, default: []].append(dependency.name.root) }
        }
        return packages
    }

    /// The source a package (or any subspec of it) must come from, when a dependency names one.
    public func namedSource(of name: PackageName) -> String? {
        // Asked for every package an install resolves: only the dependencies that name a source
        // have their root read.
        guard !dependencySources.isEmpty else { return nil }
        let root = name.root
        for dependency in dependencies {
            if let label = dependencySources[dependency.name], dependency.name.root == root { return label }
        }
        return nil
    }

    public func dependency(named name: PackageName) -> Dependency? {
        dependencies.first { $0.name == name }
    }

    /// The names that are neither Depsfile dependencies nor packages or dependencies of the
    /// lock: `deps update` cannot update them.
    public func unknownNames(_ names: [PackageName], lockfile: Lockfile?) -> [PackageName] {
        var known = Set(dependencies.map(\.name))
        if let lockfile {
            known.formUnion(lockfile.packages.map(\.name))
            // A package whose subspecs are locked can be named for update.
            known.formUnion(lockfile.packages.map(\.name.root))
            known.formUnion(lockfile.dependencies.map(\.name))
        }
        return names.filter { !known.contains($0) }
    }
}
