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
        moduleName: String? = nil
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.homepage = homepage
        self.license = license
        self.codeSource = codeSource
        self.dependencies = dependencies.sorted { $0.name < $1.name }
        self.checksum = checksum
        self.sourceFiles = sourceFiles ?? SourceFileGlob.defaults
        self.moduleName = moduleName ?? ModuleName.defaultName(for: name)
    }
}
