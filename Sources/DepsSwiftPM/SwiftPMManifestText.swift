import DepsCore

/// `Deps/Package.swift`'s text: SwiftPM's spelling of what each installed package builds
/// (BEHAVIOUR 8.4). Stable for the same manifest, so an unchanged sandbox gives the same bytes.
struct SwiftPMManifestText {
    let manifest: SandboxPackageManifest

    /// SwiftPM's own lowest deployment targets for tools 5.9; a spec asking no more is not listed.
    static let swiftPMFloors: [String: String] = ["ios": "12.0", "osx": "10.13", "tvos": "12.0", "watchos": "4.0", "visionos": "1.0"]
    static let platformNames: [String: String] = ["ios": "iOS", "osx": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]
    static let cStandards = ["c89", "gnu89", "c90", "iso9899:1990", "iso9899:199409", "gnu90", "c99", "iso9899:1999", "gnu99",
                             "c11", "iso9899:2011", "gnu11", "c17", "iso9899:2017", "gnu17"]
    static let cxxStandards = ["c++98", "c++03", "gnu++98", "gnu++03", "c++11", "gnu++11", "c++14", "gnu++14", "c++17", "gnu++17",
                               "c++20", "gnu++20"]

    var text: String {
        var text = """
            // swift-tools-version:5.9
            // Written by deps from Depsfile.lock: one library per installed package.
            // deps install and deps update rewrite this file; edit the Depsfile instead.
            import PackageDescription

            let package = Package(
                name: "Deps",

            """
        let platforms = platformList
        if !platforms.isEmpty { text += "    platforms: [\(platforms.joined(separator: ", "))],\n" }
        text += "    products: [\n"
        for package in manifest.packages {
            let modules = manifest.modules(of: package.name)
            guard !modules.isEmpty else { continue }
            text += "        .library(name: \(literal(package.name.description)),\(linkageType) targets: [\(modules.map(literal).joined(separator: ", "))]),\n"
        }
        text += "    ],\n"
        if !manifest.swiftPackages.isEmpty {
            text += "    dependencies: [\n"
            for package in manifest.swiftPackages {
                if let revision = package.revision {
                    text += "        .package(url: \(literal(package.url)), revision: \(literal(revision))),\n"
                    continue
                }
                text += package.isFromRegistry
                    ? "        .package(id: \(literal(package.packageIdentity)), exact: \(literal(package.version.description))),\n"
                    : "        .package(url: \(literal(package.url)), exact: \(literal(package.version.description))),\n"
            }
            text += "    ],\n"
        }
        text += "    targets: [\n"
        for package in manifest.packages {
            if let cFamily = package.cFamily { text += cTarget(package, cFamily) }
            if !package.swiftSources.isEmpty { text += swiftTarget(package) }
            for resourceTarget in package.resourceTargets { text += self.resourceTarget(resourceTarget, of: package) }
            for binary in package.binaries where binary.isTarget {
                text += "        .binaryTarget(name: \(literal(binary.module)), path: \(literal(codePath(package) + "/" + binary.path))),\n"
            }
        }
        text += "    ]"
        let (c, cxx) = languageStandards
        if let c { text += ",\n    cLanguageStandard: .\(c)" }
        if let cxx { text += ",\n    cxxLanguageStandard: .\(cxx)" }
        text += "\n)\n"
        return text
    }

    /// ` type: .dynamic,` or ` type: .static,` as the Depsfile's `xcode: linkage:` asks; nothing for SwiftPM's own choice.
    var linkageType: String {
        switch manifest.linkage {
        case .automatic: ""
        case .dynamic: " type: .dynamic,"
        case .static: " type: .static,"
        }
    }

    /// Where a package's code is, relative to `Deps/`.
    func codePath(_ package: PackageBuild) -> String {
        switch package.folder {
        case let .fetched(name): name.description
        case let .inPlace(name, _): "\(SwiftPMIntegration.localFolder)/\(name)"
        }
    }

    /// The main target's modules of a package's dependencies, as `dependencies:` names them.
    func dependencyModules(_ package: PackageBuild) -> [String] {
        package.dependencies.flatMap { manifest.modules(of: $0) }.sorted()
    }

    /// `.product(name:package:)` for each library product of the Swift packages a package depends on.
    func packageProducts(_ package: PackageBuild) -> [String] {
        manifest.swiftPackages.filter { package.dependencies.contains($0.identity) }.flatMap { pin in
            pin.products.map { ".product(name: \(literal($0.name)), package: \(literal(pin.packageIdentity)))" }
        }
    }

