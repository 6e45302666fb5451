/// A spec file as `deps spec lint` reads it (BEHAVIOUR 11): what could be read of it, with the line
/// of each part, and every problem reading it found. A spec with a problem may still name its
/// dependencies, so that they are checked too.
public struct SpecFileReading: Sendable, Equatable {
    /// The file as given on the command line.
    public let file: String
    /// The whole spec, when it reads as one.
    public let specification: Specification?
    /// The spec's dependencies and its subspecs', each with its line, those that could be read.
    public let dependencies: [LineDependency]
    /// The line of `source:` and of `source_files:` (the spec's own), when present.
    public let sourceLine: Int?
    public let sourceFilesLine: Int?
    /// What reading found: missing fields, values that are not what they should be.
    public let problems: [SpecLintProblem]

    public init(
        file: String, specification: Specification?, dependencies: [LineDependency], sourceLine: Int?,
        sourceFilesLine: Int?, problems: [SpecLintProblem]
    ) {
        self.file = file
        self.specification = specification
        self.dependencies = dependencies
        self.sourceLine = sourceLine
        self.sourceFilesLine = sourceFilesLine
        self.problems = problems
    }

    /// The fields a published spec must have, as `pod spec lint` requires them.
    public static let requiredFields = ["name", "version", "source", "summary", "license"]
}

/// A dependency and the line it is written on.
public struct LineDependency: Sendable, Equatable {
    public let dependency: Dependency
    public let line: Int?

    public init(_ dependency: Dependency, line: Int?) {
        self.dependency = dependency
        self.line = line
    }
}

/// One problem of one spec file, where there is a line.
public struct SpecLintProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A required field is absent or empty.
        case missingField(String)
        /// A value that cannot be read as what it should be, worded where it was read.
        case malformed(InputProblem)
        /// No version in the sources satisfies the dependency (searched in these sources).
        case unresolvable(Dependency, sources: [String])
        /// The code could not be fetched: the tag or commit does not exist, the archive is
        /// unreachable or its SHA-256 differs.
        case sourceUnavailable(CodeFetchError)
        /// A `source_files` pattern matches no file of the fetched code (of a subspec, when named).
        case noMatchingFiles(pattern: String, subspec: String?)
    }

    public let file: String
    public let line: Int?
    public let kind: Kind

    public init(file: String, line: Int?, _ kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }
}

/// What `deps spec lint` found: the files it read and every problem, in file and line order.
public struct SpecLintReport: Sendable, Equatable {
    public let files: [String]
    public let problems: [SpecLintProblem]
    /// The spec each file held, by file, for the files read as whole specs.
    public let specifications: [String: Specification]

    public init(files: [String], problems: [SpecLintProblem], specifications: [String: Specification] = [:]) {
        self.files = files
        self.problems = problems
        self.specifications = specifications
    }

    public var passed: Bool { problems.isEmpty }
}

extension Specification {
    /// Every dependency a spec or one of its subspecs names on another package (a subspec's
    /// dependency on a sibling, `Moya/Core`, is the spec's own business).
    public var externalDependencies: [Dependency] {
        func collect(_ subspecs: [Subspec]) -> [Dependency] {
            subspecs.flatMap { $0.dependencies + collect($0.subspecs) }
        }
        return (dependencies + collect(subspecs)).filter { $0.name.root != name }
    }

    /// Every `source_files` pattern the fetched code must match: the spec's own (written, or the
    /// default when the spec has no subspecs) and each subspec's, with the subspec's name.
    public func sourceFilePatterns(ownWritten: Bool) -> [(pattern: SourceFileGlob, subspec: String?)] {
        func collect(_ subspecs: [Subspec], _ prefix: String) -> [(SourceFileGlob, String?)] {
            subspecs.flatMap { subspec in
                (subspec.sourceFiles ?? []).map { ($0, prefix + subspec.name) } + collect(subspec.subspecs, prefix + subspec.name + "/")
            }
        }
        let own = ownWritten || subspecs.isEmpty ? sourceFiles : []
        return own.map { ($0, nil) } + collect(subspecs, "")
    }
}
