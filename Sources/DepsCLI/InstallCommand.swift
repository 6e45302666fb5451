import ArgumentParser
import DepsAdapters
import DepsCore

struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Resolve what is new in the Depsfile and keep every locked version.",
        discussion: """
            Reads the Depsfile and Depsfile.lock. Locked packages keep their versions unless \
            their Depsfile dependency changed or was removed; new dependencies resolve freely. \
            Writes Depsfile.lock only when its content changes.
            """)

    @OptionGroup var options: CommonOptions

    @Flag(name: .long, help: "Print what would change; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "For CI: write nothing, and fail where deps install would change Depsfile.lock.")
    var deployment = false

    func validate() throws {
        if dryRun && deployment { throw ValidationError("--dry-run and --deployment cannot be used together.") }
    }

    func run() throws {
        let composition = Composition(options: options)
        let output = Output(options: options)
        try output.run {
            if deployment {
                let report = try CheckInteractor(store: composition.store, opener: composition.opener).check(deployment: true)
                output.result(options.json ? JSONPresenter.render(report) : SyncReportTextPresenter(mode: .deployment).render(report))
                return report.isInSync ? 0 : 1
            }
            let lock = dryRun ? nil : try composition.lockProject(for: "deps install")
            defer { lock?.release() }
            let update = try InstallInteractor(store: composition.store, opener: composition.opener).install(dryRun: dryRun)
            output.result(options.json
                ? JSONPresenter.render(update, command: "install")
                : LockfileUpdateTextPresenter(command: .install, verbose: options.verbose, style: composition.style).render(update))
            return 0
        }
    }
}
