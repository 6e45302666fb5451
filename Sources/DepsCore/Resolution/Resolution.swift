/// The outcome of a successful resolution: one version for every package in the graph.
public struct Resolution: Sendable, Equatable {
    /// Every package the Depsfile reaches, directly or through other packages.
    public let versions: [PackageName: Version]

    public init(versions: [PackageName: Version]) {
        self.versions = versions
    }
}
