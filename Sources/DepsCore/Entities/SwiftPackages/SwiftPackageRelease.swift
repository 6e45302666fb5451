/// One release of a Swift package: a semantic-version tag of its repository and the commit it
/// names (BEHAVIOUR 16).
public struct SwiftPackageRelease: Sendable, Hashable {
    public let version: Version
    public let tag: String
    public let commit: String

    public init(version: Version, tag: String, commit: String) {
        self.version = version
        self.tag = tag
        self.commit = commit
    }

    /// The releases a repository's tags (each with the commit it names) give, as SwiftPM reads
    /// them: `1.2.3` or `v1.2.3`, with an optional `-prerelease` and `+build`; other tags are not
    /// versions. A version both spellings give is the tag without `v`. Sorted by version.
    public static func releases(fromTags tags: [(name: String, commit: String)]) -> [SwiftPackageRelease] {
        var byVersion: [Version: SwiftPackageRelease] = [:]
        for (name, commit) in tags {
            let text = name.hasPrefix("v") ? String(name.dropFirst()) : name
            guard SwiftPMRequirement.isSemanticVersion(text), let version = try? Version(text) else { continue }
            if let known = byVersion[version], !known.tag.hasPrefix("v") || name.hasPrefix("v") { continue }
            byVersion[version] = SwiftPackageRelease(version: version, tag: name, commit: commit)
        }
        return byVersion.values.sorted { $0.version < $1.version }
    }
}
