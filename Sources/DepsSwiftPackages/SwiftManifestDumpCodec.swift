import DepsCore
import DepsFailures
import DepsFiles
import DepsYAML

/// Reads what `swift package dump-package` prints (SwiftPM's JSON description of a manifest)
/// into a `SwiftPackageManifest`: dependencies by source control with their requirement and
/// traits, products, targets with what each uses (and under which traits), and traits. JSON is
/// read through libyaml, as podspec.json files are. Registry dependencies (`id:`) are kept, marked
/// as such; local (`path:`) ones are not: a package from a URL or a registry is what deps resolves.
struct SwiftManifestDumpCodec {
    let fileName: String

    func decode(_ bytes: [UInt8]) throws(MalformedInputError) -> SwiftPackageManifest {
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .manifestDump)
        let fields = try fields(root, document, .document(.manifestDump))
        let name = try fields["name"].map { node throws(MalformedInputError) in try document.scalar(node, .field("name")) } ?? ""
        var dependencies: [SwiftPackageManifest.Dependency] = []
        for item in try document.sequence(fields["dependencies"] ?? .null, .field("dependencies")) {
            let kinds = try self.fields(item, document, .aDependency)
            for entry in try document.sequence(kinds["sourceControl"] ?? .null, .field("sourceControl")) {
                dependencies.append(try dependency(entry, document, isFromRegistry: false))
            }
            for entry in try document.sequence(kinds["registry"] ?? .null, .field("registry")) {
                dependencies.append(try dependency(entry, document, isFromRegistry: true))
            }
        }
        var products: [SwiftPackageManifest.Product] = []
        for item in try document.sequence(fields["products"] ?? .null, .field("products")) {
            let product = try self.fields(item, document, .entry(.product))
            products.append(SwiftPackageManifest.Product(
                name: try document.scalar(product["name"] ?? .null, .fieldOfEntry("name", .product)),
                targets: try strings(product["targets"], document, .fieldOfEntry("targets", .product)),
                isLibrary: product["type"]?.mappingPairs?.contains { $0.key.scalarValue == "library" } ?? false))
        }
        var targets: [SwiftPackageManifest.Target] = []
        for item in try document.sequence(fields["targets"] ?? .null, .field("targets")) {
            targets.append(try target(item, document))
        }
        var traits: [SwiftPackageManifest.Trait] = []
        for item in try document.sequence(fields["traits"] ?? .null, .field("traits")) {
            let trait = try self.fields(item, document, .entry(.trait))
            traits.append(SwiftPackageManifest.Trait(
                name: try document.scalar(trait["name"] ?? .null, .fieldOfEntry("name", .trait)),
                enabledTraits: try strings(trait["enabledTraits"], document, .fieldOfEntry("enabledTraits", .trait))))
        }
        return SwiftPackageManifest(name: name, dependencies: dependencies, products: products, targets: targets, traits: traits)
    }

    private func fields(_ node: YAMLNode, _ document: YAMLDocument, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String: YAMLNode] {
        var fields: [String: YAMLNode] = [:]
        for pair in try document.mapping(node, what) { fields[try document.key(pair)] = pair.value }
        return fields
    }

    private func strings(_ node: YAMLNode?, _ document: YAMLDocument, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String] {
        var result: [String] = []
        for item in try document.sequence(node ?? .null, what) { result.append(try document.scalar(item, what)) }
        return result
    }

    /// `{"identity", "location": {"remote": [{"urlString"}]}, "requirement": {...}, "traits": [{"name"}]}`;
    /// a registry's has no `location`, its identity (`mona.LinkedList`) standing for it.
    private func dependency(
        _ node: YAMLNode, _ document: YAMLDocument, isFromRegistry: Bool
    ) throws(MalformedInputError) -> SwiftPackageManifest.Dependency {
        let fields = try fields(node, document, .aDependency)
        let identity = try document.scalar(fields["identity"] ?? .null, .fieldOfEntry("identity", .dependency))
        var location = identity
        if let locationNode = fields["location"] {
            let kinds = try self.fields(locationNode, document, .fieldOfEntry("location", .dependency))
            if let remote = kinds["remote"], let first = try document.sequence(remote, .field("remote")).first {
                let url = try self.fields(first, document, .field("remote"))
                location = try document.scalar(url["urlString"] ?? .null, .field("urlString"))
            } else if let local = kinds["local"], let first = try document.sequence(local, .field("local")).first {
                location = try document.scalar(first, .field("local"))
            }
        }
        let requirementFields = try self.fields(fields["requirement"] ?? .null, document, .fieldOfEntry("requirement", .dependency))
        let requirement: SwiftPackageManifest.Requirement
        if let range = requirementFields["range"], let bounds = try document.sequence(range, .field("range")).first {
            let values = try self.fields(bounds, document, .field("range"))
            requirement = .range(
                lower: try version(values["lowerBound"], document), upper: try version(values["upperBound"], document))
        } else if let exact = requirementFields["exact"], let value = try document.sequence(exact, .field("exact")).first {
            requirement = .exact(try version(value, document))
        } else if let branch = requirementFields["branch"], let value = try document.sequence(branch, .field("branch")).first {
            requirement = .branch(try document.scalar(value, .field("branch")))
        } else if let revision = requirementFields["revision"], let value = try document.sequence(revision, .field("revision")).first {
            requirement = .revision(try document.scalar(value, .field("revision")))
        } else {
            throw MalformedInputError(file: document.file, at: node, SwiftPackageFileProblem.unknownRequirement)
        }
        var traits: [String] = []
        for item in try document.sequence(fields["traits"] ?? .null, .fieldOfEntry("traits", .dependency)) {
            let trait = try self.fields(item, document, .entry(.dependencyTrait))
            traits.append(try document.scalar(trait["name"] ?? .null, .fieldOfEntry("name", .trait)))
        }
        return SwiftPackageManifest.Dependency(
            identity: SwiftPackageIdentity(identity), location: location, requirement: requirement,
            traits: fields["traits"] == nil ? ["default"] : traits, isFromRegistry: isFromRegistry)
    }

    private func version(_ node: YAMLNode?, _ document: YAMLDocument) throws(MalformedInputError) -> Version {
        let node = node ?? .null
        let text = try document.scalar(node, .entry(.version))
        do {
            return try Version(text)
        } catch {
            throw MalformedInputError(file: document.file, at: node, SwiftPackageFileProblem.invalidVersion(text))
        }
    }

    /// `{"name", "type": "regular"|"test"|..., "dependencies": [{"byName"|"target"|"product": [...]}], "pluginUsages": [...]}`.
    private func target(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> SwiftPackageManifest.Target {
        let fields = try fields(node, document, .entry(.target))
        let name = try document.scalar(fields["name"] ?? .null, .fieldOfEntry("name", .target))
        let type = try fields["type"].map { node throws(MalformedInputError) in try document.scalar(node, .fieldOfEntry("type", .target)) } ?? "regular"
        var uses: [SwiftPackageManifest.TargetDependency] = []
        for item in try document.sequence(fields["dependencies"] ?? .null, .fieldOfEntry("dependencies", .target)) {
            for pair in try document.mapping(item, .entry(.targetDependency)) {
                let values = try document.sequence(pair.value, .entry(.targetDependency))
                guard let first = values.first else { continue }
                let used = try document.scalar(first, .nameOfEntry(.targetDependency))
                let traits = try conditionTraits(values.last, document)
                switch try document.key(pair) {
                case "target": uses.append(.target(used, traits: traits))
                case "product":
                    let package = values.count > 1 ? values[1].scalarValue : nil
                    uses.append(.product(used, package: package, traits: traits))
                default: uses.append(.byName(used, traits: traits))
                }
            }
        }
        // A build tool plugin of a dependency is resolved as a product of it.
        for item in try document.sequence(fields["pluginUsages"] ?? .null, .fieldOfEntry("pluginUsages", .target)) {
            for pair in try document.mapping(item, .entry(.pluginUsage)) where try document.key(pair) == "plugin" {
                let values = try document.sequence(pair.value, .entry(.pluginUsage))
                guard let first = values.first else { continue }
                let package = values.count > 1 ? values[1].scalarValue : nil
                uses.append(.product(try document.scalar(first, .nameOfEntry(.plugin)), package: package))
            }
        }
        return SwiftPackageManifest.Target(name: name, isTest: type == "test", dependencies: uses)
    }

    /// The traits of a `.when(traits:)` condition (the last element of a target dependency); none
    /// for no condition or one of platforms only (platforms are no constraint on resolution).
    private func conditionTraits(_ node: YAMLNode?, _ document: YAMLDocument) throws(MalformedInputError) -> [String] {
        guard let node, node.mappingPairs != nil else { return [] }
        let condition = try fields(node, document, .entry(.condition))
        return try strings(condition["traits"], document, .fieldOfEntry("traits", .condition))
    }
}

extension MalformedInputError {
    /// A Swift package file problem at `node` of `file`.
    fileprivate init(file: String, at node: YAMLNode, _ problem: SwiftPackageFileProblem) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: .swiftPackageFile(problem))
    }
}
