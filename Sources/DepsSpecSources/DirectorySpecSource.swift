import DepsCore
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsFailures

/// A spec repository on disk, in one of two layouts:
///
/// - deps' own: `<root>/<Name>/<version>.yaml` (BEHAVIOUR 1.2);
/// - CocoaPods': when `<root>/Specs/` is a directory (BEHAVIOUR 9),
///   `<root>/Specs/<Name>/<version>/<Name>.podspec.json`, or sharded when
///   `<root>/CocoaPods-version.yml` gives `prefix_lengths` (`[1, 1, 1]`):
///   `<root>/Specs/a/b/c/<Name>/<version>/<Name>.podspec.json`, where `a`, `b`, `c` are the first
///   hexadecimal digits of the MD5 of the name.
///
/// Listing a package's versions reads its directory only; a spec file is read and
/// parsed the first time its version is asked for, and kept for the rest of the run.
public final class DirectorySpecSource: SpecSource {
    public let label: String
    /// The directory on disk (the label resolved against the project directory).
    public let root: LocalPath
    let fileSystem: any FileSystem
    /// A directory is on this machine, and so is its code.
    public let isRemote = false
    /// Whether a relative location in a spec is joined to the label; a git spec repository read
    /// from the network keeps it as written (and its specs may not use one).
    let relocatesLocations: Bool

    private enum Layout: Equatable {
        case deps
        /// CocoaPods' `Specs/`, sharded by the lengths given (none: not sharded).
        case cocoaPods(prefixLengths: [Int])
    }

    private var knownLayout: Layout?
    private var versionFiles: [PackageName: [Version: String]] = [:]
    private var specifications: [PackageName: [Version: Specification]] = [:]
    /// Other spellings of a version (`0.6` beside `0.6.0`), checked against the one read.
    private var otherSpellings: [PackageName: [Version: [String]]] = [:]

    public init(label: String, root: LocalPath, fileSystem: any FileSystem = POSIXFileSystem(), relocatesLocations: Bool = true) {
        self.label = label
        self.root = root
        self.fileSystem = fileSystem
        self.relocatesLocations = relocatesLocations
    }

    public func versions(of name: PackageName) throws -> [Version] {
        Array(try files(of: name).keys).sorted()
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        if let cached = specifications[name]?[version] { return cached }
        let specification = try readSpecification(of: name, version: version, spelling: nil)
        for other in otherSpellings[name]?[version] ?? [] {
            let alternative = try readSpecification(of: name, version: version, spelling: other)
            guard specification.agreesOnDependencies(with: alternative) else {
                let layout = try layout()
                throw MalformedInputError(
                    file: displayPath(specPath(name, specification.version.description, layout)),
                    problem: .specRepository(.versionSpeltTwice(
                        specification.version, other: other, otherFile: displayPath(specPath(name, other, layout)))))
            }
        }
        specifications[name, default: [:]][version] = specification
        return specification
    }

    /// Of two spellings of one version, the one read: more segments (`0.6.0` over `0.6`), then
    /// byte order; and the one set aside.
    static func preferred(_ a: String, _ b: String) -> (kept: String, setAside: String) {
        let (x, y) = (a.split(separator: ".").count, b.split(separator: ".").count)
        if x != y { return x > y ? (a, b) : (b, a) }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? (a, b) : (b, a)
    }

    private func readSpecification(of name: PackageName, version: Version, spelling chosen: String?) throws -> Specification {
        let layout = try layout()
        guard let spelling = try chosen ?? files(of: name)[version] else {
            throw UnavailableError(location: displayPath(specPath(name, version.description, layout)), reason: .noSuchSpec)
        }
        let relative = specPath(name, spelling, layout)
        let shownAs = displayPath(relative)
        let bytes = try fileSystem.readFile(root / relative, shownAs: shownAs)
        let label = label
        let relocate: (@Sendable (String) -> String)? = relocatesLocations ? { @Sendable in LocalPath(label).appending($0).string } : nil
        let checksum = SHA256Digest.hex(of: bytes)
        let specification: Specification
        switch layout {
        case .deps:
            specification = try SpecCodec(fileName: shownAs, relocate: relocate).decode(
                bytes, checksum: checksum, expectedName: name, expectedVersion: spelling)
        case .cocoaPods:
            specification = try PodspecJSONCodec(fileName: shownAs, relocate: relocate).decode(
                bytes, checksum: checksum, expectedName: name, expectedVersion: spelling)
        }
        return specification
    }

    /// One version's spec file as the directory holds it, for `deps mirror`.
    func specFile(of name: PackageName, version: Version) throws -> SpecFile {
        let layout = try layout()
        guard let spelling = try files(of: name)[version] else {
            throw UnavailableError(location: displayPath(specPath(name, version.description, layout)), reason: .noSuchSpec)
        }
        let relative = specPath(name, spelling, layout)
        let bytes = try fileSystem.readFile(root / relative, shownAs: displayPath(relative))
        return SpecFile(spelling: spelling, bytes: bytes, isPodspecJSON: layout != .deps, shownAs: displayPath(relative))
    }

