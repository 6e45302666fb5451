import DepsCore
import DepsFiles
import DepsFailures

/// Reads a CocoaPods `Podfile` statically, running no Ruby (BEHAVIOUR 10): the directives of the
/// Podfile DSL, `def` groups of pods expanded where they are called, and variables set to a
/// literal (a string, an array, a hash). Hooks, plugins and Xcode settings are dropped with a warning; any other Ruby
/// refuses the file, naming every such line.
public struct PodfileReader {
    /// The name used in messages, e.g. `Podfile`.
    public let fileName: String

    public init(fileName: String = "Podfile") {
        self.fileName = fileName
    }

    /// The Podfile and the warnings, in line order; or every line deps cannot read.
    public func read(_ bytes: [UInt8]) throws(PodfileRefusal) -> PodfileReading {
        var parser = PodfileParser(tokens: PodfileTokenizer.tokens(of: bytes))
        parser.parseStatements()
        let podfile = Podfile(sources: parser.sources, root: parser.targets[0], workspace: parser.workspace)
        var errors = parser.errors
        for conflict in podfile.dependencies().conflicts where !errors.contains(where: { $0.line == conflict.line }) {
            errors.append(conflict)
        }
        guard errors.isEmpty else {
            throw PodfileRefusal(file: fileName, errors: errors.sorted { $0.line < $1.line })
        }
        var warnings: [PodfileWarning] = []
        for warning in parser.warnings + podfile.droppedOptionWarnings where !warnings.contains(warning) {
            warnings.append(warning)
        }
        return PodfileReading(podfile: podfile, warnings: warnings.enumerated().sorted {
            $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
        }.map(\.element), fileName: fileName)
    }
}

/// A Podfile read, with what it drops.
public struct PodfileReading: Sendable, Equatable {
    public let podfile: Podfile
    public let warnings: [PodfileWarning]
    public let fileName: String

    /// What a warning says: `post_install hook dropped: deps runs no install hooks`.
    public static func message(for warning: PodfileWarning) -> String {
        PodfileWording.text(of: warning.dropped).text
    }

    /// `Podfile:12: warning: post_install hook dropped: deps runs no install hooks`, one per warning.
    public var warningLines: [String] {
        warnings.map { "\(MessageText.escaped(fileName)):\($0.line): warning: \(PodfileWording.text(of: $0.dropped))" }
    }
}

/// A Podfile deps cannot read without running Ruby (exit status 65): every line at fault.
public struct PodfileRefusal: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let errors: [PodfileError]

    /// One `MalformedInputError` per line: `Podfile:8: error: a conditional (`if`) …`.
    public var lineErrors: [MalformedInputError] {
        errors.map { MalformedInputError(file: file, line: $0.line, message: PodfileWording.text(of: $0.construct)) }
    }
}

/// How Podfile warnings and errors read; every value from the Podfile escaped.
enum PodfileWording {
    static func text(of construct: PodfileConstruct) -> MessageText {
        switch construct {
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
    }

    static func text(of dropped: PodfileDroppedItem) -> MessageText {
        switch dropped {
        case let .hook(name): "\(name) hook dropped: deps runs no install hooks"
        case let .plugin(name): "plugin '\(name)' dropped: deps runs no plugin, and pods only it adds are not imported"
        case let .setting(name): "`\(name)` dropped: an Xcode or CocoaPods setting deps does not use"
        case let .podOption(pod, option): "`\(option.key)` of \(pod) dropped: deps does not honour it"
        case let .linkage(dropped, kept): "\(dropped.rawValue) linkage dropped: each product of Deps/ has one linkage, and another target's \(kept.rawValue) linkage wins"
        }
    }
}
