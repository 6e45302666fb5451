import DepsCore
import DepsYAML
import DepsFailures

/// The Depsfile's `xcode:` section (BEHAVIOUR 15), read into `XcodeSettings` and written back.
enum XcodeSection {
    static let keys = ["project", "linkage", "targets"]
    static let targetKeys = ["platform", "packages"]

    static func decode(_ node: YAMLNode, codec: DepsfileCodec, _ document: YAMLDocument) throws(MalformedInputError) -> XcodeSettings {
        let fields = try document.fields(try document.mapping(node, .xcode), known: keys, in: .xcode)
        guard let projectNode = fields["project"] else {
            throw document.error(node, XcodeSectionProblem.noProjectKey)
        }
        var projects: [String] = []
        let projectNodes = projectNode.sequenceItems ?? [projectNode]
        for item in projectNodes {
            let project = try document.location(try document.scalar(item, .xcodeProject), at: item, .xcodeProject)
            guard project.hasSuffix(".xcodeproj"), project.count > ".xcodeproj".count else {
                throw document.error(item, XcodeSectionProblem.projectNotXcodeproj(project))
            }
            guard !project.hasPrefix("/"), !project.split(separator: "/").contains("..") else {
                throw document.error(item, XcodeSectionProblem.projectOutsideFolder(project))
            }
            guard !projects.contains(project) else { throw document.error(item, XcodeSectionProblem.projectListedTwice(project)) }
            projects.append(project)
        }
        guard !projects.isEmpty else { throw document.error(projectNode, XcodeSectionProblem.noProject) }

        var linkage = ProductLinkage.automatic
        if let node = fields["linkage"], !node.isNull {
            let text = try document.scalar(node, .linkage)
            guard let known = ProductLinkage(rawValue: text) else {
                throw document.error(node, XcodeSectionProblem.invalidLinkage(text, known: ProductLinkage.allCases.map(\.rawValue)))
            }
            linkage = known
        }

        var targets: [XcodeTargetRequest] = []
        for pair in try document.mapping(fields["targets"] ?? YAMLNode(.null), .xcodeTargets) {
            let key = try document.key(pair)
            let (project, name) = try target(key, projects: projects, at: pair.key, document)
            guard !targets.contains(where: { $0.project == project && $0.name == name }) else {
                throw document.error(pair.key, XcodeSectionProblem.targetListedTwice(key))
            }
            var platform: Platform?
            var packagesNode = pair.value
            if let pairs = pair.value.mappingPairs {
                let fields = try document.fields(pairs, known: targetKeys, in: .xcodeTarget(key))
                if let node = fields["platform"], !node.isNull {
                    platform = try codec.platform(node, .xcodeTarget(key), document)
                }
                packagesNode = fields["packages"] ?? YAMLNode(.null)
            }
            var packages: [PackageName] = []
            for item in try document.sequence(packagesNode, .packagesOfXcodeTarget(key)) {
                let package = try document.packageName(try document.scalar(item, .packageOfXcodeTarget(key)), at: item)
                guard !packages.contains(package) else {
                    throw document.error(item, XcodeSectionProblem.packageListedTwice(package, target: key))
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
                throw document.error(node, XcodeSectionProblem.invalidTargetName(key))
            }
            return (projects[0], key)
        }
        for project in projects where key.hasPrefix(project + "/") {
            let name = String(key.dropFirst(project.count + 1))
            if !name.isEmpty, !name.contains("/") { return (project, name) }
        }
        throw document.error(node, XcodeSectionProblem.targetNamesNoProject(key, firstProject: projects[0]))
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
