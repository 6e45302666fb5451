import DepsCore
import DepsFileSystem

/// Where `deps import` writes: the project's Depsfile and Depsfile.lock, never over existing ones.
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
