import Synchronization
import DepsFailures
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
        /// The file cannot be opened (`opening`) or locked, with the system's error number.
        case failed(code: Int32, opening: Bool)
        /// The file cannot be opened for writing because the folder or the file is read-only to
        /// this process (permission denied, or a read-only file system): a reader may still take
        /// it shared (`attemptShared`).
        case readOnly(code: Int32)
    }

    /// Opens the file at `path` (made when missing) and takes its lock if no one holds it: the one
    /// rule for trying a lock, whether the caller then waits asynchronously (`acquire`) or not.
    public static func attempt(_ path: LocalPath) -> Attempt {
        let descriptor = open(path.string, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if POSIXFileSystem.isReadOnlyRefusal(code) { return .readOnly(code: code) }
            return .failed(code: code, opening: true)
        }
        return take(descriptor, LOCK_EX)
    }

    /// Opens the existing file at `path` for reading and takes its lock shared, if no one holds
    /// it exclusively: a reader that cannot write the folder still waits for a writer that can.
    /// Gives nil when there is no such file (no writer ever took it).
    public static func attemptShared(_ path: LocalPath) -> Attempt? {
        let descriptor = open(path.string, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT ? nil : .failed(code: code, opening: true)
        }
        return take(descriptor, LOCK_SH)
    }

    /// Takes the lock of an open file in the given mode, or says who holds it; closes it unless taken.
    private static func take(_ descriptor: Int32, _ mode: Int32) -> Attempt {
        guard flock(descriptor, mode | LOCK_NB) == 0 else {
            let code = errno
            defer { close(descriptor) }
            guard code == EWOULDBLOCK || code == EINTR else { return .failed(code: code, opening: false) }
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
            case let .failed(code, _), let .readOnly(code):
                throw FileAccessError(path: name, operation: .lock, problem: .system(code))
            }
        }
    }

    /// How `withWritingOrReadingLock` holds the lock.
    public enum Access: Sendable, Equatable {
        /// Exclusive: the holder may write what the lock guards.
        case writing
        /// Shared, or none when the lock file does not exist: the lock file cannot be opened for
        /// writing (`reason`), so neither can what it guards; the holder only reads, and any
        /// writer that can write still waits for it.
        case readingOnly(reason: FileProblem)
    }

    /// Waits until the lock on `path` is free, then holds it: exclusive when the file can be
    /// opened for writing, else shared (none when there is no file) and `readingOnly`.
    public static func acquireForWritingOrReading(_ path: LocalPath, shownAs name: String) async throws -> (FileLock?, Access) {
        while true {
            switch attempt(path) {
            case let .taken(lock):
                return (lock, .writing)
            case .held:
                try await Task.sleep(nanoseconds: 10_000_000)
            case let .failed(code, _):
                throw FileAccessError(path: name, operation: .lock, problem: .system(code))
            case let .readOnly(code):
                let reason = FileProblem.system(code)
                while true {
                    switch attemptShared(path) {
                    case nil:
                        return (nil, .readingOnly(reason: reason))
                    case let .taken(lock)?:
                        return (lock, .readingOnly(reason: reason))
                    case .held?, .readOnly?:
                        try await Task.sleep(nanoseconds: 10_000_000)
                    case let .failed(code, _)?:
                        throw FileAccessError(path: name, operation: .lock, problem: .system(code))
                    }
                }
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

/// Runs `body` while holding the lock on `path`: exclusive when this process can write the lock
/// file, else shared (`FileLock.Access.readingOnly`), so that a cache another user owns is read
/// under the same rule that guards its writer, and `body` knows it must not write.
public func withWritingOrReadingLock<T>(
    _ path: LocalPath, shownAs name: String, _ body: (FileLock.Access) async throws -> T
) async throws -> T {
    let (lock, access) = try await FileLock.acquireForWritingOrReading(path, shownAs: name)
    defer { lock?.release() }
    return try await body(access)
}

/// Runs `body` while holding the lock on `path`.
public func withFileLock<T>(_ path: LocalPath, shownAs name: String, _ body: () async throws -> T) async throws -> T {
    let lock = try await FileLock.acquire(path, shownAs: name)
    defer { lock.release() }
    return try await body()
}
