import DepsCore
import DepsFileSystem

/// The sandbox's layout in a project, names and paths only:
///
/// ```
/// <project>/Deps/                  the sandbox
/// <project>/Deps/<Name>/           a fetched package's code
/// <project>/Deps/Manifest.lock     the lock the sandbox's folders match
/// ```
///
/// The sandbox (`FileSandbox`) places the packages' folders and writes Manifest.lock here; the
/// SwiftPM integration reads the packages' code here and keeps its own files beside them
/// (`Package.swift`, `_local/`, `_targets/`, which only it knows).
public struct SandboxLayout: Sendable {
    /// `Deps`: the sandbox's folder in the project, and how messages begin a path inside it.
    public static let folderName = "Deps"
    public static let manifestName = "Manifest.lock"
    public let projectDirectory: LocalPath

    public init(projectDirectory: LocalPath) {
        self.projectDirectory = projectDirectory
    }

    /// `Deps/`.
    public var root: LocalPath { projectDirectory / Self.folderName }

    /// `<Name>`: a fetched package's folder, relative to `Deps/`.
    public static func relativeFolder(of name: PackageName) -> String { name.description }

    /// `Deps/<Name>/`: where a fetched package's code is placed.
    public func folder(of name: PackageName) -> LocalPath { root / Self.relativeFolder(of: name) }

    /// `Deps/Manifest.lock`.
    public var manifestPath: LocalPath { root / Self.manifestName }

    /// `Deps/<relative>`: a path inside the sandbox as messages name it.
    public static func shown(_ relative: String) -> String { "\(folderName)/\(relative)" }

    /// `Deps/<Name>`, as messages name a package's folder.
    public static func shownFolder(of name: PackageName) -> String { shown(relativeFolder(of: name)) }

    /// `Deps/Manifest.lock`, as messages name it.
    public static var manifestShownAs: String { shown(manifestName) }
}
