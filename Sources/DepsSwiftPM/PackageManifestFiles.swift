import DepsCore
import DepsFileSystem
import DepsSandboxLayout

/// Packages' own `Package.swift` files: read from `Deps/<Name>/` when the sandbox holds the
/// locked code, else from the code the fetcher keeps in the shared cache (fetching it there when
/// it is missing, or failing on it when offline).
public struct PackageManifestFiles: PackageManifestSource {
    public static let fileName = "Package.swift"
    let sandbox: SandboxLayout
    let fetcher: CodeFetcher
    let fileSystem: any FileSystem

    public init(projectDirectory: LocalPath, fetcher: CodeFetcher, fileSystem: any FileSystem = POSIXFileSystem()) {
        sandbox = SandboxLayout(projectDirectory: projectDirectory)
        self.fetcher = fetcher
        self.fileSystem = fileSystem
    }

    public func manifest(of request: CodeRequest, inSandbox: Bool) async throws -> FoundPackageManifest {
        if inSandbox {
            let path = sandbox.folder(of: request.name) / Self.fileName
            return FoundPackageManifest(reading: try read(path, shownAs: "\(SandboxLayout.shownFolder(of: request.name))/\(Self.fileName)"), pin: nil)
        }
        let code = try await fetcher.fetch(request)
        return FoundPackageManifest(
            reading: try read(LocalPath(code.tree) / Self.fileName, shownAs: "\(request.name)/\(Self.fileName)"), pin: code.pin)
    }

    private func read(_ path: LocalPath, shownAs name: String) throws -> PackageManifestReading {
        guard fileSystem.kind(of: path) == .file else { return .none }
        let bytes = try fileSystem.readFile(path, shownAs: name)
        return PackageManifestReader.read(String(decoding: bytes, as: UTF8.self))
    }
}