    private func swiftTarget(_ package: PackageBuild) -> String {
        var dependencies = dependencyModules(package) + package.resourceTargets.map(\.module)
        var flags = package.swiftFlags
        if let cModule = package.cFamilyModule {
            dependencies.insert(cModule, at: 0)
            // CocoaPods builds one module, so the Swift half uses the C-family half without importing it.
            flags += ["-Xfrontend", "-import-module", "-Xfrontend", cModule]
        }
        let resources = package.resources
        var text = "        .target(\n"
        text += "            name: \(literal(package.module)),\n"
        text += "            dependencies: \(list(dependencies, then: packageProducts(package), indent: 12)),\n"
        text += "            path: \(literal(codePath(package))),\n"
        text += "            exclude: \(list(TargetExclusions.paths(of: package.files, keeping: Set(package.swiftSources + resources.map(\.path))), indent: 12)),\n"
        text += "            sources: \(list(package.swiftSources, indent: 12))"
        if !resources.isEmpty { text += ",\n            resources: \(resourceList(resources, prefix: ""))" }
        var settings = package.swiftConditions.map { define($0) }
        if !flags.isEmpty { settings.append(".unsafeFlags(\(list(flags, indent: 16)))") }
        settings += frameworkSearchFlags(package)
        if !settings.isEmpty { text += ",\n            swiftSettings: \(settingsList(settings))" }
        let linker = linkerSettings(package)
        if !linker.isEmpty { text += ",\n            linkerSettings: \(settingsList(linker))" }
        return text + "\n        ),\n"
    }

    private func cTarget(_ package: PackageBuild, _ cFamily: CFamilyPart) -> String {
        let module = package.cFamilyModule ?? package.module
        let isMain = package.swiftSources.isEmpty
        let code = TargetLayout.codeLink + "/"
        let resources = isMain ? package.resources : []
        let kept = Set(cFamily.sources + resources.map(\.path))
        var sources = cFamily.sources.map { code + $0 }
        if sources.isEmpty { sources = [TargetLayout.placeholderSource] }
        var text = "        .target(\n"
        text += "            name: \(literal(module)),\n"
        let ownResources = isMain ? package.resourceTargets.map(\.module) : []
        text += "            dependencies: \(list(dependencyModules(package) + ownResources, then: packageProducts(package), indent: 12)),\n"
        text += "            path: \(literal(TargetLayout.folder + "/" + module)),\n"
        text += "            exclude: \(list(TargetExclusions.paths(of: package.files, keeping: kept).map { code + $0 }, indent: 12)),\n"
        text += "            sources: \(list(sources, indent: 12)),\n"
        if !resources.isEmpty { text += "            resources: \(resourceList(resources, prefix: code)),\n" }
        text += "            publicHeadersPath: \(literal(TargetLayout.publicFolder))"
        var settings = [".headerSearchPath(\(literal(TargetLayout.privateFolder)))"]
        settings += package.headerSearchPaths.map { path in
            path.hasPrefix("../") ? ".headerSearchPath(\(literal("../../" + path.dropFirst(3))))"
                : ".headerSearchPath(\(literal(path == "." ? TargetLayout.codeLink : code + path)))"
        }
        // CocoaPods lets a pod include its dependencies' public headers by name alone too.
        for dependency in package.dependencies {
            guard let build = manifest.packages.first(where: { $0.name == dependency }), let part = build.cFamily,
                  let dependencyModule = build.cFamilyModule, !part.headerDirectory.isEmpty else { continue }
            settings.append(".headerSearchPath(\(literal("../\(dependencyModule)/\(TargetLayout.publicFolder)/\(part.headerDirectory)")))")
        }
        settings += package.defines.map { define($0) }
        if !package.cFlags.isEmpty { settings.append(".unsafeFlags(\(list(package.cFlags, indent: 16)))") }
        settings += frameworkSearchFlags(package)
        text += ",\n            cSettings: \(settingsList(settings))"
        let linker = isMain ? linkerSettings(package) : []
        if !linker.isEmpty { text += ",\n            linkerSettings: \(settingsList(linker))" }
        return text + "\n        ),\n"
    }

    /// A bundle of its own for one `resource_bundles` entry: a C target of an empty source file
    /// (SwiftPM builds no target without one) whose resources are the bundle's files.
    private func resourceTarget(_ target: ResourceTarget, of package: PackageBuild) -> String {
        let code = TargetLayout.codeLink + "/"
        let kept = Set(target.resources.map(\.path))
        var text = "        .target(\n"
        text += "            name: \(literal(target.module)),\n"
        text += "            path: \(literal(TargetLayout.folder + "/" + target.module)),\n"
        text += "            exclude: \(list(TargetExclusions.paths(of: package.files, keeping: kept).map { code + $0 }, indent: 12)),\n"
        text += "            sources: \(list([TargetLayout.placeholderSource], indent: 12)),\n"
        text += "            resources: \(resourceList(target.resources, prefix: code))\n"
        return text + "        ),\n"
    }

    /// `.define("NAME", to: "1", .when(platforms: [.iOS]))`.
    private func define(_ define: Define) -> String {
        var text = ".define(\(literal(define.name))"
        if let value = define.value { text += ", to: \(literal(value))" }
        if let condition = condition(define.platforms) { text += ", \(condition)" }
        return text + ")"
    }

