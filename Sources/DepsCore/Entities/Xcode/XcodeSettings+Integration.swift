import DepsFailures

extension XcodeSettings {
    /// The projects' integration for `lockfile`: each target's products, checked first. A
    /// package a target names must be a dependency of the Depsfile or a package the lock holds;
    /// a target must be one of its project's (`targetNames`, by project). Every problem is
    /// reported at once, with the Depsfile line and, for a target, the closest name.
    ///
    /// - Parameters:
    ///   - sandboxFolder: the sandbox's folder name, relative to the Depsfile (`Deps`).
    ///   - withoutProducts: packages `Deps/Package.swift` declares no product for (a tool pod),
    ///     which a target names but does not link.
    public func integration(
        dependencies: [Dependency], lockfile: Lockfile?, targetNames: [String: [String]], sandboxFolder: String,
        withoutProducts: Set<PackageName> = []
    ) throws(XcodeSettingsError) -> XcodeIntegration {
        var known = Set(dependencies.map(\.name.root))
        for package in lockfile?.packages ?? [] { known.insert(package.name.root) }
        var problems: [XcodeSettingsError.Problem] = []
        for target in targets {
            let project = target.project ?? projects[0]
            if let names = targetNames[project], !names.contains(target.name) {
                problems.append(.unknownTarget(
                    project: project, target: target.name, line: target.line, projectTargets: names,
                    closest: SpellingSuggestion.closest(to: target.name, among: names, limit: 1).first))
            }
            for package in target.packages where !known.contains(package.root) {
                problems.append(.unknownPackage(target: target.name, package: package, line: target.line))
            }
        }
        guard problems.isEmpty else { throw XcodeSettingsError(problems: problems) }
        let unlinked = Set(withoutProducts.map(\.description))
        return XcodeIntegration(projects: projects.map { project in
            XcodeProjectIntegration(
                path: project, packagePath: Self.path(of: sandboxFolder, fromFolderOf: project),
                targets: targets(of: project).map { target in
                    XcodeTargetIntegration(
                        name: target.name, products: target.products.filter { !unlinked.contains($0) })
                })
        })
    }

    /// `folder` (relative to the Depsfile) as seen from the folder holding `project`: `Deps` for
    /// `App.xcodeproj`, `../Deps` for `WooCommerce/WooCommerce.xcodeproj`.
    static func path(of folder: String, fromFolderOf project: String) -> String {
        let depth = project.split(separator: "/").filter { $0 != "." }.count - 1
        return String(repeating: "../", count: max(0, depth)) + folder
    }
}

/// The Depsfile's `xcode:` names what the lock or the projects do not have (exit status 65).
public struct XcodeSettingsError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let problems: [Problem]

    public init(problems: [Problem]) {
        self.problems = problems
    }

    public enum Problem: Sendable, Equatable {
        /// The project has no target of this name; its targets, and the closest one.
        case unknownTarget(project: String, target: String, line: Int, projectTargets: [String], closest: String?)
        /// A target links a package that is neither a Depsfile dependency nor locked.
        case unknownPackage(target: String, package: PackageName, line: Int)
    }
}
