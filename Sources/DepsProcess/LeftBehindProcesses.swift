import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Processes a stopped child leaves behind. Stopping a child (SIGTERM, then SIGKILL) does not stop
/// what it started: git's remote helper (`git remote-http`), `index-pack`, `ssh` go on, orphaned,
/// fetching into a folder deps has removed. Every child gets `DEPS_PROCESS=<this pid>` in its
/// environment, which its own children inherit, so once this process's own children have ended,
/// whatever still carries the mark was left behind and can be stopped.
///
/// Each child also gets `DEPS_CHILD=<this pid>-<a number>`, its own mark, so that what one
/// stopped child started can be stopped while other children run on (a deadline or a
/// cancellation stops one git, not the fetches beside it).
///
/// Found through `/proc` (Linux); elsewhere nothing is found.
public enum LeftBehindProcesses {
    /// The environment variable every child gets, naming this process.
    public static let marker = "DEPS_PROCESS"
    static let value = String(getpid())
    /// The environment variable naming one child, inherited by what it starts.
    static let childMarker = "DEPS_CHILD"
    private static let children = Mutex(0)

    /// A new mark for one child: `<this pid>-<a number>`.
    static func newChildMark() -> String {
        "\(value)-\(children.withLock { count in count += 1; return count })"
    }

    /// Kills every process that carries this process's mark and waits (up to two seconds) until
    /// they are gone. Call it only once no child of this process's own is running.
    public static func stop() {
        stopAll { marked(marker, value) }
    }

    /// Kills what the stopped child marked `mark` started and left running, and waits (up to two
    /// seconds) until it is gone. Call it once that child has been reaped.
    static func stop(leftByChild mark: String) {
        stopAll { marked(childMarker, mark) }
    }

    /// Kills what `find` finds, waits until it is gone, and looks again until two looks 20 ms
    /// apart find nothing: a process killed while it was starting another (git its remote helper)
    /// may have done so after the look, and a process in the middle of `exec` shows no
    /// environment for a moment. A dead process starts nothing, so this ends.
    private static func stopAll(_ find: () -> [pid_t]) {
        var emptyLooks = 0
        for _ in 0..<20 {
            var remaining = find()
            if remaining.isEmpty {
                emptyLooks += 1
                if emptyLooks == 2 { return }
                usleep(20_000)
                continue
            }
            emptyLooks = 0
            for pid in remaining { kill(pid, SIGKILL) }
            for _ in 0..<200 {
                remaining = remaining.filter(isRunning)
                if remaining.isEmpty { break }
                usleep(10_000)
            }
        }
    }

    /// The processes whose environment holds `name=value` (`DEPS_PROCESS=<this pid>`), this one excepted.
    static func marked(_ name: String = marker, _ value: String = value) -> [pid_t] {
        #if os(Linux)
        let own = getpid()
        let needle = Array("\(name)=\(value)".utf8) + [0]
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [pid_t] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != own else { continue }
            let environment = contents(of: "/proc/\(name)/environ")
            // Each variable ends in a NUL: look for the whole entry, at the start or after a NUL.
            if environment.starts(with: needle) || contains(environment, [0] + needle) { found.append(pid) }
        }
        return found
        #else
        return []
        #endif
    }

    /// Whether the process still runs: not gone, and not a zombie waiting for its new parent.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
        let stat = contents(of: "/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count else { return false }
        return stat[close + 2] != UInt8(ascii: "Z")
        #else
        return true
        #endif
    }

    #if os(Linux)
    private static func contents(of path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
    #endif
}
