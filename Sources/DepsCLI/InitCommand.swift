import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct InitCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter Depsfile in the project directory.",
        discussion: """
            The Depsfile lists the given --source values (CocoaPods' CDN, trunk, when none is \
            given) and no dependencies yet. An existing Depsfile is never overwritten (exit 1).
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Option(name: .long, help: ArgumentHelp("A spec repository to search (repeatable): a directory, a git URL or trunk.", valueName: "source"))
    var source: [String] = []

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let sources = source
        try await output.run {
            let starter = try InitInteractor(store: composition.store).initialize(sources: sources)
            output.result(options.json
                ? JSONPresenter.render(starter)
                : "Wrote Depsfile with \(starter.sources.count == 1 ? "source" : "sources") \(starter.sources.joined(separator: ", ")); add dependencies, then run deps install.\n")
            return 0
        }
    }
}
