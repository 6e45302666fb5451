import ArgumentParser
import DepsCore
import DepsPresenters

struct DeintegrateCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "deintegrate",
        abstract: "Take out of the Xcode projects everything deps added to them.",
        discussion: """
            Removes the local package reference to Deps/, each target's products from it and its \
            [deps] Check Depsfile.lock phase, from the projects the Depsfile's xcode: names (or, \
            without one, the .xcodeproj folders beside it). A project integrated and then \
            deintegrated with nothing else changed is byte for byte what it was. The Depsfile, \
            the lock and Deps/ are left as they are.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        try await output.run {
            let lock = try composition.lockProject(for: "deps deintegrate")
            defer { lock?.release() }
            let edits = try DeintegrateInteractor(store: composition.store, projects: composition.xcodeProjects).deintegrate()
            output.result(options.json ? JSONPresenter.render(deintegrated: edits) : XcodeTextPresenter.renderDeintegration(edits))
            return 0
        }
    }
}
