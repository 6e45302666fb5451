import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads spec files for `deps spec lint` (BEHAVIOUR 11): unlike the codecs, which stop at the first
/// problem, it goes on past each one, so that one run names every problem of a file with its line.
/// The values are read through the same document helpers as the codecs, so a problem is worded
/// the same way whichever reads it; the codec then reads the whole spec for the checks that need it.
public final class SpecFileLinter: SpecFileReader {
    /// Reads a whole `.json` spec file, CocoaPods' podspec.json (DepsCocoaPods reads that format):
    /// the file as shown, where its relative locations lead, its bytes, checksum and expected name.
    public typealias JSONSpecDecoding = @Sendable (
        _ file: String, _ relocate: (@Sendable (String) -> String)?, _ bytes: [UInt8], _ checksum: String, _ name: PackageName
    ) throws(MalformedInputError) -> Specification

    private let fileSystem: any FileSystem
    private let decodeJSON: JSONSpecDecoding

    public init(fileSystem: any FileSystem, decodingJSON: @escaping JSONSpecDecoding) {
        self.fileSystem = fileSystem
        self.decodeJSON = decodingJSON
    }

    public func readSpecFile(_ path: String) throws -> SpecFileReading {
        // A path given on the command line is taken from the current directory.
        let location = LocalPath(path).resolved(against: ".")
        let bytes = try fileSystem.readFile(location, shownAs: path)
        // A relative code location in the spec is relative to the spec's folder.
        let folder = location.parent.string
        return Self.reading(bytes, file: path, relocate: { folder + "/" + $0 }, decodingJSON: decodeJSON)
    }

    public func files(inTree tree: String) throws -> [String] {
        fileSystem.walk(LocalPath(tree), includingHidden: false, followingLinksToFolders: true)
            .filter { !$0.isDirectory }.map(\.relativePath)
    }