    public func packageNames() throws -> [PackageName] {
        switch try layout() {
        case .deps:
            return try packageFolders(in: "")
        case let .cocoaPods(prefixLengths):
            // Walk the shards: `Specs/a/b/c/` for `[1, 1, 1]`, `Specs/` itself when not sharded.
            var shards = ["Specs"]
            for length in prefixLengths {
                var deeper: [String] = []
                for shard in shards {
                    for entry in try fileSystem.directoryEntries(root / shard, shownAs: displayPath(shard)) ?? []
                    where entry.utf8.count == length && entry.utf8.allSatisfy(SHA256Text.isLowerHex) {
                        deeper.append("\(shard)/\(entry)")
                    }
                }
                shards = deeper
            }
            var names: [PackageName] = []
            for shard in shards { names += try packageFolders(in: shard) }
            return names.sorted()
        }
    }

    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] {
        layoutNotes(shownAs: label)
    }

    /// A CocoaPods layout with no `CocoaPods-version.yml` whose `Specs/` holds only shard folders
    /// (`Specs/a/b/c/`): packages are looked for directly in `Specs/`, where there are none.
    func layoutNotes(shownAs source: String) -> [MissingPackageNote] {
        guard (try? layout()) == .cocoaPods(prefixLengths: []) else { return [] }
        var lengths: [Int] = []
        var folder = root / "Specs"
        while lengths.count < 8 {
            let entries = ((try? fileSystem.directoryEntries(folder, shownAs: folder.string)) ?? []).filter { !$0.hasPrefix(".") }
            guard let first = entries.first, (1...8).contains(first.utf8.count),
                  entries.allSatisfy({ $0.utf8.count == first.utf8.count && $0.utf8.allSatisfy(SHA256Text.isLowerHex) }),
                  fileSystem.kind(of: folder / first) == .directory else { break }
            lengths.append(first.utf8.count)
            folder = folder / first
        }
        return lengths.isEmpty ? [] : [.shardedWithoutVersionFile(source: source, prefixLengths: lengths)]
    }

    /// The package folders directly in `folder` (relative to the root; "" for the root).
    private func packageFolders(in folder: String) throws -> [PackageName] {
        let path = folder.isEmpty ? root : root / folder
        guard let entries = try fileSystem.directoryEntries(path, shownAs: folder.isEmpty ? label : displayPath(folder)) else { return [] }
        return entries.compactMap { entry in
            guard fileSystem.kind(of: path / entry) == .directory else { return nil }
            return try? PackageName(entry)
        }
    }

    /// The version files of a package, keyed by version, valued by the spelling of the file name
    /// (deps' layout) or of the version folder (CocoaPods').
    private func files(of name: PackageName) throws -> [Version: String] {
        if let cached = versionFiles[name] { return cached }
        let layout = try layout()
        let folder = packageFolder(name, layout)
        let folderPath = root / folder
        var files: [Version: String] = [:]
        for entry in try fileSystem.directoryEntries(folderPath, shownAs: displayPath(folder)) ?? [] where !entry.hasPrefix(".") {
            let spelling: String
            let version: Version
            switch layout {
            case .deps:
                guard entry.hasSuffix(".yaml") else { continue }
                spelling = String(entry.dropLast(5))
                guard let parsed = try? Version(spelling) else {
                    throw MalformedInputError(
                        file: displayPath(specPath(name, spelling, layout)), problem: .specRepository(.fileNameNotAVersion(entry)))
                }
                version = parsed
            case .cocoaPods:
                spelling = entry
                guard let parsed = try? Version(spelling) else {
                    // Files beside the version folders (CocoaPods' own index.txt, a README) are not versions.
                    guard fileSystem.kind(of: folderPath / entry) == .directory else { continue }
                    throw MalformedInputError(
                        file: displayPath("\(folder)/\(entry)"), problem: .specRepository(.folderNameNotAVersion(entry)))
                }
                version = parsed
            }
            if let other = files[version] {
                // One version spelt two ways (`0.6` and `0.6.0`): the fuller spelling is read; the
                // other is checked against it when the version is asked for.
                let (kept, set) = Self.preferred(spelling, other)
                // The key keeps the spelling it was made with: store the kept one's.
                files.removeValue(forKey: version)
                files[kept == spelling ? version : (try? Version(kept)) ?? version] = kept
                otherSpellings[name, default: [:]][version, default: []].append(set)
                continue
            }
            files[version] = spelling
        }
        versionFiles[name] = files
        return files
    }

    // MARK: Layout

    /// The repository's layout, found on first use: CocoaPods' when `Specs/` is a directory.
    private func layout() throws -> Layout {
        if let knownLayout { return knownLayout }
        let layout: Layout
        if fileSystem.kind(of: root / "Specs") == .directory {
            layout = .cocoaPods(prefixLengths: try prefixLengths())
        } else {
            layout = .deps
        }
        knownLayout = layout
        return layout
    }

    /// `prefix_lengths` of `CocoaPods-version.yml`; none when the file is absent.
    private func prefixLengths() throws -> [Int] {
        let path = root / CocoaPodsShards.versionFile
        guard fileSystem.kind(of: path) != nil else { return [] }
        let shownAs = displayPath(CocoaPodsShards.versionFile)
        return try CocoaPodsShards.prefixLengths(in: try fileSystem.readFile(path, shownAs: shownAs), shownAs: shownAs)
    }

    /// The package's folder relative to the root: `Moya`, `Specs/Moya` or `Specs/8/a/7/Moya`.
    private func packageFolder(_ name: PackageName, _ layout: Layout) -> String {
        switch layout {
        case .deps:
            return name.description
        case let .cocoaPods(prefixLengths):
            return (["Specs"] + CocoaPodsShards.fragments(of: name, prefixLengths) + [name.description]).joined(separator: "/")
        }
    }

    /// One version's spec file relative to the root.
    private func specPath(_ name: PackageName, _ spelling: String, _ layout: Layout) -> String {
        switch layout {
        case .deps: "\(name)/\(spelling).yaml"
        case .cocoaPods: "\(packageFolder(name, layout))/\(spelling)/\(name).podspec.json"
        }
    }

    private func displayPath(_ relative: String) -> String {
        "\(label)/\(relative)"
    }
}
