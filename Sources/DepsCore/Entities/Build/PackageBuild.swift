/// What one installed package builds (BEHAVIOUR 8.4), worked out from its spec, the subspecs it
/// is used through, the Depsfile's platform and the files of its code: one module as CocoaPods
/// names it, its sources (split into a C-family and a Swift half where it has both), public and
/// private headers, resources, binaries and settings. A build integration spells it out:
/// `Deps/Package.swift` is one spelling.
public struct PackageBuild: Sendable, Hashable {
    public let name: PackageName
    /// The module code imports: `import SDWebImage`, `#import <SDWebImage/SDWebImage.h>`.
    public let module: String
    public let folder: SandboxFolder
    /// Every file of the package's folder, relative to it, sorted.
    public let files: [String]
    /// The Swift sources; empty when the package has none.
    public let swiftSources: [String]
    /// The C-family half, when the package has C, C++, Objective-C or header files.
    public let cFamily: CFamilyPart?
    /// Files and folders copied into the module's resources (`resources`, `resource_bundles`).
    public let resources: [BuildResource]
    /// `resource_bundles` built as bundles of their own, each a target the module depends on.
    public let resourceTargets: [ResourceTarget]
    /// `vendored_frameworks` and `vendored_libraries`.
    public let binaries: [VendoredBinary]
    /// Frameworks and libraries linked (`frameworks`, `weak_frameworks`, `libraries`).
    public let linked: [LinkedItem]
    /// Preprocessor definitions for the C-family half.
    public let defines: [Define]
    /// Swift compilation conditions.
    public let swiftConditions: [Define]
    /// Flags for the C-family compiler that no setting expresses (`compiler_flags`, `-fno-objc-arc`).
    public let cFlags: [String]
    /// Flags for the Swift compiler that no setting expresses.
    public let swiftFlags: [String]
    /// More folders to find headers in, relative to the package's folder (`HEADER_SEARCH_PATHS`);
    /// a path starting `../` names another installed package's folder.
    public let headerSearchPaths: [String]
    /// C and C++ language standards the spec asks for (`gnu11`, `c++17`).
    public let cLanguageStandard: String?
    public let cxxLanguageStandard: String?
    /// The lowest OS version each platform needs, as the spec says (`ios` 12.0).
    public let deploymentTargets: [String: Version]
    /// The packages it uses (their root names), sorted.
    public let dependencies: [PackageName]
    /// What the spec asks that no build integration can carry.
    public let warnings: [BuildWarning]

    public init(
        name: PackageName, module: String, folder: SandboxFolder, files: [String], swiftSources: [String],
        cFamily: CFamilyPart?, resources: [BuildResource] = [], resourceTargets: [ResourceTarget] = [],
        binaries: [VendoredBinary] = [], linked: [LinkedItem] = [],
        defines: [Define] = [], swiftConditions: [Define] = [], cFlags: [String] = [], swiftFlags: [String] = [],
        headerSearchPaths: [String] = [], cLanguageStandard: String? = nil, cxxLanguageStandard: String? = nil,
        deploymentTargets: [String: Version] = [:], dependencies: [PackageName] = [], warnings: [BuildWarning] = []
    ) {
        self.name = name
        self.module = module
        self.folder = folder
        self.files = files.sorted()
        self.swiftSources = swiftSources.sorted()
        self.cFamily = cFamily
        self.resources = resources.sorted { $0.path < $1.path }
        self.resourceTargets = resourceTargets.sorted { $0.module < $1.module }
        self.binaries = binaries.sorted { $0.path < $1.path }
        self.linked = linked
        self.defines = defines
        self.swiftConditions = swiftConditions
        self.cFlags = cFlags
        self.swiftFlags = swiftFlags
        self.headerSearchPaths = headerSearchPaths
        self.cLanguageStandard = cLanguageStandard
        self.cxxLanguageStandard = cxxLanguageStandard
        self.deploymentTargets = deploymentTargets
        self.dependencies = Array(Set(dependencies)).sorted()
        self.warnings = warnings
    }

    /// The C-family half's module when the package also has Swift sources (`RxCocoa_ObjC`), else
    /// the package's module.
    public var cFamilyModule: String? {
        guard let cFamily else { return nil }
        guard !swiftSources.isEmpty else { return module }
        return module + (cFamily.isObjectiveC ? "_ObjC" : "_C")
    }

    /// The modules the package's product is made of: the Swift half, the C-family half, binaries.
    public var modules: [String] {
        var modules: [String] = []
        if !swiftSources.isEmpty { modules.append(module) }
        if let cFamilyModule { modules.append(cFamilyModule) }
        return modules + binaries.filter(\.isTarget).map(\.module)
    }
}

