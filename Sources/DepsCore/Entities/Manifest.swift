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

    public init(sources: [String], dependencies: [Dependency], checksum: String, platform: Platform? = nil) {
        self.sources = sources
        self.dependencies = dependencies
        self.checksum = checksum
        self.platform = platform
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
