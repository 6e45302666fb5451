import DepsCore
import DepsFileSystem

/// A CocoaPods project's `Podfile` and `Podfile.lock`, read for `deps import` and never changed.
public final class CocoaPodsProjectFiles: CocoaPodsProject {
    public let directory: LocalPath
    let fileSystem: any FileSystem
    public static let podfileName = "Podfile"
    public static let podfileLockName = "Podfile.lock"

    /// Whether a Podfile the static reader cannot follow is refused rather than evaluated with Ruby (`--static`).
    let staticOnly: Bool

    public init(directory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem(), staticOnly: Bool = false) {
        self.directory = directory
        self.fileSystem = fileSystem
        self.staticOnly = staticOnly
    }

    /// Read statically first; where that cannot follow the Ruby, evaluated with the `ruby` on PATH
    /// (BEHAVIOUR 10). With `staticOnly`, or with no Ruby, the static reader's refusal stands.
    public func readPodfile() async throws -> ReadPodfile? {
        let path = directory / Self.podfileName
        guard fileSystem.kind(of: path) != nil else { return nil }
        do {
            let reading = try PodfileReader(fileName: Self.podfileName).read(try fileSystem.readFile(path, shownAs: Self.podfileName))
            return ReadPodfile(podfile: reading.podfile, warnings: reading.warnings)
        } catch let refusal as PodfileRefusal {
            guard !staticOnly, let firstLine = PodfileEvaluationRun.needsRuby(refusal) else { throw refusal }
            return try await PodfileEvaluationRun(fileName: Self.podfileName).read(
                path: path.string, folder: directory.string, refusal: refusal, firstLine: firstLine)
        }
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
