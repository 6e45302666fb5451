import DepsSignals
import DepsCore
import DepsProcess
import DepsFileSystem
import DepsFailures
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

    private let lock: FileLock
    private let path: LocalPath
    private var held = true

    private init(lock: FileLock, path: LocalPath) {
        self.lock = lock
        self.path = path
    }

    deinit { release() }

    /// Waits until no other deps process holds the project's lock, then holds it.
    /// Returns nil when the project directory cannot hold a lock file (read-only): such a
    /// project cannot be written either, and the write reports that.
    public static func acquire(directory: LocalPath, command: String, timeoutSeconds: Double) throws(ProjectLockedError) -> ProjectLock? {
        let path = directory / fileName
        let started = monotonicSeconds()
        while true {
            // Making and taking the lock file is one step that a SIGINT or SIGTERM waits for, so a
            // signal that ends deps finds the file listed among its temporary paths, and removes it.
            let attempt = TerminationSignals.deferringTermination { () -> Attempt in
                switch FileLock.attempt(path) {
                case .failed(_, opening: true), .readOnly:
                    return .unavailable
                case .failed(_, opening: false):
                    return .held(by: holder(in: []))
                case let .held(record):
                    return .held(by: holder(in: record))
                case let .taken(lock):
                    // The file may have been removed by the previous holder after we opened it.
                    guard lock.isStill(at: path) else {
                        lock.release()
                        return .removedMeanwhile
                    }
                    lock.write(record: Array("\(getpid()) \(command)\n".utf8))
                    TemporaryPaths.listMadeInSection(path)
                    return .taken(lock)
                }
            }
            switch attempt {
            case let .taken(lock)?:
                return ProjectLock(lock: lock, path: path)
            case .removedMeanwhile?:
                continue
            case let .held(by: holder)?:
                if monotonicSeconds() - started >= timeoutSeconds {
                    throw ProjectLockedError(lockFile: path.string, holder: holder, waitedSeconds: timeoutSeconds)
                }
                usleep(20_000)
            case .unavailable?, nil:
                // No lock file can be made here, or a signal is interrupting deps: it writes nothing then.
                return nil
            }
        }
    }

    private enum Attempt {
        case taken(FileLock)
        case held(by: String)
        case removedMeanwhile
        case unavailable
    }

    public func release() {
        guard held else { return }
        held = false
        // Unless a signal that is ending deps removed it already: then the path may be another
        // process's lock by now.
        if TemporaryPaths.forget(path) { POSIXFileSystem().removeFile(path) }
        lock.release()
    }

    /// Who holds the lock, from the record it wrote: `process 123 (install)`.
    private static func holder(in record: [UInt8]) -> String {
        let text = String(decoding: record, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
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
public struct ProjectLockedError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }
    public let lockFile: String
    public let holder: String
    public let waitedSeconds: Double
}
