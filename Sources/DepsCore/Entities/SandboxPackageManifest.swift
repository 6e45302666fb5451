/// Where a package's code is for the build: its folder in the sandbox, or a folder used in place.
public enum SandboxFolder: Sendable, Hashable {
    case fetched(PackageName)
    /// A path relative to the project directory (or absolute).
    case inPlace(PackageName, path: String)

    public var name: PackageName {
        switch self {
        case let .fetched(name), let .inPlace(name, _): name
        }
    }
}

/// One package as SwiftPM builds it from the sandbox (BEHAVIOUR 8.4): a library product named
/// after the package, a target named after its module, its sources and the modules it uses.
public struct SwiftPackageTarget: Sendable, Hashable {
    public let product: String
    public let module: String
    public let folder: SandboxFolder
    /// The source files, relative to the folder, sorted.
    public let sources: [String]
    /// Files and folders that are not sources, excluded so that SwiftPM does not warn about them.
    public let excluded: [String]
    /// The modules of the package's dependencies, sorted.
    public let dependencies: [String]

    static let swiftExtensions: Set<String> = ["swift"]
    static let cFamilyExtensions: Set<String> = ["c", "m", "mm", "cc", "cpp", "cxx", "s", "S"]

    /// The target for a spec whose code holds `files` (relative paths): the files its
    /// `source_files` match that are Swift or C-family sources.
    public init(
        specification: Specification, folder: SandboxFolder, files: [String], dependencyModules: [String]
    ) throws(SandboxIntegrationError) {
        try self.init(
            name: specification.name, module: specification.moduleName, sourceFiles: specification.sourceFiles,
            folder: folder, files: files, dependencyModules: dependencyModules)
    }

    /// A target for a package or one of its subspecs (`Moya/Core`, module `Moya_Core`).
    public init(
        name: PackageName, module: String, sourceFiles: [SourceFileGlob], folder: SandboxFolder, files: [String],
        dependencyModules: [String]
    ) throws(SandboxIntegrationError) {
        let matched = files.filter { file in sourceFiles.contains { $0.matches(file) } }.sorted()
        let sources = matched.filter { Self.isSource($0) }
        let patterns = sourceFiles.map(\.description).joined(separator: ", ")
        guard !sources.isEmpty else {
            throw SandboxIntegrationError(
                name: name, message: "source_files '\(patterns)' matches no Swift or C-family source file in its code")
        }
        let swift = sources.filter { Self.swiftExtensions.contains(Self.fileExtension($0)) }
        if !swift.isEmpty && swift.count != sources.count {
            throw SandboxIntegrationError(
                name: name,
                message: "source_files '\(patterns)' matches both Swift and C-family sources (\(swift[0]) and "
                    + "\(sources.first { !swift.contains($0) }!)), which SwiftPM cannot build in one target")
        }
        product = name.description
        self.module = module
        self.folder = folder
        self.sources = sources
        self.dependencies = dependencyModules.sorted()
        excluded = Self.exclusions(of: files, keeping: Set(sources))
    }

    static func fileExtension(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    static func isSource(_ path: String) -> Bool {
        let ext = fileExtension(path)
        return swiftExtensions.contains(ext) || cFamilyExtensions.contains(ext)
    }

    /// The fewest paths that exclude every file but the sources: a folder that holds no source is
    /// excluded whole, otherwise its non-source files one by one.
    static func exclusions(of files: [String], keeping sources: Set<String>) -> [String] {
        var foldersWithSources: Set<String> = [""]
        for source in sources {
            var parts = source.split(separator: "/").dropLast()
            while !parts.isEmpty {
                foldersWithSources.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        var excluded: Set<String> = []
        for file in files where !sources.contains(file) {
            let parts = file.split(separator: "/").map(String.init)
            var prefix = ""
            var chosen = file
            for part in parts.dropLast() {
                let candidate = prefix.isEmpty ? part : prefix + "/" + part
                if !foldersWithSources.contains(candidate) {
                    chosen = candidate
                    break
                }
                prefix = candidate
            }
            excluded.insert(chosen)
        }
        return excluded.sorted()
    }
}

/// A library product of the sandbox: a package (or subspec) and the targets it is made of.
public struct SwiftPackageProduct: Sendable, Hashable {
    public let name: String
    public let targets: [String]

    public init(name: String, targets: [String]) {
        self.name = name
        self.targets = targets
    }
}

/// The sandbox as one Swift package (`Deps/Package.swift`): a target per installed package or
/// subspec, and a product per target, plus one per package used whole whose subspecs make it.
public struct SandboxPackageManifest: Sendable, Hashable {
    public let targets: [SwiftPackageTarget]
    public let products: [SwiftPackageProduct]

    public init(targets: [SwiftPackageTarget], wholePackages: [SwiftPackageProduct] = []) {
        self.targets = targets.sorted { ($0.folder.name, $0.product) < ($1.folder.name, $1.product) }
        products = (self.targets.map { SwiftPackageProduct(name: $0.product, targets: [$0.module]) } + wholePackages)
            .sorted { a, b in
                guard let x = try? PackageName(a.name), let y = try? PackageName(b.name) else { return a.name < b.name }
                return x < y
            }
    }
}

/// A package the sandbox holds but SwiftPM could not build as its spec describes it.
public struct SandboxIntegrationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: PackageName
    public let message: String

    public var description: String { "\(name): \(MessageText.escaped(message))" }
}
