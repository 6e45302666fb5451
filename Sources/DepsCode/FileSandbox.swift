import DepsSignals
import DepsCore
import DepsFiles
import DepsFileSystem
import DepsProcess
import DepsFailures
import DepsSandboxLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project's sandbox on disk: `Deps/<Name>/` per package and `Deps/Manifest.lock`, where
/// `SandboxLayout` says.
///
/// A package's folder is copied from the cache into `Deps/.<Name>.<pid>.tmp` and renamed into
/// place (the old one renamed aside first, then removed), so an interruption leaves the old
/// folder or the new one. Leftovers of killed runs are removed by the next one.
public struct FileSandbox: Sandbox {
    let layout: SandboxLayout
    let fileSystem: any FileSystem

    public init(projectDirectory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem()) {
        layout = SandboxLayout(projectDirectory: projectDirectory)
        self.fileSystem = fileSystem
    }

    var root: LocalPath { layout.root }
    func folder(of name: PackageName) -> LocalPath { layout.folder(of: name) }
    var manifestPath: LocalPath { layout.manifestPath }
    var manifestShownAs: String { SandboxLayout.manifestShownAs }

    public func state(expecting expected: Lockfile?) throws -> SandboxState? {
        guard fileSystem.kind(of: root) == .directory else { return nil }
        removeLeftovers()
        var manifest: Lockfile?
        if fileSystem.kind(of: manifestPath) != nil {
            let bytes = try fileSystem.readFile(manifestPath, shownAs: manifestShownAs)
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
        for entry in try fileSystem.directoryEntries(root, shownAs: SandboxLayout.folderName) ?? [] {
            guard let name = try? PackageName(entry), fileSystem.isFilledDirectory(root / entry) else { continue }
            filled.insert(name)
        }
        return SandboxState(manifest: manifest, filledFolders: filled)
    }

    public func place(_ code: FetchedCode, as name: PackageName, listing manifest: Lockfile?) async throws {
        let target = folder(of: name)
        guard !code.usedInPlace else {
            try remove(name, listing: manifest)
            return
        }
        if fileSystem.kind(of: root) == nil {
            // A first install's Deps/: a signal that ends deps before anything is placed in it
            // leaves none behind, as a failure does (BEHAVIOUR 7).
            try fileSystem.makeDirectories(root, shownAs: SandboxLayout.folderName)
            TemporaryPaths.registerFolderRemovedIfEmpty(root)
        }
        let fresh = root / ".\(name).\(getpid()).tmp"
        fileSystem.removeTree(fresh)
        TemporaryPaths.register(fresh)
        defer { TemporaryPaths.removedTree(fresh, in: fileSystem) }
        try fileSystem.copyTree(LocalPath(code.tree), to: fresh, shownAs: SandboxLayout.shownFolder(of: name))
        try swap(name, listing: manifest) { () throws(FileAccessError) in
            try fileSystem.move(fresh, to: target, shownAs: SandboxLayout.shownFolder(of: name))
        }
    }

    public func remove(_ name: PackageName, listing manifest: Lockfile?) throws {
        try swap(name, listing: manifest) { () throws(FileAccessError) in }
    }

    /// Renames the package's folder aside, runs `renameIn`, and writes `manifest`, as one step a
    /// SIGINT or SIGTERM waits for; then removes the old folder. A folder that is replaced is first
    /// unlisted (Manifest.lock written without it), so that a SIGKILL, which nothing waits for,
    /// between the rename and the listing leaves a folder Manifest.lock does not vouch for (the
    /// next install places it again), never one it lists at another version.
    private func swap(_ name: PackageName, listing manifest: Lockfile?, _ renameIn: () throws(FileAccessError) -> Void) throws {
        let target = folder(of: name)
        let aside = root / ".\(name).\(getpid()).old"
        fileSystem.removeTree(aside)
        TemporaryPaths.register(aside)
        defer { TemporaryPaths.removedTree(aside, in: fileSystem) }
        let done: Void? = try TerminationSignals.deferringTermination { () throws in
            if fileSystem.entryExists(target) {
                if let manifest {
                    try writeManifest(manifest.keeping(Set(manifest.packages.map(\.name.root)).subtracting([name])))
                }
                try fileSystem.move(target, to: aside, shownAs: SandboxLayout.shownFolder(of: name))
            }
            try renameIn()
            if let manifest { try writeManifest(manifest) }
        }
        guard done != nil else {
            throw FileAccessError(path: SandboxLayout.shownFolder(of: name), operation: .replace, problem: .interrupted)
        }
    }

    public func writeManifest(_ lock: Lockfile) throws {
        let bytes = Array(LockfileCodec(fileName: manifestShownAs).encode(lock).utf8)
        try fileSystem.writeIfChanged(bytes, to: manifestPath, shownAs: manifestShownAs, makingFolderShownAs: SandboxLayout.folderName)
    }

    public func checkWritable() throws {
        try fileSystem.checkWritableFolder(root, shownAs: SandboxLayout.folderName)
        let manifest = try fileSystem.resolvingLinks(manifestPath, shownAs: manifestShownAs)
        try fileSystem.checkReplaceable(manifest, shownAs: manifestShownAs)
    }

    /// Removes `Deps/` when it is an empty folder (never a link, a file or a folder holding anything).
    public func removeIfEmpty() {
        fileSystem.removeEmptyDirectory(root)
    }

    /// Removes `.<Name>.<pid>.tmp` and `.old` folders whose process is gone.
    private func removeLeftovers() {
        for entry in (try? fileSystem.directoryEntries(root, shownAs: SandboxLayout.folderName)) ?? []
        where entry.hasPrefix(".") && (entry.hasSuffix(".tmp") || entry.hasSuffix(".old")) {
            let parts = entry.split(separator: ".")
            guard parts.count >= 3, let process = pid_t(parts[parts.count - 2]) else { continue }
            if process != getpid() && POSIXFileSystem.hasEnded(process) {
                fileSystem.removeTree(root / entry)
            }
        }
    }
}
