extension PackageBuild {
    static let swiftExtensions: Set<String> = ["swift"]
    static let compiledExtensions: Set<String> = ["c", "m", "mm", "cc", "cpp", "cxx", "c++", "s", "S"]
    static let headerExtensions: Set<String> = ["h", "hh", "hpp", "hxx", "ipp", "tpp", "inl", "inc", "def"]

    /// What a package builds, as CocoaPods builds its pod target: one module holding the files of
    /// the spec and of every subspec it is used through (with their nested subspecs), each spec's
    /// `source_files` minus its `exclude_files`, with the Depsfile's platform's part of each spec
    /// added (without a platform, a platform's frameworks, libraries and definitions apply on it
    /// alone, and its files are not used).
    ///
    /// - Parameters:
    ///   - subspecs: the subspecs used, each as its path below the package (`["Core"]`,
    ///     `["UI", "Button"]`); a package used by its name alone is given its default subspecs.
    ///   - files: every file of the package's code, relative to its folder.
    ///   - contents: a file's bytes, to see whether C-family code uses the Swift half.
    public init(
        specification: Specification, subspecs: [[String]], platform: Platform?, folder: SandboxFolder, files: [String],
        contents: (String) -> [UInt8]?
    ) throws(SandboxIntegrationError) {
        let name = specification.name
        let module = specification.moduleName
        let parts = Self.contributingParts(of: specification, subspecs: subspecs, platform: platform)
        let fileSet = Set(files)
        let folders = Self.folders(of: files)
        let headerFiles = files.filter { Self.headerExtensions.contains(Self.fileExtension($0)) }
        // Each path split once, for the many patterns it is matched against.
        let paths = files.map(SourceFileGlob.Path.init)
        let headerPaths = Dictionary(uniqueKeysWithValues: zip(files, paths).filter { Self.headerExtensions.contains(Self.fileExtension($0.0)) }.map { ($0.0, $0.1) })

        var swiftSources: Set<String> = []
        var compiled: Set<String> = []
        var headers: Set<String> = []
        var publicHeaders: [String: PublicHeader] = [:]
        var resources = ResourceSet()
        var bundledPaths: [String: [String]] = [:]
        var binaries: [String: VendoredBinary.Kind] = [:]
        var settings = BuildSettingsReading()
        var uncarried: [(String, BuildWarning.Reason)] = []
        var headerDirectory = module
        var dependencies = Set(specification.dependencies(on: platform).map(\.name.root))

        for part in parts {
            let attributes = part.attributes
            // A pattern that names a folder (no wildcard) takes, as CocoaPods reads it, the source
            // files directly in it (`source_files`, header attributes) or everything below it (`exclude_files`).
            let excludedFolders = attributes.excludeFiles.compactMap(Self.literalFolder).map { $0 + "/" }
            let sourceFolders = Set((attributes.sourceFiles ?? []).compactMap(Self.literalFolder))
            let excluded = { (file: String, path: SourceFileGlob.Path) in
                attributes.excludeFiles.contains { $0.matches(path) } || excludedFolders.contains { file.hasPrefix($0) }
            }
            let own = zip(files, paths).filter { file, path in
                ((attributes.sourceFiles ?? []).contains { $0.matches(path) }
                    || (Self.isCompiledOrHeader(file) && sourceFolders.contains(Self.parent(of: file))))
                    && !excluded(file, path)
            }.map(\.0)
            for file in own {
                let ext = Self.fileExtension(file)
                if Self.swiftExtensions.contains(ext) { swiftSources.insert(file) }
                if Self.compiledExtensions.contains(ext) { compiled.insert(file) }
            }
            let ownHeaders = own.filter { Self.headerExtensions.contains(Self.fileExtension($0)) }
            headers.formUnion(ownHeaders)
            let headerMatches = { (globs: [SourceFileGlob], file: String) in
                let path = headerPaths[file] ?? SourceFileGlob.Path(file)
                return globs.contains { $0.matches(path) || Self.literalFolder($0) == Self.parent(of: file) }
            }
            // CocoaPods makes every header public when `public_header_files` matches none.
            var publicOnes = attributes.publicHeaderFiles.map { globs in
                headerFiles.filter { file in headerMatches(globs, file) && !excluded(file, headerPaths[file]!) }
            } ?? []
            if publicOnes.isEmpty { publicOnes = ownHeaders }
            headers.formUnion(publicOnes)
            publicOnes.removeAll { file in headerMatches(attributes.privateHeaderFiles, file) }
            let directory = part.headerDir.map(Self.folderPath) ?? module
            if part.isRoot || part.headerDir != nil { headerDirectory = directory }
            for file in publicOnes {
                let includedAs = Self.folderPath(directory + "/" + Self.mapped(file, below: part.headerMappingsDir))
                if publicHeaders[includedAs] == nil { publicHeaders[includedAs] = PublicHeader(file: file, includedAs: includedAs) }
            }
            for pattern in attributes.resources {
                for path in Self.matchedPaths(pattern, files: files, folders: folders) {
                    if let problem = resources.add(path, isFolder: !fileSet.contains(path)) { uncarried.append(("resources \(path)", problem)) }
                }
            }
            for bundle in attributes.resourceBundles {
                for pattern in bundle.patterns {
                    bundledPaths[bundle.name, default: []] += Self.matchedPaths(pattern, files: files, folders: folders)
                }
            }
            for pattern in attributes.vendoredFrameworks {
                for path in Self.matchedPaths(pattern, files: files, folders: folders) {
                    if path.hasSuffix(".xcframework") { binaries[path] = .xcframework }
                    if path.hasSuffix(".framework") { binaries[path] = .framework }
                }
            }
            for pattern in attributes.vendoredLibraries {
                for path in files where pattern.matches(path) && (path.hasSuffix(".a") || path.hasSuffix(".dylib")) {
                    binaries[path] = .staticLibrary
                }
            }
            let on = part.settingsPlatforms
            settings.linked += attributes.frameworks.map { LinkedItem(kind: .framework, name: $0, platforms: on) }
            settings.linked += attributes.weakFrameworks.map { LinkedItem(kind: .framework, name: $0, platforms: on) }
            settings.linked += attributes.libraries.map { Self.linkedLibrary(Self.libraryName($0), platforms: on) }
            settings.readCompilerFlags(attributes.compilerFlags, platforms: on)
            settings.read(attributes.buildSettings, attribute: "pod_target_xcconfig", platforms: on)
            if attributes.withoutARC { settings.cFlags.append("-fno-objc-arc") }
            uncarried += attributes.uncarried.map { ($0, .notRun) }
            dependencies.formUnion(part.dependencies.map(\.root))
        }
        dependencies.remove(name)
        let relativeSearchPaths = settings.headerSearchPaths.filter { !$0.hasPrefix("../") }
        let foreignSearchPaths = settings.headerSearchPaths.filter { $0.hasPrefix("../") }
        let missing = relativeSearchPaths.filter { $0 != "." && !folders.contains($0) }
        uncarried += missing.map { ("pod_target_xcconfig HEADER_SEARCH_PATHS \($0)", .notAFolderOfItsCode) }

        let swift = swiftSources.sorted()
        let compiledSources = compiled.sorted()
        var cFamily: CFamilyPart?
        if !compiledSources.isEmpty || (swift.isEmpty && !headers.isEmpty) {
            cFamily = CFamilyPart(
                sources: compiledSources, headers: headers.sorted(), publicHeaders: Array(publicHeaders.values),
                headerDirectory: headerDirectory)
        }
        // A package that names no file builds nothing (an umbrella of its dependencies, as
        // `Firebase` is); one whose patterns match nothing it can build is refused.
        let patterns = parts.flatMap { $0.attributes.sourceFiles ?? [] }.map(\.description)
        if swift.isEmpty && cFamily == nil && binaries.isEmpty && !patterns.isEmpty {
            throw SandboxIntegrationError(name: name, .sourcesMatchNothing(patterns: patterns))
        }
        if !swift.isEmpty, !compiledSources.isEmpty {
            // CocoaPods builds one module of both; SwiftPM builds one language per target, so the
            // C-family half becomes a module of its own, which must not use the Swift half.
            let swiftHeader = "\(module)-Swift.h"
            if let user = (compiledSources + headers.sorted()).first(where: { file in
                contents(file).map { String(decoding: $0, as: UTF8.self).contains(swiftHeader) } ?? false
            }) {
                throw SandboxIntegrationError(name: name, .languagesUseEachOther(file: user, swiftHeader: swiftHeader, swiftFile: swift[0]))
            }
        }
        // Each `resource_bundles` entry joins the module's resources, unless a file of it has the
        // name of one already there (GTMSessionFetcher's Core and Full each have a
        // PrivacyInfo.xcprivacy): SwiftPM keeps one resource of a name per bundle, so that bundle
        // becomes a resource target of its own, and each keeps its files at its bundle's root.
        var resourceTargets: [ResourceTarget] = []
        let takenNames = Set([module, module + "_ObjC", module + "_C"])
        for (bundle, paths) in bundledPaths.sorted(by: { $0.key < $1.key }) {
            var seen: Set<String> = []
            let unique = paths.filter { seen.insert($0).inserted }
            if !unique.contains(where: { resources.collides($0) }) {
                for path in unique {
                    if let problem = resources.add(path, isFolder: !fileSet.contains(path)) {
                        uncarried.append(("resource_bundles \(bundle) \(path)", problem))
                    }
                }
                continue
            }
            var own = ResourceSet()
            for path in unique {
                if let problem = own.add(path, isFolder: !fileSet.contains(path)) { uncarried.append(("resource_bundles \(bundle) \(path)", problem)) }
            }
            var targetName = ModuleName.identifier(from: bundle)
            if takenNames.contains(targetName) { targetName += "_Resources" }
            resourceTargets.append(ResourceTarget(bundle: bundle, module: targetName, resources: Array(own.members)))
        }
        var warnings = uncarried.map { BuildWarning(name: name, attribute: $0.0, reason: $0.1) }
        warnings += settings.uncarried.map { BuildWarning(name: name, attribute: $0.attribute, reason: $0.reason) }
        var seenWarnings: Set<BuildWarning> = []
        warnings = warnings.filter { seenWarnings.insert($0).inserted }

        let takenModules = Set([module, module + "_ObjC", module + "_C"])
        self.init(
            name: name, module: module, folder: folder, files: files, swiftSources: swift, cFamily: cFamily,
            resources: Array(resources.members), resourceTargets: resourceTargets,
            binaries: binaries.map { path, kind in
                let binaryName = Self.binaryName(of: path, kind: kind)
                let binaryModule = takenModules.contains(binaryName) || !ModuleName.isValid(binaryName) ? module + "_" + ModuleName.defaultName(for: (try? PackageName(binaryName)) ?? name) + "_Binary" : binaryName
                return VendoredBinary(path: path, kind: kind, binaryName: binaryName, module: binaryModule)
            },
            linked: Self.unique(settings.linked), defines: Self.unique(settings.defines),
            swiftConditions: Self.unique(settings.swiftConditions), cFlags: settings.cFlags, swiftFlags: settings.swiftFlags,
            headerSearchPaths: Self.unique(relativeSearchPaths.filter { $0 == "." || folders.contains($0) } + foreignSearchPaths),
            cLanguageStandard: settings.cLanguageStandard, cxxLanguageStandard: settings.cxxLanguageStandard,
            deploymentTargets: specification.platforms.compactMapValues { $0 },
            dependencies: Array(dependencies), warnings: warnings)
    }

