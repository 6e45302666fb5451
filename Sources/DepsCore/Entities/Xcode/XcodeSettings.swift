/// The Depsfile's `xcode:` section (BEHAVIOUR 15): which Xcode projects deps wires `Deps/` into,
/// the linkage of the products, and which packages each app target links.
public struct XcodeSettings: Sendable, Hashable {
    /// The projects, relative to the Depsfile's folder, as written (`App.xcodeproj`).
    public let projects: [String]
    public let linkage: ProductLinkage
    /// The targets in the order written.
    public let targets: [XcodeTargetRequest]

    public init(projects: [String], linkage: ProductLinkage = .automatic, targets: [XcodeTargetRequest]) {
        self.projects = projects
        self.linkage = linkage
        self.targets = targets
    }

    /// The targets of one project.
    public func targets(of project: String) -> [XcodeTargetRequest] {
        targets.filter { ($0.project ?? projects.first) == project }
    }
}

/// How `Deps/Package.swift` declares each library product: SwiftPM's choice (`automatic`),
/// or always a framework (`dynamic`, a Podfile's `use_frameworks!`) or a static library.
public enum ProductLinkage: String, Sendable, Hashable, CaseIterable {
    case automatic
    case dynamic
    case `static`
}

/// One entry of `xcode: targets:`: an Xcode target and the packages it links.
public struct XcodeTargetRequest: Sendable, Hashable {
    /// The project the target is in, as `projects` names it; nil when there is only one.
    public let project: String?
    public let name: String
    /// The platform the target builds for; nil takes the Depsfile's `platform:`.
    public let platform: Platform?
    /// The packages (or subspecs) it links, as written.
    public let packages: [PackageName]
    /// The Depsfile line the entry is on (0 when not read from a file).
    public let line: Int

    public init(project: String? = nil, name: String, platform: Platform? = nil, packages: [PackageName], line: Int = 0) {
        self.project = project
        self.name = name
        self.platform = platform
        self.packages = packages
        self.line = line
    }

    /// The products it links: one per package, a subspec linking its package's.
    public var products: [String] {
        Array(Set(packages.map(\.root.description))).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }
}

extension XcodeSettings {
    /// Whether a target builds for a platform other than the Depsfile's: only then does a
    /// package's platform depend on which targets link it.
    public func hasTargetPlatforms(besides platform: Platform?) -> Bool {
        targets.contains { $0.platform != nil && $0.platform != platform }
    }

    /// The platforms each package of `lockfile` is built for (BEHAVIOUR 15): those of the targets
    /// that link it, directly or through the packages they link; `platform` (the Depsfile's) for
    /// a target that names none. A package no target links is left out (it takes the Depsfile's).
    public func platformsByPackage(in lockfile: Lockfile, platform: Platform?) -> [PackageName: [Platform]] {
        var dependencies: [PackageName: Set<PackageName>] = [:]
        for package in lockfile.packages {
            dependencies[package.name.root, default: []].formUnion(package.dependencies.map(\.name.root))
        }
        var platforms: [PackageName: [Platform]] = [:]
        for target in targets {
            guard let targetPlatform = target.platform ?? platform else { continue }
            var reached: Set<PackageName> = []
            var pending = target.packages.map(\.root)
            while let name = pending.popLast() {
                guard reached.insert(name).inserted else { continue }
                pending += dependencies[name] ?? []
            }
            for name in reached where !(platforms[name] ?? []).contains(targetPlatform) {
                platforms[name, default: []].append(targetPlatform)
            }
        }
        return platforms.mapValues { $0.sorted { $0.description < $1.description } }
    }
}
