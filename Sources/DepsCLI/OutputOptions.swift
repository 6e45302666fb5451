import ArgumentParser

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The project directory (holding the Depsfile).", valueName: "dir"))
    var project: String = "."

    @Flag(name: .long, help: "Print one JSON document on stdout instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Also print the packages that did not change.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Never colour the output (also when NO_COLOR is set).")
    var noColor = false

    func validate() throws {
        if project.isEmpty { throw ValidationError("--project needs a directory; use --project . for the current one.") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together.") }
    }
}
