import DepsCore
import DepsPresenters
import DepsSandboxLayout
import DepsXcode

extension Composition {
    /// The project's Xcode projects (BEHAVIOUR 15), edited with the check phase's script the
    /// presenters word.
    var xcodeProjects: XcodeProjectFiles {
        XcodeProjectFiles(projectDirectory: projectDirectory, fileSystem: fileSystem, checkScript: XcodeCheckPhaseScript.text)
    }

    /// Install, update and check keep the Depsfile's `xcode:` projects wired to `Deps/`.
    var xcodeWiring: XcodeWiring {
        XcodeWiring(projects: xcodeProjects, sandboxFolder: SandboxLayout.folderName)
    }
}
