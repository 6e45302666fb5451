import DepsCore
import DepsYAML
import DepsFailures

/// The Depsfile's `xcode:` section (BEHAVIOUR 15), read into `XcodeSettings` and written back.
enum XcodeSection {
    static let keys = ["project", "linkage", "targets"]
    static let targetKeys = ["platform", "packages"]

    static func decode(_ node: YAMLNode, codec: DepsfileCodec, _ document: YAMLDocument) throws(MalformedInputError) -> XcodeSettings {
        let fields = try document.fields(try document.mapping(node, "`xcode:`"), known: keys, in: "`xcode:`")
        guard let projectNode = fields["project"] else {
            throw document.error(node, "`xcode:` needs `project:`, the Xcode project to integrate (e.g. `project: App.xcodeproj`)")
        }
        var projects: [String] = []
        let projectNodes = projectNode.sequenceItems ?? [projectNode]
        for item in projectNodes {
            let project = try document.location(try document.scalar(item, "an Xcode project"), at: item, "an Xcode project")
            guard project.hasSuffix(".xcodeproj"), project.count > ".xcodeproj".count else {
                throw document.error(item, "invalid Xcode project '\(project)'; expected the path of an `.xcodeproj` folder, relative to the Depsfile")
            }
            guard !project.hasPrefix("/"), !project.split(separator: "/").contains("..") else {
                throw document.error(item, "invalid Xcode project '\(project)'; it must be inside the Depsfile's folder, written relative to it")
            }
            guard !projects.contains(project) else { throw document.error(item, "Xcode project '\(project)' is listed twice") }
            projects.append(project)
        }
        guard !projects.isEmpty else { throw document.error(projectNode, "`xcode: project:` names no project") }

        var linkage = ProductLinkage.automatic
        if let node = fields["linkage"], !node.isNull {
            let text = try document.scalar(node, "`linkage:`")
            guard let known = ProductLinkage(rawValue: text) else {
                throw document.error(node, "invalid linkage '\(text)'; expected one of: \(ProductLinkage.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            linkage = known
        }

        var targets: [XcodeTargetRequest] = []
        for pair in try document.mapping(fields["targets"] ?? YAMLNode(.null), "`xcode: targets:`") {
            let key = try document.key(pair)
            let (project, name) = try target(key, projects: projects, at: pair.key, document)
            guard !targets.contains(where: { $0.project == project && $0.name == name }) else {
                throw document.error(pair.key, "target '\(key)' is listed twice in `xcode: targets:`")
            }
            var platform: Platform?
            var packagesNode = pair.value
            if let pairs = pair.value.mappingPairs {
                let fields = try document.fields(pairs, known: targetKeys, in: "target '\(key)'")
                if let node = fields["platform"], !node.isNull {
                    platform = try codec.platform(node, .xcodeTarget(key), document)
                }
                packagesNode = fields["packages"] ?? YAMLNode(.null)
            }
            var packages: [PackageName] = []
            for item in try document.sequence(packagesNode, "the packages of target '\(key)'") {
                let package = try document.packageName(try document.scalar(item, "a package of target '\(key)'"), at: item)
                guard !packages.contains(package) else {
                    throw document.error(item, "\(package) is listed twice for target '\(key)'")
                }
                packages.append(package)
            }
            targets.append(XcodeTargetRequest(
                project: projects.count == 1 ? nil : project, name: name, platform: platform, packages: packages, line: pair.key.mark.line))
        }
        return XcodeSettings(projects: projects, linkage: linkage, targets: targets)
    }

    /// A target's key: its name with one project; `PROJECT/NAME` with several.
    private static func target(
        _ key: String, projects: [String], at node: YAMLNode, _ document: YAMLDocument
    ) throws(MalformedInputError) -> (project: String, name: String) {
        if projects.count == 1 {
            guard !key.isEmpty, !key.contains("/") else {
                throw document.error(node, "invalid target name '\(key)' in `xcode: targets:`")
            }
            return (projects[0], key)
        }
        for project in projects where key.hasPrefix(project + "/") {
            let name = String(key.dropFirst(project.count + 1))
            if !name.isEmpty, !name.contains("/") { return (project, name) }
        }
        throw document.error(
            node, "target '\(key)' names none of the projects; with several projects write `PROJECT/TARGET`, e.g. `\(projects[0])/\(key.split(separator: "/").last.map(String.init) ?? key)`")
    }

    /// The section as `DepsfileCodec.encode` writes it.
    static func node(_ settings: XcodeSettings) -> YAMLNode {
        var pairs: [(String, YAMLNode)] = []
        pairs.append(("project", settings.projects.count == 1 ? .scalar(settings.projects[0]) : .sequence(settings.projects.map { .scalar($0) })))
        pairs.append(("linkage", .scalar(settings.linkage.rawValue)))
        pairs.append(("targets", .mapping(settings.targets.map { target in
            let key = settings.projects.count == 1 ? target.name : "\(target.project ?? settings.projects[0])/\(target.name)"
            let packages = YAMLNode.sequence(target.packages.map { .scalar($0.description) })
            guard let platform = target.platform else { return (key, packages) }
            return (key, .mapping([("platform", .scalar(platform.description)), ("packages", packages)]))
        })))
        return .mapping(pairs)
    }
}
