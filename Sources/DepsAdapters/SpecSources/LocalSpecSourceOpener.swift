import DepsCore

/// Opens the sources a Depsfile names as directories relative to the project, and reads
/// `path:` external sources from `<path>/<Name>.yaml`.
public final class LocalSpecSourceOpener: SpecSourceOpener {
    public let projectDirectory: String

    public init(projectDirectory: String) {
        self.projectDirectory = projectDirectory
    }

    public func openSource(_ label: String) throws -> SpecSource {
        if label.contains("://") || label.hasPrefix("git@") {
            throw MalformedInputError(
                file: FileProjectStore.manifestName,
                message: "source '\(label)' is not supported yet; name a spec repository directory")
        }
        let root = LocalFileSystem.join(projectDirectory, label)
        switch LocalFileSystem.kind(of: root) {
        case .directory: return DirectorySpecSource(label: label, root: root)
        case nil: throw FileAccessError(path: label, reason: "no such spec repository (a directory relative to the Depsfile)")
        default: throw FileAccessError(path: label, reason: "is not a directory; a spec repository is a directory")
        }
    }

    public func externalSpecification(of name: PackageName, from source: ExternalSource) throws -> Specification {
        switch source {
        case let .path(path):
            let shownAs = LocalFileSystem.join(path, "\(name).yaml")
            let bytes = try LocalFileSystem.readFile(LocalFileSystem.join(projectDirectory, shownAs), shownAs: shownAs)
            return try SpecCodec(fileName: shownAs).decode(
                bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: name, expectedVersion: nil)
        }
    }
}
