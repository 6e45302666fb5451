import DepsCore
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsFailures

/// The spec of a package at the root of a folder (a `path:` or `git:` external source):
/// `<Name>.yaml`, else CocoaPods' `<Name>.podspec.json`, else a Ruby `<Name>.podspec` (read
/// through `ruby`, BEHAVIOUR 10).
enum PackageSpecFile {
    case yaml, podspecJSON, rubyPodspec

    /// Which of the files is in `folder`, nil when none is.
    init?(of name: PackageName, in folder: LocalPath, fileSystem: any FileSystem) {
        guard let found = [Self.yaml, .podspecJSON, .rubyPodspec].first(where: { fileSystem.kind(of: folder / $0.fileName(of: name)) != nil })
        else { return nil }
        self = found
    }

    /// The kind of a spec file named by its path (a `podspec:` source): nil for another kind.
    init?(file: String) {
        let lower = file.lowercased()
        if lower.hasSuffix(".podspec.json") {
            self = .podspecJSON
        } else if lower.hasSuffix(".podspec") {
            self = .rubyPodspec
        } else if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            self = .yaml
        } else {
            return nil
        }
    }

    func fileName(of name: PackageName) -> String {
        switch self {
        case .yaml: "\(name).yaml"
        case .podspecJSON: "\(name).podspec.json"
        case .rubyPodspec: "\(name).podspec"
        }
    }

    /// Reads and decodes the file at `path`, shown in messages as `shownAs`.
    func read(
        _ name: PackageName, at path: LocalPath, shownAs: String, namedByTheDepsfile: Bool = false,
        relocate: (@Sendable (String) -> String)? = nil, fileSystem: any FileSystem
    ) async throws -> Specification {
        let bytes = try fileSystem.readFile(path, shownAs: shownAs)
        let checksum = SHA256Digest.hex(of: bytes)
        if self == .rubyPodspec {
            // Static first: a podspec of literals needs no Ruby; anything else is evaluated.
            guard let json = RubyPodspecStaticReader.json(of: bytes) else {
                return try await RubyPodspecEvaluation(fileSystem: fileSystem).specification(
                    of: name, at: path, shownAs: shownAs, namedByTheDepsfile: namedByTheDepsfile, relocate: relocate)
            }
            do {
                return try PodspecJSONCodec(fileName: shownAs, relocate: relocate).decode(
                    json, checksum: checksum, expectedName: name, expectedVersion: nil, namedByTheDepsfile: namedByTheDepsfile)
            } catch {
                throw MalformedInputError(file: shownAs, problem: .inTheSpecItDescribes(error.problem))
            }
        }
        switch self {
        case .podspecJSON:
            return try PodspecJSONCodec(fileName: shownAs, relocate: relocate).decode(
                bytes, checksum: checksum, expectedName: name, expectedVersion: nil, namedByTheDepsfile: namedByTheDepsfile)
        case .yaml, .rubyPodspec:
            return try SpecCodec(fileName: shownAs, relocate: relocate).decode(
                bytes, checksum: checksum, expectedName: name, expectedVersion: nil, namedByTheDepsfile: namedByTheDepsfile)
        }
    }
}
