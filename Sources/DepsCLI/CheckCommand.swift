import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct CheckCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify that Depsfile.lock is in sync, writing nothing (for CI).",
        discussion: """
            Checks that the Depsfile's dependencies equal the lock's DEPENDENCIES (A added, \
            R removed, M changed), that every locked version satisfies every requirement on it \
            and still exists in its recorded source with the recorded SHA-256, and that the \
            Depsfile's SHA-256 matches; when Deps/ exists, that it holds what the lock says; and that the \
            Xcode projects the Depsfile's xcode: names link what it asks. Exits with 0 in sync, 1 otherwise.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        try await output.run {
            let report = try await CheckInteractor(
                store: composition.store, opener: try composition.opener, installation: try composition.sandboxOnly,
                xcode: composition.xcodeWiring, swiftPackagePins: composition.swiftPackagePins
            ).check()
            output.result(options.json ? JSONPresenter.render(report) : SyncReportTextPresenter(mode: .check).render(report))
            return report.isInSync ? 0 : 1
        }
    }
}
