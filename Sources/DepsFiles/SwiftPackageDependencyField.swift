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
        let url = try location(try scalar(urlNode, .packageURLOf(name)), at: urlNode, .packageURLOf(name))
        guard !url.isEmpty else { throw error(urlNode, SwiftPackageFieldProblem.emptyURL(name)) }
        let identity = SwiftPackageIdentity(location: url)
        if replacingPod {
            guard !name.isSubspec else {
                throw error(urlNode, SwiftPackageFieldProblem.swiftpmUnderSubspec(name))
            }
        } else if identity.description != name.description {
            throw error(urlNode, SwiftPackageFieldProblem.nameIsNotIdentity(name, url: url, identity: identity.description))
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
            throw error(second, SwiftPackageFieldProblem.twoReferences(name, key, written[1]))
        }
        for other in ["version", "exact"] {
            if let otherNode = fields[other] {
                throw error(otherNode, SwiftPackageFieldProblem.referenceBesideRequirement(name, reference: key, requirement: other))
            }
        }
        let value = try scalar(node, .gitReferenceOf(name, key: key))
        do {
            return try SwiftPackageReference(key: key, value: value)
        } catch {
            throw self.error(node, SwiftPackageFieldProblem.invalidReference(error, of: name))
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
        let url = try location(try scalar(urlNode, .registryURLOf(name)), at: urlNode, .registryURLOf(name))
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw error(urlNode, SwiftPackageFieldProblem.registryNotHTTP(name, url: url))
        }
        guard !name.isSubspec, let identity = try? SwiftRegistryIdentity(name.description) else {
            throw error(urlNode, SwiftPackageFieldProblem.notARegistryIdentity(name))
        }
        let canonical = identity.swiftPackageIdentity.description
        guard canonical == name.description else {
            throw error(urlNode, SwiftPackageFieldProblem.registryNameNotCanonical(name, canonical: canonical))
        }
        return Dependency(name, try swiftPackageRequirement(of: name, fields), externalSource: .registry(url: url))
    }

    /// `version:` (a requirement as in 2.2) or `exact:`, at most one; none is any version.
    private func swiftPackageRequirement(of name: PackageName, _ fields: [String: YAMLNode]) throws(MalformedInputError) -> Requirement {
        if fields["version"] != nil, let exactNode = fields["exact"] {
            throw error(exactNode, SwiftPackageFieldProblem.versionAndExact(name))
        }
        if let versionNode = fields["version"] {
            return try self.requirement(versionNode, for: name)
        } else if let exactNode = fields["exact"] {
            let text = try scalar(exactNode, .exactVersionOf(name))
            guard let version = try? Version(text) else {
                throw error(exactNode, YAMLFieldProblem.invalidVersion(text, of: .dependency(name)))
            }
            return .exactly(version)
        }
        return .any
    }

    /// A spec's dependency: a requirement, or a Swift package's `package:` (or a registry
    /// package's `registry:`) with `version:` or `exact:`.
    package func specDependency(_ name: PackageName, _ value: YAMLNode) throws(MalformedInputError) -> Dependency {
        guard value.mappingPairs != nil else { return Dependency(name, try requirement(value, for: name)) }
        let fields = try fields(try mapping(value, .dependency(name)), known: ["package", "registry", "version", "exact"], in: .specDependency(name))
        if fields["package"] != nil, let registryNode = fields["registry"] {
            throw error(registryNode, SwiftPackageFieldProblem.packageAndRegistry(name))
        }
        if let registryNode = fields["registry"] { return try swiftRegistryDependency(name, at: registryNode, fields) }
        guard let urlNode = fields["package"] else {
            throw error(value, SwiftPackageFieldProblem.noRequirementOrPackage(name))
        }
        return try swiftPackageDependency(name, at: urlNode, fields)
    }
}