    /// One spec or subspec whose attributes make the module, with what it inherits.
    struct ContributingPart {
        let attributes: BuildAttributes
        let isRoot: Bool
        let headerDir: String?
        let headerMappingsDir: String?
        let dependencies: [PackageName]
        /// The platforms its settings apply on: empty for every one.
        let settingsPlatforms: [String]
    }

    /// The root spec and every used subspec (with the subspecs on the way to it and those inside
    /// it); without a Depsfile platform, each platform's part is a part of its own whose settings
    /// apply on that platform alone and whose files are not used.
    static func contributingParts(of specification: Specification, subspecs: [[String]], platform: Platform?) -> [ContributingPart] {
        var parts: [ContributingPart] = []
        func add(
            _ build: BuildAttributes, _ platformBuild: [String: BuildAttributes], isRoot: Bool, dependencies: [Dependency],
            inheritedDir: String?, inheritedMappings: String?
        ) -> (String?, String?) {
            let own = platform.flatMap { platformBuild[$0.name] }.map { build.adding($0) } ?? build
            let dir = own.headerDir ?? inheritedDir
            let mappings = own.headerMappingsDir ?? inheritedMappings
            parts.append(ContributingPart(
                attributes: own, isRoot: isRoot, headerDir: dir, headerMappingsDir: mappings, dependencies: dependencies.map(\.name),
                settingsPlatforms: []))
            if platform == nil {
                for key in platformBuild.keys.sorted() {
                    let settingsOnly = platformBuild[key]!
                    parts.append(ContributingPart(
                        attributes: BuildAttributes(
                            frameworks: settingsOnly.frameworks, weakFrameworks: settingsOnly.weakFrameworks,
                            libraries: settingsOnly.libraries, compilerFlags: settingsOnly.compilerFlags,
                            buildSettings: settingsOnly.buildSettings, uncarried: settingsOnly.uncarried),
                        isRoot: false, headerDir: dir, headerMappingsDir: mappings, dependencies: [], settingsPlatforms: [key]))
                }
            }
            return (dir, mappings)
        }
        let rootBuild = specification.subspecs.isEmpty
            ? BuildAttributes(sourceFiles: specification.sourceFiles).merged(into: specification.build)
            : specification.build
        let (rootDir, rootMappings) = add(
            rootBuild, specification.platformBuild, isRoot: true, dependencies: [], inheritedDir: nil, inheritedMappings: nil)

        // Each subspec once, with the header folders it inherits from the one holding it.
        var inherited: [[String]: (String?, String?)] = [[]: (rootDir, rootMappings)]
        @discardableResult
        func addOnce(_ subspec: Subspec, path: [String]) -> (String?, String?) {
            if let known = inherited[path] { return known }
            let (dir, mappings) = inherited[Array(path.dropLast())] ?? (rootDir, rootMappings)
            let result = add(
                subspec.build, subspec.platformBuild, isRoot: false, dependencies: subspec.dependencies(on: platform),
                inheritedDir: dir, inheritedMappings: mappings)
            inherited[path] = result
            return result
        }
        func addWhole(_ subspec: Subspec, path: [String]) {
            addOnce(subspec, path: path)
            for nested in subspec.subspecs { addWhole(nested, path: path + [nested.name]) }
        }
        for path in subspecs.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            var level = specification.subspecs
            for (depth, name) in path.enumerated() {
                guard let subspec = level.first(where: { $0.name == name }) else { break }
                let prefix = Array(path.prefix(depth + 1))
                if depth == path.count - 1 { addWhole(subspec, path: prefix) } else { addOnce(subspec, path: prefix) }
                level = subspec.subspecs
            }
        }
        return parts
    }

    static func fileExtension(_ path: String) -> String {
        // The last name's extension, found in place: this runs for each of a package's files.
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start else { return "" }
        return String(decoding: bytes[bytes.index(after: dot)..<end], as: UTF8.self)
    }

    static func isCompiledOrHeader(_ path: String) -> Bool {
        let ext = fileExtension(path)
        return swiftExtensions.contains(ext) || compiledExtensions.contains(ext) || headerExtensions.contains(ext)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The folders a file is in, innermost first: `a/b` and `a` for `a/b/c.h`.
    static func ancestors(of file: String) -> [String] {
        var result: [String] = []
        var folder = parent(of: file)
        while !folder.isEmpty {
            result.append(folder)
            folder = parent(of: folder)
        }
        return result
    }

    /// Every folder that holds a file, as a relative path.
    static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = []
        for file in files {
            var folder = parent(of: file)
            while !folder.isEmpty, folders.insert(folder).inserted { folder = parent(of: folder) }
        }
        return folders
    }

    /// The files and folders a resource or framework pattern matches: a folder it matches stands
    /// for everything inside (`Assets.xcassets`, `Kit.xcframework`), and nothing below it is
    /// listed again.
    static func matchedPaths(_ pattern: SourceFileGlob, files: [String], folders: Set<String>) -> [String] {
        let matchedFolders = folders.filter { pattern.matches($0) }.sorted()
        let outermost = matchedFolders.filter { folder in !matchedFolders.contains { folder.hasPrefix($0 + "/") } }
        let inside = { (path: String) in outermost.contains { path.hasPrefix($0 + "/") } }
        return outermost + files.filter { pattern.matches($0) && !inside($0) }
    }

    /// A relative path without `.` or empty parts: `./` is the empty path, `a//b/` is `a/b`.
    static func folderPath(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// A header's path as included: below `header_mappings_dir` it keeps its folders, else its name.
    static func mapped(_ file: String, below mappings: String?) -> String {
        if let mappings {
            let prefix = mappings.hasSuffix("/") ? mappings : mappings + "/"
            if prefix == "./" || prefix == "/" { return file }
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Apple's platforms, where CocoaPods' libraries are.
    static let applePlatforms = ["ios", "osx", "tvos", "watchos", "visionos"]

    /// A library to link; `c++` is Apple's C++ standard library, which a build elsewhere has (or
    /// links) under its own name, so it is linked on Apple's platforms alone.
    static func linkedLibrary(_ name: String, platforms: [String]) -> LinkedItem {
        LinkedItem(kind: .library, name: name, platforms: name == "c++" && platforms.isEmpty ? applePlatforms : platforms)
    }

    /// The folder a pattern names when it has no wildcard (`Classes/Public`), nil otherwise.
    static func literalFolder(_ glob: SourceFileGlob) -> String? {
        let text = glob.description
        guard !text.contains(where: { "*?[{".contains($0) }) else { return nil }
        return folderPath(text)
    }

    /// `libz` and `z` are the library `z` (CocoaPods' `libraries` may be written either way).
    static func libraryName(_ text: String) -> String {
        text.hasPrefix("lib") && text.count > 3 ? String(text.dropFirst(3)) : text
    }

    static func binaryName(of path: String, kind: VendoredBinary.Kind) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        switch kind {
        case .xcframework: return String(last.dropLast(".xcframework".count))
        case .framework: return String(last.dropLast(".framework".count))
        case .staticLibrary:
            let base = last.hasSuffix(".a") ? String(last.dropLast(2)) : String(last.dropLast(".dylib".count))
            return libraryName(base)
        }
    }

    static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen: Set<T> = []
        return items.filter { seen.insert($0).inserted }
    }
}

