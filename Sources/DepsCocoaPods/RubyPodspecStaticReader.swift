/// Reads a Ruby `.podspec` without running Ruby when it is made only of what `pod spec create`
/// writes (BEHAVIOUR 10: static first): `Pod::Spec.new do |s| ... end` holding assignments of
/// literals (`s.name = 'Kit'`, `s.ios.deployment_target = '13.0'`, `s.source = { :git => '...',
/// :tag => s.version.to_s }`), `s.dependency`, and `s.subspec` blocks of the same. Anything else
/// (a method call, a conditional, interpolation, a file read) gives nil, and the file is evaluated.
public enum RubyPodspecStaticReader {
    /// The spec as a podspec.json holds it, or nil when only Ruby can read it.
    public static func json(of bytes: [UInt8]) -> [UInt8]? {
        var parser = Parser(tokens: PodfileTokenizer.tokens(of: bytes))
        guard let spec = parser.file() else { return nil }
        return Array(Value.object(spec).json.utf8)
    }

    /// A JSON value.
    indirect enum Value {
        case string(String)
        case literal(String)
        case array([Value])
        case object([(String, Value)])

        var json: String {
            switch self {
            case let .string(text): PodspecJSONWriter.quoted(text)
            case let .literal(text): text
            case let .array(items): "[" + items.map(\.json).joined(separator: ", ") + "]"
            case let .object(pairs): "{" + pairs.map { PodspecJSONWriter.quoted($0.0) + ": " + $0.1.json }.joined(separator: ", ") + "}"
            }
        }
    }

    struct Parser {
        let tokens: [PodfileToken]
        var index = 0
        /// The root spec's version, for `s.version.to_s` in its source's tag.
        var version: String?

        init(tokens: [PodfileToken]) {
            self.tokens = tokens
        }

        var current: PodfileToken.Kind? { index < tokens.count ? tokens[index].kind : nil }

        mutating func take(_ kind: PodfileToken.Kind) -> Bool {
            guard current == kind else { return false }
            index += 1
            return true
        }

        mutating func skipNewlines() {
            while current == .newline { index += 1 }
        }

        mutating func identifier() -> String? {
            guard case let .identifier(name)? = current else { return nil }
            index += 1
            return name
        }

        /// `Pod::Spec.new do |s| ... end`, and nothing after it.
        mutating func file() -> [(String, Value)]? {
            skipNewlines()
            guard identifier() == "Pod", take(.punctuation("::")), let kind = identifier(), kind == "Spec" || kind == "Specification",
                  take(.punctuation(".")), identifier() == "new", let body = block() else { return nil }
            skipNewlines()
            return current == nil ? body : nil
        }

