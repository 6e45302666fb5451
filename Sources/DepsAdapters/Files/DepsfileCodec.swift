import DepsCore
import DepsYAML

/// Reads a Depsfile (BEHAVIOUR 1.1) into a `Manifest`.
public struct DepsfileCodec {
    /// The name used in messages, e.g. `Depsfile`.
    public let fileName: String

    public init(fileName: String = "Depsfile") {
        self.fileName = fileName
    }

    static let topLevelKeys = ["sources", "dependencies"]
    static let externalSourceKeys = ["path", "version", "git", "tag", "commit", "branch"]

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
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: "a mapping with `sources` and `dependencies`")
        let fields = try document.fields(
            try document.mapping(root, "the Depsfile"), known: Self.topLevelKeys, in: "the Depsfile")

        var sources: [String] = []
        if let node = fields["sources"] {
            for item in try document.sequence(node, "sources") {
                let source = try document.scalar(item, "a source")
                guard !source.isEmpty else { throw document.error(item, "a source cannot be empty") }
                guard !sources.contains(source) else { throw document.error(item, "source '\(source)' is listed twice") }
                sources.append(source)
            }
        }

        var dependencies: [Dependency] = []
        if let node = fields["dependencies"] {
            for pair in try document.mapping(node, "dependencies") {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                dependencies.append(try dependency(name, pair.value, document))
            }
        }
        return Manifest(sources: sources, dependencies: dependencies, checksum: checksum)
    }

    private func dependency(
        _ name: PackageName, _ value: YAMLNode, _ document: YAMLDocument
    ) throws(MalformedInputError) -> Dependency {
        guard value.mappingPairs != nil else {
            return Dependency(name, try document.requirement(value, for: name))
        }
        let fields = try document.fields(
            try document.mapping(value, "\(name)"), known: Self.externalSourceKeys, in: "the source of \(name)")
        for key in ["git", "tag", "commit", "branch"] {
            if let node = fields[key] {
                throw document.error(node, "`\(key):` sources are not supported yet for \(name); use `path:`")
            }
        }
        guard let pathNode = fields["path"] else {
            throw document.error(value, "expected `path:` in the source of \(name)")
        }
        let path = try document.scalar(pathNode, "the path of \(name)")
        guard !path.isEmpty else { throw document.error(pathNode, "the path of \(name) cannot be empty") }
        let requirement = try fields["version"].map { node throws(MalformedInputError) in
            try document.requirement(node, for: name)
        } ?? .any
        return Dependency(name, requirement, externalSource: .path(path))
    }
}
