import DepsFailures
/// The Depsfile an imported Podfile becomes (BEHAVIOUR 10): its `Manifest` (sources, platform,
/// the union of the targets' dependencies) and, per concrete target, the pods it used, which the
/// Depsfile carries as a comment block at its end.
public struct ImportedManifest: Sendable, Hashable {
    public let sources: [String]
    public let dependencies: [Dependency]
    public let platform: Platform?
    public let targets: [PodfileTargetListing]
    /// A pod's own `:source`, by dependency name (trunk's spellings as `trunk`): the Depsfile's
    /// `source:` beside `version:`.
    public let dependencySources: [PackageName: String]
    /// The `xcode:` section: which Xcode targets link which packages (BEHAVIOUR 15).
    public let xcode: XcodeSettings?
    /// What the `xcode:` section could not carry (a linkage another target's overrides).
    public let xcodeWarnings: [PodfileWarning]

    public init(
        sources: [String], dependencies: [Dependency], platform: Platform?, targets: [PodfileTargetListing],
        dependencySources: [PackageName: String] = [:], xcode: XcodeSettings? = nil, xcodeWarnings: [PodfileWarning] = []
    ) {
        self.xcode = xcode
        self.xcodeWarnings = xcodeWarnings
        self.sources = sources
        self.dependencies = dependencies
        self.platform = platform
        self.targets = targets
        self.dependencySources = dependencySources
    }

    /// The manifest as deps reads it back from the Depsfile with these bytes' checksum.
    public func manifest(checksum: String) -> Manifest {
        Manifest(
            sources: sources, dependencies: dependencies, checksum: checksum, platform: platform,
            dependencySources: dependencySources, xcode: xcode)
    }
}

/// A Podfile dependency that a Depsfile cannot say as it stands, and why.
public struct PodfileDependencyGap: Sendable, Hashable {
    public let name: PackageName
    public let lines: [Int]
    public let gap: PodfileConversionGap

    public init(name: PackageName, lines: [Int], gap: PodfileConversionGap) {
        self.name = name
        self.lines = lines
        self.gap = gap
    }
}

/// A Podfile or Podfile.lock that cannot become a Depsfile and its lock as it stands (exit
/// status 65): every Podfile dependency and every Podfile.lock entry at fault, each with why.
public struct PodfileImportError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let podfileGaps: [PodfileDependencyGap]
    public let lockProblems: [PodfileLockConversionProblem]

    public init(podfileGaps: [PodfileDependencyGap], lockProblems: [PodfileLockConversionProblem]) {
        self.podfileGaps = podfileGaps
        self.lockProblems = lockProblems
    }
}

extension Podfile {
    /// The Depsfile this Podfile becomes: its sources (trunk's spellings as `trunk`; trunk when
    /// it names none, as CocoaPods searches trunk then), its platform, the union of its targets' dependencies with every requirement, and the
    /// per-target listing; or every dependency a Depsfile cannot say.
    ///
    /// - Parameter defaultProject: the `.xcodeproj` beside the Podfile, for targets that name no `project`.
    public func importedManifest(defaultProject: String? = nil) throws(PodfileImportError) -> ImportedManifest {
        var converted: [Dependency] = []
        var gaps: [PodfileDependencyGap] = []
        var dependencySources: [PackageName: String] = [:]
        for dependency in dependencies().dependencies {
            do {
                converted.append(try dependency.manifestDependency())
                if let repository = dependency.specRepository {
                    dependencySources[dependency.name] = PodfileSource.depsName(of: repository)
                }
            } catch {
                gaps.append(PodfileDependencyGap(name: dependency.name, lines: dependency.lines, gap: error))
            }
        }
        guard gaps.isEmpty else { throw PodfileImportError(podfileGaps: gaps, lockProblems: []) }
        let xcode = xcodeSettings(defaultProject: defaultProject)
        return ImportedManifest(
            sources: manifestSources.isEmpty ? ["trunk"] : manifestSources, dependencies: converted, platform: platform,
            targets: targetListing, dependencySources: dependencySources, xcode: xcode.settings, xcodeWarnings: xcode.warnings)
    }
}
