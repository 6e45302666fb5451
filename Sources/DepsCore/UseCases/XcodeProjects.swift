/// The user's Xcode projects (BEHAVIOUR 15), as the use cases see them: what targets a project
/// has, what it links from `Deps/`, and the edits that make it link what the Depsfile says, take
/// deps out again, or take CocoaPods out. Paths are relative to the project directory (the
/// Depsfile's folder). A project file is replaced atomically and only when its bytes change.
public protocol XcodeProjects: AnyObject {
    /// Whether the project directory holds an `.xcodeproj` folder (at its top level), and the
    /// first one's name: `deps install` says how to integrate it when `xcode:` names none.
    func projectsAtTopLevel() -> [String]
    /// The names of the project's native targets, in the project file's order.
    func targetNames(in project: String) throws -> [String]
    /// Makes each project link what `integration` says, and nothing else of deps'.
    func integrate(_ integration: XcodeIntegration) throws -> [XcodeProjectEdit]
    /// How each project differs from `integration`, without writing anything.
    func drift(from integration: XcodeIntegration) throws -> [XcodeDrift]
    /// Removes everything deps added to each project.
    func deintegrate(_ projects: [String]) throws -> [XcodeProjectEdit]
    /// Takes CocoaPods' integration out of each project, and `Pods/Pods.xcodeproj` out of the
    /// workspace (a path relative to the project directory) when one is given; with `dryRun`,
    /// says what it would take out and writes nothing.
    func removeCocoaPods(from projects: [String], workspace: String?, dryRun: Bool) throws -> CocoaPodsRemoval
}

/// What an edit did to one project file.
public struct XcodeProjectEdit: Sendable, Hashable {
    /// The `.xcodeproj` folder, relative to the project directory.
    public let project: String
    /// Whether the file was written (false when it already said this).
    public let written: Bool
    /// Objects added and removed, and lines of the file that changed (added plus removed).
    public let objectsAdded: Int
    public let objectsRemoved: Int
    public let linesChanged: Int
    /// Per target, the products it links now that it did not, and those it no longer links.
    public let targets: [XcodeTargetEdit]

    public init(project: String, written: Bool, objectsAdded: Int, objectsRemoved: Int, linesChanged: Int, targets: [XcodeTargetEdit]) {
        self.project = project
        self.written = written
        self.objectsAdded = objectsAdded
        self.objectsRemoved = objectsRemoved
        self.linesChanged = linesChanged
        self.targets = targets
    }
}

/// One target's change: products linked and unlinked, and whether the check phase was added or removed.
public struct XcodeTargetEdit: Sendable, Hashable {
    public let target: String
    public let linked: [String]
    public let unlinked: [String]
    public let checkPhaseAdded: Bool
    public let checkPhaseRemoved: Bool

    public init(target: String, linked: [String], unlinked: [String], checkPhaseAdded: Bool = false, checkPhaseRemoved: Bool = false) {
        self.target = target
        self.linked = linked
        self.unlinked = unlinked
        self.checkPhaseAdded = checkPhaseAdded
        self.checkPhaseRemoved = checkPhaseRemoved
    }
}

/// One way a project is out of step with the Depsfile's `xcode:` (`deps check`, `--deployment`).
public struct XcodeDrift: Sendable, Hashable {
    public let project: String
    /// The target; nil for the project's own package reference.
    public let target: String?
    public let kind: Kind

    public enum Kind: Sendable, Hashable {
        /// The project has no local package reference to `Deps`.
        case missingPackageReference
        /// The target does not link a product the Depsfile gives it.
        case missingProduct(String)
        /// The target links a product of `Deps` that the Depsfile does not give it.
        case extraProduct(String)
        /// The target lacks the `[deps] Check Depsfile.lock` phase.
        case missingCheckPhase
        /// The project has no such target.
        case missingTarget
        /// The project has no remote package reference to this Swift package at its locked version
        /// (`exactly`), or at the locked commit of a package on a branch or a revision.
        case packageVersion(url: String, locked: Version, exactly: Bool)
    }

    public init(project: String, target: String?, kind: Kind) {
        self.project = project
        self.target = target
        self.kind = kind
    }
}

/// What taking CocoaPods out of the projects did (or, on a dry run, would do).
public struct CocoaPodsRemoval: Sendable, Hashable {
    public let projects: [Project]
    /// Whether the workspace listed `Pods/Pods.xcodeproj` (and so was, or would be, edited).
    public let workspaceEdited: Bool

    public init(projects: [Project], workspaceEdited: Bool) {
        self.projects = projects
        self.workspaceEdited = workspaceEdited
    }

    public struct Project: Sendable, Hashable {
        public let project: String
        public let written: Bool
        /// Objects removed from the project file, in all.
        public let objectsRemoved: Int
        public let targets: [Target]

        public init(project: String, written: Bool, objectsRemoved: Int, targets: [Target]) {
            self.project = project
            self.written = written
            self.objectsRemoved = objectsRemoved
            self.targets = targets
        }
    }

    /// One target: what was taken out, the `[CP-User]` phases kept, and the user's scripts that
    /// name `${PODS_ROOT}`.
    public struct Target: Sendable, Hashable {
        public let target: String
        /// The names of what was removed: phases (`[CP] Embed Pods Frameworks`), base
        /// configurations (`Pods-App.debug.xcconfig`), frameworks (`Pods_App.framework`).
        public let removed: [String]
        /// `[CP-User]` phases kept, by name.
        public let keptUserPhases: [String]
        public let podsRootScripts: [PodsRootScript]

        public init(target: String, removed: [String], keptUserPhases: [String], podsRootScripts: [PodsRootScript]) {
            self.target = target
            self.removed = removed
            self.keptUserPhases = keptUserPhases
            self.podsRootScripts = podsRootScripts
        }
    }

    /// A user script phase that names `${PODS_ROOT}/<path>`: the path it names, and where that is
    /// now (`Deps/<path>`).
    public struct PodsRootScript: Sendable, Hashable {
        public let phase: String
        public let path: String
        public let newPath: String

        public init(phase: String, path: String, newPath: String) {
            self.phase = phase
            self.path = path
            self.newPath = newPath
        }
    }
}
