import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a file: held while a cache entry is made, so that concurrent deps
/// processes (and tasks of one process) never build the same entry twice or read a half-made
/// one, and held on a project's `.deps-lock` while a command writes the project. The kernel
/// releases it when the holder dies. A cache's lock files are left in place: removing one while
/// another process waits on it would let two holders in.
public final class FileLock: Sendable {
    /// The open lock file; -1 once released.
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// What one try at the lock found.
    public enum Attempt {
        case taken(FileLock)
        /// Another holder has it; `record` is what the holder wrote in the file (its first 256 bytes).
        case held(record: [UInt8])
        /// The file cannot be opened (`opening`) or locked, for the reason given.
        case failed(reason: String, opening: Bool)
    }

    /// Opens the file at `path` (made when missing) and takes its lock if no one holds it: the one
    /// rule for trying a lock, whether the caller then waits asynchronously (`acquire`) or not.
    public static func attempt(_ path: LocalPath) -> Attempt {
        let descriptor = open(path.string, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(reason: POSIXFileSystem.reason(errno), opening: true) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(descriptor) }
            guard code == EWOULDBLOCK || code == EINTR else { return .failed(reason: POSIXFileSystem.reason(code), opening: false) }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            return .held(record: count > 0 ? Array(buffer[0..<count]) : [])
        }
        return .taken(FileLock(descriptor: descriptor))
    }

    /// Waits (without blocking a thread) until the lock on `path` is free, then holds it.
    public static func acquire(_ path: LocalPath, shownAs name: String) async throws -> FileLock {
        while true {
            switch attempt(path) {
            case let .taken(lock):
                return lock
            case .held:
                try await Task.sleep(nanoseconds: 10_000_000)
            case let .failed(reason, _):
                throw FileAccessError(path: name, reason: "cannot lock: " + reason)
            }
        }
    }

    /// Whether the locked file is still the one at `path` (a holder that removes its lock file
    /// on release may have removed it after this one opened it).
    public func isStill(at path: LocalPath) -> Bool {
        var opened = stat()
        var named = stat()
        guard descriptor.withLock({ fstat($0, &opened) }) == 0, stat(path.string, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Replaces what the file holds with `record`, for whoever finds the lock held.
    public func write(record: [UInt8]) {
        descriptor.withLock { descriptor in
            _ = ftruncate(descriptor, 0)
            _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }
}

/// Runs `body` while holding the lock on `path`.
public func withFileLock<T>(_ path: LocalPath, shownAs name: String, _ body: () async throws -> T) async throws -> T {
    let lock = try await FileLock.acquire(path, shownAs: name)
    defer { lock.release() }
    return try await body()
}
