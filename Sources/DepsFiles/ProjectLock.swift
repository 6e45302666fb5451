import DepsCore
import DepsProcess
import DepsFileSystem
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
            // Making and taking the lock file is one step that a SIGINT or SIGTERM waits for, so a
            // signal that ends deps finds the file listed among its temporary paths, and removes it.
            let attempt = TerminationSignals.deferringTermination { () -> Attempt in
                let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { return .unavailable }
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                    let holder = readHolder(descriptor)
                    close(descriptor)
                    return .held(by: holder)
                }
                // The file may have been removed by the previous holder after we opened it.
                guard sameFile(descriptor, path) else {
                    close(descriptor)
                    return .removedMeanwhile
                }
                let record = Array("\(getpid()) \(command)\n".utf8)
                _ = ftruncate(descriptor, 0)
                _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                TemporaryPaths.listMadeInSection(path)
                return .taken(descriptor)
            }
            switch attempt {
            case let .taken(descriptor)?:
                return ProjectLock(descriptor: descriptor, path: path)
            case .removedMeanwhile?:
                continue
            case let .held(by: holder)?:
                if monotonicSeconds() - started >= timeoutSeconds {
                    throw ProjectLockedError(lockFile: path, holder: holder, waitedSeconds: timeoutSeconds)
                }
                usleep(20_000)
            case .unavailable?, nil:
                // No lock file can be made here, or a signal is interrupting deps: it writes nothing then.
                return nil
            }
        }
    }

    private enum Attempt {
        case taken(Int32)
        case held(by: String)
        case removedMeanwhile
        case unavailable
    }

    public func release() {
        guard descriptor >= 0 else { return }
        // Unless a signal that is ending deps removed it already: then the path may be another
        // process's lock by now.
        if TemporaryPaths.forget(path) { unlink(path) }
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
