import DepsCore
import DepsFiles
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project's sandbox on disk: `Deps/<Name>/` per package and `Deps/Manifest.lock`.
///
/// A package's folder is copied from the cache into `Deps/.<Name>.<pid>.tmp` and renamed into
/// place (the old one renamed aside first, then removed), so an interruption leaves the old
/// folder or the new one. Leftovers of killed runs are removed by the next one.
public struct FileSandbox: Sandbox {
    public static let folderName = "Deps"
    public static let manifestName = "Manifest.lock"
    public let projectDirectory: String

    public init(projectDirectory: String) {
        self.projectDirectory = projectDirectory
    }

    /// `Deps/`.
    public var root: String { LocalFileSystem.join(projectDirectory, Self.folderName) }

    /// `Deps/<Name>/`: where a fetched package's code is placed.
    public func folder(of name: PackageName) -> String { LocalFileSystem.join(root, name.description) }
    var manifestPath: String { LocalFileSystem.join(root, Self.manifestName) }
    var manifestShownAs: String { "\(Self.folderName)/\(Self.manifestName)" }

    public func state(expecting expected: Lockfile?) throws -> SandboxState? {
        guard LocalFileSystem.kind(of: root) == .directory else { return nil }
        removeLeftovers()
        var manifest: Lockfile?
        if LocalFileSystem.kind(of: manifestPath) != nil {
            let bytes = try LocalFileSystem.readFile(manifestPath, shownAs: manifestShownAs)
            let codec = LockfileCodec(fileName: manifestShownAs)
            if let expected, Array(codec.encode(expected).utf8) == bytes {
                // Writing is cheaper than reading: the usual Manifest.lock is the lock itself.
                manifest = expected
            } else {
                // A damaged Manifest.lock only means the sandbox is not known to hold anything.
                manifest = try? codec.decode(bytes)
            }
        }
        var filled: Set<PackageName> = []
        for entry in try LocalFileSystem.directoryEntries(root, shownAs: Self.folderName) ?? [] {
            guard let name = try? PackageName(entry), LocalFileSystem.isFilledDirectory(LocalFileSystem.join(root, entry)) else { continue }
            filled.insert(name)
        }
        return SandboxState(manifest: manifest, filledFolders: filled)
    }

    public func place(_ code: FetchedCode, as name: PackageName) async throws {
        let target = folder(of: name)
        guard !code.usedInPlace else {
            try remove(name)
            return
        }
        try LocalFileSystem.makeDirectories(root, shownAs: Self.folderName)
        let fresh = LocalFileSystem.join(root, ".\(name).\(getpid()).tmp")
        LocalFileSystem.removeTree(fresh)
        TemporaryPaths.register(fresh)
        defer { LocalFileSystem.removeTree(fresh) }
        try LocalFileSystem.copyTree(code.tree, to: fresh, shownAs: "\(Self.folderName)/\(name)")
        try remove(name)
        try LocalFileSystem.move(fresh, to: target, shownAs: "\(Self.folderName)/\(name)")
    }

    public func remove(_ name: PackageName) throws {
        let target = folder(of: name)
        var info = stat()
        guard lstat(target, &info) == 0 else { return }
        let aside = LocalFileSystem.join(root, ".\(name).\(getpid()).old")
        LocalFileSystem.removeTree(aside)
        TemporaryPaths.register(aside)
        try LocalFileSystem.move(target, to: aside, shownAs: "\(Self.folderName)/\(name)")
        LocalFileSystem.removeTree(aside)
    }

    public func writeManifest(_ lock: Lockfile) throws {
        let bytes = Array(LockfileCodec(fileName: manifestShownAs).encode(lock).utf8)
        try LocalFileSystem.writeIfChanged(bytes, to: manifestPath, shownAs: manifestShownAs, makingFolderShownAs: Self.folderName)
    }

    public func checkWritable() throws {
        try LocalFileSystem.checkWritableFolder(root, shownAs: Self.folderName)
        let manifest = try LocalFileSystem.resolvingLinks(manifestPath, shownAs: manifestShownAs)
        try LocalFileSystem.checkReplaceable(manifest, shownAs: manifestShownAs)
    }

    /// Removes `.<Name>.<pid>.tmp` and `.old` folders whose process is gone.
    private func removeLeftovers() {
        for entry in (try? LocalFileSystem.directoryEntries(root, shownAs: Self.folderName)) ?? []
        where entry.hasPrefix(".") && (entry.hasSuffix(".tmp") || entry.hasSuffix(".old")) {
            let parts = entry.split(separator: ".")
            guard parts.count >= 3, let process = pid_t(parts[parts.count - 2]) else { continue }
            if process != getpid() && LocalFileSystem.hasEnded(process) {
                LocalFileSystem.removeTree(LocalFileSystem.join(root, entry))
            }
        }
    }
}
