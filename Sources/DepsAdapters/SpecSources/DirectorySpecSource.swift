import DepsCore

/// A spec repository on disk: `<root>/<Name>/<version>.yaml`.
///
/// Listing a package's versions reads its directory only; a spec file is read and
/// parsed the first time its version is asked for, and kept for the rest of the run.
public final class DirectorySpecSource: SpecSource {
    public let label: String
    /// The directory on disk (the label resolved against the project directory).
    public let root: String

    private var versionFiles: [PackageName: [Version: String]] = [:]
    private var specifications: [PackageName: [Version: Specification]] = [:]

    public init(label: String, root: String) {
        self.label = label
        self.root = root
    }

    public func versions(of name: PackageName) throws -> [Version] {
        Array(try files(of: name).keys).sorted()
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        if let cached = specifications[name]?[version] { return cached }
        guard let spelling = try files(of: name)[version] else {
            throw FileAccessError(path: displayPath(name, version.description), reason: "no such spec")
        }
        let shownAs = displayPath(name, spelling)
        let bytes = try LocalFileSystem.readFile(LocalFileSystem.join(root, "\(name)/\(spelling).yaml"), shownAs: shownAs)
        let label = label
        let specification = try SpecCodec(fileName: shownAs, relocate: { LocalFileSystem.join(label, $0) }).decode(
            bytes, checksum: SHA256Digest.hex(of: bytes), expectedName: name, expectedVersion: spelling)
        specifications[name, default: [:]][version] = specification
        return specification
    }

    public func packageNames() throws -> [PackageName] {
        guard let entries = try LocalFileSystem.directoryEntries(root, shownAs: label) else { return [] }
        return entries.compactMap { entry in
            guard LocalFileSystem.kind(of: LocalFileSystem.join(root, entry)) == .directory else { return nil }
            return try? PackageName(entry)
        }
    }

    /// The version files of a package, keyed by version, valued by the spelling of the file name.
    private func files(of name: PackageName) throws -> [Version: String] {
        if let cached = versionFiles[name] { return cached }
        let folder = LocalFileSystem.join(root, name.description)
        var files: [Version: String] = [:]
        for entry in try LocalFileSystem.directoryEntries(folder, shownAs: "\(label)/\(name)") ?? []
        where entry.hasSuffix(".yaml") && !entry.hasPrefix(".") {
            let spelling = String(entry.dropLast(5))
            guard let version = try? Version(spelling) else {
                throw MalformedInputError(
                    file: displayPath(name, spelling), message: "the file name '\(entry)' is not a version")
            }
            if let other = files[version] {
                throw MalformedInputError(
                    file: displayPath(name, spelling),
                    message: "version \(spelling) is also spelt \(other) in \(label)/\(name); keep one file")
            }
            files[version] = spelling
        }
        versionFiles[name] = files
        return files
    }

    private func displayPath(_ name: PackageName, _ spelling: String) -> String {
        "\(label)/\(name)/\(spelling).yaml"
    }
}
