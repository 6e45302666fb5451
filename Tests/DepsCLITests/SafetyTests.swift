import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 7: a killed deps leaves the old lock or a complete new one, and concurrent deps
/// processes in one project serialize their writes.
final class SafetyTests: XCTestCase {
    /// A repository of `count` packages with versions 1.0.0 and 2.0.0, and a project depending on
    /// all of them with the given requirement, so that an install takes a while.
    func largeProject(packages count: Int, requirement: String) throws -> TemporaryProject {
        let project = try TemporaryProject(self)
        var table: [String: [String: [String: String]]] = [:]
        for index in 0..<count {
            let next = index + 1 < count ? ["Package\(index + 1)": ""] : [:]
            table["Package\(index)"] = ["1.0.0": next, "2.0.0": next]
        }
        try project.publish(table)
        try writeDepsfile(project, count: count, requirement: requirement)
        return project
    }

    func writeDepsfile(_ project: TemporaryProject, count: Int, requirement: String) throws {
        var text = "sources:\n  - ../Specs\ndependencies:\n"
        for index in 0..<count { text += "  Package\(index): \"\(requirement)\"\n" }
        try project.write("App/Depsfile", text)
    }

    /// SIGKILL at random moments of an install of 400 packages: the lock is the old one or a
    /// complete new one. `DEPS_KILL_RUNS` sets the number of kills: 5 unset, so that `swift test`
    /// stays quick; CI's step against the release build runs 20, scripts/kill-soak.sh 200.
    func testAnInstallKilledAtRandomMomentsLeavesTheOldLockOrACompleteNewOne() throws {
        let runs = Int(ProcessInfo.processInfo.environment["DEPS_KILL_RUNS"] ?? "") ?? 5
        let count = 400
        let project = try largeProject(packages: count, requirement: "= 1.0.0")
        XCTAssertEqual(try project.deps("install").status, 0)
        let oldLock = try XCTUnwrap(project.lockfile)
        try writeDepsfile(project, count: count, requirement: ">= 2.0")

        // How long an uninterrupted install takes; the kills land anywhere within it.
        let started = Date()
        XCTAssertEqual(try project.deps("install", "--dry-run").status, 0)
        let duration = max(Date().timeIntervalSince(started), 0.05)

        var generator = SystemRandomNumberGenerator()
        var outcomes = (old: 0, new: 0)
        for run in 0..<runs {
            try project.write("App/Depsfile.lock", oldLock)
            let process = try DepsBinary.start(["install", "--project", project.app, "--quiet"])
            usleep(useconds_t(Double.random(in: 0...(duration * 1.2), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let lock = try XCTUnwrap(project.lockfile, "run \(run): the lockfile is gone")
            if lock == oldLock {
                outcomes.old += 1
            } else {
                let check = try project.deps("check")
                XCTAssertEqual(check.status, 0, "run \(run): a lock deps check refuses:\n\(check.stdout)\(check.stderr)")
                outcomes.new += 1
            }
        }
        print("SIGKILL runs: \(runs); old lock kept: \(outcomes.old); complete new lock: \(outcomes.new)")
        // The next write sweeps what killed writers left behind.
        try project.write("App/Depsfile.lock", oldLock)
        XCTAssertEqual(try project.deps("install", "--quiet").status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.app).filter { $0.hasSuffix(".tmp") }, [])
    }

    func testConcurrentInstallsInOneProjectAllEndWellAndLeaveOneValidLock() throws {
        let project = try largeProject(packages: 60, requirement: ">= 1.0")
        let processes = try (0..<4).map { _ in try DepsBinary.start(["install", "--project", project.app, "--quiet"]) }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        XCTAssertEqual(try project.deps("check").status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.app).sorted(), ["Deps", "Depsfile", "Depsfile.lock"])
        // The packages' code is used in place, so the sandbox holds only its manifest (a copy of the
        // lock), Package.swift, and the links to the code in _local/.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.app + "/Deps").sorted(), ["Manifest.lock", "Package.swift", "_local"])
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), project.lockfile)
    }

    func testASecondProcessWaitsAndAfterTheTimeoutNamesTheHolder() throws {
        let project = try largeProject(packages: 3, requirement: ">= 1.0")
        let lockPath = project.app + "/.deps-lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        let record = "\(getpid()) deps update\n"
        _ = record.withCString { write(descriptor, $0, strlen($0)) }

        let outcome = try DepsBinary.run(
            ["install", "--project", project.app], environment: ["DEPS_LOCK_TIMEOUT": "0.3"])
        XCTAssertEqual(outcome.status, 74)
        XCTAssertTrue(outcome.stderr.contains("process \(getpid()) (deps update) is working on this project"), outcome.stderr)
        XCTAssertNil(project.lockfile)

        // Once the holder lets go, the waiting process goes ahead.
        let tries = LockFileOpenings(lockPath)
        let waiting = try DepsBinary.start(["install", "--project", project.app, "--quiet"])
        XCTAssertTrue(tries.wait(for: 2), "it tries the lock, finds it held and tries again")
        XCTAssertTrue(waiting.isRunning, "it waits while the lock is held")
        XCTAssertEqual(try project.read("App/.deps-lock"), record, "it did not take the lock")
        unlink(lockPath)
        close(descriptor)
        waiting.waitUntilExit()
        XCTAssertEqual(waiting.terminationStatus, 0)
        XCTAssertNotNil(project.lockfile)
    }
}

/// Counts the openings of one file (Linux's inotify): how a test sees another process try a lock
/// file, without waiting for a guessed moment. Elsewhere it counts nothing, and `wait` says so.
final class LockFileOpenings {
    private let watcher: Int32
    private var seen = 0

    init(_ path: String) {
        #if os(Linux)
        var watcher = inotify_init1(Int32(O_CLOEXEC))
        // IN_OPEN
        if watcher >= 0, inotify_add_watch(watcher, path, 0x20) < 0 {
            close(watcher)
            watcher = -1
        }
        self.watcher = watcher
        #else
        watcher = -1
        #endif
    }

    deinit { if watcher >= 0 { close(watcher) } }

    /// Waits until the file has been opened `count` times since `init`, 20 s at most; whether it was.
    func wait(for count: Int) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while seen < count && watcher >= 0 && Date() < deadline {
            var poller = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let length = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
            // Each event is 16 bytes and a name (none, for a watched file).
            var offset = 0
            while offset + 16 <= length {
                let nameLength = buffer[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
                seen += 1
                offset += 16 + nameLength
            }
        }
        return seen >= count
    }
}
