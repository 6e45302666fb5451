import DepsCore
import DepsFiles
import DepsFileSystem

/// The spec of a package at the root of a folder (a `path:` or `git:` external source):
/// `<Name>.yaml`, else CocoaPods' `<Name>.podspec.json`.
enum PackageSpecFile {
    case yaml, podspecJSON

    /// Which of the two files is in `folder`, nil when neither is.
    init?(of name: PackageName, in folder: LocalPath, fileSystem: any FileSystem) {
        if fileSystem.kind(of: folder / Self.yaml.fileName(of: name)) != nil {
            self = .yaml
        } else if fileSystem.kind(of: folder / Self.podspecJSON.fileName(of: name)) != nil {
            self = .podspecJSON
        } else {
            return nil
        }
    }

    func fileName(of name: PackageName) -> String {
        switch self {
        case .yaml: "\(name).yaml"
        case .podspecJSON: "\(name).podspec.json"
        }
    }

    /// Reads and decodes the file in `folder`, shown in messages as `shownAs`.
    func read(_ name: PackageName, in folder: LocalPath, shownAs: String, fileSystem: any FileSystem) throws -> Specification {
        let bytes = try fileSystem.readFile(folder / fileName(of: name), shownAs: shownAs)
        let checksum = SHA256Digest.hex(of: bytes)
        switch self {
        case .yaml:
            return try SpecCodec(fileName: shownAs).decode(bytes, checksum: checksum, expectedName: name, expectedVersion: nil)
        case .podspecJSON:
            return try PodspecJSONCodec(fileName: shownAs).decode(bytes, checksum: checksum, expectedName: name, expectedVersion: nil)
        }
    }
}
