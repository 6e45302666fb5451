import ArgumentParser
import DepsFiles
import DepsPresenters
import DepsCore

struct SpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Work with spec files before publishing them.",
        subcommands: [SpecLintCommand.self])
}

struct SpecLintCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check spec files (.yaml or .podspec.json) before publishing them.",
        discussion: """
            Names every problem of each spec, one line each with FILE:LINE: required fields (name, \
            version, source, summary, license), versions and requirements, subspec names, and \
            dependencies no version in the sources satisfies (the Depsfile's sources, else trunk). \
            Without --quick, the code is fetched too (through the shared cache): the git tag or \
            commit must exist, the archive must match its sha256, and every source_files pattern \
            must match a file. Exits with 0 when every spec passes, 65 otherwise.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Argument(help: ArgumentHelp("The spec files to check.", valueName: "path"))
    var paths: [String]

    @Option(name: .customLong("sources"), parsing: .upToNextOption,
            help: ArgumentHelp("The spec repositories dependencies resolve from, as a Depsfile names them.", valueName: "source"))
    var sources: [String] = []

    @Flag(help: "Skip fetching the code: check the files and their dependencies only.")
    var quick = false

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let (paths, quick, given) = (paths, quick, sources)
        try await output.run {
            let report = try await composition.specLint.lint(paths, sources: try composition.lintSources(given), quick: quick)
            output.result(options.json ? JSONPresenter.render(report) : SpecLintTextPresenter.render(report))
            return report.passed ? 0 : 65
        }
    }
}
