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
}

/// A Podfile deps cannot read without running Ruby (exit status 65): every line at fault.
public struct PodfileRefusal: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let file: String
    public let errors: [PodfileError]

    /// One `MalformedInputError` per line: `Podfile:8: error: a conditional (`if`) …`.
    public var lineErrors: [MalformedInputError] {
        errors.map { MalformedInputError(file: file, line: $0.line, problem: .podfile($0.construct)) }
    }
}
