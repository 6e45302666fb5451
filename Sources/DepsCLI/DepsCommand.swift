import ArgumentParser
import DepsCore

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
        subcommands: [InitCommand.self, InstallCommand.self, UpdateCommand.self, OutdatedCommand.self, CheckCommand.self, WhyCommand.self, CacheCommand.self, RepoCommand.self]
    )

    public init() {}
}
