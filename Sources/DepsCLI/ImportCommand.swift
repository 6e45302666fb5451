import ArgumentParser
import DepsCocoaPods
import DepsFiles
import DepsPresenters
import DepsCore

struct ImportCommand: ParsableCommand, MainTaskCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a Depsfile and Depsfile.lock from a CocoaPods Podfile and Podfile.lock.",
        discussion: """
            Reads the project's Podfile (statically where it can, else by evaluating it with the \
            ruby on PATH through deps' own Podfile DSL) and, when present, its Podfile.lock, and \
            writes Depsfile and Depsfile.lock, so that the next deps install keeps every locked \
            version. What deps cannot honour is a warning naming its line; with --static or no \
            ruby, a line that needs Ruby to run refuses the import (exit 65), every such line \
            named. An existing Depsfile or Depsfile.lock is never overwritten (exit 1); no \
            Podfile is exit 1. The Depsfile's xcode: section says which of the Xcode project's \
            targets link which packages (deps install wires them); CocoaPods' phases, xcconfig \
            base configurations and Pods frameworks are taken out of the project, and \
            Pods/Pods.xcodeproj out of the workspace, unless --keep-cocoapods.
            """)

    @OptionGroup var project: ProjectOption
    @OptionGroup var options: OutputOptions

    @Flag(name: .long, help: "Print what would be written; write nothing.")
    var dryRun = false

    @Flag(name: .customLong("static"), help: "Read the Podfile statically only: refuse, at its lines, Ruby that needs running, rather than evaluate it with ruby.")
    var staticOnly = false

    @Flag(name: .long, help: "Leave CocoaPods' integration (its build phases, xcconfig files and Pods frameworks) in the Xcode project.")
    var keepCocoapods = false

    func run(in context: RunContext) async throws {
        let composition = Composition(project: project, context: context)
        let output = Output(options: options, context: context)
        let (dryRun, staticOnly, keepCocoapods) = (dryRun, staticOnly, keepCocoapods)
        try await output.run {
            let result = try await ImportInteractor(
                cocoaPods: CocoaPodsProjectFiles(
                    directory: composition.projectDirectory, fileSystem: composition.fileSystem, staticOnly: staticOnly),
                destination: composition.projectFiles, xcode: composition.xcodeProjects
            ).importProject(dryRun: dryRun, keepingCocoaPods: keepCocoapods)
            let messages = result.warnings.map(PodfileWording.message(for:))
            for line in ImportTextPresenter.warningLines(result, messages: messages) { output.diagnostic(line) }
            if let removal = result.cocoaPodsRemoval {
                for line in XcodeTextPresenter.warnings(removal) { output.diagnostic(line) }
            }
            output.result(options.json
                ? JSONPresenter.render(result, warningMessages: messages)
                : ImportTextPresenter.render(result))
            return 0
        }
    }
}
