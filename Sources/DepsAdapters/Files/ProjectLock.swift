import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock per project, so that two deps processes never interleave their writes.
///
/// The lock is `flock` on `<project>/.deps-lock`, which holds the holder's process id and
/// command while it is held and is removed on release. A second process waits for it; after
/// the timeout it says which process holds it. A killed holder's lock is released by the kernel.
public final class ProjectLock {
    public static let fileName = ".deps-lock"

    private var descriptor: Int32
    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { release() }

    /// Waits until no other deps process holds the project's lock, then holds it.
    /// Returns nil when the project directory cannot hold a lock file (read-only): such a
    /// project cannot be written either, and the write reports that.
    public static func acquire(directory: String, command: String, timeoutSeconds: Double) throws(ProjectLockedError) -> ProjectLock? {
        let path = LocalFileSystem.join(directory, fileName)
        let started = monotonicSeconds()
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The file may have been removed by the previous holder after we opened it.
                if sameFile(descriptor, path) {
                    let record = Array("\(getpid()) \(command)\n".utf8)
                    _ = ftruncate(descriptor, 0)
                    _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                    return ProjectLock(descriptor: descriptor, path: path)
                }
                close(descriptor)
                continue
            }
            let holder = readHolder(descriptor)
            close(descriptor)
            if monotonicSeconds() - started >= timeoutSeconds {
                throw ProjectLockedError(lockFile: path, holder: holder, waitedSeconds: timeoutSeconds)
            }
            usleep(20_000)
        }
    }

    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    private static func sameFile(_ descriptor: Int32, _ path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    private static func readHolder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "another deps process" }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let space = text.firstIndex(of: " ") else { return "another deps process" }
        return "process \(text[..<space]) (\(text[text.index(after: space)...]))"
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Another deps process held the project's lock for longer than the timeout (exit status 74).
public struct ProjectLockedError: Error, Sendable, Equatable, CustomStringConvertible {
    public let lockFile: String
    public let holder: String
    public let waitedSeconds: Double

    public var description: String {
        "\(MessageText.escaped(lockFile)): error: \(MessageText.escaped(holder)) is working on this project; waited \(Int(waitedSeconds)) s. "
            + "Run deps again when it is done, or set DEPS_LOCK_TIMEOUT to wait longer."
    }
}
