import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct OutdatedCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "Show the locked packages that could move, and what holds them back.",
        discussion: """
            Current is the locked version, Update what `deps update` would choose, Latest the \
            newest release in the package's source. Exits with 1 when `deps update` would change \
            some package, so that CI can gate on it.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions
    @OptionGroup var colour: ColourOption

    @Flag(name: .long, help: "Count prereleases as Latest.")
    var includePrerelease = false

    @Flag(name: .long, help: "Count only releases as Latest (the default).")
    var ignorePrerelease = false

    func validate() throws {
        if includePrerelease && ignorePrerelease {
            throw ValidationError("--include-prerelease and --ignore-prerelease cannot be used together.")
        }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        try await output.run {
            let report = try await OutdatedInteractor(store: composition.store, opener: try composition.opener)
                .outdated(includePrerelease: includePrerelease)
            output.result(options.json ? JSONPresenter.render(report) : OutdatedTextPresenter(style: composition.style(colour)).render(report))
            return report.hasUpdates ? 1 : 0
        }
    }
}
