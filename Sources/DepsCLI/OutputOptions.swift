import ArgumentParser

/// `--json` and `--quiet`, which every command takes: each prints a result, as text or as one
/// JSON document, and each can be told to print nothing but errors.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false
}

/// `--project`, for the commands that read or write a project (every one but `deps cache`).
struct ProjectOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The project directory (holding the Depsfile).", valueName: "dir"))
    var project: String = "."

    func validate() throws {
        if project.isEmpty { throw ValidationError("--project needs a directory; use --project . for the current one.") }
    }
}

/// `--verbose`, for the commands that list the packages they changed (`install`, `update`): it
/// lists the others too.
struct VerboseOption: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Also print the packages that did not change.")
    var verbose = false

    /// `--verbose` asks for more and `--quiet` for nothing: together they are a usage error.
    func validate(with output: OutputOptions) throws {
        if verbose && output.quiet { throw ValidationError("--verbose and --quiet cannot be used together.") }
    }
}

/// `--no-color`, for the commands whose text is coloured on a terminal (`install`, `update`,
/// `outdated`).
struct ColourOption: ParsableArguments {
    @Flag(name: .long, help: "Never colour the output (also when NO_COLOR is set).")
    var noColor = false
}
