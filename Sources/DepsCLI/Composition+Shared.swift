import Synchronization
import DepsCache
import DepsCode
import DepsCore
import DepsFiles
import DepsHTTP

/// What the gateways of one run share, made when first asked for and kept by the composition (so
/// two runs in one process share nothing): the HTTP client, the remote stores of code, whose
/// record of a store that did not answer holds for the run's specs and code alike, and which
/// caches the run has prepared.
final class MadeOnce: Sendable {
    /// The caches this run has prepared (made its folders, removed what killed runs left).
    let cachePreparations = CachePreparations()
    private let client = Mutex<HTTPClient?>(nil)
    private let remote = Mutex<RemoteCode??>(nil)

    /// The HTTP client, made by `make` the first time (a failure is not kept: it ends the run).
    func http(_ make: () throws -> HTTPClient) throws -> HTTPClient {
        try client.withLock { made in
            if let made { return made }
            let client = try make()
            made = client
            return client
        }
    }

    /// The remote stores of code (nil when there are none), made by `make` the first time.
    func remoteCode(_ make: () throws -> RemoteCode?) throws -> RemoteCode? {
        try remote.withLock { made in
            if let made { return made }
            let remote = try make()
            made = .some(remote)
            return remote
        }
    }
}

/// The project's Depsfile and lock, with the Depsfile read and parsed once for the run: what the
/// interactor reads is what the composition's own readers (the remote stores a CDN source adds,
/// the hint after an install) see, with the same error when it cannot be read.
final class DepsfileReadOnce: ProjectStore {
    /// The files themselves.
    let files: FileProjectStore
    private var read: Result<Manifest, any Error>?

    init(_ files: FileProjectStore) { self.files = files }

    func readManifest() throws -> Manifest {
        if let read { return try read.get() }
        let result = Result { try files.readManifest() }
        read = result
        return try result.get()
    }

    func readLockfile() throws -> Lockfile? { try files.readLockfile() }

    @discardableResult
    func writeLockfile(_ lockfile: Lockfile) throws -> Bool { try files.writeLockfile(lockfile) }

    func checkLockfileCanBeWritten() throws { try files.checkLockfileCanBeWritten() }

    func hasManifest() -> Bool { files.hasManifest() }

    func writeStarterManifest(_ starter: StarterManifest) throws {
        read = nil
        try files.writeStarterManifest(starter)
    }
}
