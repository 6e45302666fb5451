import ArgumentParser

/// The options of the commands that fetch code into the sandbox.
struct FetchOptions: ParsableArguments {
    @Flag(name: .long, help: "Use only the shared cache; say what is missing from it instead of fetching.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("How many packages to fetch at once.", valueName: "n"))
    var jobs: Int = 8

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes a number from 1 to 64, not \(jobs).") }
    }
}
