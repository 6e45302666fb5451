import DepsCore
import DepsYAML
import DepsFailures

/// Reads the build attributes of a spec or subspec (BEHAVIOUR 8.4), in a podspec.json and in
/// deps' own spec format alike: CocoaPods' names (`exclude_files`, `public_header_files`,
/// `resource_bundles`, `pod_target_xcconfig`, ...), their singular aliases, and each platform's
/// part (`"ios": {...}`). A field of the wrong shape is an error naming it.
package struct BuildAttributesReader {
    package let document: YAMLDocument

    package init(document: YAMLDocument) {
        self.document = document
    }

    /// Every key read here, for a format that refuses keys it does not know.
    static let keys: [String] = [
        "exclude_files", "public_header_files", "private_header_files", "project_header_files", "header_dir",
        "header_mappings_dir", "resources", "resource", "resource_bundles", "resource_bundle", "vendored_frameworks",
        "vendored_framework", "vendored_libraries", "vendored_library", "frameworks", "framework", "weak_frameworks",
        "weak_framework", "libraries", "library", "compiler_flags", "pod_target_xcconfig", "xcconfig", "user_target_xcconfig",
        "requires_arc", "prepare_command", "script_phases", "script_phase", "module_map", "preserve_paths", "preserve_path",
        "on_demand_resources", "info_plist", "static_framework", "swift_versions", "swift_version", "platforms", "platform",
    ] + platformKeys
    static let platformKeys = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    /// What a pattern naming a folder (`Sources/Moya/`) means in `source_files`: the source files
    /// directly in it, as CocoaPods reads it.
    package static let folderSourcePattern = "*{.m,.mm,.i,.c,.cc,.cxx,.cpp,.c++,.swift,.h,.hh,.hpp,.ipp,.tpp,.hxx,.def,.inl,.inc}"

    /// The attributes of one spec, subspec or platform part; `what` says what a key is read as
    /// (`exclude_files` of subspec 'Moya/Core').
    package func attributes(_ fields: [String: YAMLNode], naming what: (String) -> YAMLFieldSubject) throws(MalformedInputError) -> BuildAttributes {
        func node(_ keys: String...) -> (String, YAMLNode)? {
            for key in keys { if let node = fields[key], !node.isNull { return (key, node) } }
            return nil
        }
        func globs(_ keys: String...) throws(MalformedInputError) -> [SourceFileGlob]? {
            for key in keys {
                guard let node = fields[key], !node.isNull else { continue }
                return try patterns(node, what(key), folderMeans: nil)
            }
            return nil
        }
        func names(_ keys: String...) throws(MalformedInputError) -> [String] {
            for key in keys {
                guard let node = fields[key], !node.isNull else { continue }
                return try strings(node, what(key))
            }
            return []
        }
        var sourceFiles: [SourceFileGlob]?
        if let node = fields["source_files"], !node.isNull {
            sourceFiles = try patterns(node, what("source_files"), folderMeans: Self.folderSourcePattern)
        }
        var bundles: [ResourceBundle] = []
        if let (key, bundleNode) = node("resource_bundles", "resource_bundle") {
            for pair in try document.mapping(bundleNode, what(key)) {
                let name = try document.key(pair)
                bundles.append(ResourceBundle(name: name, patterns: try patterns(pair.value, what("\(key).\(name)"), folderMeans: nil)))
            }
        }
        var settings: [String: String] = [:]
        for key in ["pod_target_xcconfig", "xcconfig"] {
            guard let settingsNode = fields[key], !settingsNode.isNull else { continue }
            for pair in try document.mapping(settingsNode, what(key)) {
                let name = try document.key(pair)
                let value = try strings(pair.value, what("\(key).\(name)")).joined(separator: " ")
                if settings[name] == nil { settings[name] = value }
            }
        }
        var withoutARC = false
        var uncarried: [String] = []
        if let arcNode = fields["requires_arc"], !arcNode.isNull {
            if let flag = arcNode.scalarValue, flag == "false" || flag == "true" {
                withoutARC = flag == "false"
            } else {
                uncarried.append("requires_arc (for some files)")
            }
        }
        for key in ["prepare_command", "script_phases", "script_phase", "on_demand_resources", "user_target_xcconfig"] where node(key) != nil {
            uncarried.append(key)
        }
        if let (_, mapNode) = node("module_map"), mapNode.scalarValue != "false" { uncarried.append("module_map") }
        return BuildAttributes(
            sourceFiles: sourceFiles,
            excludeFiles: try globs("exclude_files") ?? [],
            publicHeaderFiles: try globs("public_header_files"),
            privateHeaderFiles: (try globs("private_header_files") ?? []) + (try globs("project_header_files") ?? []),
            headerDir: try folder(node("header_dir"), what),
            headerMappingsDir: try folder(node("header_mappings_dir"), what),
            resources: try globs("resources", "resource") ?? [],
            resourceBundles: bundles,
            vendoredFrameworks: try globs("vendored_frameworks", "vendored_framework") ?? [],
            vendoredLibraries: try globs("vendored_libraries", "vendored_library") ?? [],
            frameworks: try names("frameworks", "framework"),
            weakFrameworks: try names("weak_frameworks", "weak_framework"),
            libraries: try names("libraries", "library"),
            compilerFlags: try names("compiler_flags").flatMap(BuildSettingsWords.words(of:)),
            buildSettings: settings,
            withoutARC: withoutARC,
            uncarried: uncarried)
    }

    /// Each platform's part (`"ios": {"frameworks": ...}`), by platform (`macos` read as `osx`).
    package func platformAttributes(
        _ fields: [String: YAMLNode], naming what: @escaping (String) -> YAMLFieldSubject
    ) throws(MalformedInputError) -> [String: BuildAttributes] {
        var result: [String: BuildAttributes] = [:]
        for key in Self.platformKeys {
            guard let node = fields[key], !node.isNull else { continue }
            var part: [String: YAMLNode] = [:]
            for pair in try document.mapping(node, what(key)) { part[try document.key(pair)] = pair.value }
            let platform = Platform(name: key, deploymentTarget: nil).name
            let attributes = try attributes(part) { what("\(key).\($0)") }
            result[platform] = result[platform].map { $0.adding(attributes) } ?? attributes
        }
        return result
    }

    private func text(_ found: (String, YAMLNode)?, _ what: (String) -> YAMLFieldSubject) throws(MalformedInputError) -> String? {
        guard let (key, node) = found else { return nil }
        return try document.scalar(node, what(key))
    }

    /// `header_dir` or `header_mappings_dir`: a folder inside the package, never absolute or climbing out with `..`.
    private func folder(_ found: (String, YAMLNode)?, _ what: (String) -> YAMLFieldSubject) throws(MalformedInputError) -> String? {
        guard let text = try text(found, what), let (key, node) = found else { return nil }
        if text.hasPrefix("/") || text.split(separator: "/").contains("..") {
            throw document.error(node, .folderOutsidePackage(what(key), value: text))
        }
        return text
    }

    /// A string or a list of strings.
    func strings(_ node: YAMLNode, _ what: YAMLFieldSubject) throws(MalformedInputError) -> [String] {
        if let single = node.scalarValue { return [single] }
        guard let items = node.sequenceItems else {
            throw document.error(node, .notAStringOrList(what, found: node.valueKind))
        }
        var result: [String] = []
        for item in items { result.append(try document.scalar(item, .itemOf(what))) }
        return result
    }

    /// A pattern or a list of patterns; `folderMeans` is what a pattern ending in `/` stands for inside that folder.
    package func patterns(_ node: YAMLNode, _ what: YAMLFieldSubject, folderMeans: String?) throws(MalformedInputError) -> [SourceFileGlob] {
        var items: [(String, YAMLNode)] = []
        if let single = node.scalarValue {
            items = [(single, node)]
        } else if let list = node.sequenceItems {
            for item in list { items.append((try document.scalar(item, .patternOf(what)), item)) }
        } else {
            throw document.error(node, .notAStringOrList(what, found: node.valueKind))
        }
        var globs: [SourceFileGlob] = []
        for (pattern, patternNode) in items {
            let meant = pattern.hasSuffix("/") ? pattern + (folderMeans ?? "**/*") : pattern
            do {
                globs.append(try SourceFileGlob(meant))
            } catch {
                throw MalformedInputError(file: document.file, at: patternNode, .sourceFileGlob(error, in: what))
            }
        }
        return globs
    }
}
