import DepsCore
import DepsFiles
import DepsYAML
import DepsFailures

/// Turns a spec in deps' YAML (BEHAVIOUR 1.2) into CocoaPods' `podspec.json`, for a repository in
/// CocoaPods' layout (`deps repo push`): the same fields under CocoaPods' names (`module` becomes
/// `module_name`), each dependency's requirement as a list of constraints (`{"Alamofire":
/// ["~> 5.0"]}`), `submodules: true` as a JSON boolean, every other value kept as the text it was
/// written as. `PodspecJSONCodec` reads the result as the same spec.
public enum PodspecJSONWriter {
    /// The podspec.json for a YAML spec's bytes, pretty-printed with two spaces, ending in a newline.
    public static func podspecJSON(fromYAMLSpec bytes: [UInt8], file: String) throws(MalformedInputError) -> [UInt8] {
        let document = YAMLDocument(file: file)
        let root = try document.root(of: bytes, expecting: .podspecMapping)
        let json = try spec(root, document)
        return Array((render(json, indent: "") + "\n").utf8)
    }

    /// A JSON value: text, a boolean, a list or an object (keys in order).
    indirect enum JSON {
        case string(String)
        case bool(Bool)
        case array([JSON])
        case object([(String, JSON)])
    }

    static func spec(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> JSON {
        var fields: [(String, JSON)] = []
        for pair in try document.mapping(node, .spec) {
            let key = try document.key(pair)
            switch key {
            case "dependencies":
                var dependencies: [(String, JSON)] = []
                for dependency in try document.mapping(pair.value, .key("dependencies")) {
                    let name = try document.packageName(try document.key(dependency), at: dependency.key)
                    let requirement = try document.requirement(dependency.value, for: name)
                    let constraints = requirement.isAny ? [] : requirement.description.split(separator: ",").map {
                        JSON.string($0.trimmingSpaces)
                    }
                    dependencies.append((name.description, .array(constraints)))
                }
                fields.append((key, .object(dependencies)))
            case "subspecs":
                var subspecs: [JSON] = []
                for item in try document.sequence(pair.value, .key("subspecs")) { subspecs.append(try spec(item, document)) }
                fields.append((key, .array(subspecs)))
            case "source":
                var source: [(String, JSON)] = []
                for field in try document.mapping(pair.value, .key("source")) {
                    let name = try document.key(field)
                    let text = try document.scalar(field.value, .specSourceKey(name))
                    source.append((name, name == "submodules" && (text == "true" || text == "false") ? .bool(text == "true") : .string(text)))
                }
                fields.append((key, .object(source)))
            default:
                fields.append((key == "module" ? "module_name" : key, try value(pair.value, document)))
            }
        }
        return .object(fields)
    }

    /// Any other value, as written: a scalar's text, a list, a mapping.
    static func value(_ node: YAMLNode, _ document: YAMLDocument) throws(MalformedInputError) -> JSON {
        if let text = node.scalarValue { return .string(text) }
        if node.isNull { return .string("") }
        if let items = node.sequenceItems {
            var values: [JSON] = []
            for item in items { values.append(try value(item, document)) }
            return .array(values)
        }
        var fields: [(String, JSON)] = []
        for pair in try document.mapping(node, .entry(.value)) { fields.append((try document.key(pair), try value(pair.value, document))) }
        return .object(fields)
    }

    static func render(_ json: JSON, indent: String) -> String {
        let inner = indent + "  "
        switch json {
        case let .string(text): return quoted(text)
        case let .bool(flag): return flag ? "true" : "false"
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case let .object(fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n" + fields.map { inner + quoted($0.0) + ": " + render($0.1, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
