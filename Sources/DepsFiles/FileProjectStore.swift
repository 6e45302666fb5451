import DepsCore
import DepsFileSystem

/// A project directory holding `Depsfile` and `Depsfile.lock`.
public final class FileProjectStore: ProjectStore {
    public let directory: String
    public static let manifestName = "Depsfile"
    public static let lockfileName = "Depsfile.lock"

    public init(directory: String) {
        self.directory = directory
    }

    public var manifestPath: String { LocalFileSystem.join(directory, Self.manifestName) }
    public var lockfilePath: String { LocalFileSystem.join(directory, Self.lockfileName) }

    public func readManifest() throws -> Manifest {
        guard LocalFileSystem.kind(of: manifestPath) != nil else {
            throw FileAccessError(path: Self.manifestName, reason: "no Depsfile in \(directory)")
        }
        let bytes = try LocalFileSystem.readFile(manifestPath, shownAs: Self.manifestName)
        return try DepsfileCodec(fileName: Self.manifestName).decode(bytes, checksum: SHA256Digest.hex(of: bytes))
    }

    public func readLockfile() throws -> Lockfile? {
        guard LocalFileSystem.kind(of: lockfilePath) != nil else { return nil }
        let bytes = try LocalFileSystem.readFile(lockfilePath, shownAs: Self.lockfileName)
        return try LockfileCodec(fileName: Self.lockfileName).decode(bytes)
    }

    public func hasManifest() -> Bool {
        LocalFileSystem.kind(of: manifestPath) != nil
    }

    public func writeStarterManifest(_ starter: StarterManifest) throws {
        let bytes = Array(DepsfileCodec(fileName: Self.manifestName).encodeStarter(starter).utf8)
        try LocalFileSystem.writeAtomically(bytes, to: manifestPath, shownAs: Self.manifestName)
    }

    public func checkLockfileCanBeWritten() throws {
        let target = try LocalFileSystem.resolvingLinks(lockfilePath, shownAs: Self.lockfileName)
        try LocalFileSystem.checkReplaceable(target, shownAs: Self.lockfileName)
        try LocalFileSystem.checkWritableFolder(
            LocalFileSystem.parentDirectory(of: target), shownAs: Self.lockfileName, saying: "cannot write in its folder")
    }

    @discardableResult
    public func writeLockfile(_ lockfile: Lockfile) throws -> Bool {
        let bytes = Array(LockfileCodec(fileName: Self.lockfileName).encode(lockfile).utf8)
        return try LocalFileSystem.writeIfChanged(bytes, to: lockfilePath, shownAs: Self.lockfileName)
    }
}
