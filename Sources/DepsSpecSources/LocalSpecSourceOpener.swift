import DepsCore
import DepsFiles
import DepsFileSystem
import DepsFailures

/// Opens the sources a Depsfile names as directories relative to the project, and reads
/// `path:` external sources from `<path>/<Name>.yaml` or `<path>/<Name>.podspec.json`, and
/// `podspec:` ones from the file they name.
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
                problem: .specRepository(.unsupportedSource(label)))
        }
        let root = projectDirectory / label
        switch fileSystem.kind(of: root) {
        case .directory: return DirectorySpecSource(label: label, root: root, fileSystem: fileSystem)
        case nil: throw UnavailableError(location: label, reason: .noSuchSpecRepository)
        default: throw UnavailableError(location: label, reason: .specRepositoryNotADirectory)
        }
    }

    /// A `path:` or `podspec:` source's spec; a git source needs `SpecRepositoryOpener`, which checks it out.
    public func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String? = nil) async throws -> Specification {
        switch source {
        case let .path(path):
            // Neither file is reported as the first one missing.
            let file = PackageSpecFile(of: name, in: projectDirectory / path, fileSystem: fileSystem) ?? .yaml
            return try await file.read(
                name, at: projectDirectory / path / file.fileName(of: name),
                shownAs: LocalPath(path).appending(file.fileName(of: name)).string, fileSystem: fileSystem)
        case let .podspec(file):
            return try await specification(of: name, inFile: file)
        case let .git(url, _, _), let .package(url), let .unversionedPackage(url, _), let .registry(url):
            throw UnavailableError(location: url, reason: .needsCache)
        }
    }

    /// A `podspec:` source's spec: the file itself, a `.podspec.json`, a Ruby `.podspec` or deps'
    /// `.yaml`, whose `name` must be the dependency's. A relative location in its `source:` is
    /// relative to the file's folder, as one in a directory spec repository is relative to the repository.
    private func specification(of name: PackageName, inFile file: String) async throws -> Specification {
        let folder = LocalPath(file).parent
        let relocate: @Sendable (String) -> String = { folder.string == "." ? $0 : folder.appending($0).string }
        return try await (PackageSpecFile(file: file) ?? .yaml).read(
            name, at: projectDirectory / file, shownAs: file, namedByTheDepsfile: true, relocate: relocate, fileSystem: fileSystem)
    }
}