    /// Every problem of one spec file's bytes; `.json` files are read as podspec.json, whole by `decodingJSON`.
    static func reading(
        _ bytes: [UInt8], file: String, relocate: (@Sendable (String) -> String)? = nil, decodingJSON: JSONSpecDecoding
    ) -> SpecFileReading {
        let json = file.hasSuffix(".json")
        var walk = Walk(document: YAMLDocument(file: file), json: json)
        let fields = walk.topLevel(json ? JSONForYAML.prepared(bytes) : bytes)
        guard let fields else {
            return SpecFileReading(file: file, specification: nil, dependencies: [], sourceLine: nil, sourceFilesLine: nil, problems: walk.problems)
        }
        var specification: Specification?
        if let nameText = fields["name"]?.scalarValue, let name = try? PackageName(nameText) {
            let checksum = SHA256Digest.hex(of: bytes)
            do throws(MalformedInputError) {
                specification = json
                    ? try decodingJSON(file, relocate, bytes, checksum, name)
                    : try SpecCodec(fileName: file, relocate: relocate).decode(bytes, checksum: checksum, expectedName: name, expectedVersion: nil)
            } catch {
                walk.recordUnlessNamed(error)
            }
        }
        return SpecFileReading(
            file: file, specification: specification, dependencies: walk.dependencies,
            sourceLine: walk.keyLines["source"], sourceFilesLine: walk.keyLines["source_files"],
            problems: walk.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }

    /// One pass over a spec's node tree, collecting problems instead of stopping at the first.
    private struct Walk {
        let document: YAMLDocument
        let json: Bool
        var problems: [SpecLintProblem] = []
        var dependencies: [LineDependency] = []
        /// The line of each top-level key.
        var keyLines: [String: Int] = [:]

        static func line(_ node: YAMLNode) -> Int? { node.mark.line > 0 ? node.mark.line : nil }

        mutating func record(_ error: MalformedInputError) {
            let problem = SpecLintProblem(file: document.file, line: error.line, .malformed(error.problem))
            if !problems.contains(problem) { problems.append(problem) }
        }

        /// Records the codec's first problem unless one on its line (or a missing field) is known.
        mutating func recordUnlessNamed(_ error: MalformedInputError) {
            let named = problems.contains { problem in
                if let line = error.line { return problem.line == line }
                if case .missingField = problem.kind { return true }
                return false
            }
            if !named { record(error) }
        }

        /// The top-level fields, each checked; nil when the file is not a spec at all.
        mutating func topLevel(_ bytes: [UInt8]) -> [String: YAMLNode]? {
            let pairs: [YAMLNode.Pair]
            do throws(MalformedInputError) {
                let root = try document.root(of: bytes, expecting: .specToLint)
                pairs = try document.mapping(root, .spec)
            } catch {
                record(error)
                return nil
            }
            var fields: [String: YAMLNode] = [:]
            for pair in pairs {
                do throws(MalformedInputError) {
                    // A podspec.json keeps the fields deps does not use; deps' own format names them.
                    let known = json ? [try document.key(pair)] : SpecCodec.knownKeys
                    fields.merge(try document.fields([pair], known: known, in: .spec)) { first, _ in first }
                    keyLines[try document.key(pair)] = Self.line(pair.key)
                } catch {
                    record(error)
                }
            }
            for key in SpecFileReading.requiredFields {
                guard let node = fields[key], !node.isNull, node.scalarValue != "" else {
                    problems.append(SpecLintProblem(file: document.file, line: keyLines[key], .missingField(key)))
                    continue
                }
            }
            if let node = fields["name"], !node.isNull {
                check { (document) throws(MalformedInputError) in _ = try document.packageName(try document.scalar(node, .key("name")), at: node) }
            }
            if let node = fields["version"], !node.isNull {
                check { (document) throws(MalformedInputError) in
                    _ = try document.version(
                        try document.scalar(node, .key("version")), at: node, of: fields["name"]?.scalarValue.map(YAMLFieldSubject.packageNamed) ?? .spec)
                }
            }
            readDependencies(fields["dependencies"])
            readSubspecs(fields["subspecs"])
            // A subspec's dependency on a sibling (`Lib/Core`) is the spec's own business.
            if let name = fields["name"]?.scalarValue { dependencies.removeAll { $0.dependency.name.root.description == name } }
            return fields
        }

        mutating func check(_ body: (YAMLDocument) throws(MalformedInputError) -> Void) {
            do throws(MalformedInputError) { try body(document) } catch { record(error) }
        }

        /// `Name: requirement` (deps' format) or `"Name": ["~> 1.0", ...]` (podspec.json), each read alone.
        mutating func readDependencies(_ node: YAMLNode?) {
            guard let node, !node.isNull else { return }
            guard let pairs = node.mappingPairs else {
                return record(document.error(node, YAMLFieldProblem.notAMapping(.key("dependencies"), found: node.valueKind, typo: nil)))
            }
            for pair in pairs {
                do throws(MalformedInputError) {
                    let name = try document.packageName(try document.key(pair), at: pair.key)
                    let requirement = json ? try podspecRequirement(pair.value, for: name) : try document.requirement(pair.value, for: name)
                    dependencies.append(LineDependency(Dependency(name, requirement), line: Self.line(pair.key)))
                } catch {
                    record(error)
                }
            }
        }

        /// A podspec.json requirement: a list of constraints (empty: any version), or one string.
        func podspecRequirement(_ node: YAMLNode, for name: PackageName) throws(MalformedInputError) -> Requirement {
            let items = node.sequenceItems ?? [node]
            var constraints: [String] = []
            for item in items where !item.isNull {
                let text = try document.scalar(item, .requirementOf(name))
                guard (try? Requirement(text)) != nil else { throw document.error(item, YAMLFieldProblem.invalidRequirement(text, of: name)) }
                constraints.append(text)
            }
            return constraints.isEmpty ? .any : try! Requirement(constraints.joined(separator: ", "))
        }

        /// Each subspec's name and dependencies, nested subspecs included.
        mutating func readSubspecs(_ node: YAMLNode?) {
            guard let node, !node.isNull else { return }
            guard let items = node.sequenceItems else {
                return record(document.error(node, YAMLFieldProblem.notAList(.key("subspecs"), found: node.valueKind)))
            }
            for item in items {
                guard let pairs = item.mappingPairs else {
                    record(document.error(item, YAMLFieldProblem.notAMapping(.aSubspec, found: item.valueKind, typo: nil)))
                    continue
                }
                var fields: [String: YAMLNode] = [:]
                for pair in pairs { if let key = pair.key.scalarValue { fields[key] = pair.value } }
                if let nameNode = fields["name"], let name = nameNode.scalarValue {
                    if !PackageName.isValidPart(name) { record(document.error(nameNode, SpecFileProblem.invalidSubspecName(name))) }
                } else {
                    record(document.error(item, SpecFileProblem.aSubspecWithoutName))
                }
                readDependencies(fields["dependencies"])
                readSubspecs(fields["subspecs"])
            }
        }
    }
}
