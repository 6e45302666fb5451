import DepsCore
import DepsFiles
import DepsYAML
import DepsFileSystem
import DepsFailures

/// Reads one CocoaPods `<Name>.podspec.json` (BEHAVIOUR 9) into a `Specification`, checking that
/// its `name` and `version` are the ones its path says, as `SpecCodec` does for deps' own format.
///
/// The JSON is read through the YAML layer (JSON is YAML's flow style), so every scalar stays the
/// text it was written as: `"1.10"` and `1.10` are both "1.10". Fields deps does not use
/// (`authors`, `social_media_url`, ...) are ignored; a field deps uses with the wrong
/// shape is an error that names the field.
public struct PodspecJSONCodec {
    /// The file's path or URL as shown in messages.
    public let fileName: String

    /// Turns a relative code location into one usable from the project; nil keeps locations as written.
    public let relocate: (@Sendable (String) -> String)?

    public init(fileName: String, relocate: (@Sendable (String) -> String)? = nil) {
        self.fileName = fileName
        self.relocate = relocate
    }

    /// - Parameters:
    ///   - expectedName: the package folder's name.
    ///   - expectedVersion: the version folder's name; nil for a spec read from an external
    ///     source, whose file is `<Name>.podspec.json`.
    ///   - namedByTheDepsfile: whether the Depsfile's dependency gives the expected name (a
    ///     podspec at a `path:` or `podspec:`), rather than the file's name or its folder.
    public func decode(
        _ bytes: [UInt8], checksum: String, expectedName: PackageName, expectedVersion: String?,
        namedByTheDepsfile: Bool = false
    ) throws(MalformedInputError) -> Specification {
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: JSONForYAML.prepared(bytes), expecting: .podspecJSON)
        guard root.mappingPairs != nil else {
            throw document.problem(root, .notAnObject(found: root.valueKind))
        }
        let reader = Reader(document: document, relocate: relocate)
        let fields = try reader.fields(root, .document(.podspec))

        guard let nameNode = fields["name"] else { throw document.problem(root, .missingField("name")) }
        let nameText = try document.scalar(nameNode, .field("name"))
        guard nameText == expectedName.description else {
            let expected: PodspecJSONProblem.ExpectedName =
                namedByTheDepsfile
                    ? .depsfileDependency(expectedName) : expectedVersion == nil ? .fileName(expectedName) : .folder(expectedName)
            throw document.problem(nameNode, .nameMismatch(name: nameText, expected: expected))
        }
        guard let versionNode = fields["version"] else { throw document.problem(root, .missingField("version")) }
        let versionText = try document.scalar(versionNode, .field("version"))
        let version = try document.version(versionText, at: versionNode, of: .packageNamed(nameText))
        if let expectedVersion, versionText != expectedVersion {
            throw document.problem(versionNode, .versionMismatch(version: versionText, folder: expectedVersion))
        }

