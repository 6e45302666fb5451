import ArgumentParser
import DepsCode
import DepsCore
import DepsFileSystem
import DepsPresenters
import DepsSpecSources

struct MirrorCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror",
        abstract: "Copy the specs and the code the lock installs into a folder any static HTTP server can serve.",
        discussion: """
            Writes into DIR the specs of every locked package, as a CocoaPods CDN (CocoaPods-version.yml, \
            the shard indexes, Specs/.../<Name>/<version>/<Name>.podspec.json byte for byte as the source \
            gave them), and the code of every locked package at its pin under code/ (an archive by its \
            SHA-256, a git commit as a packfile). Only adds: a file that is there is never changed, so \
            several projects mirror into one folder. Serve DIR and point DEPS_MIRROR (every remote spec \
            source) or DEPS_TRUNK_URL (trunk) at it: installs then need none of the origins.
            """)

    @Argument(help: ArgumentHelp("The mirror's folder (made when missing).", valueName: "DIR"))
    var directory: String

    @Flag(name: .long, help: "Mirror every version of each locked pod's specs, not only the locked one.")
    var allVersions = false

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    func validate() throws {
        if directory.isEmpty { throw ValidationError("DIR must not be empty.") }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let printer = Output(options: options, context: context)
        try await printer.run {
            let report = try await composition.mirrorInteractor(into: LocalPath(directory)).mirror(allVersions: allVersions)
            printer.result(
                options.json ? JSONPresenter.render(report, folder: directory) : MirrorReportTextPresenter.render(report, folder: directory))
            return 0
        }
    }
}
