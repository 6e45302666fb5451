import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads the node tree of one file and turns shape problems into errors that name
/// the file, the line and the value. Shared by the Depsfile, lockfile and spec codecs.
package struct YAMLDocument {
    package let file: String

    package init(file: String) {
        self.file = file
    }

    /// The root node; an empty file is an error that says what the file should hold.
    package func root(of bytes: [UInt8], expecting: YAMLFileContents) throws(MalformedInputError) -> YAMLNode {
        let parsed: YAMLNode?
        do {
            parsed = try YAMLParser.parse(bytes, fileName: file)
        } catch {
            throw MalformedInputError(error, typo: YAMLTypoHint.forSyntaxError(error.problem, line: error.line, in: bytes))
        }
        guard let root = parsed else {
            throw MalformedInputError(file: file, problem: .field(.emptyFile(expecting: expecting)))
        }
        return root
    }

    package func error(_ node: YAMLNode, _ problem: InputProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, problem)
    }

    package func error(_ node: YAMLNode, _ problem: YAMLFieldProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .field(problem))
    }

    package func error(_ node: YAMLNode, _ problem: DepsfileProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .depsfile(problem))
    }

    package func error(_ node: YAMLNode, _ problem: SpecFileProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .specFile(problem))
    }

    package func error(_ node: YAMLNode, _ problem: LockfileProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .lockfile(problem))
    }

    package func error(_ node: YAMLNode, _ problem: XcodeSectionProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .xcodeSection(problem))
    }

    package func error(_ node: YAMLNode, _ problem: SwiftPackageFieldProblem) -> MalformedInputError {
        MalformedInputError(file: file, at: node, .swiftPackageField(problem))
    }

    /// The text of a mapping key.
    package func key(_ pair: YAMLNode.Pair) throws(MalformedInputError) -> String {
        guard let text = pair.key.scalarValue else {
            throw error(pair.key, .keyNotAName(found: pair.key.valueKind))
        }
        return text
    }

    package func packageName(_ text: String, at node: YAMLNode) throws(MalformedInputError) -> PackageName {
        do {
            return try PackageName(text)
        } catch {
            throw self.error(node, .invalidPackageName(text))
        }
    }

    package func requirement(_ node: YAMLNode, for name: PackageName) throws(MalformedInputError) -> Requirement {
        if node.isNull { return .any }
        let text = try scalar(node, .requirementOf(name))
        do {
            return try Requirement(text)
        } catch {
            throw self.error(node, .invalidRequirement(text, of: name))
        }
    }

    // The typed readers: what a value is read as is a `YAMLFieldSubject`, the problem a
    // `YAMLFieldProblem` that DepsPresenters words.

    /// The pairs of a mapping (an empty value counts as an empty mapping).
    package func mapping(_ node: YAMLNode, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> [YAMLNode.Pair] {
        if node.isNull { return [] }
        guard let pairs = node.mappingPairs else {
            let typo = node.scalarValue.flatMap(YAMLTypoHint.typo(inScalar:))
            throw error(node, .notAMapping(subject, found: node.valueKind, typo: typo))
        }
        return pairs
    }

    /// The items of a sequence (an empty value counts as an empty sequence).
    package func sequence(_ node: YAMLNode, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> [YAMLNode] {
        if node.isNull { return [] }
        guard let items = node.sequenceItems else {
            throw error(node, .notAList(subject, found: node.valueKind))
        }
        return items
    }

    package func scalar(_ node: YAMLNode, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> String {
        guard let text = node.scalarValue else {
            throw error(node, .notASingleValue(subject, found: node.valueKind))
        }
        return text
    }

    /// `true` or `false`, as written (a scalar is never read as a boolean otherwise).
    func flag(_ node: YAMLNode, _ subject: YAMLFieldSubject) throws(MalformedInputError) -> Bool {
        switch try scalar(node, subject) {
        case "true": return true
        case "false": return false
        case let other: throw error(node, .notTrueOrFalse(subject, value: other))
        }
    }

    /// The values of a mapping by key, refusing keys not in `known` with the closest known key.
    package func fields(
        _ pairs: [YAMLNode.Pair], known: [String], in subject: YAMLFieldSubject
    ) throws(MalformedInputError) -> [String: YAMLNode] {
        var fields: [String: YAMLNode] = [:]
        for pair in pairs {
            let name = try key(pair)
            guard known.contains(name) else {
                let suggestion = SpellingSuggestion.closest(to: name, among: known, limit: 1).first
                throw error(pair.key, .unknownKey(name, in: subject, suggestion: suggestion, known: known))
            }
            fields[name] = pair.value
        }
        return fields
    }

    package func version(_ text: String, at node: YAMLNode, of subject: YAMLFieldSubject) throws(MalformedInputError) -> Version {
        do {
            return try Version(text)
        } catch {
            throw self.error(node, .invalidVersion(text, of: subject))
        }
    }
}

extension YAMLNode {
    /// What the node holds, for a problem that names it.
    package var valueKind: YAMLValueKind {
        switch content {
        case .null: .empty
        case .scalar: .scalar
        case .sequence: .sequence
        case .mapping: .mapping
        }
    }
}
