/// Something a Podfile asks for that deps reads and drops; the import goes on (BEHAVIOUR 10).
public struct PodfileWarning: Sendable, Hashable {
    public let line: Int
    public let dropped: PodfileDroppedItem

    public init(line: Int, _ dropped: PodfileDroppedItem) {
        self.line = line
        self.dropped = dropped
    }
}

/// What a warning drops.
public enum PodfileDroppedItem: Sendable, Hashable {
    /// A `pre_install`, `post_install`, `pre_integrate` or `post_integrate` hook, by name.
    case hook(String)
    /// A `plugin` directive, by the plugin's name: deps runs no plugin.
    case plugin(String)
    /// A directive for Xcode or CocoaPods itself: `use_frameworks!`, `workspace`, `install!`, …
    case setting(String)
    /// An option of one pod line.
    case podOption(pod: PackageName, PodDroppedOption)
    /// A target's linkage where another target's wins: a product of `Deps/` has one linkage.
    case linkage(dropped: ProductLinkage, kept: ProductLinkage)
}

/// A line of a Podfile that deps cannot read without running Ruby, or that is not a Podfile.
public struct PodfileError: Sendable, Hashable {
    public let line: Int
    public let construct: PodfileConstruct

    public init(line: Int, _ construct: PodfileConstruct) {
        self.line = line
        self.construct = construct
    }
}

/// The construct at fault on a refused line, with the text it names.
public enum PodfileConstruct: Sendable, Hashable {
    /// A method or variable deps does not know (`puts`, `File`, `node_modules_path`).
    case unknownName(String)
    /// A conditional or loop: `if`, `unless`, `case`, `while`, `until`, `for`, `?:`.
    case conditional(String)
    /// `#{...}` inside a double-quoted string.
    case interpolation
    /// `ENV`.
    case environment
    /// `eval`, `instance_eval`, `system`, `exec`, backticks: code run at install time.
    case evaluation(String)
    /// `require`, `require_relative`, `load`: another file's Ruby.
    case loading(String)
    /// The `podspec` directive (a pod's own podspec as its dependencies).
    case podspecDirective
    /// A method defined with parameters, called where pods are declared.
    case methodWithParameters(String)
    /// A method that calls itself, directly or not.
    case recursion(String)
    /// A token deps does not expect there (a stray `end`, an operator, an unterminated string).
    case unexpected(String)
    /// A pod name deps cannot use.
    case invalidPodName(String)
    /// A requirement string that is not one.
    case invalidRequirement(String)
    /// An option whose value has the wrong kind, or an option deps does not know.
    case invalidOption(String)
    /// One pod from two different places (`:git` in one target, `:path` in another).
    case conflictingSources(PackageName)
}