        /// `do |s| statements end`: the attributes the statements give.
        mutating func block() -> [(String, Value)]? {
            guard take(.keyword("do")), take(.punctuation("|")), let variable = identifier(), take(.punctuation("|")) else { return nil }
            var attributes: [(String, Value)] = []
            func set(_ key: String, _ value: Value, in part: String? = nil) {
                if let part {
                    if let at = attributes.firstIndex(where: { $0.0 == part }), case let .object(pairs) = attributes[at].1 {
                        attributes[at].1 = .object(pairs + [(key, value)])
                    } else {
                        attributes.append((part, .object([(key, value)])))
                    }
                } else {
                    attributes.removeAll { $0.0 == key }
                    attributes.append((key, value))
                }
            }
            while true {
                skipNewlines()
                if take(.keyword("end")) { return attributes }
                guard identifier() == variable, take(.punctuation(".")), var name = identifier() else { return nil }
                var platform: String?
                if ["ios", "osx", "macos", "tvos", "watchos", "visionos"].contains(name), take(.punctuation(".")) {
                    platform = name == "macos" ? "osx" : name
                    guard let inner = identifier() else { return nil }
                    name = inner
                }
                if name == "dependency" {
                    guard let values = arguments(of: variable), case let .string(dependency)? = values.first else { return nil }
                    let requirements = Value.array(Array(values.dropFirst()))
                    var existing: [(String, Value)] = []
                    let key = "dependencies"
                    if let platform, let at = attributes.firstIndex(where: { $0.0 == platform }), case let .object(pairs) = attributes[at].1,
                       let found = pairs.first(where: { $0.0 == key }), case let .object(list) = found.1 {
                        existing = list
                    } else if platform == nil, let found = attributes.first(where: { $0.0 == key }), case let .object(list) = found.1 {
                        existing = list
                    }
                    if let platform, let at = attributes.firstIndex(where: { $0.0 == platform }), case let .object(pairs) = attributes[at].1 {
                        attributes[at].1 = .object(pairs.filter { $0.0 != key })
                    }
                    set(key, .object(existing + [(dependency, requirements)]), in: platform)
                } else if name == "subspec", platform == nil {
                    guard case let .string(subspecName)? = value(of: variable), let body = block() else { return nil }
                    var subspecs: [Value] = []
                    if let found = attributes.first(where: { $0.0 == "subspecs" }), case let .array(list) = found.1 { subspecs = list }
                    set("subspecs", .array(subspecs + [.object([("name", .string(subspecName))] + body)]))
                } else if take(.punctuation("=")) {
                    // A heredoc `description` (as `pod spec create` writes it) is text deps does not use.
                    if name == "description", case .opaque? = current {
                        index += 1
                        continue
                    }
                    guard let values = list(of: variable) else { return nil }
                    let assigned = values.count == 1 ? values[0] : .array(values)
                    if name == "deployment_target", let platform {
                        set(platform, assigned, in: "platforms")
                    } else if name == "platform", platform == nil, values.count <= 2, case let .string(os) = values[0] {
                        set("platforms", .object([(os, values.count == 2 ? values[1] : .literal("null"))]))
                    } else {
                        if name == "version", platform == nil, case let .string(text) = assigned { version = text }
                        set(name == "author" ? "authors" : name, assigned, in: platform)
                    }
                } else {
                    return nil
                }
                guard current == .newline || current == .keyword("end") else { return nil }
            }
        }

        /// The arguments of a call: `'A', '~> 1.0'`, with or without parentheses.
        mutating func arguments(of variable: String) -> [Value]? {
            let parenthesised = take(.punctuation("("))
            guard let values = list(of: variable) else { return nil }
            if parenthesised, !take(.punctuation(")")) { return nil }
            return values
        }

        /// Values separated by commas.
        mutating func list(of variable: String) -> [Value]? {
            var values: [Value] = []
            repeat {
                guard let value = value(of: variable) else { return nil }
                values.append(value)
            } while take(.punctuation(","))
            return values
        }

        /// A literal, or the spec's own version (`s.version`, `s.version.to_s`).
        mutating func value(of variable: String) -> Value? {
            guard let kind = current else { return nil }
            index += 1
            switch kind {
            case let .string(text, interpolated): return interpolated ? nil : .string(text)
            case let .symbol(text): return .string(text)
            case let .number(text): return .string(text)
            case let .words(words): return .array(words.map(Value.string))
            case .identifier("true"): return .literal("true")
            case .identifier("false"): return .literal("false")
            case .identifier("nil"): return .literal("null")
            case .identifier(variable):
                guard take(.punctuation(".")), identifier() == "version", let version else { return nil }
                if take(.punctuation(".")), identifier() != "to_s" { return nil }
                return .string(version)
            case .punctuation("["):
                var items: [Value] = []
                while !take(.punctuation("]")) {
                    skipNewlines()
                    if take(.punctuation("]")) { break }
                    guard let item = value(of: variable) else { return nil }
                    items.append(item)
                    skipNewlines()
                    _ = take(.punctuation(","))
                }
                return .array(items)
            case .punctuation("{"):
                var pairs: [(String, Value)] = []
                while true {
                    skipNewlines()
                    if take(.punctuation("}")) { break }
                    let key: String
                    if case let .label(label)? = current {
                        index += 1
                        key = label
                    } else {
                        guard case let .string(text)? = value(of: variable), take(.punctuation("=>")) else { return nil }
                        key = text
                    }
                    guard let item = value(of: variable) else { return nil }
                    pairs.append((key, item))
                    skipNewlines()
                    _ = take(.punctuation(","))
                }
                return .object(pairs)
            default:
                return nil
            }
        }
    }
}
