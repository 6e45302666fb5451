/// What a spec, a subspec or one platform's part of either (`"ios": {...}`) says about building
/// its package, in CocoaPods' attributes (BEHAVIOUR 8.4). Nothing here is interpreted yet:
/// `PackageBuild` turns the attributes of the specs a package is used through into what it builds.
public struct BuildAttributes: Sendable, Hashable {
    /// `source_files` when the spec names them; nil when it does not.
    public let sourceFiles: [SourceFileGlob]?
    public let excludeFiles: [SourceFileGlob]
    /// `public_header_files`; nil means every header the spec builds is public.
    public let publicHeaderFiles: [SourceFileGlob]?
    public let privateHeaderFiles: [SourceFileGlob]
    /// `header_dir`: the folder public headers are included from (`<header_dir/Header.h>`).
    public let headerDir: String?
    /// `header_mappings_dir`: headers keep their folders below it (`<Pod/sub/Header.h>`).
    public let headerMappingsDir: String?
    public let resources: [SourceFileGlob]
    /// `resource_bundles`: a bundle's name and its patterns, sorted by name.
    public let resourceBundles: [ResourceBundle]
    public let vendoredFrameworks: [SourceFileGlob]
    public let vendoredLibraries: [SourceFileGlob]
    public let frameworks: [String]
    public let weakFrameworks: [String]
    public let libraries: [String]
    /// `compiler_flags`, split into words.
    public let compilerFlags: [String]
    /// `pod_target_xcconfig` and `xcconfig` settings, by name (the first given wins).
    public let buildSettings: [String: String]
    /// `requires_arc` when it is `false`: the Objective-C sources are built without ARC.
    public let withoutARC: Bool
    /// Attributes present that no build integration can carry (`prepare_command`, `script_phases`,
    /// `module_map`, ...), by their name, sorted.
    public let uncarried: [String]

    public static let none = BuildAttributes()

    public init(
        sourceFiles: [SourceFileGlob]? = nil, excludeFiles: [SourceFileGlob] = [], publicHeaderFiles: [SourceFileGlob]? = nil,
        privateHeaderFiles: [SourceFileGlob] = [], headerDir: String? = nil, headerMappingsDir: String? = nil,
        resources: [SourceFileGlob] = [], resourceBundles: [ResourceBundle] = [], vendoredFrameworks: [SourceFileGlob] = [],
        vendoredLibraries: [SourceFileGlob] = [], frameworks: [String] = [], weakFrameworks: [String] = [],
        libraries: [String] = [], compilerFlags: [String] = [], buildSettings: [String: String] = [:], withoutARC: Bool = false,
        uncarried: [String] = []
    ) {
        self.sourceFiles = sourceFiles
        self.excludeFiles = excludeFiles
        self.publicHeaderFiles = publicHeaderFiles
        self.privateHeaderFiles = privateHeaderFiles
        self.headerDir = headerDir
        self.headerMappingsDir = headerMappingsDir
        self.resources = resources
        self.resourceBundles = resourceBundles.sorted { $0.name < $1.name }
        self.vendoredFrameworks = vendoredFrameworks
        self.vendoredLibraries = vendoredLibraries
        self.frameworks = frameworks
        self.weakFrameworks = weakFrameworks
        self.libraries = libraries
        self.compilerFlags = compilerFlags
        self.buildSettings = buildSettings
        self.withoutARC = withoutARC
        self.uncarried = uncarried.sorted()
    }

    /// These attributes with one platform's part over them (`"ios": {"frameworks": ...}`): lists
    /// are joined, a single value the platform gives replaces the general one.
    public func adding(_ platform: BuildAttributes) -> BuildAttributes {
        BuildAttributes(
            sourceFiles: platform.sourceFiles.map { (sourceFiles ?? []) + $0 } ?? sourceFiles,
            excludeFiles: excludeFiles + platform.excludeFiles,
            publicHeaderFiles: platform.publicHeaderFiles.map { (publicHeaderFiles ?? []) + $0 } ?? publicHeaderFiles,
            privateHeaderFiles: privateHeaderFiles + platform.privateHeaderFiles,
            headerDir: platform.headerDir ?? headerDir,
            headerMappingsDir: platform.headerMappingsDir ?? headerMappingsDir,
            resources: resources + platform.resources,
            resourceBundles: resourceBundles + platform.resourceBundles,
            vendoredFrameworks: vendoredFrameworks + platform.vendoredFrameworks,
            vendoredLibraries: vendoredLibraries + platform.vendoredLibraries,
            frameworks: frameworks + platform.frameworks,
            weakFrameworks: weakFrameworks + platform.weakFrameworks,
            libraries: libraries + platform.libraries,
            compilerFlags: compilerFlags + platform.compilerFlags,
            buildSettings: buildSettings.merging(platform.buildSettings) { _, specific in specific },
            withoutARC: withoutARC || platform.withoutARC,
            uncarried: Array(Set(uncarried + platform.uncarried)))
    }
}

/// One of a spec's `resource_bundles`: the bundle's name and the patterns of what it holds.
public struct ResourceBundle: Sendable, Hashable {
    public let name: String
    public let patterns: [SourceFileGlob]

    public init(name: String, patterns: [SourceFileGlob]) {
        self.name = name
        self.patterns = patterns
    }
}
