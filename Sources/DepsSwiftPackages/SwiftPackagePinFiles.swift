import DepsCore
import DepsFailures
import DepsFiles
import DepsFileSystem
import DepsSwiftPM
import DepsYAML

/// The files of a project in which SwiftPM and Xcode record Swift packages' versions (BEHAVIOUR
/// 16): `Deps/Package.swift` (what deps wrote), `Deps/Package.resolved`, the project's own
/// `Package.resolved`, and each Xcode workspace's and project's `xcshareddata/swiftpm/Package.resolved`.
public struct SwiftPackagePinFiles: SwiftPackagePinRecords {
    let projectDirectory: LocalPath
    let fileSystem: any FileSystem

    public init(projectDirectory: LocalPath, fileSystem: any FileSystem) {
        self.projectDirectory = projectDirectory
        self.fileSystem = fileSystem
    }

    public func recordedPins() throws -> [SwiftPackagePinRecord] {
        var records: [SwiftPackagePinRecord] = []
        let manifest = "Deps/Package.swift"
        if let bytes = try read(manifest) {
            records.append(SwiftPackagePinRecord(file: manifest, pins: PackageManifestReader.packagePins(String(decoding: bytes, as: UTF8.self))))
        }
        for file in resolvedFiles() {
            guard let bytes = try read(file) else { continue }
            records.append(SwiftPackagePinRecord(file: file, pins: try PackageResolvedCodec(fileName: file).decode(bytes)))
        }
        return records
    }

    /// `Deps/Package.resolved`, `Package.resolved`, and those of the project's Xcode workspaces and projects.
    func resolvedFiles() -> [String] {
        var files = ["Deps/Package.resolved", "Package.resolved"]
        let entries = (try? fileSystem.directoryEntries(projectDirectory, shownAs: projectDirectory.string)) ?? nil
        for entry in (entries ?? []).sorted() {
            if entry.hasSuffix(".xcworkspace") {
                files.append("\(entry)/xcshareddata/swiftpm/Package.resolved")
            } else if entry.hasSuffix(".xcodeproj") {
                files.append("\(entry)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
            }
        }
        return files
    }

    private func read(_ file: String) throws -> [UInt8]? {
        let path = projectDirectory / file
        guard fileSystem.kind(of: path) == .file else { return nil }
        return try fileSystem.readFile(path, shownAs: file)
    }
}

/// Reads a `Package.resolved` (versions 1 to 3) into each pinned package's version and revision,
/// by identity (version 1 names a package by its URL, whose identity it is).
struct PackageResolvedCodec {
    let fileName: String

    func decode(_ bytes: [UInt8]) throws(MalformedInputError) -> [String: RecordedSwiftPackagePin] {
        let document = YAMLDocument(file: fileName)
        let root = try document.root(of: bytes, expecting: .packageResolved)
        var pinsNode = root.value(forKey: "pins")
        if pinsNode == nil, let object = root.value(forKey: "object") { pinsNode = object.value(forKey: "pins") }
        var pins: [String: RecordedSwiftPackagePin] = [:]
        for item in try document.sequence(pinsNode ?? .null, .field("pins")) {
            let identity = item.value(forKey: "identity")?.scalarValue
                ?? item.value(forKey: "repositoryURL")?.scalarValue.map { SwiftPackageIdentity(location: $0).description }
            guard let identity else { throw MalformedInputError(file: document.file, at: item, SwiftPackageFileProblem.pinWithoutIdentity) }
            let state = item.value(forKey: "state")
            pins[identity.lowercased()] = RecordedSwiftPackagePin(
                version: state?.value(forKey: "version")?.scalarValue, revision: state?.value(forKey: "revision")?.scalarValue)
        }
        return pins
    }
}

extension MalformedInputError {
    /// A Swift package file problem at `node` of `file`.
    fileprivate init(file: String, at node: YAMLNode, _ problem: SwiftPackageFileProblem) {
        self.init(file: file, line: node.mark.line > 0 ? node.mark.line : nil, problem: .swiftPackageFile(problem))
    }
}
