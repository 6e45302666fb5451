extension Podfile {
    /// The Depsfile's `xcode:` this Podfile becomes (BEHAVIOUR 15): each concrete target that has
    /// pods, with the pods CocoaPods links into it (inheritance as `inherit!` says), its project
    /// (`project`, else `defaultProject`, the one `.xcodeproj` beside the Podfile), its platform where
    /// it is not the Depsfile's, and one linkage for every product (`dynamic` wins where targets
    /// disagree, with a warning at the line that lost). Nil when no project is known or no target
    /// has pods.
    public func xcodeSettings(defaultProject: String?) -> (settings: XcodeSettings?, warnings: [PodfileWarning]) {
        let listing = Dictionary(targetListing.map { ($0.target, $0.pods) }, uniquingKeysWith: { first, _ in first })
        var requests: [(project: String, target: PodfileTarget, pods: [PackageName])] = []
        for target in concreteTargets {
            guard let pods = listing[target.name], !pods.isEmpty,
                  let project = target.project.map(Self.projectPath) ?? defaultProject else { continue }
            requests.append((project, target, pods))
        }
        guard !requests.isEmpty else { return (nil, []) }
        var projects: [String] = []
        for request in requests where !projects.contains(request.project) { projects.append(request.project) }

        let linkages = Set(requests.map { $0.target.linkage ?? .automatic })
        let linkage: ProductLinkage = linkages.contains(.dynamic) ? .dynamic : linkages.contains(.static) ? .static : .automatic
        var warnings: [PodfileWarning] = []
        for request in requests {
            let own = request.target.linkage ?? .automatic
            guard own != linkage else { continue }
            let line = request.target.linkageLine ?? request.target.line
            let warning = PodfileWarning(line: line, .linkage(dropped: own, kept: linkage))
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        let targets = requests.map { request in
            XcodeTargetRequest(
                project: projects.count == 1 ? nil : request.project, name: request.target.name,
                platform: request.target.platform == platform ? nil : request.target.platform, packages: request.pods)
        }
        return (XcodeSettings(projects: projects, linkage: linkage, targets: targets), warnings)
    }

    /// A Podfile's `project 'App'` as a path: CocoaPods adds `.xcodeproj` when it is missing.
    static func projectPath(_ written: String) -> String {
        var path = written
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasPrefix("./") { path.removeFirst(2) }
        return path.hasSuffix(".xcodeproj") ? path : path + ".xcodeproj"
    }
}

extension Podfile {
    /// The workspace CocoaPods made: the `workspace` line's (with `.xcworkspace` added when
    /// missing), else the first project's name beside the Podfile (`App.xcodeproj`: `App.xcworkspace`).
    public func workspacePath(projects: [String]) -> String? {
        if var path = workspace {
            while path.hasSuffix("/") { path.removeLast() }
            return path.hasSuffix(".xcworkspace") ? path : path + ".xcworkspace"
        }
        guard let project = projects.first?.split(separator: "/").last else { return nil }
        return project.dropLast(".xcodeproj".count) + ".xcworkspace"
    }
}
