import DepsCore

/// The words for a Depsfile's `xcode:` section's problems:
/// `target 'App' is listed twice in `xcode: targets:``.
extension InputProblemWording {
    static func text(for problem: XcodeSectionProblem) -> MessageText {
        switch problem {
        case .noProjectKey:
            "`xcode:` needs `project:`, the Xcode project to integrate (e.g. `project: App.xcodeproj`)"
        case let .projectNotXcodeproj(project):
            "invalid Xcode project '\(project)'; expected the path of an `.xcodeproj` folder, relative to the Depsfile"
        case let .projectOutsideFolder(project):
            "invalid Xcode project '\(project)'; it must be inside the Depsfile's folder, written relative to it"
        case let .projectListedTwice(project):
            "Xcode project '\(project)' is listed twice"
        case .noProject:
            "`xcode: project:` names no project"
        case let .invalidLinkage(text, known):
            "invalid linkage '\(text)'; expected one of: \(known.joined(separator: ", "))"
        case let .targetListedTwice(target):
            "target '\(target)' is listed twice in `xcode: targets:`"
        case let .packageListedTwice(package, target):
            "\(package) is listed twice for target '\(target)'"
        case let .invalidTargetName(target):
            "invalid target name '\(target)' in `xcode: targets:`"
        case let .targetNamesNoProject(target, firstProject):
            "target '\(target)' names none of the projects; with several projects write `PROJECT/TARGET`, e.g. `\(firstProject)/\(target.split(separator: "/").last.map(String.init) ?? target)`"
        }
    }
}
