import DepsCore
import DepsFailures
import DepsYAML

extension YAMLDocument {
    /// A Swift package (BEHAVIOUR 16): `package: URL` with `version:` (a requirement as in 2.2)
    /// or `exact:`, under a key that is the URL's identity; the Depsfile and deps' own specs write it
    /// alike. `replacingPod`: `swiftpm: URL` under a pod's name, the pod taken from that package.
    package func swiftPackageDependency(
        _ name: PackageName, at urlNode: YAMLNode, _ fields: [String: YAMLNode], replacingPod: Bool = false
    ) throws(MalformedInputError) -> Dependency {
        let url = try location(try scalar(urlNode, "the package URL of \(name)"), at: urlNode, "the package URL of \(name)")
        guard !url.isEmpty else { throw error(urlNode, "the package URL of \(name) cannot be empty") }
        let identity = SwiftPackageIdentity(location: url)
        if replacingPod {
            guard !name.isSubspec else {
                throw error(urlNode, "`swiftpm:` goes under a pod's name, not a subspec's: \(name.root), not \(name)")
            }
        } else if identity.description != name.description {
            throw error(urlNode, "the package at '\(url)' is `\(identity)` (SwiftPM's identity: the URL's last part, lower-cased); name it `\(identity):`")
        }
        if fields["version"] != nil, let exactNode = fields["exact"] {
            throw error(exactNode, "\(name) has both `version:` and `exact:`; keep one")
        }
        var requirement = Requirement.any
        if let versionNode = fields["version"] {
            requirement = try self.requirement(versionNode, for: name)
        } else if let exactNode = fields["exact"] {
            let text = try scalar(exactNode, "the exact version of \(name)")
            guard let version = try? Version(text) else {
                throw error(exactNode, "invalid version '\(text)' for \(name)")
            }
            requirement = .exactly(version)
        }
        return Dependency(name, requirement, externalSource: .package(url: url))
    }

    /// A spec's dependency: a requirement, or a Swift package's `package:` with `version:` or `exact:`.
    package func specDependency(_ name: PackageName, _ value: YAMLNode) throws(MalformedInputError) -> Dependency {
        guard value.mappingPairs != nil else { return Dependency(name, try requirement(value, for: name)) }
        let fields = try fields(try mapping(value, "\(name)"), known: ["package", "version", "exact"], in: "the dependency \(name)")
        guard let urlNode = fields["package"] else {
            throw error(value, "expected a requirement, or `package:` with `version:` or `exact:`, for the dependency \(name)")
        }
        return try swiftPackageDependency(name, at: urlNode, fields)
    }
}
