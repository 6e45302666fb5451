import ArgumentParser
import DepsPresenters
import DepsCore

struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Manage the spec repositories: git clones and CDN files in the shared cache.",
        subcommands: [RepoUpdateCommand.self])
}

struct RepoUpdateCommand: AsyncParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Refresh git and CDN spec repositories (those the Depsfile names when none is given).",
        discussion: """
            A git spec repository is fetched again and its checkout in the cache moves to the newest \
            commit of its default branch; every file of a CDN the cache holds is revalidated \
            (If-None-Match). deps install uses what the cache holds until this (or deps update, or \
            deps install --repo-update) refreshes it. A directory has nothing to refresh.
            """)

    @OptionGroup var options: CommonOptions

    @Argument(help: ArgumentHelp("The sources to refresh, as a Depsfile names them (trunk, a URL).", valueName: "source"))
    var sources: [String] = []

    func run() async throws {
        let composition = Composition(options: options)
        let output = Output(options: options)
        let sources = sources
        try await output.run {
            let reports = try await RepoUpdateInteractor(store: composition.store, refresher: try composition.refresher).update(sources)
            output.result(options.json ? JSONPresenter.render(reports) : SpecRepositoryRefreshTextPresenter().render(reports))
            return 0
        }
    }
}
