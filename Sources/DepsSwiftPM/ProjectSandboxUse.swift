import DepsFileSystem
import DepsSandboxLayout

/// Whether a project's own `Package.swift` builds with the sandbox yet: it names
/// `.package(path: "Deps")` (spaces and a `./` or trailing `/` aside). Read as text, never run.
public enum ProjectSandboxUse {
    /// nil when the project has no `Package.swift` (or it cannot be read); else whether it names
    /// the sandbox.
    public static func usesSandbox(projectDirectory: LocalPath, fileSystem: any FileSystem) -> Bool? {
        let path = projectDirectory / "Package.swift"
        guard fileSystem.kind(of: path) == .file,
              let bytes = try? fileSystem.readFile(path, shownAs: "Package.swift") else { return nil }
        return namesSandbox(String(decoding: bytes, as: UTF8.self))
    }

    static func namesSandbox(_ manifest: String) -> Bool {
        let compact = String(manifest.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        let folder = SandboxLayout.folderName
        return ["path:\"\(folder)\"", "path:\"./\(folder)\"", "path:\"\(folder)/\"", "path:\"./\(folder)/\""].contains { compact.contains($0) }
    }
}
