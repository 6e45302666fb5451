import DepsCore
import DepsFileSystem
import DepsSandboxLayout

/// Writes `Deps/Package.swift` (BEHAVIOUR 8.4): the sandbox as one Swift package, a library product
/// and a target per installed package, so a project builds with `.package(path: "Deps")`.
///
/// SwiftPM keeps a target's files inside its package, so a package used in place is reached
/// through a symbolic link `Deps/_local/<Name>`. The file is rewritten only when its content
/// changes; when it is, the project's own `Package.swift` gets a new modification time (never
/// new bytes), because SwiftPM does not read a path dependency's manifest again by itself.
public struct SwiftPMIntegration: ProjectIntegration {
    public static let manifestName = "Package.swift"
    static let localFolder = "_local"
    public let projectDirectory: LocalPath
    let fileSystem: any FileSystem

    public init(projectDirectory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.projectDirectory = projectDirectory
        self.fileSystem = fileSystem
    }

    var sandbox: SandboxLayout { SandboxLayout(projectDirectory: projectDirectory) }
    var sandboxRoot: LocalPath { sandbox.root }
    var manifestPath: LocalPath { sandboxRoot / Self.manifestName }

    public func isWritten(for lock: Lockfile) -> Bool {
        guard fileSystem.kind(of: manifestPath) == .file else { return false }
        let locked = Dictionary(lock.swiftPackagePins().map { ($0.packageIdentity, $0.recorded) }, uniquingKeysWith: { first, _ in first })
        guard !locked.isEmpty else { return true }
        guard let bytes = try? fileSystem.readFile(manifestPath, shownAs: manifestPath.string) else { return false }
        return PackageManifestReader.packagePins(String(decoding: bytes, as: UTF8.self)) == locked
    }

    public func files(in folder: SandboxFolder) throws -> [String] {
        let root: LocalPath = switch folder {
        case let .fetched(name): sandbox.folder(of: name)
        case let .inPlace(_, path): projectDirectory / path
        }
        return files(below: root)
    }

    public func files(inTree tree: String) throws -> [String] {
        files(below: LocalPath(tree))
    }

    private func files(below root: LocalPath) -> [String] {
        fileSystem.walk(root, includingHidden: false, followingLinksToFolders: true)
            .filter { !$0.isDirectory }.map(\.relativePath)
    }

    public func contents(of file: String, in folder: SandboxFolder) -> [UInt8]? {
        let root: LocalPath = switch folder {
        case let .fetched(name): sandbox.folder(of: name)
        case let .inPlace(_, path): projectDirectory / path
        }
        return try? fileSystem.readFile(root / file, shownAs: file)
    }

    public func contents(of file: String, inTree tree: String) -> [UInt8]? {
        try? fileSystem.readFile(LocalPath(tree) / file, shownAs: file)
    }

    public func write(_ manifest: SandboxPackageManifest) throws -> Bool {
        try linkPackagesUsedInPlace(manifest)
        try TargetLayout.write(TargetLayout.entries(of: manifest), in: sandboxRoot, fileSystem: fileSystem)
        let bytes = Array(SwiftPMManifestText(manifest: manifest).text.utf8)
        guard try fileSystem.writeIfChanged(
            bytes, to: manifestPath, shownAs: SandboxLayout.shown(Self.manifestName), makingFolderShownAs: SandboxLayout.folderName) else { return false }
        let projectManifest = projectDirectory / Self.manifestName
        if fileSystem.kind(of: projectManifest) == .file { fileSystem.touch(projectManifest) }
        return true
    }

    /// `Deps/_local/<Name>` links to each folder used in place; links no target needs are removed.
    private func linkPackagesUsedInPlace(_ manifest: SandboxPackageManifest) throws {
        let folder = sandboxRoot / Self.localFolder
        var wanted: [String: String] = [:]
        for package in manifest.packages {
            guard case let .inPlace(name, path) = package.folder else { continue }
            wanted[name.description] = LocalPath(path).resolved(against: projectDirectory).string
        }
        let existing = (try? fileSystem.directoryEntries(folder, shownAs: folder.string)) ?? []
        for entry in existing where wanted[entry] == nil { fileSystem.removeFile(folder / entry) }
        guard !wanted.isEmpty else {
            fileSystem.removeEmptyDirectory(folder)
            return
        }
        try fileSystem.makeDirectories(folder, shownAs: SandboxLayout.shown(Self.localFolder))
        for (name, target) in wanted {
            let link = folder / name
            if fileSystem.linkTarget(of: link) == target { continue }
            fileSystem.removeFile(link)
            try fileSystem.makeSymbolicLink(at: link, to: target, shownAs: SandboxLayout.shown("\(Self.localFolder)/\(name)"))
        }
    }

    /// A Swift string literal: quotes, backslashes and control characters escaped.
    static func literal(_ text: String) -> String {
        SwiftStringLiteral.quoted(text)
    }
}
