#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a file, held while a cache entry is made, so that concurrent deps
/// processes (and tasks of one process) never build the same entry twice or read a half-made one.
/// The kernel releases it when the holder dies. Lock files are left in place: removing one
/// while another process waits on it would let two holders in.
public final class FileLock: @unchecked Sendable {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Waits (without blocking a thread) until the lock on `path` is free, then holds it.
    public static func acquire(_ path: String, shownAs name: String) async throws -> FileLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileAccessError(path: name, reason: "cannot lock: " + LocalFileSystem.reason(errno))
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw FileAccessError(path: name, reason: "cannot lock: " + LocalFileSystem.reason(code))
            }
            do {
                try await Task.sleep(nanoseconds: 10_000_000)
            } catch {
                close(descriptor)
                throw error
            }
        }
        return FileLock(descriptor: descriptor)
    }

    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}

/// Runs `body` while holding the lock on `path`.
public func withFileLock<T>(_ path: String, shownAs name: String, _ body: () async throws -> T) async throws -> T {
    let lock = try await FileLock.acquire(path, shownAs: name)
    defer { lock.release() }
    return try await body()
}
