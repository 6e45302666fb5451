import ArgumentParser
import DepsPresenters
import DepsCore

struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Manage the spec repositories: git clones and CDN files in the shared cache.",
        subcommands: [RepoUpdateCommand.self, RepoPushCommand.self])
}

struct RepoUpdateCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Refresh git and CDN spec repositories (those the Depsfile names when none is given).",
        discussion: """
            A git spec repository is fetched again and its checkout in the cache moves to the newest \
            commit of its default branch; every file of a CDN the cache holds is revalidated \
            (If-None-Match). deps install uses what the cache holds until this (or deps update, or \
            deps install --repo-update) refreshes it. A directory has nothing to refresh.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Argument(help: ArgumentHelp("The sources to refresh, as a Depsfile names them (trunk, a URL).", valueName: "source"))
    var sources: [String] = []

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let sources = sources
        try await output.run {
            let reports = try await RepoUpdateInteractor(store: composition.store, refresher: try composition.refresher).update(sources)
            output.result(options.json ? JSONPresenter.render(reports) : SpecRepositoryRefreshTextPresenter().render(reports))
            return 0
        }
    }
}

struct RepoPushCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Publish specs to a git spec repository.",
        discussion: """
            Lints each spec as deps spec lint does (fetching the code); when any has a problem, \
            nothing is pushed (exit 65). Then adds each to the repository where its layout puts it \
            (Specs/…/<Name>/<version>/<Name>.podspec.json, sharded as its CocoaPods-version.yml says, \
            or <Name>/<version>.yaml), commits "[Add] <Name> <version>" and pushes with the system \
            git and its credentials. A version the repository has is refused (exit 1); a push \
            rejected because someone pushed first is tried again from their commit.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Argument(help: ArgumentHelp("The git spec repository: its URL, as a Depsfile names it.", valueName: "repo"))
    var repository: String

    @Argument(help: ArgumentHelp("The spec files to publish.", valueName: "path"))
    var paths: [String]

    @Option(name: .customLong("sources"), parsing: .upToNextOption,
            help: ArgumentHelp("The spec repositories dependencies resolve from (the Depsfile's, else trunk; the repository itself too).", valueName: "source"))
    var sources: [String] = []

    @Flag(help: "Accepted as pod repo push takes it; deps' lint reports no warnings, only problems.")
    var allowWarnings = false

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let (repository, paths, given) = (repository, paths, sources)
        try await output.run {
            var sources = try composition.lintSources(given)
            if !sources.contains(repository) { sources.append(repository) }
            let report = try await composition.repoPush.push(paths, to: repository, sources: sources)
            output.result(options.json ? JSONPresenter.render(report) : RepoPushTextPresenter.render(report))
            return report.lint.passed ? 0 : 65
        }
    }
}
