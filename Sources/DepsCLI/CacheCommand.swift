import ArgumentParser
import DepsPresenters
import DepsCore

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clean the shared cache of fetched code.",
        discussion: """
            The cache is $DEPS_CACHE_DIR, else $XDG_CACHE_HOME/deps, else ~/.cache/deps. It holds \
            git mirrors, archives and extracted trees, shared by every project and safe to use from \
            several deps processes at once.
            """,
        subcommands: [CacheListCommand.self, CacheCleanCommand.self])
}

struct CacheListCommand: AsyncParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the packages the cache holds, with their versions and sizes.")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let composition = Composition(options: options)
        let output = Output(options: options)
        try await output.run {
            let listing = try CacheInteractor(inventory: composition.cacheInventory).list()
            output.result(options.json ? JSONPresenter.render(listing) : CacheListingTextPresenter().render(listing))
            return 0
        }
    }
}

struct CacheCleanCommand: AsyncParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean", abstract: "Remove the named packages' code from the cache, or everything with --all.")

    @OptionGroup var options: CommonOptions

    @Flag(name: .long, help: "Remove everything the cache holds.")
    var all = false

    @Argument(help: ArgumentHelp("The packages to remove.", valueName: "name"))
    var names: [String] = []

    func validate() throws {
        if all == !names.isEmpty { throw ValidationError("Name the packages to remove, or pass --all.") }
        let invalid = names.filter { !PackageName.isValid($0) }
        if !invalid.isEmpty { throw ValidationError("invalid package name: \(invalid.map(MessageText.escaped).joined(separator: ", "))") }
    }

    func run() async throws {
        let composition = Composition(options: options)
        let output = Output(options: options)
        let names = names
        let all = all
        try await output.run {
            let interactor = CacheInteractor(inventory: composition.cacheInventory)
            let removed = all ? try await interactor.cleanAll() : try await interactor.clean(try names.map { try PackageName($0) })
            output.result(options.json ? JSONPresenter.render(removed) : CacheListingTextPresenter().renderRemoved(removed))
            return 0
        }
    }
}
