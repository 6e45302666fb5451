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
        if let reference = try swiftPackageReference(of: name, fields) {
            return Dependency(name, .any, externalSource: .unversionedPackage(url: url, reference))
        }
        return Dependency(name, try swiftPackageRequirement(of: name, fields), externalSource: .package(url: url))
    }

    /// `branch:` or `revision:` (BEHAVIOUR 16): a package taken unversioned, alone of the keys
    /// that say which code (no `version:` or `exact:` beside it); nil when neither is written.
    private func swiftPackageReference(of name: PackageName, _ fields: [String: YAMLNode]) throws(MalformedInputError) -> SwiftPackageReference? {
        let written = SwiftPackageReference.keys.filter { fields[$0] != nil }
        guard let key = written.first, let node = fields[key] else { return nil }
        if written.count > 1, let second = fields[written[1]] {
            throw error(second, "\(name) has both `\(key):` and `\(written[1]):`; keep one")
        }
        for other in ["version", "exact"] {
            if let otherNode = fields[other] {
                throw error(otherNode, "\(name) has both `\(key):` and `\(other):`; a package on a branch or a revision has no version requirement")
            }
        }
        let value = try scalar(node, "the \(key) of \(name)")
        do {
            return try SwiftPackageReference(key: key, value: value)
        } catch {
            throw MalformedInputError(file: file, at: node, problem: .codeSource(error, of: name))
        }
    }

    /// A package of a Swift package registry (SE-0292, BEHAVIOUR 16): `registry: URL` with
    /// `version:` or `exact:`, under a key that is the package's registry identity (`scope.name`).
    /// Registries compare identities case-insensitively and SwiftPM names the package lower-cased,
    /// so the key is written in that one spelling: `Mona.LinkedList:` is refused, naming
    /// `mona.linkedlist:`.
    package func swiftRegistryDependency(
        _ name: PackageName, at urlNode: YAMLNode, _ fields: [String: YAMLNode]
    ) throws(MalformedInputError) -> Dependency {
        let url = try location(try scalar(urlNode, "the registry URL of \(name)"), at: urlNode, "the registry URL of \(name)")
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw error(urlNode, "the registry of \(name) is '\(url)'; expected an http(s) URL")
        }
        let rule = "a registry package is named by its identity `scope.name` (SE-0292: a scope of letters, digits and single hyphens, a name of letters, digits and single hyphens or underscores)"
        guard !name.isSubspec, let identity = try? SwiftRegistryIdentity(name.description) else {
            throw error(urlNode, "`\(name)` is not a registry identity: \(rule)")
        }
        let canonical = identity.swiftPackageIdentity.description
        guard canonical == name.description else {
            throw error(urlNode, "the registry package `\(name)` is named lower-cased, as SwiftPM names it; name it `\(canonical):`")
        }
        return Dependency(name, try swiftPackageRequirement(of: name, fields), externalSource: .registry(url: url))
    }

    /// `version:` (a requirement as in 2.2) or `exact:`, at most one; none is any version.
    private func swiftPackageRequirement(of name: PackageName, _ fields: [String: YAMLNode]) throws(MalformedInputError) -> Requirement {
        if fields["version"] != nil, let exactNode = fields["exact"] {
            throw error(exactNode, "\(name) has both `version:` and `exact:`; keep one")
        }
        if let versionNode = fields["version"] {
            return try self.requirement(versionNode, for: name)
        } else if let exactNode = fields["exact"] {
            let text = try scalar(exactNode, "the exact version of \(name)")
            guard let version = try? Version(text) else {
                throw error(exactNode, "invalid version '\(text)' for \(name)")
            }
            return .exactly(version)
        }
        return .any
    }

    /// A spec's dependency: a requirement, or a Swift package's `package:` (or a registry
    /// package's `registry:`) with `version:` or `exact:`.
    package func specDependency(_ name: PackageName, _ value: YAMLNode) throws(MalformedInputError) -> Dependency {
        guard value.mappingPairs != nil else { return Dependency(name, try requirement(value, for: name)) }
        let fields = try fields(try mapping(value, "\(name)"), known: ["package", "registry", "version", "exact"], in: "the dependency \(name)")
        if fields["package"] != nil, let registryNode = fields["registry"] {
            throw error(registryNode, "the dependency \(name) has both `package:` and `registry:`; keep one")
        }
        if let registryNode = fields["registry"] { return try swiftRegistryDependency(name, at: registryNode, fields) }
        guard let urlNode = fields["package"] else {
            throw error(value, "expected a requirement, or `package:` or `registry:` with `version:` or `exact:`, for the dependency \(name)")
        }
        return try swiftPackageDependency(name, at: urlNode, fields)
    }
}
