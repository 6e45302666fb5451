import DepsFailures

/// What is wrong with a file deps reads, as data: one case per reader, each with its own
/// enum of causes, worded by DepsPresenters.
public enum InputProblem: Sendable, Equatable {
    /// A merge left a conflict marker (the marker's text) in the file.
    case mergeConflictMarker(String)
    /// What the YAML reader found, with the typo it stems from when deps knows it.
    case yamlSyntax(YAMLError.Problem, typo: YAMLTypo?)
    case field(YAMLFieldProblem)
    case depsfile(DepsfileProblem)
    case xcodeSection(XcodeSectionProblem)
    case lockfile(LockfileProblem)
    case specFile(SpecFileProblem)
    case swiftPackageField(SwiftPackageFieldProblem)
    /// A CocoaPods `.podspec.json`.
    case podspecJSON(PodspecJSONProblem)
    /// A CocoaPods `Podfile.lock`.
    case podfileLock(PodfileLockProblem)
    /// A CocoaPods `Podfile`: the construct on a line deps cannot read.
    case podfile(PodfileConstruct)
    /// A Podfile or Ruby podspec Ruby could not run.
    case rubyEvaluation(RubyEvaluationProblem)
    /// A spec repository's layout.
    case specRepository(SpecRepositoryProblem)
    /// A Swift package's manifest dump or `Package.resolved`.
    case swiftPackageFile(SwiftPackageFileProblem)
    /// A podspec evaluated (or read statically) into JSON that is not a spec: the problem of
    /// the JSON, whose lines are not the file's.
    indirect case inTheSpecItDescribes(InputProblem)
    /// A spec's `source:` mapping the core refuses, for the spec (its name as written).
    case specCodeSource(CodeSourceError, spec: String)
    /// A file pattern the core refuses, and the field it is in when a message names one.
    case sourceFileGlob(SourceFileGlobError, in: YAMLFieldSubject?)
    /// A module name (`module:`, `module_name`: the field) that is not a Swift identifier.
    case invalidModuleName(String, field: String)
}
