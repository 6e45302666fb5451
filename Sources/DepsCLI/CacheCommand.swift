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

struct CacheListCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the packages the cache holds, with their versions and sizes.")

    @OptionGroup var options: OutputOptions

    func run(in context: RunContext) async throws {
        let composition = Composition(context: context)
        let output = Output(options: options, context: context)
        try await output.run {
            let listing = try CacheInteractor(inventory: composition.cacheInventory).list()
            output.result(options.json ? JSONPresenter.render(listing) : CacheListingTextPresenter().render(listing))
            return 0
        }
    }
}

struct CacheCleanCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean", abstract: "Remove the named packages' code from the cache, or everything with --all.")

    @OptionGroup var options: OutputOptions

    @Flag(name: .long, help: "Remove everything the cache holds.")
    var all = false

    @Argument(help: ArgumentHelp("The packages to remove.", valueName: "name"))
    var names: [String] = []

    /// Checked as the command starts rather than in `validate()`, which argument-parser runs
    /// before it names an unknown option: `--all --project DIR` would otherwise be told to name
    /// packages or pass --all, DIR taken for a package.
    func checkArguments() throws {
        if all == !names.isEmpty { throw ValidationError("Name the packages to remove, or pass --all.") }
        let invalid = names.filter { !PackageName.isValid($0) }
        if !invalid.isEmpty { throw ValidationError("invalid package name: \(invalid.map(MessageText.escaped).joined(separator: ", "))") }
    }

    func run(in context: RunContext) async throws {
        do { try checkArguments() } catch {
            // Worded as argument-parser words a usage error, with this command's usage.
            Output.write("""
                Error: \(error)
                Usage: \(DepsCommand.usageString(for: Self.self))
                  See 'deps cache clean --help' for more information.

                """, to: context.standardError)
            throw ExitCode.validationFailure
        }
        let composition = Composition(context: context)
        let output = Output(options: options, context: context)
        let names = names
        let all = all
        try await output.run {
            let interactor = CacheInteractor(inventory: composition.cacheInventory)
            let removed = all ? try await interactor.cleanAll() : try await interactor.clean(try names.map { try PackageName($0) })
            output.result(options.json ? JSONPresenter.render(removed) : CacheListingTextPresenter().renderRemoved(removed))
            // A name the cache does not hold is a "no" (as `rm` of a missing file), once the others are removed.
            return removed.notInCache.isEmpty ? 0 : 1
        }
    }
}
