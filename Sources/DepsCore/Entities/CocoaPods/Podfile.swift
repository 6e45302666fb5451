/// What a CocoaPods `Podfile` means to deps (BEHAVIOUR 10): the spec repositories it names, its
/// platform and its targets, each with the pods it declares in order. Top-level declarations
/// belong to `root`, the abstract target every other target is nested in, as in CocoaPods.
public struct Podfile: Sendable, Hashable {
    /// The `source` lines, in order.
    public var sources: [PodfileSource]
    /// The implicit abstract target: top-level pods, the top-level platform, and every target.
    public var root: PodfileTarget
    /// The `workspace` line's workspace, as written (`App.xcworkspace` or `App`); nil when none.
    public var workspace: String?

    public init(sources: [PodfileSource] = [], root: PodfileTarget = PodfileTarget.root, workspace: String? = nil) {
        self.sources = sources
        self.root = root
        self.workspace = workspace
    }

    /// The platform the whole project builds for: the top-level `platform`, or, when there is
    /// none, the one every concrete target agrees on; nil when they differ or none is named.
    public var platform: Platform? {
        if let platform = root.platform { return platform }
        let named = Set(concreteTargets.compactMap(\.platform))
        return named.count == 1 ? named.first : nil
    }

    /// Every target that is not abstract, depth first in the order written, each with the
    /// platform, project and linkage it inherits when it names none.
    public var concreteTargets: [PodfileTarget] {
        var result: [PodfileTarget] = []
        func visit(_ target: PodfileTarget, parent: PodfileTarget?) {
            var target = target
            target.platform = target.platform ?? parent?.platform
            target.project = target.project ?? parent?.project
            target.linkage = target.linkage ?? parent?.linkage
            target.linkageLine = target.linkage == nil ? nil : target.linkageLine ?? parent?.linkageLine
            if !target.isAbstract { result.append(target) }
            for child in target.children { visit(child, parent: target) }
        }
        visit(root, parent: nil)
        return result
    }
}

/// A `source` line: a spec repository as written.
public struct PodfileSource: Sendable, Hashable {
    public let url: String
    public let line: Int

    public init(url: String, line: Int) {
        self.url = url
        self.line = line
    }

    /// How a Depsfile names this repository: `trunk` for any spelling of CocoaPods' trunk,
    /// the URL as written otherwise.
    public var depsName: String {
        Self.depsName(of: url)
    }

    /// How a Depsfile names the repository at `url`: `trunk` for any spelling of CocoaPods'
    /// trunk, `url` as written otherwise.
    public static func depsName(of url: String) -> String {
        isTrunk(url) ? "trunk" : url
    }

    /// Whether `url` is CocoaPods' trunk: its CDN (`https://cdn.cocoapods.org/`) or its git
    /// repository (`https://github.com/CocoaPods/Specs.git`), in any case, with or without
    /// `.git` and a trailing slash.
    public static func isTrunk(_ url: String) -> Bool {
        var text = url.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        while text.hasSuffix("/") { text.removeLast() }
        return text == "https://cdn.cocoapods.org" || text == "https://github.com/cocoapods/specs"
    }
}

/// A `target` or `abstract_target` block, or the Podfile's implicit root.
public struct PodfileTarget: Sendable, Hashable {
    public var name: String
    public var isAbstract: Bool
    public var inheritance: PodfileInheritance
    /// The target's own `platform`; nil inherits its parent's.
    public var platform: Platform?
    /// The pods declared in the block (and in the `def` groups it calls), in order.
    public var pods: [PodDeclaration]
    public var children: [PodfileTarget]
    /// Where the block starts; 0 for the root.
    public var line: Int
    /// The `project` (or `xcodeproj`) it names, as written; nil inherits its parent's.
    public var project: String?
    /// `use_frameworks!` in the block: `dynamic`, or `static` with `:linkage => :static`;
    /// `automatic` for `use_frameworks! false`; nil inherits its parent's.
    public var linkage: ProductLinkage?
    /// The line of the `use_frameworks!` that set `linkage`.
    public var linkageLine: Int?

    public init(
        name: String, isAbstract: Bool = false, inheritance: PodfileInheritance = .complete, platform: Platform? = nil,
        pods: [PodDeclaration] = [], children: [PodfileTarget] = [], line: Int
    ) {
        self.name = name
        self.isAbstract = isAbstract
        self.inheritance = inheritance
        self.platform = platform
        self.pods = pods
        self.children = children
        self.line = line
    }

    /// CocoaPods' implicit root target, `Pods`: abstract.
    public static let root = PodfileTarget(name: "Pods", isAbstract: true, line: 0)
}

/// What a nested target takes from the target around it (`inherit!`).
public enum PodfileInheritance: String, Sendable, Hashable, CaseIterable {
    /// The parent's pods too (the default).
    case complete
    /// Only the parent's search paths: the target links only its own pods (test targets).
    case searchPaths = "search_paths"
    /// Nothing from the parent.
    case none
}
