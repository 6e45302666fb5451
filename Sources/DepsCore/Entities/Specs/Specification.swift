/// One version of a package as a spec repository describes it.
public struct Specification: Sendable, Hashable {
    public let name: PackageName
    public let version: Version
    public let summary: String?
    public let homepage: String?
    public let license: String?
    /// Where the package's code is fetched from; nil when the spec does not say.
    public let codeSource: CodeSource?
    /// The packages this version needs, sorted by name.
    public let dependencies: [Dependency]
    /// The SHA-256 (hex) of the spec file's bytes, recorded in the lockfile.
    public let checksum: String
    /// Which files are the package's sources (`source_files`), relative to its folder.
    public let sourceFiles: [SourceFileGlob]
    /// The Swift module's name (`module:`), else the package's name made into one.
    public let moduleName: String
    /// The spec's subspecs (BEHAVIOUR 2.4), in the spec's order.
    public let subspecs: [Subspec]
    /// The subspecs a dependency on the package alone means; empty means all of them.
    public let defaultSubspecs: [String]
    /// The platforms the version supports, with each one's lowest deployment target (nil when
    /// none is given); empty means every platform (BEHAVIOUR 9).
    public let platforms: [String: Version?]
    /// Dependencies that apply only on one platform (`"ios": {"dependencies": ...}`).
    public let platformDependencies: [String: [Dependency]]
    /// What the spec itself says about building the package (BEHAVIOUR 8.4); its `sourceFiles`
    /// are nil unless the spec names them (`sourceFiles` above holds the default).
    public let build: BuildAttributes
    /// What one platform's part says about building, by platform (`osx`, not `macos`).
    public let platformBuild: [String: BuildAttributes]
    /// The library products of a Swift package (BEHAVIOUR 16), which a pod that depends on it
    /// links; empty for a pod.
    public let libraryProducts: [SwiftPackageManifest.Product]

    public init(
        name: PackageName,
        version: Version,
        summary: String? = nil,
        homepage: String? = nil,
        license: String? = nil,
        codeSource: CodeSource? = nil,
        dependencies: [Dependency] = [],
        checksum: String,
        sourceFiles: [SourceFileGlob]? = nil,
        moduleName: String? = nil,
        subspecs: [Subspec] = [],
        defaultSubspecs: [String] = [],
        platforms: [String: Version?] = [:],
        platformDependencies: [String: [Dependency]] = [:],
        build: BuildAttributes? = nil,
        platformBuild: [String: BuildAttributes] = [:],
        libraryProducts: [SwiftPackageManifest.Product] = []
    ) {
        self.name = name
        self.libraryProducts = libraryProducts
        self.version = version
        self.summary = summary
        self.homepage = homepage
        self.license = license
        self.codeSource = codeSource
        self.dependencies = dependencies.sorted { $0.name < $1.name }
        self.checksum = checksum
        self.sourceFiles = sourceFiles ?? SourceFileGlob.defaults
        // CocoaPods names the module after `header_dir` when the spec gives one and no `module_name`.
        let headerDir = build?.headerDir.map(PackageBuild.folderPath)
        self.moduleName = moduleName ?? headerDir.flatMap { $0.isEmpty ? nil : ModuleName.identifier(from: $0) }
            ?? ModuleName.defaultName(for: name)
        self.subspecs = subspecs
        self.defaultSubspecs = defaultSubspecs
        self.platforms = platforms
        self.platformDependencies = platformDependencies
        self.build = build ?? BuildAttributes(sourceFiles: sourceFiles)
        self.platformBuild = platformBuild
    }
}

/// A part of a package that can be depended on alone (`Moya/Core`, BEHAVIOUR 2.4), with its own
/// dependencies (which may name siblings) and sources. Nested subspecs are kept in `subspecs`.
public struct Subspec: Sendable, Hashable {
    /// The part after the slash: `Core`.
    public let name: String
    public let dependencies: [Dependency]
    /// Its own `source_files`; nil when it gives none.
    public let sourceFiles: [SourceFileGlob]?
    public let platformDependencies: [String: [Dependency]]
    public let subspecs: [Subspec]
    /// What the subspec says about building (its `source_files` among them).
    public let build: BuildAttributes
    /// What one platform's part of the subspec says about building, by platform.
    public let platformBuild: [String: BuildAttributes]

    /// The dependencies that apply on `platform`: its own, and that platform's.
    public func dependencies(on platform: Platform?) -> [Dependency] {
        withPlatformDependencies(dependencies, platformDependencies, on: platform)
    }

