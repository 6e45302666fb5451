import DepsCore

/// How a Podfile's refused lines and warnings read; every value from the Podfile escaped.
public enum PodfileWording {
    /// A refused line: "a conditional (`if`) needs Ruby to run; deps reads Podfiles statically".
    public static func text(of construct: PodfileConstruct) -> String {
        let message: MessageText = switch construct {
        case let .unknownName(name): "`\(name)` is a method or variable known only when Ruby runs; deps reads Podfiles statically"
        case let .conditional(keyword): "a conditional (`\(keyword)`) needs Ruby to run; deps reads Podfiles statically"
        case .interpolation: "a string with interpolation (`#{…}`) needs Ruby to run; deps reads Podfiles statically"
        case .environment: "`ENV` is read when Ruby runs; deps reads Podfiles statically"
        case let .evaluation(name): "`\(name)` runs code when Ruby runs; deps reads Podfiles statically"
        case let .loading(name): "`\(name)` loads another file's Ruby; deps reads Podfiles statically"
        case .podspecDirective: "the `podspec` directive is not read; declare the pods it brings with `pod`"
        case let .methodWithParameters(name): "`\(name)` is a method with parameters; deps expands only methods without them"
        case let .recursion(name): "`\(name)` calls itself"
        case let .unexpected(text): "unexpected `\(text)`"
        case let .invalidPodName(name): "invalid pod name '\(name)'"
        case let .invalidRequirement(text): "invalid requirement '\(text)'"
        case let .invalidOption(key): "invalid or unknown option `\(key)`"
        case let .conflictingSources(name): "\(name) is declared from two different sources"
        }
        return message.text
    }

    /// What a warning says: `post_install hook dropped: deps runs no install hooks`.
    public static func text(of dropped: PodfileDroppedItem) -> String {
        let message: MessageText = switch dropped {
        case let .hook(name): "\(name) hook dropped: deps runs no install hooks"
        case let .plugin(name): "plugin '\(name)' dropped: deps runs no plugin, and pods only it adds are not imported"
        case let .setting(name): "`\(name)` dropped: an Xcode or CocoaPods setting deps does not use"
        case let .podOption(pod, option): "`\(option.key)` of \(pod) dropped: deps does not honour it"
        case let .linkage(dropped, kept): "\(dropped.rawValue) linkage dropped: each product of Deps/ has one linkage, and another target's \(kept.rawValue) linkage wins"
        }
        return message.text
    }

    /// What a warning says.
    public static func message(for warning: PodfileWarning) -> String {
        text(of: warning.dropped)
    }

    /// `Podfile:12: warning: post_install hook dropped: deps runs no install hooks`, one per
    /// warning of the Podfile shown as `file`.
    public static func warningLines(_ warnings: [PodfileWarning], file: String) -> [String] {
        warnings.map { "\(MessageText.escaped(file)):\($0.line): warning: \(text(of: $0.dropped))" }
    }
}
