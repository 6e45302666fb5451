import DepsCore
import DepsCode
import DepsFiles
import DepsFileSystem

/// Opens the sources a Depsfile names as directories relative to the project, and reads
/// `path:` external sources from `<path>/<Name>.yaml` or `<path>/<Name>.podspec.json`.
public final class LocalSpecSourceOpener: SpecSourceOpener {
    public let projectDirectory: LocalPath
    let fileSystem: any FileSystem

    public init(projectDirectory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.projectDirectory = projectDirectory
        self.fileSystem = fileSystem
    }

    public func openSource(_ label: String) throws -> SpecSource {
        if label.contains("://") || label.hasPrefix("git@") {
            throw MalformedInputError(
                file: FileProjectStore.manifestName,
                message: "source '\(label)' is not supported yet; name a spec repository directory")
        }
        let root = projectDirectory / label
        switch fileSystem.kind(of: root) {
        case .directory: return DirectorySpecSource(label: label, root: root, fileSystem: fileSystem)
        case nil: throw FileAccessError(path: label, reason: "no such spec repository (a directory relative to the Depsfile)")
        default: throw FileAccessError(path: label, reason: "is not a directory; a spec repository is a directory")
        }
    }

    /// A `path:` source's spec; a git source needs `SpecRepositoryOpener`, which checks it out.
    public func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String? = nil) throws -> Specification {
        switch source {
        case let .path(path):
            // Neither file is reported as the first one missing.
            let file = PackageSpecFile(of: name, in: projectDirectory / path, fileSystem: fileSystem) ?? .yaml
            return try file.read(
                name, in: projectDirectory / path, shownAs: LocalPath(path).appending(file.fileName(of: name)).string,
                fileSystem: fileSystem)
        case let .git(url, _, _):
            throw FileAccessError(path: url, reason: "a git external source needs the shared cache to be checked out")
        }
    }
}
