/// One `pod` line: the name as written (`Firebase/Analytics` for a subspec), its requirement
/// strings, and its options.
public struct PodDeclaration: Sendable, Hashable {
    public var name: PackageName
    /// One requirement per string written (`'>= 1.0', '< 2.0'` is two); all must hold.
    public var requirements: [Requirement]
    public var line: Int
    /// `:git`, `:path` or `:podspec`: where the spec is read from instead of a spec repository.
    public var externalSource: PodExternalSource?
    /// `:subspecs => [...]`: the subspecs asked for, each its own dependency; nil when absent.
    public var subspecs: [String]?
    /// `:source`: the one spec repository this pod is looked up in.
    public var specRepository: String?
    /// The options deps reads but cannot honour, in the order written.
    public var droppedOptions: [PodDroppedOption]

    public init(
        name: PackageName, requirements: [Requirement] = [], line: Int, externalSource: PodExternalSource? = nil,
        subspecs: [String]? = nil, specRepository: String? = nil, droppedOptions: [PodDroppedOption] = []
    ) {
        self.name = name
        self.requirements = requirements
        self.line = line
        self.externalSource = externalSource
        self.subspecs = subspecs
        self.specRepository = specRepository
        self.droppedOptions = droppedOptions
    }

    /// Every requirement written, as one.
    public var requirement: Requirement {
        requirements.reduce(Requirement.any) { $0.intersection($1) }
    }

    /// The packages this line asks for: the pod itself, or one per `:subspecs` entry
    /// (`pod 'Moya', :subspecs => ['Core', 'RxSwift']` asks for `Moya/Core` and `Moya/RxSwift`).
    /// A subspec that is not a valid name is left out; the reader refuses it first.
    public var packageNames: [PackageName] {
        guard let subspecs else { return [name] }
        return subspecs.compactMap { try? name.subspec($0) }
    }
}

/// An option of a `pod` line that deps reads but does not honour: each becomes a warning.
public enum PodDroppedOption: Sendable, Hashable {
    case configurations([String])
    case testspecs([String])
    case appspecs([String])
    case linkage(String)
    case modularHeaders(Bool)
    case inhibitWarnings(Bool)
    case projectName(String)

    /// The option's key as a Podfile spells it: `configurations`, `modular_headers`, …
    public var key: String {
        switch self {
        case .configurations: "configurations"
        case .testspecs: "testspecs"
        case .appspecs: "appspecs"
        case .linkage: "linkage"
        case .modularHeaders: "modular_headers"
        case .inhibitWarnings: "inhibit_warnings"
        case .projectName: "project_name"
        }
    }
}
