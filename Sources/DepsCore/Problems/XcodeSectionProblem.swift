/// What is wrong with a Depsfile's `xcode:` section beyond the shape of its fields.
public enum XcodeSectionProblem: Sendable, Equatable {
    /// `xcode:` without `project:`.
    case noProjectKey
    /// A project that is not the path of an `.xcodeproj` folder.
    case projectNotXcodeproj(String)
    /// A project outside the Depsfile's folder (absolute, or reaching out with `..`).
    case projectOutsideFolder(String)
    case projectListedTwice(String)
    /// `project:` with an empty list.
    case noProject
    case invalidLinkage(String, known: [String])
    /// A target key (as written) listed twice.
    case targetListedTwice(String)
    case packageListedTwice(PackageName, target: String)
    /// With one project, a target key that is empty or holds a `/`.
    case invalidTargetName(String)
    /// With several projects, a target key that starts with none of them (`firstProject` is
    /// the one the remedy's example names).
    case targetNamesNoProject(String, firstProject: String)
}
