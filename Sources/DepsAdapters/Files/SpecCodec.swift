import DepsCore
import DepsYAML

/// Reads one spec file (BEHAVIOUR 1.2) into a `Specification`, checking that its
/// `name` and `version` are the ones its path says.
public struct SpecCodec {
    /// The file's path as shown in messages, e.g. `../../Specs/Moya/15.0.0.yaml`.
    public let fileName: String

    public init(fileName: String) {
        self.fileName = fileName
    }

    static let knownKeys = [
        "name", "version", "summary", "description", "homepage", "license", "authors", "source", "dependencies",
    ]

    /// - Parameters:
    ///   - expectedName: the package folder's name.
    ///   - expectedVersion: the file name's version, spelt as in the file name; nil for a spec
    ///     read from an external source, whose file name is `<Name>.yaml`.
    public func decode(
        _ bytes: [UInt8], checksum: String, expectedName: PackageName, expectedVersion: String?
    ) throws(MalformedInputError) -> Specification {
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: "a mapping with `name` and `version`")
        let fields = try document.fields(try document.mapping(root, "the spec"), known: Self.knownKeys, in: "the spec")

        guard let nameNode = fields["name"] else { throw document.error(root, "missing key 'name'") }
        let nameText = try document.scalar(nameNode, "name")
        guard nameText == expectedName.description else {
            let place = expectedVersion == nil ? "file name '\(expectedName).yaml'" : "folder '\(expectedName)'"
            throw document.error(nameNode, "name '\(nameText)' does not match its \(place)")
        }
        guard let versionNode = fields["version"] else { throw document.error(root, "missing key 'version'") }
        let versionText = try document.scalar(versionNode, "version")
        let version = try document.version(versionText, at: versionNode, for: nameText)
        if let expectedVersion, versionText != expectedVersion {
            throw document.error(versionNode, "version '\(versionText)' does not match its file name '\(expectedVersion).yaml'")
        }

        var codeSource: [String: String] = [:]
        if let node = fields["source"] {
            for pair in try document.mapping(node, "source") {
                codeSource[try document.key(pair)] = try document.scalar(pair.value, "source")
            }
        }
        var dependencies: [Dependency] = []
        if let node = fields["dependencies"] {
            for pair in try document.mapping(node, "dependencies") {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                dependencies.append(Dependency(name, try document.requirement(pair.value, for: name)))
            }
        }
        func text(_ key: String) throws(MalformedInputError) -> String? {
            guard let node = fields[key], !node.isNull else { return nil }
            return try document.scalar(node, key)
        }
        return Specification(
            name: expectedName,
            version: version,
            summary: try text("summary"),
            homepage: try text("homepage"),
            license: try text("license"),
            codeSource: codeSource,
            dependencies: dependencies,
            checksum: checksum)
    }
}