    public init(
        name: String, dependencies: [Dependency] = [], sourceFiles: [SourceFileGlob]? = nil,
        platformDependencies: [String: [Dependency]] = [:], subspecs: [Subspec] = [],
        build: BuildAttributes? = nil, platformBuild: [String: BuildAttributes] = [:]
    ) {
        self.name = name
        self.dependencies = dependencies.sorted { $0.name < $1.name }
        self.sourceFiles = sourceFiles ?? build?.sourceFiles
        self.platformDependencies = platformDependencies
        self.subspecs = subspecs
        self.build = build ?? BuildAttributes(sourceFiles: sourceFiles)
        self.platformBuild = platformBuild
    }
}

/// The platform a Depsfile builds for (`platform: ios 15.0`), as a Podfile's `platform :ios, '15.0'`.
public struct Platform: Sendable, Hashable, CustomStringConvertible {
    /// `ios`, `osx`, `tvos`, `watchos`, `visionos` (CocoaPods' names; `macos` is read as `osx`).
    public let name: String
    public let deploymentTarget: Version?

    /// The names a Depsfile's `platform:` and a podspec's `platforms` may use.
    public static let names = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    public init(name: String, deploymentTarget: Version?) {
        let lower = name.lowercased()
        self.name = lower == "macos" ? "osx" : lower
        self.deploymentTarget = deploymentTarget
    }

    public var description: String {
        deploymentTarget.map { "\(name) \($0)" } ?? name
    }
}

extension Specification {
    /// Whether this version can be used on `platform` (nil: every version can): the spec lists
    /// no platforms, or lists this one with a deployment target no higher than the platform's.
    public func supports(_ platform: Platform?) -> Bool {
        guard let platform, !platforms.isEmpty else { return true }
        guard let entry = platforms[platform.name] else { return false }
        guard let needed = entry, let target = platform.deploymentTarget else { return true }
        return needed <= target
    }

    /// The dependencies that apply on `platform`: the spec's own, and that platform's.
    public func dependencies(on platform: Platform?) -> [Dependency] {
        withPlatformDependencies(dependencies, platformDependencies, on: platform)
    }

    /// The named subspec (`Core`), or a nested one by its path (`SQLCipher/Standard`).
    public func subspec(named name: String) -> Subspec? {
        subspecPath(named: name)?.last
    }

    /// The subspecs from the first level down to the named one (`SQLCipher`, then `Standard`);
    /// nil when there is no such subspec.
    public func subspecPath(named name: String) -> [Subspec]? {
        var level = subspecs
        var path: [Subspec] = []
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard let subspec = level.first(where: { $0.name == part }) else { return nil }
            path.append(subspec)
            level = subspec.subspecs
        }
        return path.isEmpty ? nil : path
    }

    /// Whether two specs of one version (spelt two ways) ask for the same thing: dependencies of
    /// the same meaning, the same subspecs with the same dependencies, the same platform ones.
    public func agreesOnDependencies(with other: Specification) -> Bool {
        func same(_ x: [Dependency], _ y: [Dependency]) -> Bool {
            x.count == y.count && zip(x, y).allSatisfy { $0.hasSameMeaning(as: $1) }
        }
        func samePlatforms(_ x: [String: [Dependency]], _ y: [String: [Dependency]]) -> Bool {
            x.keys.sorted() == y.keys.sorted() && x.allSatisfy { same($0.value, y[$0.key] ?? []) }
        }
        return same(dependencies, other.dependencies) && samePlatforms(platformDependencies, other.platformDependencies)
            && subspecs.map(\.name) == other.subspecs.map(\.name)
            && zip(subspecs, other.subspecs).allSatisfy { same($0.dependencies, $1.dependencies) }
    }

    /// The subspecs a dependency on the whole package brings: `default_subspecs`, else all.
    /// CocoaPods' `default_subspecs: :none` (`none`, unless a subspec has that name) means none.
    public var defaultSubspecNames: [String] {
        if defaultSubspecs == ["none"] && subspec(named: "none") == nil { return [] }
        return defaultSubspecs.isEmpty ? subspecs.map(\.name) : defaultSubspecs
    }
}

/// Dependencies with those of `platform` added, sorted by name, for a spec or a subspec.
private func withPlatformDependencies(
    _ dependencies: [Dependency], _ platformDependencies: [String: [Dependency]], on platform: Platform?
) -> [Dependency] {
    guard let platform, let specific = platformDependencies[platform.name], !specific.isEmpty else { return dependencies }
    return (dependencies + specific).sorted { $0.name < $1.name }
}
