import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads a Depsfile (BEHAVIOUR 1.1) into a `Manifest`.
public struct DepsfileCodec {
    /// The name used in messages, e.g. `Depsfile`.
    public let fileName: String

    public init(fileName: String = "Depsfile") {
        self.fileName = fileName
    }

    static let topLevelKeys = ["sources", "dependencies", "platform", "xcode"]
    static let externalSourceKeys = ["path", "podspec", "version", "git", "tag", "commit", "branch", "submodules", "source", "package", "swiftpm", "registry", "exact", "revision"]

    /// A starter Depsfile: the sources, commented, and an empty `dependencies:`.
    public func encodeStarter(_ starter: StarterManifest) -> String {
        let sources = YAMLEmitter.emit(.mapping([("sources", .sequence(starter.sources.map { .scalar($0) }))]))
        return """
            # The spec repositories to search, in this order. Add a directory of specs (relative to
            # this file, e.g. ../Specs), a git spec repository (https://example.org/specs.git), or a
            # CDN (trunk is CocoaPods' CDN).
            \(sources)
            # The packages this project needs, one per line: a requirement, or nothing for any version.
            #   Alamofire: ~> 5.6
            #   LocalKit:
            #     path: ../LocalKit
            dependencies:

            """
    }

    public func decode(_ bytes: [UInt8], checksum: String) throws(MalformedInputError) -> Manifest {
        if let marker = MergeConflictMarker.first(in: bytes) {
            throw MalformedInputError(
                file: fileName, line: marker.line,
                problem: .mergeConflictMarker(marker.text), remedy: .resolveMergeConflict(orRewrite: false))
        }
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .depsfile)
        let fields = try document.fields(
            try document.mapping(root, .depsfile), known: Self.topLevelKeys, in: .depsfile)

        var sources: [String] = []
        if let node = fields["sources"] {
            for item in try document.sequence(node, .key("sources")) {
                let source = try document.location(try document.scalar(item, .aSource), at: item, .aSource)
                guard !source.isEmpty else { throw document.error(item, DepsfileProblem.emptySource) }
                guard !sources.contains(source) else { throw document.error(item, DepsfileProblem.sourceListedTwice(source)) }
                sources.append(source)
            }
        }

