import Foundation
import LoopbackHTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 7 and 8 where files meet signals and unusual folders: a SIGINT or SIGTERM never
/// leaves a temporary file behind, even mid-write; a read-only Depsfile.lock is refused, a
/// symbolic link is written through; a sandbox or cache that cannot be written fails cleanly,
/// and one reached through a symbolic link just works.
final class FileSafetyTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self)
    }

    // MARK: Helpers

    /// Packages `Package0…Package<count-1>`, versions 1.0.0 and 2.0.0, their code used in place.
    func publishPackages(_ count: Int) throws {
        var table: [String: [String: [String: String]]] = [:]
        for index in 0..<count { table["Package\(index)"] = ["1.0.0": [:], "2.0.0": [:]] }
        try project.publish(table)
    }

    /// A Depsfile needing the first `count` packages at `requirement`.
    func writeDepsfile(packages count: Int, requirement: String) throws {
        var text = "sources:\n  - ../Specs\ndependencies:\n"
        for index in 0..<count { text += "  Package\(index): \"\(requirement)\"\n" }
        try project.write("App/Depsfile", text)
    }

    /// Starts deps in the project, its stderr kept in a file.
    func start(_ arguments: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = DepsBinary.url
        process.arguments = arguments + ["--project", project.app]
        var env = ProcessInfo.processInfo.environment
        env["DEPS_CACHE_DIR"] = cache
        process.environment = env
        let errors = project.root + "/stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Waits until deps has taken SIGINT and SIGTERM (Linux shows it in /proc). A signal that
    /// comes before, while the process is still loading, ends it before it has done anything.
    func waitUntilSignalsAreTaken(_ process: Process) {
        let status = "/proc/\(process.processIdentifier)/status"
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline {
            guard let text = try? String(contentsOfFile: status, encoding: .utf8) else { return }
            let caught = text.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
                .flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
            if caught & (1 << UInt64(SIGINT - 1)) != 0 && caught & (1 << UInt64(SIGTERM - 1)) != 0 { return }
            usleep(500)
        }
    }

    /// Names below a folder of the project root that a run must not leave: temporary files and
    /// folders (`….tmp`, `….old`, a download's `….part`, an archive's `….unpacked`), the
    /// project's `.deps-lock`.
    func leftovers(under relativePath: String) -> [String] {
        project.files(under: relativePath).filter { path in
            let name = (path as NSString).lastPathComponent
            return name.hasSuffix(".tmp") || name.hasSuffix(".old") || name.hasSuffix(".part") || name == ".deps-lock" || name.hasSuffix(".unpacked")
        }
    }

    func mode(_ relativePath: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: project.root + "/" + relativePath)[.posixPermissions] as? Int) ?? -1
    }

    func isSymbolicLink(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(project.root + "/" + relativePath, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Mounts a file system at `relativePath` (made if missing) holding what the folder held:
    /// tmpfs of `kilobytes`, then read-only when `readOnly`. Needs root; skips the test otherwise.
    func mountFolder(_ relativePath: String, kilobytes: Int = 4096, readOnly: Bool) throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a file system needs root") }
        let path = project.root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let saved = project.root + "/saved-\(UUID().uuidString)"
        try tool(["cp", "-a", path, saved])
        do {
            try tool(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path])
        } catch {
            throw XCTSkip("cannot mount a tmpfs here: \(error)")
        }
        addTeardownBlock { _ = try? tool(["umount", "-l", path]) }
        try tool(["cp", "-a", saved + "/.", path])
        try FileManager.default.removeItem(atPath: saved)
        if readOnly { try tool(["mount", "-o", "remount,ro", path]) }
    }

    /// Fills the file system holding `relativePath` until no space is left.
    func fill(_ relativePath: String) {
        let descriptor = open(project.root + "/" + relativePath + "/filler", O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0x2E, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)
    }

    /// `Lib` with tags 1.0.0 and 1.1.0, published in the spec repository.
    func gitLibrary() throws -> TestGitRepository {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        try repository.commitVersion("1.0.0")
        try repository.commitVersion("1.1.0")
        try project.publishGit("Lib", "1.0.0", url: repository.path)
        try project.publishGit("Lib", "1.1.0", url: repository.path)
        return repository
    }

    // MARK: 1. A signal during an atomic write

    #if os(Linux)
    /// Starts deps, waits (inotify) until a temporary file named `.<file>.…` appears in
    /// `folder`, and sends `signal` at once: the signal lands while the file is being written.
    /// Returns whether the file appeared before deps ended.
    func signalDuringWrite(of file: String, in folder: String, arguments: [String], signal: Int32) throws -> (Process, String, Bool) {
        let watcher = inotify_init1(Int32(O_CLOEXEC))
        XCTAssertGreaterThanOrEqual(watcher, 0)
        defer { close(watcher) }
        // IN_CREATE
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watcher, project.root + "/" + folder, 0x100), 0)
        let (process, errors) = try start(arguments)
        let prefix = "." + file + "."
        var seen = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = Date().addingTimeInterval(60)
        search: while process.isRunning && Date() < deadline {
            var poller = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
            var offset = 0
            while offset + 16 <= count {
                let length = buffer[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
                let name = String(decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                if name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
                    kill(process.processIdentifier, signal)
                    seen = true
                    break search
                }
                offset += 16 + length
            }
        }
        process.waitUntilExit()
        return (process, try String(contentsOfFile: errors, encoding: .utf8), seen)
    }
    #endif

    /// A signal that lands while Depsfile.lock, Deps/Manifest.lock or Deps/Package.swift is being
    /// written lets the write finish, then deps exits 130 or 143: no temporary file is left, and
    /// each file is the old one or a complete new one.
    func testASignalDuringAnAtomicWriteLetsItFinishAndLeavesNoTemporaryFile() throws {
        #if os(Linux)
        try publishPackages(300)
        try writeDepsfile(packages: 200, requirement: "= 1.0.0")
        XCTAssertEqual(try project.deps("install").status, 0)
        let states = [(200, "= 1.0.0"), (300, ">= 2.0")]
        var expected: [String] = []
        for (count, requirement) in states.reversed() {
            try writeDepsfile(packages: count, requirement: requirement)
            XCTAssertEqual(try project.deps("install").status, 0)
            expected.insert(try XCTUnwrap(project.lockfile), at: 0)
        }
        // What is written where: the lock alone (--lock-only, written by the command itself), and
        // the lock, Manifest.lock and Package.swift of a whole install (written as fetching ends).
        let cases: [(file: String, folder: String, arguments: [String])] = [
            ("Depsfile.lock", "App", ["install", "--lock-only"]),
            ("Depsfile.lock", "App", ["install"]),
            ("Manifest.lock", "App/Deps", ["install"]),
            ("Package.swift", "App/Deps", ["install"]),
        ]
        var state = 0
        var landed = 0
        for (file, folder, arguments) in cases {
            for signal in [SIGTERM, SIGINT] {
                state = 1 - state
                let before = try XCTUnwrap(project.lockfile)
                try writeDepsfile(packages: states[state].0, requirement: states[state].1)
                let (process, errors, seen) = try signalDuringWrite(of: file, in: folder, arguments: arguments, signal: signal)
                let what = "\(file) \(arguments.joined(separator: " ")) \(signal)"
                XCTAssertEqual(process.terminationReason, .exit, what)
                // Status 0 only when deps was done before the signal reached it.
                if seen && process.terminationStatus == 128 + signal { landed += 1 }
                XCTAssertTrue([0, 128 + signal].contains(process.terminationStatus), "\(what): \(errors)")
                XCTAssertEqual(leftovers(under: "App"), [], what)
                let lock = try XCTUnwrap(project.lockfile, what)
                XCTAssertTrue(lock == before || lock == expected[state], "\(what): a lock neither old nor complete")
                if project.exists("App/Deps/Manifest.lock") {
                    let manifest = try project.read("App/Deps/Manifest.lock")
                    XCTAssertTrue(manifest.hasPrefix("PACKAGES:") && manifest.hasSuffix("\n\nDEPS: 0.1.0\n"), "\(what): a damaged Manifest.lock: \(manifest.prefix(300))…\(manifest.suffix(100))")
                }
                // The next install finishes the job.
                let next = try project.deps("install")
                XCTAssertEqual(next.status, 0, "\(what): \(next.stderr)")
                XCTAssertEqual(project.lockfile, expected[state], what)
                XCTAssertEqual(try project.deps("check").status, 0, what)
            }
        }
        XCTAssertGreaterThan(landed, 0, "no signal landed during a write")
        #else
        throw XCTSkip("watches the folder with inotify")
        #endif
    }

    /// SIGINT and SIGTERM at random moments of installs that resolve and write the lock, the
    /// sandbox's manifest and Package.swift: each run exits 130 or 143 (or 0 when it was done
    /// first), leaves no temporary file, and a lock that is the old one or the complete new one.
    /// `DEPS_SIGNAL_RUNS` sets the number of runs: 3 unset, so that `swift test` stays quick;
    /// CI's step against the release build runs 10, scripts/kill-soak.sh 200.
    func testSignalsAtRandomMomentsOfAnInstallLeaveNoTemporaryFileAndAWholeLock() throws {
        let runs = Int(ProcessInfo.processInfo.environment["DEPS_SIGNAL_RUNS"] ?? "") ?? 3
        try publishPackages(300)
        let states = [(200, "= 1.0.0"), (300, ">= 2.0")]
        var expected: [String] = []
        for (count, requirement) in states {
            try writeDepsfile(packages: count, requirement: requirement)
            XCTAssertEqual(try project.deps("install").status, 0)
            expected.append(try XCTUnwrap(project.lockfile))
        }
        // How long an install takes once deps has started; the signals land anywhere within it.
        try writeDepsfile(packages: 200, requirement: "= 1.0.0")
        let (timed, _) = try start(["install"])
        waitUntilSignalsAreTaken(timed)
        let started = Date()
        timed.waitUntilExit()
        XCTAssertEqual(timed.terminationStatus, 0)
        let duration = max(Date().timeIntervalSince(started), 0.05)

        var generator = SystemRandomNumberGenerator()
        var outcomes = (interrupted: 0, finished: 0)
        var state = 0
        for run in 0..<runs {
            state = 1 - state
            let before = try XCTUnwrap(project.lockfile)
            try writeDepsfile(packages: states[state].0, requirement: states[state].1)
            let signal = Bool.random(using: &generator) ? SIGINT : SIGTERM
            let arguments = Bool.random(using: &generator) ? ["install", "--lock-only"] : ["install"]
            let (process, errors) = try start(arguments)
            waitUntilSignalsAreTaken(process)
            usleep(useconds_t(Double.random(in: 0...(duration * 1.1), using: &generator) * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let what = "run \(run) (\(arguments.joined(separator: " ")), signal \(signal))"
            XCTAssertEqual(process.terminationReason, .exit, what)
            let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            XCTAssertTrue([0, 128 + signal].contains(process.terminationStatus), "\(what): \(process.terminationStatus) \(stderr)")
            process.terminationStatus == 0 ? (outcomes.finished += 1) : (outcomes.interrupted += 1)
            XCTAssertEqual(leftovers(under: "App"), [], what)
            let lock = try XCTUnwrap(project.lockfile, what)
            XCTAssertTrue(lock == before || lock == expected[state], "\(what): a lock neither old nor complete")
            if process.terminationStatus == 0 { XCTAssertEqual(lock, expected[state], what) }
            XCTAssertEqual(try project.deps("install").status, 0, what)
        }
        print("signal runs: \(runs); interrupted: \(outcomes.interrupted); finished first: \(outcomes.finished)")
    }

    // MARK: 2. A read-only Depsfile.lock, and one that is a symbolic link

    /// Installs SnapKit and Moya (their code used in place), then asks for Alamofire too.
    func installedThenChanged() throws -> (lock: String, manifest: String) {
        try project.publish(["SnapKit": ["5.7.1": [:]], "Moya": ["15.0.0": [:]], "Alamofire": ["5.9.1": [:]]])
        try project.depsfile(["SnapKit": "", "Moya": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        let manifest = try project.read("App/Deps/Manifest.lock")
        try project.depsfile(["SnapKit": "", "Moya": "", "Alamofire": ""])
        return (lock, manifest)
    }

    func testAReadOnlyLockIsRefusedAndNothingChanges() throws {
        let (lock, manifest) = try installedThenChanged()
        let packageManifest = try project.read("App/Deps/Package.swift")
        chmod(project.app + "/Depsfile.lock", 0o444)
        for command in [["install"], ["install", "--lock-only"], ["update"], ["update", "Moya"]] {
            let outcome = try project.deps(command[0], command.count > 1 ? command[1] : "--quiet")
            let what = command.joined(separator: " ")
            XCTAssertEqual(outcome.status, 74, what)
            XCTAssertEqual(outcome.stderr, "Depsfile.lock: error: cannot write: it is read-only\n", what)
            XCTAssertEqual(project.lockfile, lock, what)
            XCTAssertEqual(try mode("App/Depsfile.lock"), 0o444, what)
            XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest, what)
            XCTAssertEqual(try project.read("App/Deps/Package.swift"), packageManifest, what)
            XCTAssertFalse(project.exists("App/Deps/_local/Alamofire"), what)
            XCTAssertEqual(leftovers(under: "App"), [], what)
        }
        // A read-only lock that needs no change is no obstacle: a fresh checkout installs.
        try project.depsfile(["SnapKit": "", "Moya": ""])
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let fresh = try project.deps("install")
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(try project.deps("check").status, 0)
        // Made writable again, it is written, and keeps its permissions.
        chmod(project.app + "/Depsfile.lock", 0o640)
        try project.depsfile(["SnapKit": "", "Moya": "", "Alamofire": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("Alamofire (5.9.1)"))
        XCTAssertEqual(try mode("App/Depsfile.lock"), 0o640)
    }

    func testAReadOnlyManifestLockOrPackageSwiftIsRefusedAndTheLockIsUntouched() throws {
        let (lock, _) = try installedThenChanged()
        for file in ["Manifest.lock", "Package.swift"] {
            chmod(project.app + "/Deps/" + file, 0o444)
            let outcome = try project.deps("install")
            XCTAssertEqual(outcome.status, 74, file)
            XCTAssertEqual(outcome.stderr, "Deps/\(file): error: cannot write: it is read-only\n", file)
            XCTAssertEqual(project.lockfile, lock, file)
            XCTAssertEqual(try mode("App/Deps/" + file), 0o444, file)
            XCTAssertEqual(leftovers(under: "App"), [], file)
            chmod(project.app + "/Deps/" + file, 0o644)
        }
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertEqual(try project.deps("check").status, 0)
    }

    func testALockThatIsASymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let (lock, _) = try installedThenChanged()
        // The lock kept elsewhere, the project's one a relative link to it; the same for the
        // sandbox's Manifest.lock and Package.swift.
        try FileManager.default.createDirectory(atPath: project.root + "/Shared", withIntermediateDirectories: true)
        for (file, link) in [("Depsfile.lock", "../Shared/Depsfile.lock"), ("Deps/Manifest.lock", "../../Shared/Manifest.lock"),
                             ("Deps/Package.swift", "../../Shared/Package.swift")] {
            let name = (file as NSString).lastPathComponent
            try FileManager.default.moveItem(atPath: project.app + "/" + file, toPath: project.root + "/Shared/" + name)
            try FileManager.default.createSymbolicLink(atPath: project.app + "/" + file, withDestinationPath: link)
        }
        let outcome = try project.deps("install")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for file in ["Depsfile.lock", "Deps/Manifest.lock", "Deps/Package.swift"] {
            XCTAssertTrue(isSymbolicLink("App/" + file), file)
        }
        let written = try project.read("Shared/Depsfile.lock")
        XCTAssertNotEqual(written, lock)
        XCTAssertTrue(written.contains("Alamofire (5.9.1)"))
        XCTAssertEqual(try project.read("Shared/Manifest.lock"), written)
        XCTAssertTrue(try project.read("Shared/Package.swift").contains("\"Alamofire\""))
        XCTAssertEqual(leftovers(under: "App") + leftovers(under: "Shared"), [])
        XCTAssertEqual(try project.deps("check").status, 0)

        // A link to a read-only lock is refused like the lock itself.
        chmod(project.root + "/Shared/Depsfile.lock", 0o444)
        try project.depsfile(["SnapKit": ""])
        let refused = try project.deps("install")
        XCTAssertEqual(refused.status, 74)
        XCTAssertEqual(refused.stderr, "Depsfile.lock: error: cannot write: it is read-only\n")
        XCTAssertEqual(try project.read("Shared/Depsfile.lock"), written)

        // A link to a lock not written yet: the file is made where the link points.
        try FileManager.default.removeItem(atPath: project.root + "/Shared/Depsfile.lock")
        let first = try project.deps("install")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(isSymbolicLink("App/Depsfile.lock"))
        XCTAssertFalse(try project.read("Shared/Depsfile.lock").contains("Moya"))
    }

    // MARK: 3. A sandbox or cache that cannot be written, or is a symbolic link

    /// Asserts a failed install: status 74, a message naming `path` and one of the `reasons`, the
    /// lock as it was, and no temporary file in the project, the sandbox or the cache.
    func assertRefused(
        _ outcome: DepsBinary.Outcome, naming path: String, reasons: [String], lock: String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(outcome.status, 74, outcome.stderr, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(path), "'\(path)' missing: \(outcome.stderr)", file: file, line: line)
        XCTAssertTrue(reasons.contains { outcome.stderr.contains($0) }, "no reason among \(reasons): \(outcome.stderr)", file: file, line: line)
        XCTAssertEqual(project.lockfile, lock, "Depsfile.lock untouched", file: file, line: line)
        XCTAssertEqual(leftovers(under: "App") + leftovers(under: "cache"), [], file: file, line: line)
    }

    func testAReadOnlySandboxIsRefusedBeforeAnythingChanges() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "1.0.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        let manifest = try project.read("App/Deps/Manifest.lock")
        if getuid() == 0 {
            try mountFolder("App/Deps", readOnly: true)
        } else {
            chmod(project.app + "/Deps", 0o555)
            addTeardownBlock { [app = project.app] in chmod(app + "/Deps", 0o755) }
        }
        try project.depsfile(["Lib": "1.1.0"])
        let outcome = try project.deps(["install"], cache: cache)
        assertRefused(outcome, naming: "Deps: error: cannot write", reasons: ["read-only file system", "the folder is read-only"], lock: lock)
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")
        // Nothing was fetched either.
        XCTAssertEqual(project.files(under: "cache/v1/trees/Lib").filter { $0.hasPrefix("1.1.0/") && !$0.hasSuffix(".lock") }, [])
    }

    func testAFullSandboxFailsNamingItAndLeavesNoTemporaryFile() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "1.0.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        try mountFolder("App/Deps", kilobytes: 256, readOnly: false)
        fill("App/Deps")
        try project.depsfile(["Lib": "1.1.0"])
        let outcome = try project.deps(["install"], cache: cache)
        assertRefused(outcome, naming: "Deps/", reasons: ["No space left on device", "no space left on device"], lock: lock)
        // Once there is room, the next install finishes the job.
        try FileManager.default.removeItem(atPath: project.app + "/Deps/filler")
        let next = try project.deps(["install"], cache: cache)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.1.0\"\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    func testASandboxThatIsASymbolicLinkIsUsedThroughIt() throws {
        _ = try gitLibrary()
        try FileManager.default.createDirectory(atPath: project.root + "/Elsewhere/Deps", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.app + "/Deps", withDestinationPath: "../Elsewhere/Deps")
        try project.depsfile(["Lib": "1.0.0"])
        let first = try project.deps(["install"], cache: cache)
        XCTAssertEqual(first.status, 0, first.stderr)
        try project.depsfile(["Lib": "1.1.0"])
        let second = try project.deps(["install"], cache: cache)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(isSymbolicLink("App/Deps"))
        XCTAssertEqual(try project.read("Elsewhere/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.1.0\"\n")
        XCTAssertEqual(try project.read("Elsewhere/Deps/Manifest.lock"), project.lockfile)
        XCTAssertEqual(leftovers(under: "App") + leftovers(under: "Elsewhere"), [])
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
        XCTAssertEqual(try project.deps(["install"], cache: cache).stdout, "1 dependency from the Depsfile, 1 total package locked.\n")

        // A link to a folder that is gone is named as such.
        let lock = project.lockfile
        try FileManager.default.removeItem(atPath: project.root + "/Elsewhere")
        let dangling = try project.deps(["install"], cache: cache)
        assertRefused(dangling, naming: "Deps: error:", reasons: ["symbolic link to a missing folder"], lock: lock)
    }

    func testAReadOnlyCacheFailsNamingItUnlessItHoldsEverything() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "1.0.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        if getuid() == 0 {
            try mountFolder("cache", readOnly: true)
        } else {
            for folder in ["", "/v1", "/v1/git", "/v1/trees", "/v1/trees/Lib", "/v1/archives", "/v1/tmp"] { chmod(cache + folder, 0o555) }
            addTeardownBlock { [cache] in _ = try? tool(["chmod", "-R", "u+w", cache]) }
        }
        // What the cache holds installs without writing to it.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let held = try project.deps(["install"], cache: cache)
        XCTAssertEqual(held.status, 0, held.stderr)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
        // So does a new project, with no lock: the tag is read from the mirror under a shared lock.
        try project.write("Fresh/Depsfile", try project.read("App/Depsfile"))
        let fresh = try DepsBinary.run(["install", "--project", project.root + "/Fresh", "--no-color"], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(try project.read("Fresh/Depsfile.lock"), lock)
        // What it lacks cannot be fetched into it.
        try project.depsfile(["Lib": "1.1.0"])
        let outcome = try project.deps(["install"], cache: cache)
        assertRefused(outcome, naming: cache, reasons: ["read-only file system", "permission denied"], lock: lock)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")
    }

    func testAFullCacheFailsNamingItAndLeavesNoTemporaryFile() throws {
        let server = try loopbackServer()
        var files: [String: String] = [:]
        for index in 0..<40 { files["Sources/Zip/File\(index).swift"] = String(repeating: "let x\(index) = 1\n", count: 200) }
        let bytes = try makeTarGz(files, topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        try project.depsfile(["Zip": ""])
        try mountFolder("cache", kilobytes: 256, readOnly: false)
        fill("cache")
        let outcome = try project.deps(["install"], cache: cache)
        assertRefused(outcome, naming: cache, reasons: ["No space left on device", "no space left on device"], lock: nil)
        XCTAssertFalse(project.exists("App/Deps/Zip"))
        try FileManager.default.removeItem(atPath: cache + "/filler")
        let next = try project.deps(["install"], cache: cache)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    func testACacheThatIsASymbolicLinkIsUsedThroughIt() throws {
        _ = try gitLibrary()
        try FileManager.default.createDirectory(atPath: project.root + "/RealCache", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: project.root + "/RealCache")
        try project.depsfile(["Lib": "1.1.0"])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(isSymbolicLink("cache"))
        XCTAssertTrue(project.files(under: "RealCache/v1/trees/Lib/1.1.0").contains { $0.hasSuffix("/tree/Sources/Lib/Lib.swift") })
        XCTAssertEqual(project.files(under: "RealCache/v1/tmp"), [])
        // A second project installs from it without the repository.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        try FileManager.default.moveItem(atPath: project.root + "/git", toPath: project.root + "/git-gone")
        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    // MARK: 4. Signals while fetching and extracting

    /// Git packages and archives served over loopback, versions 1.0.0 and 2.0.0, each with a few
    /// files so that fetching, extracting and copying take a moment.
    func fetchingProject(server: LoopbackHTTPServer) throws -> [String] {
        var names: [String] = []
        for index in 0..<3 {
            let name = "Git\(index)"
            let repository = try TestGitRepository(name: name, at: project.root + "/git/\(name)")
            for version in ["1.0.0", "2.0.0"] {
                for file in 0..<20 {
                    try project.write("git/\(name)/Sources/\(name)/Extra\(file).swift", "// \(name) \(version) \(file)\n")
                }
                try repository.commitVersion(version)
                try project.publishGit(name, version, url: repository.path)
            }
            names.append(name)
        }
        for index in 0..<3 {
            let name = "Zip\(index)"
            for version in ["1.0.0", "2.0.0"] {
                var files = ["Sources/\(name)/\(name).swift": "public let version = \"\(version)\"\n"]
                for file in 0..<20 { files["Sources/\(name)/Extra\(file).swift"] = "// \(name) \(version) \(file)\n" }
                let bytes = try makeTarGz(files, topFolder: "\(name)-\(version)", at: project.root + "/\(name)-\(version).tar.gz")
                server.serve("/\(name)-\(version).tar.gz", .delayed(seconds: 0.02, bytes))
                try project.publishArchive(name, version, url: server.baseURL + "/\(name)-\(version).tar.gz", sha256: try sha256Hex(bytes))
            }
            names.append(name)
        }
        return names
    }

    func writeFetchingDepsfile(_ names: [String], version: String) throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n" + names.map { "  \($0): \"= \(version)\"\n" }.joined())
    }

    /// What Manifest.lock says the sandbox holds: name and version.
    func sandboxManifest() throws -> [String: String] {
        guard project.exists("App/Deps/Manifest.lock") else { return [:] }
        var listed: [String: String] = [:]
        for line in try project.read("App/Deps/Manifest.lock").split(separator: "\n") where line.hasPrefix("  - ") {
            let parts = line.dropFirst(4).split(separator: " ")
            guard parts.count == 2 else { continue }
            listed[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return listed
    }

    /// The version a package's folder (in the sandbox or the cache) holds, nil when it is not a
    /// complete tree of one version: its main file and every extra file, all of that version.
    func completeVersion(of name: String, at relativePath: String) throws -> String? {
        guard let main = try? project.read(relativePath + "/Sources/\(name)/\(name).swift"),
              let version = ["1.0.0", "2.0.0"].first(where: { main == "public let version = \"\($0)\"\n" }) else { return nil }
        for file in 0..<20 {
            guard (try? project.read(relativePath + "/Sources/\(name)/Extra\(file).swift")) == "// \(name) \(version) \(file)\n" else { return nil }
        }
        return version
    }

    /// Checks what an interrupted (or finished) install left: every sandbox folder complete, the
    /// ones Manifest.lock lists at its version; every cache entry whole and valid.
    func assertWholeOrOld(_ names: [String], _ what: String) throws {
        let listed = try sandboxManifest()
        for name in names where project.exists("App/Deps/\(name)") {
            let version = try completeVersion(of: name, at: "App/Deps/\(name)")
            XCTAssertNotNil(version, "\(what): Deps/\(name) is not a complete tree")
            if let expected = listed[name] { XCTAssertEqual(version, expected, "\(what): Deps/\(name) differs from Manifest.lock") }
        }
        for name in listed.keys { XCTAssertTrue(project.exists("App/Deps/\(name)"), "\(what): Manifest.lock lists a missing \(name)") }
        // Every tree entry is whole: its record and a complete tree of the version it is filed under.
        for name in names {
            for version in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/v1/trees/\(name)")) ?? [] where !version.hasSuffix(".lock") {
                for pin in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/v1/trees/\(name)/\(version)")) ?? []
                where !pin.hasSuffix(".lock") {
                    let entry = "cache/v1/trees/\(name)/\(version)/\(pin)"
                    XCTAssertTrue(project.exists(entry + "/entry"), "\(what): \(entry) has no record")
                    XCTAssertEqual(try completeVersion(of: name, at: entry + "/tree"), version, "\(what): \(entry) is not whole")
                }
            }
        }
        // Every archive is named by its digest.
        for archive in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/v1/archives")) ?? [] where !archive.hasSuffix(".lock") {
            XCTAssertEqual(try project.sha256("cache/v1/archives/" + archive), archive, "\(what): a damaged archive")
        }
        for mirror in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git")) ?? [] where mirror.hasSuffix(".git") {
            for part in ["HEAD", "objects", "refs"] {
                XCTAssertTrue(project.exists("cache/v1/git/\(mirror)/\(part)"), "\(what): mirror \(mirror) lacks \(part)")
            }
        }
    }

    /// Installs that fetch git packages and archives, interrupted at random moments by SIGINT,
    /// SIGTERM or SIGKILL, from an empty cache, a cache with mirrors and archives but no trees,
    /// or a full one. After each: status 130 or 143 for the signals deps catches (0 when it was
    /// done first), no temporary file in the project, the sandbox or the cache (after the next
    /// run for SIGKILL), the old lock or the complete new one, every sandbox folder complete and
    /// as Manifest.lock says, every cache entry whole; then an install succeeds and a check passes.
    /// `DEPS_FETCH_SOAK_RUNS` sets the number of runs: 2 unset, so that `swift test` stays quick;
    /// CI's step against the release build runs 5, scripts/kill-soak.sh 200.
    func testInstallsThatFetchInterruptedAtRandomMomentsLeaveEverythingWholeOrOld() throws {
        let runs = Int(ProcessInfo.processInfo.environment["DEPS_FETCH_SOAK_RUNS"] ?? "") ?? 2
        let server = try loopbackServer()
        let names = try fetchingProject(server: server)

        // The two locks, and how long a fetch of everything takes.
        var expected: [String: String] = [:]
        var duration = 0.0
        for version in ["2.0.0", "1.0.0"] {
            try writeFetchingDepsfile(names, version: version)
            try? FileManager.default.removeItem(atPath: cache)
            let started = Date()
            let outcome = try project.deps(["install"], cache: cache)
            duration = max(duration, Date().timeIntervalSince(started))
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            expected[version] = try XCTUnwrap(project.lockfile)
        }

        var generator = SystemRandomNumberGenerator()
        var counts: [String: Int] = [:]
        var version = "1.0.0"
        let started = Date()
        for run in 0..<runs {
            version = version == "1.0.0" ? "2.0.0" : "1.0.0"
            try writeFetchingDepsfile(names, version: version)
            let cacheState = ["empty", "no trees", "full"].randomElement(using: &generator)!
            switch cacheState {
            case "empty": try? FileManager.default.removeItem(atPath: cache)
            case "no trees": try? FileManager.default.removeItem(atPath: cache + "/v1/trees")
            default: break
            }
            let before = try XCTUnwrap(project.lockfile)
            let signal = [SIGINT, SIGTERM, SIGKILL].randomElement(using: &generator)!
            let (process, errors) = try start(["install", "--quiet"])
            if signal != SIGKILL { waitUntilSignalsAreTaken(process) }
            usleep(useconds_t(Double.random(in: 0...(duration * 1.2), using: &generator) * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let what = "run \(run) (signal \(signal), cache \(cacheState), to \(version))"
            let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""

            let finished = process.terminationReason == .exit && process.terminationStatus == 0
            if signal == SIGKILL {
                XCTAssertTrue(finished || process.terminationReason == .uncaughtSignal, "\(what): \(stderr)")
            } else {
                XCTAssertEqual(process.terminationReason, .exit, what)
                XCTAssertTrue(finished || process.terminationStatus == 128 + signal, "\(what): status \(process.terminationStatus): \(stderr)")
                XCTAssertEqual(leftovers(under: "App") + leftovers(under: "cache"), [], what)
            }
            counts["\(signal == SIGKILL ? "SIGKILL" : signal == SIGINT ? "SIGINT" : "SIGTERM") \(finished ? "finished first" : "interrupted")", default: 0] += 1
            let lock = try XCTUnwrap(project.lockfile, what)
            XCTAssertTrue(lock == before || lock == expected[version], "\(what): a lock neither old nor complete")
            if finished { XCTAssertEqual(lock, expected[version], what) }
            try assertWholeOrOld(names, what)

            // The next run cleans up after SIGKILL and finishes the job from whatever the cache holds.
            let next = try project.deps(["install"], cache: cache)
            XCTAssertEqual(next.status, 0, "\(what): \(next.stderr)")
            XCTAssertEqual(project.lockfile, expected[version], what)
            XCTAssertEqual(leftovers(under: "App") + leftovers(under: "cache"), [], "\(what), then a full install")
            try assertWholeOrOld(names, what + ", then a full install")
            XCTAssertEqual(try sandboxManifest().count, names.count, what)
            let check = try project.deps(["check"], cache: cache)
            XCTAssertEqual(check.status, 0, "\(what): \(check.stdout)\(check.stderr)")
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print("fetch soak: \(runs) runs in \(Int(Date().timeIntervalSince(started))) s; \(summary); leftovers found: 0 unless reported above")
    }

    // MARK: Signals while a spec repository is read

    /// A CDN that never answers: SIGINT or SIGTERM stops the download (curl is not left running
    /// on its own), removes its temporary files and exits with 130 or 143.
    func testASignalWhileASpecRepositoryIsReadStopsTheDownloadAndLeavesNothing() throws {
        let server = try loopbackServer()
        let path = "/CocoaPods-version.yml"
        // Shorter than the 30 s the download would wait for an answer: a download the signal did
        // not stop would see the server close the connection, not close it itself.
        server.serve(path, .stall(seconds: 20))
        try project.write("App/Depsfile", "sources:\n  - \(server.baseURL)/\ndependencies:\n  Lib:\n")
        for signal in [SIGINT, SIGTERM] {
            let asked = server.requestCount(path)
            let hungUp = server.hangUpCount(path)
            let (process, errors) = try start(["install"])
            waitUntilSignalsAreTaken(process)
            XCTAssertTrue(server.waitForRequests(path, atLeast: asked + 1, seconds: 10), "the download started")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let stderr = try String(contentsOfFile: errors, encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 128 + signal, stderr)
            XCTAssertTrue(stderr.contains("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), stderr)
            // The signal stopped the download: its connection was closed before the stall ended.
            XCTAssertTrue(server.waitForHangUps(path, atLeast: hungUp + 1, seconds: 10), "the download was not stopped")
            XCTAssertEqual(server.hangUpCount(path), hungUp + 1)
            // No curl still asking the server on deps' behalf.
            // (`[c]url` keeps the pattern from matching the shell that runs pgrep.)
            let still = try tool(["sh", "-c", "pgrep -f -- \"[c]url.*$0\" || true", server.baseURL])
            XCTAssertEqual(still.trimmingCharacters(in: .whitespacesAndNewlines), "", "a download outlived deps")
            XCTAssertEqual(leftovers(under: "cache") + leftovers(under: "App"), [])
            XCTAssertNil(project.lockfile)
        }
    }
}
