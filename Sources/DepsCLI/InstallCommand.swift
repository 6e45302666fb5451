import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct InstallCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Resolve what is new in the Depsfile, keep every locked version, and fetch the code into Deps/.",
        discussion: """
            Reads the Depsfile and Depsfile.lock. Locked packages keep their versions unless \
            their Depsfile dependency changed or was removed; new dependencies resolve freely. \
            Then makes the sandbox Deps/ hold every locked package's code, fetching through the \
            shared cache only what is new or changed. Writes Depsfile.lock only when its content \
            changes and every fetch succeeded.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions
    @OptionGroup var verbose: VerboseOption
    @OptionGroup var colour: ColourOption
    @OptionGroup var fetch: FetchOptions

    @Flag(name: .long, help: "Print what would change; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "For CI: fail where deps install would change Depsfile.lock; otherwise fill Deps/ to match it.")
    var deployment = false

    @Flag(name: .long, help: "Resolve and write Depsfile.lock only; touch no sandbox and fetch no code (with --offline, read git and CDN spec repositories from the cache only).")
    var lockOnly = false

    @Flag(name: .long, help: "Refresh the git and CDN spec repositories first (as deps repo update).")
    var repoUpdate = false

    func validate() throws {
        try verbose.validate(with: options)
        if repoUpdate && fetch.offline { throw ValidationError("--repo-update needs the network; drop --offline.") }
        if dryRun && deployment { throw ValidationError("--dry-run and --deployment cannot be used together.") }
        if lockOnly && deployment { throw ValidationError("--lock-only and --deployment cannot be used together.") }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let progress = composition.progress(options)
        try await output.run {
            defer { progress?.finish() }
            let lock = dryRun ? nil : try composition.lockProject(for: "deps install")
            defer { lock?.release() }
            let installation = try composition.installation(fetch, progress: progress)
            let opener = try composition.opener(offline: fetch.offline, refresh: repoUpdate)
            if deployment {
                let report = try await CheckInteractor(
                    store: composition.store, opener: opener, installation: installation, xcode: composition.xcodeWiring
                ).deployment()
                output.result(options.json
                    ? JSONPresenter.render(report)
                    : SyncReportTextPresenter(mode: .deployment, style: composition.style(colour)).render(report))
                return report.isInSync ? 0 : 1
            }
            let update = try await InstallInteractor(
                store: composition.store, opener: opener, installation: installation, xcode: composition.xcodeWiring
            ).install(dryRun: dryRun, lockOnly: lockOnly)
            if !options.json, !update.buildWarnings.isEmpty { output.diagnostic(LockfileUpdateTextPresenter.warnings(update)) }
            output.result(options.json
                ? JSONPresenter.render(update, command: "install")
                : LockfileUpdateTextPresenter(
                    command: .install, verbose: verbose.verbose, style: composition.style(colour), lockOnly: lockOnly).render(update))
            if !options.json { output.result(XcodeTextPresenter.render(update.xcodeEdits)) }
            if !options.json, !dryRun, !lockOnly, !update.xcodeProjectsLeftAlone.isEmpty {
                output.result(XcodeTextPresenter.projectsLeftAlone(update.xcodeProjectsLeftAlone))
            } else if !options.json, !dryRun, !lockOnly, let names = composition.dependenciesMissingFromPackageSwift() {
                output.result(SandboxUseHintPresenter.render(dependencies: names))
            }
            return 0
        }
    }
}
