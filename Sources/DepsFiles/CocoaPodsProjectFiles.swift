import DepsCore
import DepsFileSystem

/// A CocoaPods project's `Podfile` and `Podfile.lock`, read for `deps import` and never changed.
public final class CocoaPodsProjectFiles: CocoaPodsProject {
    public let directory: LocalPath
    let fileSystem: any FileSystem
    public static let podfileName = "Podfile"
    public static let podfileLockName = "Podfile.lock"

    public init(directory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    public func readPodfile() throws -> ReadPodfile? {
        let path = directory / Self.podfileName
        guard fileSystem.kind(of: path) != nil else { return nil }
        let reading = try PodfileReader(fileName: Self.podfileName).read(try fileSystem.readFile(path, shownAs: Self.podfileName))
        return ReadPodfile(podfile: reading.podfile, warnings: reading.warnings)
    }

    public func readPodfileLock() throws -> PodfileLock? {
        let path = directory / Self.podfileLockName
        guard fileSystem.kind(of: path) != nil else { return nil }
        return try PodfileLockCodec(fileName: Self.podfileLockName).decode(try fileSystem.readFile(path, shownAs: Self.podfileLockName))
    }
}

extension FileProjectStore: ImportDestination {
    public func existingFiles() -> [String] {
        [(manifestPath, Self.manifestName), (lockfilePath, Self.lockfileName)]
            .filter { fileSystem.entryExists($0.0) }
            .map(\.1)
    }

    public func manifestFile(_ manifest: ImportedManifest) -> ManifestFile {
        let text = DepsfileCodec(fileName: Self.manifestName).encode(manifest)
        // As `readManifest` computes it, so that the lock is in sync with the Depsfile written.
        return ManifestFile(text: text, checksum: SHA256Digest.hex(of: Array(text.utf8)))
    }

    public func lockfileText(_ lockfile: Lockfile) -> String {
        LockfileCodec(fileName: Self.lockfileName).encode(lockfile)
    }

    public func write(manifest: String, lockfile: String?) throws {
        let existing = existingFiles()
        guard existing.isEmpty else { throw ImportWouldOverwriteError(files: existing) }
        try fileSystem.writeAtomically(Array(manifest.utf8), to: manifestPath, shownAs: Self.manifestName)
        guard let lockfile else { return }
        do {
            try fileSystem.writeAtomically(Array(lockfile.utf8), to: lockfilePath, shownAs: Self.lockfileName)
        } catch {
            fileSystem.removeFile(manifestPath)
            throw error
        }
    }
}
