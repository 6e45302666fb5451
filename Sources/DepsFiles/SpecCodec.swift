import DepsCore
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads one spec file (BEHAVIOUR 1.2) into a `Specification`, checking that its
/// `name` and `version` are the ones its path says.
public struct SpecCodec {
    /// The file's path as shown in messages, e.g. `../../Specs/Moya/15.0.0.yaml`.
    public let fileName: String

    /// Turns a relative code location into one usable from the project (a directory repository
    /// joins it to its own label); nil keeps locations as written.
    public let relocate: (@Sendable (String) -> String)?

    public init(fileName: String, relocate: (@Sendable (String) -> String)? = nil) {
        self.fileName = fileName
        self.relocate = relocate
    }

    package static let knownKeys = [
        "name", "version", "summary", "description", "homepage", "license", "authors", "source", "dependencies",
        "source_files", "module", "subspecs", "default_subspecs",
    ] + buildKeys
    package static let subspecKeys = ["name", "dependencies", "source_files", "subspecs"] + buildKeys
    /// CocoaPods' build attributes (BEHAVIOUR 8.4), with each platform's part.
    static let buildKeys = BuildAttributesReader.keys.filter { $0 != "platforms" && $0 != "platform" }

    /// - Parameters:
    ///   - expectedName: the package folder's name.
    ///   - expectedVersion: the file name's version, spelt as in the file name; nil for a spec
    ///     read from an external source, whose file name is `<Name>.yaml`.
    ///   - namedByTheDepsfile: whether the Depsfile's dependency gives the expected name (a spec at
    ///     a `path:` or `podspec:`), rather than the file's name or its folder.
    public func decode(
        _ bytes: [UInt8], checksum: String, expectedName: PackageName, expectedVersion: String?,
        namedByTheDepsfile: Bool = false
    ) throws(MalformedInputError) -> Specification {
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .spec)
        let fields = try document.fields(try document.mapping(root, .spec), known: Self.knownKeys, in: .spec)

        guard let nameNode = fields["name"] else { throw document.error(root, SpecFileProblem.missingKey("name")) }
        let nameText = try document.scalar(nameNode, .key("name"))
        guard nameText == expectedName.description else {
            let place: SpecFileProblem.NamePlace = if namedByTheDepsfile { .depsfileDependency(expectedName) } else if expectedVersion == nil {
                .fileName(expectedName)
            } else {
                .folder(expectedName)
            }
            throw document.error(nameNode, SpecFileProblem.nameMismatch(nameText, expected: place))
        }
        guard let versionNode = fields["version"] else { throw document.error(root, SpecFileProblem.missingKey("version")) }
        let versionText = try document.scalar(versionNode, .key("version"))
        let version = try document.version(versionText, at: versionNode, of: .packageNamed(nameText))
        if let expectedVersion, versionText != expectedVersion {
            throw document.error(versionNode, SpecFileProblem.versionMismatch(versionText, fileVersion: expectedVersion))
        }

