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
    ///   - swiftPackageProducts: the library products of each locked Swift package; a target names
    ///     one as `PACKAGE/PRODUCT`, or the package alone for all of them.
    public func integration(
        dependencies: [Dependency], lockfile: Lockfile?, targetNames: [String: [String]], sandboxFolder: String,
        withoutProducts: Set<PackageName> = [], swiftPackageProducts: [PackageName: [String]] = [:]
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
            for package in target.packages {
                guard let products = swiftPackageProducts[package.root], let product = package.subspec, !products.contains(product) else { continue }
                problems.append(.unknownProduct(target: target.name, package: package.root, product: product, line: target.line, products: products))
            }
        }
        guard problems.isEmpty else { throw XcodeSettingsError(problems: problems) }
        let unlinked = Set(withoutProducts.map(\.description))
        return XcodeIntegration(projects: projects.map { project in
            XcodeProjectIntegration(
                path: project, packagePath: Self.path(of: sandboxFolder, fromFolderOf: project),
                targets: targets(of: project).map { target in
                    // A Swift package's products are linked from the package itself, not from Deps/.
                    var packageProducts: [XcodePackageProduct] = []
                    var swiftPackages: Set<String> = []
                    for package in target.packages {
                        // A registry's package has no remote reference Xcode reads yet: it is linked by neither.
                        if lockfile?.externalSources[package.root]?.isSwiftPackage == true { swiftPackages.insert(package.root.description) }
                        guard let source = lockfile?.externalSources[package.root], let url = source.swiftPackageURL,
                              let locked = lockfile?.version(ofRoot: package.root) else { continue }
                        // A package on a branch or a revision is referenced at its locked commit.
                        let revision = source.swiftPackageReference == nil ? nil : lockfile?.checkoutOptions[package.root]?.commit
                        if source.swiftPackageReference != nil, revision == nil { continue }
                        let version = revision.map { Version(standingFor: "\(locked) (revision \($0))") } ?? locked
                        swiftPackages.insert(package.root.description)
                        for product in package.subspec.map({ [$0] }) ?? swiftPackageProducts[package.root] ?? []
                        where !packageProducts.contains(where: { $0.url == url && $0.product == product }) {
                            packageProducts.append(XcodePackageProduct(url: url, version: version, product: product, revision: revision))
                        }
                    }
                    return XcodeTargetIntegration(
                        name: target.name, products: target.products.filter { !unlinked.contains($0) && !swiftPackages.contains($0) },
                        packageProducts: packageProducts)
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
        /// A target links a product (`PACKAGE/PRODUCT`) a locked Swift package does not have; its products.
        case unknownProduct(target: String, package: PackageName, product: String, line: Int, products: [String])
    }
}