        let scope = Reader.Scope(owner: nil)
        var moduleName: String?
        if let node = fields["module_name"], !node.isNull {
            let text = try document.scalar(node, .field("module_name"))
            guard ModuleName.isValid(text) else { throw MalformedInputError(file: document.file, at: node, .invalidModuleName(text, field: "module_name")) }
            moduleName = text
        }
        let subspecs = try reader.subspecs(fields["subspecs"], of: expectedName, path: [], scope: scope)
        let defaults = try reader.defaultSubspecs(fields, among: subspecs, of: nameText, scope: scope)
        let builds = BuildAttributesReader(document: document)
        return Specification(
            name: expectedName,
            version: version,
            summary: try reader.text(fields["summary"], .field("summary")),
            homepage: try reader.text(fields["homepage"], .field("homepage")),
            license: try reader.license(fields["license"]),
            codeSource: try reader.codeSource(fields["source"], of: nameText),
            dependencies: try reader.dependencies(fields["dependencies"], scope.naming("dependencies")),
            checksum: checksum,
            // No `source_files` is no source, as in CocoaPods (a tool pod's binary, an umbrella of
            // subspecs); deps' own default, `Sources/**/*.swift`, is for its YAML specs.
            sourceFiles: try reader.sourceFiles(fields["source_files"], scope.naming("source_files")) ?? [],
            moduleName: moduleName,
            subspecs: subspecs,
            defaultSubspecs: defaults,
            platforms: try reader.platforms(fields["platforms"], scope.naming("platforms")),
            platformDependencies: try reader.platformDependencies(fields, scope: scope),
            build: try builds.attributes(fields, naming: scope.naming),
            platformBuild: try builds.platformAttributes(fields, naming: scope.naming))
    }

    /// Reads the fields of one spec or subspec, naming the field (and the subspec) in errors.
    private struct Reader {
        let document: YAMLDocument
        let relocate: (@Sendable (String) -> String)?

        /// Where a field is: the spec itself, or a subspec (`Moya/Core`).
        struct Scope {
            let owner: String?

            func naming(_ field: String) -> YAMLFieldSubject {
                owner.map { .subspecField(field, subspec: $0) } ?? .field(field)
            }
        }

        /// The fields of an object by key; keys deps does not use are kept and ignored.
        func fields(_ node: YAMLNode, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String: YAMLNode] {
            var fields: [String: YAMLNode] = [:]
            for pair in try document.mapping(node, what) {
                fields[try document.key(pair)] = pair.value
            }
            return fields
        }

        func text(_ node: YAMLNode?, _ what: YAMLFieldSubject) throws(MalformedInputError) -> String? {
            guard let node, !node.isNull else { return nil }
            return try document.scalar(node, what)
        }

        /// `"MIT"`, or `{"type": "MIT", "file": "LICENSE"}` (its `type`).
        func license(_ node: YAMLNode?) throws(MalformedInputError) -> String? {
            guard let node, !node.isNull else { return nil }
            if let text = node.scalarValue { return text }
            guard node.mappingPairs != nil else {
                throw document.problem(node, .licenseNotStringOrObject(found: node.valueKind))
            }
            return try text(node.value(forKey: "type"), .field("license.type"))
        }

        /// `{"git": ..., "tag": ...}` or `{"http": ..., "sha256": ...}`; CocoaPods' other keys
        /// (`submodules`, `flatten`, `headers`, ...) are ignored.
        func codeSource(_ node: YAMLNode?, of name: String) throws(MalformedInputError) -> CodeSource? {
            guard let node, !node.isNull else { return nil }
            var values: [String: String] = [:]
            for (key, valueNode) in try fields(node, .field("source")) {
                if key == "submodules" || !SpecSourceFields.keys.contains(key) { continue }
                values[key] = try document.scalar(valueNode, .field("source.\(key)"))
            }
            if values["git"] == nil && values["http"] == nil && values["path"] == nil,
               let kind = ["svn", "hg", "bzr"].first(where: { node.value(forKey: $0) != nil }) {
                throw document.problem(node, .unfetchableSource(pod: name, kind: kind))
            }
            if let url = values["git"], values["tag"] == nil, values["commit"] == nil, values["branch"] == nil {
                throw document.problem(node, .gitSourceWithoutRevision(pod: name, url: url))
            }
            var source: CodeSource
            do {
                source = try SpecSourceFields.codeSource(values)
            } catch {
                throw MalformedInputError(file: document.file, at: node, .specCodeSource(error, spec: "\(name)"))
            }
            if let relocate { source = source.relocated { CodeLocation.isRelative($0) ? relocate($0) : $0 } }
            return source
        }

        /// `{"Alamofire": ["~> 5.0"], "Moya/Core": [], "nanopb": [">= 2.3", "< 2.4"]}`.
        func dependencies(_ node: YAMLNode?, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [Dependency] {
            guard let node, !node.isNull else { return [] }
            var dependencies: [Dependency] = []
            for pair in try document.mapping(node, what) {
                let name = try dependencyName(try document.key(pair), at: pair.key)
                dependencies.append(Dependency(name, try requirement(pair.value, for: name, in: what)))
            }
            return dependencies
        }

        /// `Moya/Core` and a nested subspec `YapDatabase/SQLCipher/Standard` are package names.
        private func dependencyName(_ text: String, at node: YAMLNode) throws(MalformedInputError) -> PackageName {
            do {
                return try PackageName(text)
            } catch {
                throw document.problem(node, .invalidPackageName(text))
            }
        }

        /// `[]` is any version; several requirements are joined into one (`>= 2.3, < 2.4`).
        private func requirement(_ node: YAMLNode, for name: PackageName, in what: YAMLFieldSubject) throws(MalformedInputError) -> Requirement {
            var parts: [String] = []
            if node.isNull {
                return .any
            } else if let text = node.scalarValue {
                parts = [text]
            } else if let items = node.sequenceItems {
                for item in items { parts.append(try document.scalar(item, .requirementIn(name, what))) }
            } else {
                throw document.problem(node, .requirementsNotAList(pod: name, field: what, found: node.valueKind))
            }
            if parts.isEmpty { return .any }
            let text = parts.joined(separator: ", ")
            do {
                return try Requirement(text)
            } catch {
                throw document.problem(node, .invalidRequirement(text, pod: name))
            }
        }

        /// A pattern or a list of patterns; nil when the field is absent.
        func sourceFiles(_ node: YAMLNode?, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [SourceFileGlob]? {
            guard let node, !node.isNull else { return nil }
            let globs = try BuildAttributesReader(document: document).patterns(
                node, what, folderMeans: BuildAttributesReader.folderSourcePattern)
            return globs.isEmpty ? nil : globs
        }

        /// `{"ios": "12.0", "osx": "10.13", "tvos": null}`; `macos` is `osx`.
        func platforms(_ node: YAMLNode?, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String: Version?] {
            guard let node, !node.isNull else { return [:] }
            var platforms: [String: Version?] = [:]
            for pair in try document.mapping(node, what) {
                let name = Platform(name: try document.key(pair), deploymentTarget: nil).name
                if pair.value.isNull {
                    platforms[name] = .some(nil)
                } else {
                    let text = try document.scalar(pair.value, .deploymentTargetIn(name, what))
                    platforms[name] = .some(try document.version(text, at: pair.value, of: .platformIn(name, what)))
                }
            }
            return platforms
        }

        /// The `dependencies` of each platform-specific part (`"ios": {"dependencies": ...}`).
        func platformDependencies(_ fields: [String: YAMLNode], scope: Scope) throws(MalformedInputError) -> [String: [Dependency]] {
            var result: [String: [Dependency]] = [:]
            for key in Platform.names {
                guard let node = fields[key], !node.isNull else { continue }
                let platform = Platform(name: key, deploymentTarget: nil).name
                let part = try self.fields(node, scope.naming(key))
                let dependencies = try dependencies(part["dependencies"], scope.naming("\(key).dependencies"))
                if !dependencies.isEmpty { result[platform, default: []] += dependencies }
            }
            return result
        }

        /// The subspecs of a spec or subspec; `path` is the names from the package to the parent
        /// (empty at the spec). Only the first level must make a package name (`Moya/Core`);
        /// deeper ones are kept as they are.
        func subspecs(_ node: YAMLNode?, of package: PackageName, path: [String], scope: Scope) throws(MalformedInputError) -> [Subspec] {
            guard let node, !node.isNull else { return [] }
            var result: [Subspec] = []
            var seen: Set<String> = []
            for item in try document.sequence(node, scope.naming("subspecs")) {
                let fields = try self.fields(item, .subspecIn(scope.naming("subspecs")))
                guard let nameNode = fields["name"] else { throw document.problem(item, .subspecWithoutName(owner: scope.owner)) }
                let name = try document.scalar(nameNode, .subspecNameKey)
                let fullName = ([package.description] + path + [name]).joined(separator: "/")
                if path.isEmpty, !PackageName.isValidPart(name) {
                    throw document.problem(nameNode, .subspecNameNotPackagePart(name: name, fullName: fullName))
                }
                if name.isEmpty || name.contains("/") {
                    throw document.problem(nameNode, .invalidSubspecName(name))
                }
                guard seen.insert(name).inserted else { throw document.problem(nameNode, .subspecDefinedTwice(fullName: fullName)) }
                let inner = Scope(owner: fullName)
                let builds = BuildAttributesReader(document: document)
                result.append(Subspec(
                    name: name,
                    dependencies: try dependencies(fields["dependencies"], inner.naming("dependencies")),
                    sourceFiles: try sourceFiles(fields["source_files"], inner.naming("source_files")),
                    platformDependencies: try platformDependencies(fields, scope: inner),
                    subspecs: try subspecs(fields["subspecs"], of: package, path: path + [name], scope: inner),
                    build: try builds.attributes(fields, naming: inner.naming),
                    platformBuild: try builds.platformAttributes(fields, naming: inner.naming)))
            }
            return result
        }

        /// `default_subspecs` (or CocoaPods' alias `default_subspec`): a name or a list of names,
        /// each naming a subspec. CocoaPods' `:none` is kept as written, `["none"]`.
        func defaultSubspecs(
            _ fields: [String: YAMLNode], among subspecs: [Subspec], of name: String, scope: Scope
        ) throws(MalformedInputError) -> [String] {
            let key = fields["default_subspecs"] != nil ? "default_subspecs" : "default_subspec"
            guard let node = fields[key], !node.isNull else { return [] }
            var names: [(String, YAMLNode)] = []
            if let single = node.scalarValue {
                names = [(single, node)]
            } else if let items = node.sequenceItems {
                for item in items { names.append((try document.scalar(item, .nameIn(.field(key))), item)) }
            } else {
                throw document.problem(node, .defaultSubspecsNotNameOrList(key: key, found: node.valueKind))
            }
            if names.count == 1, names[0].0 == "none", !subspecs.contains(where: { $0.name == "none" }) { return ["none"] }
            for (subspec, item) in names where !subspecs.contains(where: { $0.name == subspec }) {
                throw document.problem(item, .defaultSubspecUnknown(key: key, subspec: subspec, pod: name))
            }
            return names.map(\.0)
        }
    }
}

extension PodspecJSONCodec {
    /// A `.json` spec file read whole for `deps spec lint` (`SpecFileLinter`'s `decodingJSON`).
    public static func decodeSpecFile(
        _ file: String, relocate: (@Sendable (String) -> String)?, _ bytes: [UInt8], checksum: String, expectedName: PackageName
    ) throws(MalformedInputError) -> Specification {
        try PodspecJSONCodec(fileName: file, relocate: relocate).decode(bytes, checksum: checksum, expectedName: expectedName, expectedVersion: nil)
    }
}

extension YAMLDocument {
    /// A `.podspec.json`'s problem at `node`.
    fileprivate func problem(_ node: YAMLNode, _ problem: PodspecJSONProblem) -> MalformedInputError {
        MalformedInputError(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: .podspecJSON(problem))
    }
}