        var dependencies: [Dependency] = []
        var dependencySources: [PackageName: String] = [:]
        if let node = fields["dependencies"] {
            for pair in try document.mapping(node, .key("dependencies")) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                if let source = try specSource(of: name, pair.value, document) {
                    dependencies.append(Dependency(name, source.requirement))
                    dependencySources[name] = source.label
                } else {
                    dependencies.append(try dependency(name, pair.value, document))
                }
            }
        }
        var platform: Platform?
        if let node = fields["platform"], !node.isNull {
            platform = try self.platform(node, .depsfile, document)
        }
        let xcode = try fields["xcode"].map { node throws(MalformedInputError) in try XcodeSection.decode(node, codec: self, document) }
        return Manifest(
            sources: sources, dependencies: dependencies, checksum: checksum, platform: platform,
            dependencySources: dependencySources, xcode: xcode)
    }

    /// `ios 15.0`: a platform and, optionally, its deployment target.
    func platform(_ node: YAMLNode, _ field: DepsfileProblem.PlatformField, _ document: YAMLDocument) throws(MalformedInputError) -> Platform {
        let text = try document.scalar(node, .platform(field))
        let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let known = Platform.names
        guard (1...2).contains(parts.count), known.contains(parts[0].lowercased()) else {
            throw document.error(node, DepsfileProblem.invalidPlatform(text, of: field, known: known))
        }
        var target: Version?
        if parts.count == 2 {
            guard let version = try? Version(parts[1]), !version.isPrerelease else {
                throw document.error(node, DepsfileProblem.invalidDeploymentTarget(parts[1], in: text, of: field))
            }
            target = version
        }
        return Platform(name: parts[0], deploymentTarget: target)
    }

    /// A dependency that names its spec source (`source:` beside `version:`, the source written
    /// as in `sources:`); nil when the value is not a mapping with `source:`.
    private func specSource(
        of name: PackageName, _ value: YAMLNode, _ document: YAMLDocument
    ) throws(MalformedInputError) -> (label: String, requirement: Requirement)? {
        guard let pairs = value.mappingPairs else { return nil }
        let fields = try document.fields(pairs, known: Self.externalSourceKeys, in: .sourceOf(name))
        guard let sourceNode = fields["source"] else { return nil }
        for key in ["path", "podspec", "git", "package", "swiftpm", "registry", "exact", "revision"] + GitReference.keys + ["submodules"] where fields[key] != nil {
            throw document.error(fields[key]!, DepsfileProblem.specSourceBeside(key: key, of: name))
        }
        let label = try document.location(try document.scalar(sourceNode, .specSourceOf(name)), at: sourceNode, .specSourceOf(name))
        guard !label.allSatisfy(\.isWhitespace) else { throw document.error(sourceNode, DepsfileProblem.emptySpecSource(name)) }
        let requirement = try fields["version"].map { node throws(MalformedInputError) in
            try document.requirement(node, for: name)
        } ?? .any
        return (label, requirement)
    }

    private func dependency(
        _ name: PackageName, _ value: YAMLNode, _ document: YAMLDocument
    ) throws(MalformedInputError) -> Dependency {
        guard value.mappingPairs != nil else {
            return Dependency(name, try document.requirement(value, for: name))
        }
        let fields = try document.fields(
            try document.mapping(value, .dependency(name)), known: Self.externalSourceKeys, in: .sourceOf(name))
        let packageKeys = ["package", "swiftpm", "registry"].filter { fields[$0] != nil }
        if let packageKey = packageKeys.first, let packageNode = fields[packageKey] {
            // A package by URL may also be taken on a branch or a revision (BEHAVIOUR 16).
            let references = packageKey == "package" ? SwiftPackageReference.keys : []
            for key in ["path", "podspec", "git", "tag", "commit", "branch", "revision", "submodules"] + packageKeys.dropFirst()
            where fields[key] != nil && !references.contains(key) {
                throw document.error(fields[key]!, DepsfileProblem.keyBesidePackage(key: key, packageKey: packageKey, of: name))
            }
            if packageKey == "registry" { return try document.swiftRegistryDependency(name, at: packageNode, fields) }
            return try document.swiftPackageDependency(name, at: packageNode, fields, replacingPod: packageKey == "swiftpm")
        }
        if let revisionNode = fields["revision"] {
            throw document.error(revisionNode, DepsfileProblem.revisionWithoutPackage(name))
        }
        if let exactNode = fields["exact"] {
            throw document.error(exactNode, DepsfileProblem.exactWithoutPackage(name))
        }
        let requirement = try fields["version"].map { node throws(MalformedInputError) in
            try document.requirement(node, for: name)
        } ?? .any
        let locations = ["path", "podspec", "git"].filter { fields[$0] != nil }
        guard locations.count <= 1 else {
            throw document.error(value, DepsfileProblem.twoLocations(name, locations[0], locations[1]))
        }
        if let gitNode = fields["git"] {
            let url = try document.location(try document.scalar(gitNode, .gitURLOf(name)), at: gitNode, .gitURLOf(name))
            guard !url.isEmpty else { throw document.error(gitNode, DepsfileProblem.emptyGitURL(name)) }
            let references = GitReference.keys.filter { fields[$0] != nil }
            guard references.count <= 1 else {
                throw document.error(gitNode, DepsfileProblem.severalGitReferences(name))
            }
            let submodules = try fields["submodules"].map { node throws(MalformedInputError) in
                try document.flag(node, .submodulesOf(name))
            } ?? false
            guard let key = references.first, let referenceNode = fields[key] else {
                return Dependency(name, requirement, externalSource: .git(url: url, .defaultBranch, submodules: submodules))
            }
            do {
                let reference = try GitReference.reading(key: key, value: try document.scalar(referenceNode, .gitReferenceOf(name, key: key)))
                return Dependency(name, requirement, externalSource: .git(url: url, reference, submodules: submodules))
            } catch let error as CodeSourceError {
                throw document.error(referenceNode, DepsfileProblem.invalidGitReference(error, of: name))
            } catch {
                throw error as! MalformedInputError
            }
        }
        for key in GitReference.keys + ["submodules"] where fields[key] != nil {
            throw document.error(fields[key]!, DepsfileProblem.gitKeyWithoutGit(key: key, of: name))
        }
        if let fileNode = fields["podspec"] {
            return Dependency(name, requirement, externalSource: .podspec(try podspecFile(of: name, fileNode, document)))
        }
        guard let pathNode = fields["path"] else {
            throw document.error(value, DepsfileProblem.noLocation(name))
        }
        let path = try document.location(try document.scalar(pathNode, .pathOf(name)), at: pathNode, .pathOf(name))
        guard !path.isEmpty else { throw document.error(pathNode, DepsfileProblem.emptyPath(name)) }
        return Dependency(name, requirement, externalSource: .path(path))
    }

    /// A `podspec:` value: a spec file relative to the Depsfile that deps can read, a
    /// `.podspec.json`, a Ruby `.podspec` (read through `ruby`) or a `.yaml` spec; a URL is refused.
    private func podspecFile(of name: PackageName, _ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> String {
        let file = try document.location(try document.scalar(node, .podspecOf(name)), at: node, .podspecOf(name))
        guard !file.isEmpty else { throw document.error(node, DepsfileProblem.emptyPodspec(name)) }
        switch PodspecFileProblem(location: file) {
        case .url?:
            throw document.error(node, DepsfileProblem.podspecIsURL(file, of: name))
        case .unknownFormat?:
            throw document.error(node, DepsfileProblem.podspecFormatUnknown(file, of: name))
        case nil:
            break
        }
        return file
    }
}
