import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct WhyCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show every path from the Depsfile to a locked package.",
        discussion: """
            Each line is one path, with the requirement on each edge and the locked version: \
            App -> Moya (~> 15.0) 15.0.3 -> Alamofire (~> 5.0) 5.7.1. Exits with 1 when the \
            package is not in Depsfile.lock.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Argument(help: ArgumentHelp("The package (or Package/Subspec).", valueName: "name"))
    var name: String

    func validate() throws {
        guard PackageName.isValid(name) else { throw ValidationError("invalid package name: \(MessageText.escaped(name))") }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        try await output.run {
            let report = try WhyInteractor(store: composition.store).why(try PackageName(name))
            output.result(options.json
                ? JSONPresenter.render(report)
                : WhyTextPresenter(projectName: composition.projectName).render(report))
            return 0
        }
    }
}