/// The C, C++ and Objective-C part of a package.
public struct CFamilyPart: Sendable, Hashable {
    /// Files compiled (`.c`, `.m`, `.mm`, `.cpp`, ...), sorted.
    public let sources: [String]
    /// Every header the package builds with, sorted: what its own sources find by name.
    public let headers: [String]
    /// The headers other modules include, each with the path it is included as
    /// (`SDWebImage/SDWebImage.h`), sorted by that path.
    public let publicHeaders: [PublicHeader]
    /// The folder its headers are included from (`header_dir`, else the module).
    public let headerDirectory: String

    public init(sources: [String], headers: [String], publicHeaders: [PublicHeader], headerDirectory: String) {
        self.sources = sources.sorted()
        self.headers = headers.sorted()
        self.publicHeaders = publicHeaders.sorted { $0.includedAs < $1.includedAs }
        self.headerDirectory = headerDirectory
    }

    public var isObjectiveC: Bool {
        sources.contains { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }
    }
}

/// A public header: its file, and the path code includes it as (`<SDWebImage/SDWebImage.h>`).
public struct PublicHeader: Sendable, Hashable {
    public let file: String
    public let includedAs: String

    public init(file: String, includedAs: String) {
        self.file = file
        self.includedAs = includedAs
    }
}

/// A file or folder among a module's resources.
public struct BuildResource: Sendable, Hashable {
    public let path: String
    /// A folder (a `.bundle`, an asset catalog) is kept as it is; a file is processed.
    public let isFolder: Bool

    public init(path: String, isFolder: Bool) {
        self.path = path
        self.isFolder = isFolder
    }
}

/// A `resource_bundles` entry built as a bundle of its own: a target holding only its resources
/// (SwiftPM makes one bundle per target), which the package's module depends on.
public struct ResourceTarget: Sendable, Hashable {
    /// The bundle's name in the spec (`GTMSessionFetcher_Full_Privacy`).
    public let bundle: String
    /// The target's name.
    public let module: String
    public let resources: [BuildResource]

    public init(bundle: String, module: String, resources: [BuildResource]) {
        self.bundle = bundle
        self.module = module
        self.resources = resources.sorted { $0.path < $1.path }
    }
}

/// A prebuilt binary the package ships.
public struct VendoredBinary: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case xcframework, framework, staticLibrary
    }

    public let path: String
    public let kind: Kind
    /// The binary's own name: `Kit` for `Frameworks/Kit.xcframework`, `z` for `libz.a`.
    public let binaryName: String
    /// The module of a binary target (an `.xcframework`): its name, unless the package's own
    /// module has that name.
    public let module: String

    public init(path: String, kind: Kind, binaryName: String, module: String) {
        self.path = path
        self.kind = kind
        self.binaryName = binaryName
        self.module = module
    }

    /// An `.xcframework` is a target of its own; a `.framework` or a library is linked by flags.
    public var isTarget: Bool { kind == .xcframework }
}

/// A framework or library to link, on every platform or on some.
public struct LinkedItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case framework, library }

    public let kind: Kind
    public let name: String
    /// The platforms it is linked on; empty means all.
    public let platforms: [String]

    public init(kind: Kind, name: String, platforms: [String] = []) {
        self.kind = kind
        self.name = name
        self.platforms = platforms
    }
}

/// A preprocessor definition or Swift compilation condition (`FOO`, `FOO=1`), on every platform or on some.
public struct Define: Sendable, Hashable {
    public let name: String
    public let value: String?
    public let platforms: [String]

    public init(name: String, value: String? = nil, platforms: [String] = []) {
        self.name = name
        self.value = value
        self.platforms = platforms
    }
}

/// Something a spec asks that deps does not carry into the build, named for a warning.
public struct BuildWarning: Sendable, Hashable {
    public let name: PackageName
    /// The attribute: `prepare_command`, `pod_target_xcconfig OTHER_LDFLAGS`.
    public let attribute: String
    /// Why it is left out.
    public let reason: Reason

    /// Why an attribute is not carried into the build; DepsPresenters words it.
    public enum Reason: Sendable, Hashable {
        /// A command or a script phase (`prepare_command`, `script_phases`): deps runs none.
        case notRun
        /// A path setting that names no folder of an installed package.
        case namesNoInstalledFolder
        /// A header search path that is no folder of the package's own code.
        case notAFolderOfItsCode
        /// A setting or flag SwiftPM has no spelling for.
        case noSwiftPMSetting
        /// A setting that applies on one platform of several the package builds for.
        case onePlatformOnly
        /// A resource whose file name another resource of the target (`other`) already has.
        case resourceNameTaken(name: String, other: String)
    }

    public init(name: PackageName, attribute: String, reason: Reason) {
        self.name = name
        self.attribute = attribute
        self.reason = reason
    }
}
