import DepsCore
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One version's spec file as its source holds it.
struct SpecFile {
    /// The version as the source spells it (`1.0` or `1.0.0`), which names its folder.
    let spelling: String
    let bytes: [UInt8]
    /// Whether it is CocoaPods' podspec.json (the format a CDN serves), not a deps YAML spec.
    let isPodspecJSON: Bool
    var shownAs: String = ""
}

/// A spec source that can give a spec's file as it holds it: a CDN, a git spec repository, a directory.
protocol SpecFileSource: SpecSource {
    func specFile(of name: PackageName, version: Version) throws -> SpecFile
}

extension DirectorySpecSource: SpecFileSource {}
extension GitSpecSource: SpecFileSource {}

/// Adds packages' code to a mirror folder's `code/`, which `FolderMirror` writes the specs beside.
public protocol CodeMirroring: Sendable {
    /// Adds the package's code at the request's pin; false when the mirror holds it already.
    func add(_ request: CodeRequest) async throws -> Bool
}

/// A mirror folder (BEHAVIOUR 14): a CocoaPods CDN layout any static server serves
/// (`CocoaPods-version.yml`, the shard indexes `all_pods_versions_a_b_c.txt`,
/// `Specs/a/b/c/<Name>/<version>/<Name>.podspec.json` byte for byte as the source gave them),
/// and `code/` as its `CodeMirroring` writes it. Spec and code files are only ever added, each
/// written beside its place and renamed in; a shard index grows by the versions added, and
/// `CocoaPods-version.yml` is written once.
public final class FolderMirror: MirrorDestination {
    public let folder: LocalPath
    let code: any CodeMirroring
    let fileSystem: any FileSystem
    /// The versions added this run, by shard index file and package: what the indexes gain.
    private var added: [String: [String: Set<String>]] = [:]
    private var lengths: [Int]?

    /// trunk's sharding, for a new mirror.
    static let defaultPrefixLengths = [1, 1, 1]

    public init(folder: LocalPath, code: any CodeMirroring, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.folder = folder
        self.code = code
        self.fileSystem = fileSystem
    }

    /// The mirror's `prefix_lengths`: its `CocoaPods-version.yml`'s, written first for a new mirror.
    private func prefixLengths() throws -> [Int] {
        if let lengths { return lengths }
        let file = folder / CocoaPodsShards.versionFile
        let found: [Int]
        if fileSystem.kind(of: file) == .file {
            found = try CocoaPodsShards.prefixLengths(in: try fileSystem.readFile(file, shownAs: file.string), shownAs: file.string)
        } else {
            found = Self.defaultPrefixLengths
            let text = "---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n" + found.map { "- \($0)\n" }.joined()
            try write(Array(text.utf8), to: file)
        }
        lengths = found
        return found
    }

    public func addSpecification(of name: PackageName, version: Version, from source: SpecSource) async throws -> Bool {
        guard let source = source as? SpecFileSource else {
            throw UnavailableError(location: source.label, reason: .notMirrorable)
        }
        let file = try source.specFile(of: name.root, version: version)
        guard file.isPodspecJSON else {
            throw UnavailableError(location: file.shownAs, reason: .notServableByCDN)
        }
        let fragments = CocoaPodsShards.fragments(of: name.root, try prefixLengths())
        added[CDNLayout.indexPath(fragments), default: [:]][name.root.description, default: []].insert(file.spelling)
        let target = folder / CDNLayout.specPath(name.root, file.spelling, fragments)
        guard fileSystem.kind(of: target) != .file else { return false }
        try write(file.bytes, to: target)
        return true
    }

    public func addCode(_ request: CodeRequest) async throws -> Bool {
        try await code.add(request)
    }

    /// Adds this run's versions to the shard indexes, keeping every line and version already there.
    public func finish() throws {
        for (index, packages) in added.sorted(by: { $0.key < $1.key }) {
            let path = folder / index
            var lines: [String] = []
            var known: [String: Int] = [:]
            if fileSystem.kind(of: path) == .file {
                let text = String(decoding: try fileSystem.readFile(path, shownAs: path.string), as: UTF8.self)
                for line in text.split(separator: "\n") where !line.isEmpty {
                    let name = String(line.prefix { $0 != "/" })
                    if known[name] == nil { known[name] = lines.count }
                    lines.append(String(line))
                }
            }
            for (name, spellings) in packages.sorted(by: { $0.key < $1.key }) {
                if let at = known[name] {
                    let present = Set(lines[at].split(separator: "/").dropFirst().map(String.init))
                    let missing = spellings.subtracting(present)
                    guard !missing.isEmpty else { continue }
                    lines[at] += "/" + Self.sorted(missing).joined(separator: "/")
                } else {
                    known[name] = lines.count
                    lines.append(([name] + Self.sorted(spellings)).joined(separator: "/"))
                }
            }
            try fileSystem.writeIfChanged(Array((lines.joined(separator: "\n") + "\n").utf8), to: path, shownAs: path.string)
        }
        added = [:]
    }

    /// Versions in their order, spellings deps cannot read last.
    private static func sorted(_ spellings: Set<String>) -> [String] {
        spellings.sorted { a, b in
            switch (try? Version(a), try? Version(b)) {
            case let (x?, y?): x != y ? x < y : a < b
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a < b
            }
        }
    }

    /// Writes a new file beside its place and renames it in.
    private func write(_ bytes: [UInt8], to target: LocalPath) throws {
        try fileSystem.makeDirectories(target.parent, shownAs: target.parent.string)
        try fileSystem.writeAtomically(bytes, to: target, shownAs: target.string)
    }
}
