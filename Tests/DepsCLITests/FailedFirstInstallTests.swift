import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 7: a command that fails leaves every file as it found it. A project that had no
/// `Deps/` has none after a first install or update that fails, however it fails: a spec that
/// cannot be found, a git repository or an archive that cannot be had, code that fails its check,
/// a SIGINT or SIGTERM. A `Deps/` the project had stays, even empty.
final class FailedFirstInstallTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// Runs `arguments` and expects `status`, `cause` on stderr, and the project as it was: the
    /// Depsfile alone.
    func assertFailsLeavingNothing(
        _ arguments: [String] = ["install"], status: Int32, cause: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let depsfile = try project.read("App/Depsfile")
        let outcome = try project.deps(arguments, cache: cache, environment: ["DEPS_HTTP_ATTEMPTS": "1"])
        XCTAssertEqual(outcome.status, status, outcome.stderr, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(cause), outcome.stderr, file: file, line: line)
        XCTAssertFalse(project.exists("App/Deps"), "\(arguments) left \(project.files(under: "App/Deps"))", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.app), ["Depsfile"], file: file, line: line)
        XCTAssertEqual(try project.read("App/Depsfile"), depsfile, file: file, line: line)
    }

    func testAnUnreachableGitRepositoryLeavesNoSandbox() throws {
        let missing = project.root + "/git/Missing"
        try project.publishGit("Lib", "1.0.0", url: missing)
        try project.depsfile(["Lib": ""])
        for arguments in [["install"], ["update"]] {
            try assertFailsLeavingNothing(arguments, status: 74, cause: "Lib: \(missing): cannot clone the repository")
        }
    }

    func testAMissingArchiveLeavesNoSandbox() throws {
        let server = try loopbackServer()
        server.serve("/Zip-1.0.0.tar.gz", .status(404))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: nil)
        try project.depsfile(["Zip": ""])
        try assertFailsLeavingNothing(status: 74, cause: "HTTP 404")
    }

    /// The code is fetched, but fails its check (no source file) before it is placed.
    func testCodeThatFailsItsCheckLeavesNoSandbox() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["README.md": "Nothing to build here\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        try project.depsfile(["Zip": ""])
        try assertFailsLeavingNothing(status: 65, cause: "matches no Swift or C-family source file")
    }

    func testAResolutionFailureLeavesNoSandbox() throws {
        try project.publish(["Lib": ["1.0.0": [:]]])
        try project.depsfile(["Lib": "~> 2.0"])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertNotEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(project.exists("App/Deps"))
        XCTAssertNil(project.lockfile)
    }

    /// A package used in place (a path) locks nothing into `Deps/` when another fails.
    func testAFailureBesideAPackageUsedInPlaceLeavesNoSandbox() throws {
        try project.publish(["Local": ["1.0.0": [:]]])
        try project.publishGit("Lib", "1.0.0", url: project.root + "/git/Missing")
        try project.depsfile(["Local": "", "Lib": ""])
        let outcome = try project.deps(["install", "--jobs", "1"], cache: cache)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertFalse(project.exists("App/Deps"), "\(project.files(under: "App/Deps"))")
        XCTAssertNil(project.lockfile)
    }

    /// Code used in place (a path) that `Deps/Package.swift` could not build from: nothing to
    /// fetch, and still nothing written.
    func testLocalCodeWithoutSourcesLeavesNoSandbox() throws {
        try project.write("Code/Local/README.md", "Nothing to build here\n")
        try project.write("Specs/Local/1.0.0.yaml", "name: Local\nversion: 1.0.0\nsource:\n  path: ../Code/Local\n")
        try project.depsfile(["Local": ""])
        try assertFailsLeavingNothing(status: 65, cause: "Local: source_files 'Sources/**/*.swift' matches no Swift or C-family source file")
    }

    /// A `Deps/` the project had, empty, is still there after a failure, and still empty.
    func testAnEmptySandboxThatWasThereStaysEmpty() throws {
        try FileManager.default.createDirectory(atPath: project.app + "/Deps", withIntermediateDirectories: true)
        try project.publishGit("Lib", "1.0.0", url: project.root + "/git/Missing")
        try project.depsfile(["Lib": ""])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.app + "/Deps", isDirectory: &isFolder) && isFolder.boolValue)
        XCTAssertEqual(project.files(under: "App/Deps"), [])
    }

    /// `--dry-run` and `--lock-only` never make `Deps/`, even when the code could be had.
    func testDryRunAndLockOnlyMakeNoSandbox() throws {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        try repository.commitVersion("1.0.0")
        try project.publishGit("Lib", "1.0.0", url: repository.path)
        try project.depsfile(["Lib": ""])
        for arguments in [["install", "--dry-run"], ["update", "--dry-run"]] {
            let outcome = try project.deps(arguments, cache: cache)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.stderr)")
            XCTAssertFalse(project.exists("App/Deps"), "\(arguments)")
            XCTAssertNil(project.lockfile, "\(arguments)")
        }
        let locked = try project.deps(["install", "--lock-only"], cache: cache)
        XCTAssertEqual(locked.status, 0, locked.stderr)
        XCTAssertNotNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))
    }

    // MARK: signals

    /// Starts a first install whose only package's download stalls halfway, sends `signal` once
    /// the download is under way (part of its body sent), and returns the exit status.
    func interruptedFirstInstall(_ signal: Int32) throws -> Int32 {
        let server = try loopbackServer()
        let path = "/stall-\(UUID().uuidString)/Zip-1.0.0.tar.gz"
        server.serve(path, .slowBody(Array(repeating: UInt8(ascii: "z"), count: 4096), seconds: 20))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + path, sha256: nil)
        try project.depsfile(["Zip": ""])
        let process = try DepsBinary.start(["install", "--quiet", "--project", project.app], cache: cache)
        XCTAssertTrue(server.waitForBodyBytes(path, atLeast: 1), "the download is under way")
        XCTAssertEqual(server.requestCount(path), 1, "the download started")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// With the cache warm nothing waits for a child process: a signal ends deps at once, while
    /// the code is being copied into the first `Deps/`. The folder deps just made goes with the
    /// package's half-made folder (it stayed, empty).
    func testASignalWhilePlacingFromAWarmCacheLeavesNoEmptySandbox() throws {
        let repository = try TestGitRepository(name: "Big", at: project.root + "/git/Big")
        let files = repository.path + "/Sources/Big/Parts"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for index in 0..<3000 {
            try Data("public let part\(index) = \(index)\n".utf8).write(to: URL(fileURLWithPath: files + "/Part\(index).swift"))
        }
        try repository.commitVersion("1.0.0")
        try project.publishGit("Big", "1.0.0", url: repository.path)
        try project.depsfile(["Big": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0, "the cache is warm")
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: project.app + "/Deps")
            try? FileManager.default.removeItem(atPath: project.app + "/Depsfile.lock")
            let process = try DepsBinary.start(["install", "--quiet", "--project", project.app], cache: cache)
            let deadline = Date().addingTimeInterval(20)
            while !project.exists("App/Deps") && process.isRunning && Date() < deadline { usleep(1_000) }
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            if process.terminationStatus == 0 { continue }
            XCTAssertEqual(process.terminationStatus, 130)
            XCTAssertFalse(project.exists("App/Deps") && project.files(under: "App/Deps").isEmpty,
                           "an interrupted first install leaves no empty Deps/")
        }
    }

    func testSIGINTDuringAFirstInstallLeavesNoSandbox() throws {
        XCTAssertEqual(try interruptedFirstInstall(SIGINT), 130)
        XCTAssertFalse(project.exists("App/Deps"), "\(project.files(under: "App/Deps"))")
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/.deps-lock"))
    }

    func testSIGTERMDuringAFirstInstallLeavesNoSandbox() throws {
        XCTAssertEqual(try interruptedFirstInstall(SIGTERM), 143)
        XCTAssertFalse(project.exists("App/Deps"), "\(project.files(under: "App/Deps"))")
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/.deps-lock"))
    }
}
