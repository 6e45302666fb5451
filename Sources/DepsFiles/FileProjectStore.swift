import DepsCore
import DepsFailures
import DepsFileSystem

/// A project directory holding `Depsfile` and `Depsfile.lock`.
public final class FileProjectStore: ProjectStore {
    public let directory: LocalPath
    let fileSystem: any FileSystem
    /// The Depsfile decoded last, by the SHA-256 of its bytes: a command that asks for it several
    /// times (the composition root for its sources, then the use case) decodes it once.
    private var decodedManifest: (checksum: String, result: Result<Manifest, MalformedInputError>)?
    public static let manifestName = "Depsfile"
    public static let lockfileName = "Depsfile.lock"

    public init(directory: LocalPath, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    public var manifestPath: LocalPath { directory / Self.manifestName }
    public var lockfilePath: LocalPath { directory / Self.lockfileName }

    public func readManifest() throws -> Manifest {
        guard fileSystem.kind(of: manifestPath) != nil else {
            throw UnavailableError(location: Self.manifestName, reason: .noManifest(directory: directory.string))
        }
        let bytes = try fileSystem.readFile(manifestPath, shownAs: Self.manifestName)
        let checksum = SHA256Digest.hex(of: bytes)
        if let decodedManifest, decodedManifest.checksum == checksum { return try decodedManifest.result.get() }
        let result = Result { () throws(MalformedInputError) -> Manifest in
            try DepsfileCodec(fileName: Self.manifestName).decode(bytes, checksum: checksum)
        }
        decodedManifest = (checksum, result)
        return try result.get()
    }

    public func readLockfile() throws -> Lockfile? {
        guard fileSystem.kind(of: lockfilePath) != nil else { return nil }
        let bytes = try fileSystem.readFile(lockfilePath, shownAs: Self.lockfileName)
        return try LockfileCodec(fileName: Self.lockfileName).decode(bytes)
    }

    public func hasManifest() -> Bool {
        fileSystem.kind(of: manifestPath) != nil
    }

    public func writeStarterManifest(_ starter: StarterManifest) throws {
        let bytes = Array(DepsfileCodec(fileName: Self.manifestName).encodeStarter(starter).utf8)
        try fileSystem.writeAtomically(bytes, to: manifestPath, shownAs: Self.manifestName)
    }

    public func checkLockfileCanBeWritten() throws {
        let target = try fileSystem.resolvingLinks(lockfilePath, shownAs: Self.lockfileName)
        try fileSystem.checkReplaceable(target, shownAs: Self.lockfileName)
        try fileSystem.checkWritableFolder(
            target.parent, shownAs: Self.lockfileName, saying: .writeInFolder)
    }

    @discardableResult
    public func writeLockfile(_ lockfile: Lockfile) throws -> Bool {
        let bytes = Array(LockfileCodec(fileName: Self.lockfileName).encode(lockfile).utf8)
        return try fileSystem.writeIfChanged(bytes, to: lockfilePath, shownAs: Self.lockfileName)
    }
}