extension BuildAttributes {
    /// These attributes with another's over them where this one gives none (the spec's default
    /// `source_files` with the rest of what it says).
    func merged(into other: BuildAttributes) -> BuildAttributes {
        BuildAttributes(
            sourceFiles: other.sourceFiles ?? sourceFiles, excludeFiles: other.excludeFiles, publicHeaderFiles: other.publicHeaderFiles,
            privateHeaderFiles: other.privateHeaderFiles, headerDir: other.headerDir, headerMappingsDir: other.headerMappingsDir,
            resources: other.resources, resourceBundles: other.resourceBundles, vendoredFrameworks: other.vendoredFrameworks,
            vendoredLibraries: other.vendoredLibraries, frameworks: other.frameworks, weakFrameworks: other.weakFrameworks,
            libraries: other.libraries, compilerFlags: other.compilerFlags, buildSettings: other.buildSettings,
            withoutARC: other.withoutARC, uncarried: other.uncarried)
    }
}

/// A bundle's resources as SwiftPM keeps them: each by its file name, one of a name.
struct ResourceSet {
    private(set) var members: Set<BuildResource> = []
    private var pathsByName: [String: String] = [:]

    static func fileName(of path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Whether another resource of `path`'s file name is already there.
    func collides(_ path: String) -> Bool {
        pathsByName[Self.fileName(of: path)].map { $0 != path } ?? false
    }

    /// Adds the resource; when one of its name is already there, leaves it out and says why.
    mutating func add(_ path: String, isFolder: Bool) -> BuildWarning.Reason? {
        let name = Self.fileName(of: path)
        if let other = pathsByName[name], other != path { return .resourceNameTaken(name: name, other: other) }
        pathsByName[name] = path
        members.insert(BuildResource(path: path, isFolder: isFolder))
        return nil
    }
}
