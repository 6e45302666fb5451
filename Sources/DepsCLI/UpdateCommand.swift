import ArgumentParser
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsCore

struct UpdateCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Move packages to the newest versions the Depsfile allows.",
        discussion: """
            Without names, ignores Depsfile.lock and resolves everything anew. With names, lets \
            those packages (and the packages only they needed) move; every other locked version holds.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions
    @OptionGroup var verbose: VerboseOption
    @OptionGroup var colour: ColourOption
    @OptionGroup var fetch: FetchOptions

    @Flag(name: .long, help: "Resolve and write Depsfile.lock only; touch no sandbox and fetch no code.")
    var lockOnly = false

    @Flag(name: .long, help: "Print what would change; write nothing.")
    var dryRun = false

    @Argument(help: ArgumentHelp("The packages to update (all when none is named).", valueName: "name"))
    var names: [String] = []

    func validate() throws {
        try verbose.validate(with: options)
        let invalid = names.filter { !PackageName.isValid($0) }
        if !invalid.isEmpty {
            throw ValidationError("invalid package name\(invalid.count == 1 ? "" : "s"): \(invalid.map(MessageText.escaped).joined(separator: ", "))")
        }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let progress = composition.progress(options)
        try await output.run {
            defer { progress?.finish() }
            var packages: [PackageName] = []
            for name in names where !packages.contains(where: { $0.description == name }) {
                packages.append(try PackageName(name))
            }
            let lock = dryRun ? nil : try composition.lockProject(for: "deps update")
            defer { lock?.release() }
            // deps update refreshes the git and CDN spec repositories first (BEHAVIOUR 4.5).
            let opener = try composition.opener(offline: fetch.offline, refresh: !fetch.offline)
            let installation = lockOnly ? nil : try composition.installation(fetch, progress: progress)
            let update = try await UpdateInteractor(
                store: composition.store, opener: opener, installation: installation, xcode: composition.xcodeWiring
            ).update(packages, dryRun: dryRun)
            if let unreadable = update.replacedUnreadableLockfile {
                let reason = LockfileUpdateTextPresenter.problem(of: unreadable)
                output.diagnostic("warning: Depsfile.lock could not be read, so it was resolved anew and \(dryRun ? "would be" : "was") replaced:\n\(reason)")
            }
            if !options.json, !update.buildWarnings.isEmpty { output.diagnostic(LockfileUpdateTextPresenter.warnings(update)) }
            output.result(options.json
                ? JSONPresenter.render(update, command: "update")
                : LockfileUpdateTextPresenter(
                    command: .update, verbose: verbose.verbose, style: composition.style(colour), lockOnly: lockOnly).render(update))
            if !options.json { output.result(XcodeTextPresenter.render(update.xcodeEdits)) }
            return 0
        }
    }
}
