/// One release of a package in a Swift package registry (SE-0292, BEHAVIOUR 16): its version and
/// the text the registry lists it under, which its URLs use.
public struct SwiftRegistryRelease: Sendable, Hashable {
    public let version: Version
    /// The version as the registry spells it (`1.1.1`).
    public let name: String

    public init(version: Version, name: String) {
        self.version = version
        self.name = name
    }

    /// The releases a registry's release list gives: each listed version that is a semantic
    /// version and is not marked with a `problem` (a release taken down, say), sorted by version.
    /// Of two spellings of one version, the first listed is kept.
    public static func releases(fromList listed: [(name: String, isAvailable: Bool)]) -> [SwiftRegistryRelease] {
        var byVersion: [Version: SwiftRegistryRelease] = [:]
        for (name, isAvailable) in listed where isAvailable {
            guard SwiftPMRequirement.isSemanticVersion(name), let version = try? Version(name), byVersion[version] == nil else { continue }
            byVersion[version] = SwiftRegistryRelease(version: version, name: name)
        }
        return byVersion.values.sorted { $0.version < $1.version }
    }
}
