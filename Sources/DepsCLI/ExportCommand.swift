import ArgumentParser
import DepsCore
import DepsFileSystem
import DepsPresenters
import DepsFailures

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Say how to take the locked packages elsewhere.",
        subcommands: [ExportSwiftPMCommand.self])
}

struct ExportSwiftPMCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftpm",
        abstract: "Print the SwiftPM lines for the locked packages that have a Package.swift of their own.",
        discussion: """
            For each locked package whose code at the locked version has its own Package.swift, \
            prints the .package(url:exact:) line (revision: where the tag is not the version) and \
            the .product(...) lines of the products it declares, read without running it; then the \
            packages that stay on deps through Deps/Package.swift, with the reason. Reads the code \
            from Deps/ where it matches the lock, else through the shared cache. Writes no file \
            unless --output is given, and never overwrites one.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Option(name: .long, help: ArgumentHelp("Write the result to this file (never over an existing one).", valueName: "file"))
    var output: String?

    @OptionGroup var fetch: FetchOptions

    func validate() throws {
        if output?.isEmpty == true { throw ValidationError("--output needs a file name.") }
    }

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let printer = Output(options: options, context: context)
        let progress = composition.progress(options)
        let destination = output.map { LocalPath($0) }
        let shownAs = output ?? ""
        try await printer.run {
            defer { progress?.finish() }
            let fileSystem = composition.fileSystem
            if let destination, fileSystem.entryExists(destination) { throw OutputFileExistsError(path: shownAs) }
            let export = try await composition.exportInteractor(offline: fetch.offline, jobs: fetch.jobs, progress: progress).export()
            let document = options.json ? JSONPresenter.render(export) : ExportTextPresenter.render(export)
            guard let destination else {
                printer.result(document)
                return 0
            }
            if fileSystem.entryExists(destination) { throw OutputFileExistsError(path: shownAs) }
            try fileSystem.writeAtomically(Array(document.utf8), to: destination, shownAs: shownAs)
            if !options.json {
                printer.result("Wrote \(MessageText.escaped(shownAs)): \(export.exported.count) of \(export.packageCount) packages can move to SwiftPM.\n")
            }
            return 0
        }
    }
}

/// `--output` names a file that exists (exit status 1): deps never overwrites it.
struct OutputFileExistsError: ExitStatusError, CustomStringConvertible {
    var exitStatus: ExitStatus { .refused }
    let path: String

    var description: String {
        "\(MessageText.escaped(path)) already exists; deps export never overwrites a file: remove it or choose another --output"
    }
}
