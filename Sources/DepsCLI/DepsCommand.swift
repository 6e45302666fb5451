import DepsPresenters
import ArgumentParser
import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The root command: `deps <subcommand>`.
public struct DepsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "deps",
        abstract: "A dependency manager for Swift projects.",
        discussion: """
            deps reads the Depsfile in the project directory, resolves its dependencies \
            against the spec repositories it names, and records the exact versions in \
            Depsfile.lock.
            """,
        version: DepsRelease.version,
        subcommands: [InitCommand.self, ImportCommand.self, InstallCommand.self, UpdateCommand.self, OutdatedCommand.self, CheckCommand.self, DeintegrateCommand.self, WhyCommand.self, CacheCommand.self, RepoCommand.self, SpecCommand.self, ExportCommand.self, MirrorCommand.self]
    )

    public init() {}

    /// Parses the process's arguments and runs the command in the process's own context, then
    /// exits with its status.
    public static func runAsMain() async -> Never {
        endProcess(await run(arguments: Array(CommandLine.arguments.dropFirst()), in: .process()))
    }

    /// Parses the arguments (without the program's name) and runs the command, like `main()`,
    /// but in `context`, and returns the exit status instead of exiting. argument-parser's own
    /// messages (usage errors quote the arguments) are printed through `Output`, so they are
    /// escaped too. The binary runs every command through here, so a run in process words its
    /// errors and ends with its statuses exactly as the binary does.
    public static func run(arguments: [String], in context: RunContext) async -> Int32 {
        // Scripts and CI ask `deps --version` on every run: it is answered before the argument
        // parser builds its command tree, which is most of the cost of starting.
        if arguments.elementsEqual(["--version"]) {
            return Output.write(configuration.version + "\n", to: context.standardOutput) == nil ? 0 : 74
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? MainTaskCommand {
                try await asyncCommand.run(in: context)
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error, columns: context.columns)
            if let hint = subcommandSuggestion(arguments) { message += (message.hasSuffix("\n") ? "" : "\n") + hint }
            // argument-parser quotes arguments as they were given: show those escaped.
            for argument in arguments where argument.unicodeScalars.contains(where: MessageText.isControl) {
                message = message.replacing("'\(argument)'", with: "'\(MessageText.escaped(argument))'")
            }
            if !message.isEmpty {
                Output.write(
                    message.hasSuffix("\n") ? message : message + "\n",
                    to: code == .success ? context.standardOutput : context.standardError)
            }
            return code.rawValue
        }
    }
}

extension DepsCommand {
    /// "Did you mean 'install'?" when the first argument is not a command but is close to one
    /// (`deps instal`); nil otherwise.
    static func subcommandSuggestion(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0.configuration.commandName ?? "" }
        guard !names.contains(word),
              let closest = SpellingSuggestion.closest(to: word, among: names, limit: 1).first else { return nil }
        return "Did you mean '\(closest)'?"
    }
}

/// A command that `DepsCommand.run(arguments:in:)` awaits on its caller's task (the program's main
/// task, for the binary), given the run's context. Awaited through this protocol rather than
/// `AsyncParsableCommand`, whose `run` is declared in a module where async functions move to the
/// global executor: through this one, a command that never waits for a child process runs on the
/// main thread alone and starts no thread.
protocol MainTaskCommand {
    mutating func run(in context: RunContext) async throws
}

/// The C library's `exit`, which inside a command type `exit(withError:)` would hide.
private func endProcess(_ status: Int32) -> Never {
    exit(status)
}