        var codeSource: CodeSource?
        if let node = fields["source"], !node.isNull {
            let pairs = try document.mapping(node, .key("source"))
            var values: [String: String] = [:]
            for (key, valueNode) in try document.fields(pairs, known: SpecSourceFields.keys, in: .key("source")) {
                values[key] = try document.scalar(valueNode, .specSourceKey(key))
            }
            do {
                codeSource = try SpecSourceFields.codeSource(values)
            } catch {
                throw document.error(node, SpecFileProblem.invalidSource(error, name: nameText))
            }
            if let relocate { codeSource = codeSource?.relocated { CodeLocation.isRelative($0) ? relocate($0) : $0 } }
        }
        var dependencies: [Dependency] = []
        if let node = fields["dependencies"] {
            for pair in try document.mapping(node, .key("dependencies")) {
                let name = try document.packageName(try document.key(pair), at: pair.key)
                dependencies.append(try document.specDependency(name, pair.value))
            }
        }
        func text(_ key: String) throws(MalformedInputError) -> String? {
            guard let node = fields[key], !node.isNull else { return nil }
            return try document.scalar(node, .key(key))
        }
        let sourceFiles = try Self.sourceFiles(fields["source_files"], document)
        var subspecs: [Subspec] = []
        if let node = fields["subspecs"] {
            for item in try document.sequence(node, .key("subspecs")) {
                subspecs.append(try Self.subspec(item, of: expectedName, document))
            }
        }
        var defaultSubspecs: [String] = []
        if let node = fields["default_subspecs"], !node.isNull {
            let items = node.scalarValue != nil ? [node] : try document.sequence(node, .key("default_subspecs"))
            for item in items {
                let name = try document.scalar(item, .aDefaultSubspec)
                guard subspecs.contains(where: { $0.name == name }) else {
                    throw document.error(item, SpecFileProblem.defaultSubspecNotASubspec(name))
                }
                defaultSubspecs.append(name)
            }
        }
        var moduleName: String?
        if let node = fields["module"], !node.isNull {
            let text = try document.scalar(node, .key("module"))
            guard ModuleName.isValid(text) else { throw document.error(node, SpecFileProblem.invalidModuleName(text)) }
            moduleName = text
        }
        return Specification(
            name: expectedName,
            version: version,
            summary: try text("summary"),
            homepage: try text("homepage"),
            license: try text("license"),
            codeSource: codeSource,
            dependencies: dependencies,
            checksum: checksum,
            sourceFiles: sourceFiles,
            moduleName: moduleName,
            subspecs: subspecs,
            defaultSubspecs: defaultSubspecs,
            build: try BuildAttributesReader(document: document).attributes(fields) { .field($0) },
            platformBuild: try BuildAttributesReader(document: document).platformAttributes(fields) { .field($0) })
    }

    /// `source_files`: one pattern or a list of them.
    static func sourceFiles(_ node: YAMLNode?, _ document: YAMLDocument) throws(MalformedInputError) -> [SourceFileGlob]? {
        guard let node, !node.isNull else { return nil }
        var patterns: [(String, YAMLNode)] = []
        if let single = node.scalarValue {
            patterns = [(single, node)]
        } else {
            for item in try document.sequence(node, .key("source_files")) {
                patterns.append((try document.scalar(item, .aSourceFilesPattern), item))
            }
        }
        var globs: [SourceFileGlob] = []
        for (pattern, patternNode) in patterns {
            do {
                globs.append(try SourceFileGlob(pattern))
            } catch {
                throw document.error(patternNode, SpecFileProblem.invalidSourceFilePattern(error))
            }
        }
        if globs.isEmpty { throw document.error(node, SpecFileProblem.noSourceFilePattern) }
        return globs
    }

    /// One item of `subspecs:`: `name`, `dependencies` (which may name siblings, `Moya/Core`),
    /// `source_files`, nested `subspecs`.
    static func subspec(_ node: YAMLNode, of package: PackageName, _ document: YAMLDocument) throws(MalformedInputError) -> Subspec {
        let fields = try document.fields(try document.mapping(node, .aSubspec), known: subspecKeys, in: .subspecOf(package))
        guard let nameNode = fields["name"] else { throw document.error(node, SpecFileProblem.subspecWithoutName(of: package)) }
        let name = try document.scalar(nameNode, .nameOfASubspec)
        guard PackageName.isValidPart(name) else { throw document.error(nameNode, SpecFileProblem.invalidSubspecName(name)) }
        var dependencies: [Dependency] = []
        if let dependencyNode = fields["dependencies"] {
            for pair in try document.mapping(dependencyNode, .key("dependencies")) {
                let dependencyName = try document.packageName(try document.key(pair), at: pair.key)
                dependencies.append(try document.specDependency(dependencyName, pair.value))
            }
        }
        var nested: [Subspec] = []
        if let nestedNode = fields["subspecs"] {
            for item in try document.sequence(nestedNode, .key("subspecs")) { nested.append(try subspec(item, of: package, document)) }
        }
        let builds = BuildAttributesReader(document: document)
        return Subspec(
            name: name, dependencies: dependencies, sourceFiles: try sourceFiles(fields["source_files"], document), subspecs: nested,
            build: try builds.attributes(fields) { .subspecField($0, subspec: "\(package)/\(name)") },
            platformBuild: try builds.platformAttributes(fields) { .subspecField($0, subspec: "\(package)/\(name)") })
    }
}
