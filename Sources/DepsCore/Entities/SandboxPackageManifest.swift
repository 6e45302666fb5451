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

/// One package (or subspec) as the sandbox's Swift package holds it (BEHAVIOUR 8.4): a library
/// product named after the package, a target named after its module, the files its spec's
/// `source_files` match and the modules it uses. Which of those files SwiftPM builds, and what it
/// must be told to leave out, are SwiftPM's rules, applied where `Deps/Package.swift` is written.
public struct SwiftPackageTarget: Sendable, Hashable {
    public let name: PackageName
    public let product: String
    public let module: String
    public let folder: SandboxFolder
    /// The `source_files` patterns as the spec gives them, for messages: `Sources/**/*.swift`.
    public let patterns: String
    /// Every file of the folder, relative to it.
    public let files: [String]
    /// The files the spec's `source_files` match, sorted.
    public let matchedFiles: [String]
    /// The modules of the package's dependencies, sorted.
    public let dependencies: [String]

    /// The target for a spec whose code holds `files` (relative paths).
    public init(specification: Specification, folder: SandboxFolder, files: [String], dependencyModules: [String]) {
        self.init(
            name: specification.name, module: specification.moduleName, sourceFiles: specification.sourceFiles,
            folder: folder, files: files, dependencyModules: dependencyModules)
    }

    /// A target for a package or one of its subspecs (`Moya/Core`, module `Moya_Core`).
    public init(
        name: PackageName, module: String, sourceFiles: [SourceFileGlob], folder: SandboxFolder, files: [String],
        dependencyModules: [String]
    ) {
        self.name = name
        product = name.description
        self.module = module
        self.folder = folder
        patterns = sourceFiles.map(\.description).joined(separator: ", ")
        self.files = files
        matchedFiles = files.filter { file in sourceFiles.contains { $0.matches(file) } }.sorted()
        dependencies = dependencyModules.sorted()
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

    public init(name: PackageName, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(MessageText.escaped(message))" }
}
