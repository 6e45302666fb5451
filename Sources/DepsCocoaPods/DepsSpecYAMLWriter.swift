import DepsCore
import DepsFiles
import DepsYAML
import DepsFailures

/// Turns CocoaPods' `podspec.json` into a spec in deps' YAML (BEHAVIOUR 1.2), for a repository in
/// deps' layout (`deps repo push`, BEHAVIOUR 11): the same fields under deps' names (`module_name`
/// becomes `module`, a license object its `type`), each dependency's list of constraints as one
/// requirement (`Alamofire: ~> 5.0, >= 5.1`), every other value kept as written. What deps' YAML
/// has no field for (`platforms`, `authors` of a subspec, ...) is left out and named, and the
/// result is read back as deps reads the repository, so a push never writes a spec deps refuses.
public enum DepsSpecYAMLWriter {
    /// The YAML and the fields left out (`platforms`, `subspecs/Core/platforms`), in file order.
    public struct Conversion: Sendable, Equatable {
        public let bytes: [UInt8]
        public let leftOut: [String]
    }

    public static func depsYAML(fromPodspecJSON bytes: [UInt8], file: String) throws(MalformedInputError) -> Conversion {
        let document = YAMLDocument(file: file)
        let root = try document.root(of: JSONForYAML.prepared(bytes), expecting: .podspecJSON)
        var leftOut: [String] = []
        let spec = try convert(root, document, known: SpecCodec.knownKeys, within: "", leftOut: &leftOut)
        let yaml = Array(YAMLEmitter.emit(spec).utf8)
        // Read back as the repository will be read: `<Name>/<version>.yaml`.
        let name = try document.packageName(try document.scalar(root.value(forKey: "name") ?? .null, .field("name")), at: root)
        let version = try document.scalar(root.value(forKey: "version") ?? .null, .field("version"))
        _ = try SpecCodec(fileName: "\(file) as deps' YAML").decode(yaml, checksum: "", expectedName: name, expectedVersion: version)
        return Conversion(bytes: yaml, leftOut: leftOut)
    }

    /// A spec or subspec object as a YAML mapping of the keys deps knows.
    static func convert(
        _ node: YAMLNode, _ document: YAMLDocument, known: [String], within prefix: String, leftOut: inout [String]
    ) throws(MalformedInputError) -> YAMLNode {
        var pairs: [(String, YAMLNode)] = []
        for pair in try document.mapping(node, prefix.isEmpty ? .document(.podspec) : .aSubspec) {
            let key = try document.key(pair)
            let name = key == "module_name" ? "module" : key
            guard known.contains(name) else {
                leftOut.append(prefix + key)
                continue
            }
            switch name {
            case "dependencies":
                var dependencies: [(String, YAMLNode)] = []
                for dependency in try document.mapping(pair.value, .key("dependencies")) {
                    let constraints = dependency.value.isNull ? [] : try document.sequence(dependency.value, .entry(.dependencyRequirements))
                    var texts: [String] = []
                    for constraint in constraints { texts.append(try document.scalar(constraint, .entry(.requirement))) }
                    dependencies.append((try document.key(dependency), texts.isEmpty ? .null : .scalar(texts.joined(separator: ", "))))
                }
                pairs.append((name, .mapping(dependencies)))
            case "subspecs":
                var subspecs: [YAMLNode] = []
                for item in try document.sequence(pair.value, .key("subspecs")) {
                    let subspecName = item.value(forKey: "name")?.scalarValue ?? "?"
                    subspecs.append(try convert(item, document, known: SpecCodec.subspecKeys, within: "\(prefix)subspecs/\(subspecName)/", leftOut: &leftOut))
                }
                pairs.append((name, .sequence(subspecs)))
            case "license" where pair.value.mappingPairs != nil:
                pairs.append((name, plain(pair.value.value(forKey: "type") ?? .null)))
            default:
                pairs.append((name, plain(pair.value)))
            }
        }
        return .mapping(pairs)
    }

    /// A value as plain YAML: scalars written however the emitter needs to keep their text.
    static func plain(_ node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .null: .null
        case let .scalar(text, _): .scalar(text)
        case let .sequence(items): .sequence(items.map(plain))
        case let .mapping(pairs): .mapping(pairs.map { ($0.key.scalarValue ?? "", plain($0.value)) })
        }
    }
}