    private func condition(_ platforms: [String]) -> String? {
        let names = platforms.compactMap { Self.platformNames[$0] }
        guard !names.isEmpty else { return nil }
        return ".when(platforms: [\(names.map { "." + $0 }.joined(separator: ", "))])"
    }

    /// Frameworks, libraries and the vendored binaries that are not targets of their own.
    private func linkerSettings(_ package: PackageBuild) -> [String] {
        var settings: [String] = []
        for item in package.linked {
            let kind = item.kind == .framework ? "linkedFramework" : "linkedLibrary"
            settings.append(".\(kind)(\(literal(item.name))\(condition(item.platforms).map { ", " + $0 } ?? ""))")
        }
        for binary in package.binaries where !binary.isTarget {
            let folder = parent(of: binary.path)
            let location = "Context.packageDirectory + \(literal("/" + codePath(package) + (folder.isEmpty ? "" : "/" + folder)))"
            switch binary.kind {
            case .framework: settings.append(".unsafeFlags([\"-F\", \(location), \"-framework\", \(literal(binary.binaryName))])")
            case .staticLibrary:
                settings.append(".unsafeFlags([\"-L\", \(location)])")
                settings.append(".linkedLibrary(\(literal(binary.binaryName)))")
            case .xcframework: break
            }
        }
        return settings
    }

    /// `-F` for the folders of vendored `.framework`s, so their headers and modules are found.
    private func frameworkSearchFlags(_ package: PackageBuild) -> [String] {
        package.binaries.filter { $0.kind == .framework }.map { binary in
            let folder = parent(of: binary.path)
            return ".unsafeFlags([\"-F\", Context.packageDirectory + \(literal("/" + codePath(package) + (folder.isEmpty ? "" : "/" + folder)))])"
        }
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private func resourceList(_ resources: [BuildResource], prefix: String) -> String {
        let items = resources.map { resource in
            resource.isFolder ? ".copy(\(literal(prefix + resource.path)))" : ".process(\(literal(prefix + resource.path)))"
        }
        return settingsList(items, indent: 12)
    }

    /// `platforms:`: each deployment target above SwiftPM's own.
    var platformList: [String] {
        manifest.platforms.keys.sorted().compactMap { name in
            guard let swiftPMName = Self.platformNames[name], let version = manifest.platforms[name] else { return nil }
            if let floor = Self.swiftPMFloors[name], let lowest = try? Version(floor), version <= lowest { return nil }
            return ".\(swiftPMName)(\(literal(version.description)))"
        }
    }

    /// The highest C and C++ standards any package asks for, as SwiftPM names them.
    var languageStandards: (String?, String?) {
        func highest(_ asked: [String], among known: [String]) -> String? {
            asked.compactMap { known.firstIndex(of: $0.lowercased()) }.max().map { known[$0] }
        }
        let c = highest(manifest.packages.compactMap(\.cLanguageStandard), among: Self.cStandards)
        let cxx = highest(manifest.packages.compactMap(\.cxxLanguageStandard), among: Self.cxxStandards)
        return (c.map(Self.swiftPMName(ofC:)), cxx.map(Self.swiftPMName(ofCxx:)))
    }

    static func swiftPMName(ofC standard: String) -> String {
        switch standard {
        case "iso9899:1990": "iso9899_1990"
        case "iso9899:199409": "iso9899_199409"
        case "iso9899:1999": "iso9899_1999"
        case "iso9899:2011": "iso9899_2011"
        case "iso9899:2017": "iso9899_2018"
        case "c17": "c17"
        case "gnu17": "gnu17"
        default: standard
        }
    }

    static func swiftPMName(ofCxx standard: String) -> String {
        // `c++17` as SwiftPM's `cxx17`, `gnu++14` as `gnucxx14`.
        standard.replacing("c++", with: "cxx").replacing("++", with: "cxx")
    }

    private func settingsList(_ items: [String], indent: Int = 12) -> String {
        let pad = String(repeating: " ", count: indent + 4)
        return "[\n" + items.map { pad + $0 + ",\n" }.joined() + String(repeating: " ", count: indent) + "]"
    }

    /// `items` as string literals, then `expressions` as written, on one line when short.
    func list(_ items: [String], then expressions: [String] = [], indent: Int) -> String {
        let all = items.map(literal) + expressions
        guard !all.isEmpty else { return "[]" }
        // The length of the names themselves, quotes left out.
        if all.count <= 3 && (items + expressions).reduce(0, { $0 + $1.count }) < 60 {
            return "[" + all.joined(separator: ", ") + "]"
        }
        let pad = String(repeating: " ", count: indent + 4)
        return "[\n" + all.map { pad + $0 + ",\n" }.joined() + String(repeating: " ", count: indent) + "]"
    }

    /// A Swift string literal: quotes, backslashes and control characters escaped.
    func literal(_ text: String) -> String {
        SwiftPMIntegration.literal(text)
    }
}
