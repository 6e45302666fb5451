import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 14: the remote cache (`DEPS_REMOTE_CACHE`) on a real nginx with WebDAV PUT. Two
/// "machines" are two caches; the origins are a git repository on disk and an archive on a
/// loopback server, both taken away before the second machine installs.
final class RemoteCacheTests: XCTestCase {
    var project: TemporaryProject!
    var origin: LoopbackHTTPServer!
    var repository: TestGitRepository!
    var nginx: Nginx!
    var archiveDigest = ""
    let quick = ["DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "1", "DEPS_HTTP_TIMEOUT": "5"]

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        nginx = try Nginx(self, root: project.root + "/remote-cache")
        origin = try loopbackServer()
        repository = try TestGitRepository(name: "GitKit", at: project.root + "/origins/GitKit")
        try repository.commitVersion("1.0.0")
        try project.publishGit("GitKit", "1.0.0", url: repository.path)
        let bytes = try makeTarGz(["Sources/ArcKit/ArcKit.swift": "public let arc = 1\n"], topFolder: "ArcKit-1.0.0", at: project.root + "/ArcKit.tar.gz")
        archiveDigest = try sha256Hex(bytes)
        origin.serve("/ArcKit-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("ArcKit", "1.0.0", url: origin.baseURL + "/ArcKit-1.0.0.tar.gz", sha256: archiveDigest)
        try project.depsfile(["GitKit": "1.0.0", "ArcKit": "1.0.0"])
    }

    func install(_ folder: String = "App", cache: String, _ environment: [String: String] = [:]) throws -> DepsBinary.Outcome {
        var env = quick
        env["DEPS_CACHE_DIR"] = project.root + "/" + cache
        for (key, value) in environment { env[key] = value }
        return DepsInProcess.run(["install", "--project", project.root + "/" + folder], environment: env)
    }

    /// A clone of App: its Depsfile and Depsfile.lock, nothing else.
    func clone(_ folder: String) throws {
        try project.write("\(folder)/Depsfile", try project.read("App/Depsfile"))
        try project.write("\(folder)/Depsfile.lock", try project.read("App/Depsfile.lock"))
    }

    /// Takes every origin away: the archive's server stops, the git repository moves.
    func removeOrigins() throws {
        origin.stop()
        try FileManager.default.moveItem(atPath: repository.path, toPath: repository.path + "-gone")
    }

    var commit: String { (try? repository.git(["rev-parse", "HEAD"])) ?? "" }

    func testASecondMachineInstallsFromTheRemoteCacheAloneWithEveryOriginGone() throws {
        let commit = commit
        let first = try install(cache: "cache-A", ["DEPS_REMOTE_CACHE": nginx.url])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(nginx.files(under: "code"), ["archives/\(archiveDigest)", "git/\(commit).pack"])
        XCTAssertFalse(first.stderr.contains("warning"), first.stderr)

        try removeOrigins()
        try clone("B")
        // Without the remote cache, machine B cannot install: the origins are gone.
        try clone("NoCache")
        let without = try install("NoCache", cache: "cache-none")
        XCTAssertNotEqual(without.status, 0, without.stdout)

        let second = try install("B", cache: "cache-B", ["DEPS_REMOTE_CACHE": nginx.url])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(second.stderr.contains("warning"), second.stderr)
        XCTAssertEqual(try project.read("B/Depsfile.lock"), try project.read("App/Depsfile.lock"))
        for file in ["GitKit/Sources/GitKit/GitKit.swift", "GitKit/Package.swift", "ArcKit/Sources/ArcKit/ArcKit.swift"] {
            XCTAssertEqual(try project.read("B/Deps/" + file), try project.read("App/Deps/" + file), file)
        }
        XCTAssertEqual(project.files(under: "B/Deps/GitKit"), project.files(under: "App/Deps/GitKit"))
    }

    func testReadOnlyModeUploadsNothing() throws {
        let outcome = try install(cache: "cache-A", ["DEPS_REMOTE_CACHE": nginx.url, "DEPS_REMOTE_CACHE_PUSH": "0"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(nginx.files(under: "code"), [])
        XCTAssertTrue(project.exists("App/Deps/GitKit/Sources/GitKit/GitKit.swift"))

        let bad = try install(cache: "cache-B", ["DEPS_REMOTE_CACHE": nginx.url, "DEPS_REMOTE_CACHE_PUSH": "yes"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("DEPS_REMOTE_CACHE_PUSH"), bad.stderr)
    }

    func testATamperedObjectIsRefusedAndTheOriginUsed() throws {
        let commit = commit
        let first = try install(cache: "cache-A", ["DEPS_REMOTE_CACHE": nginx.url])
        XCTAssertEqual(first.status, 0, first.stderr)
        // Someone with write access to the cache replaces both objects.
        let other = try makeTarGz(["Sources/ArcKit/ArcKit.swift": "public let arc = 666\n"], topFolder: "ArcKit-1.0.0", at: project.root + "/other.tar.gz")
        try Data(other).write(to: URL(fileURLWithPath: nginx.root + "/code/archives/\(archiveDigest)"))
        let impostor = try TestGitRepository(name: "GitKit", at: project.root + "/impostor")
        try impostor.commitVersion("1.0.0", body: "public let version = \"evil\"\n")
        let list = try impostor.git(["rev-list", "--objects", "--all"])
        try list.write(toFile: project.root + "/list", atomically: true, encoding: .utf8)
        try tool(["sh", "-c", "git --git-dir=\"$1\"/.git pack-objects -q --stdout < \"$2\" > \"$3\"", "sh", impostor.path, project.root + "/list",
                  nginx.root + "/code/git/\(commit).pack"])

        try clone("B")
        let second = try install("B", cache: "cache-B", ["DEPS_REMOTE_CACHE": nginx.url, "DEPS_REMOTE_CACHE_PUSH": "0"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let archiveURL = nginx.url + "code/archives/\(archiveDigest)"
        let packURL = nginx.url + "code/git/\(commit).pack"
        XCTAssertTrue(second.stderr.contains("the remote cache's copy at \(archiveURL) is not the locked pin"), second.stderr)
        XCTAssertTrue(second.stderr.contains("from its origin \(origin.baseURL)/ArcKit-1.0.0.tar.gz"), second.stderr)
        XCTAssertTrue(second.stderr.contains("the remote cache's copy at \(packURL) is not the locked pin"), second.stderr)
        XCTAssertTrue(second.stderr.contains("from its origin \(repository.path)"), second.stderr)
        XCTAssertEqual(try project.read("B/Deps/ArcKit/Sources/ArcKit/ArcKit.swift"), "public let arc = 1\n")
        XCTAssertEqual(try project.read("B/Deps/GitKit/Sources/GitKit/GitKit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(origin.requestCount("/ArcKit-1.0.0.tar.gz"), 2)

        // With the origins gone too, a refused object is an error, never an install.
        try removeOrigins()
        try clone("C")
        let third = try install("C", cache: "cache-C", ["DEPS_REMOTE_CACHE": nginx.url])
        XCTAssertNotEqual(third.status, 0, third.stderr)
        XCTAssertFalse(project.exists("C/Deps/ArcKit/Sources/ArcKit/ArcKit.swift"))
    }

    /// A cache that takes the request and never answers costs its timeout, once: the warning
    /// says it timed out, and the run asks it for nothing more.
    func testACacheThatNeverAnswersCostsItsTimeoutOnly() throws {
        // The server would end each stall itself after 4 s, before the 5 s DEPS_HTTP_TIMEOUT and
        // the 10 s default: a client that hung up first went by DEPS_REMOTE_CACHE_TIMEOUT's 2 s.
        let silent = try loopbackServer()
        let objects: Set = ["/code/archives/\(archiveDigest)", "/code/git/\(commit).pack"]
        for path in objects { silent.serve(path, .stall(seconds: 4)) }
        let url = silent.baseURL + "/"
        // A lock with both pins, so that both packages ask the cache before their origins.
        let locked = try install(cache: "cache-warm")
        XCTAssertEqual(locked.status, 0, locked.stderr)
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        // A login written into the URL is never printed.
        let outcome = try install(
            cache: "cache-A", ["DEPS_REMOTE_CACHE": "http://ci:s3cret-token@127.0.0.1:\(silent.port)/", "DEPS_REMOTE_CACHE_TIMEOUT": "2"])
        XCTAssertFalse((outcome.stdout + outcome.stderr).contains("s3cret-token"), outcome.stderr)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(project.exists("App/Deps/ArcKit/Sources/ArcKit/ArcKit.swift"))
        XCTAssertTrue(outcome.stderr.contains("warning: the remote cache at \(url) did not answer (timed out after 1 attempt)"), outcome.stderr)
        // Once: the cache is not asked again in this run (packages that asked together may
        // both have waited, but no object is asked for twice, nor uploaded).
        XCTAssertEqual(outcome.stderr.components(separatedBy: "did not answer").count, 2, outcome.stderr)
        let asked = silent.requests.map(\.path)
        XCTAssertFalse(asked.isEmpty, "the cache was asked")
        XCTAssertEqual(Set(asked).count, asked.count, "\(asked)")
        XCTAssertTrue(Set(asked).isSubset(of: objects), "\(asked)")
        for path in Set(asked) {
            XCTAssertTrue(silent.waitForHangUps(path, atLeast: 1, seconds: 10), "deps waited for \(path), then gave up before the server did")
        }
    }

    func testUploadsTakeTheNetrcLoginAndNeverPrintIt() throws {
        let guarded = try Nginx(self, root: project.root + "/guarded-cache", uploadLogin: ("ci", "s3cret-token"))
        let home = project.root + "/home"
        try project.write("home/empty-netrc", "")
        // No login: reads work, the upload is refused with a warning, the install goes on.
        let anonymous = try install(cache: "cache-A", ["DEPS_REMOTE_CACHE": guarded.url, "HOME": home, "NETRC": home + "/empty-netrc"])
        XCTAssertEqual(anonymous.status, 0, anonymous.stderr)
        XCTAssertTrue(anonymous.stderr.contains("could not upload to the remote cache at \(guarded.url)code/"), anonymous.stderr)
        XCTAssertTrue(anonymous.stderr.contains("HTTP 401"), anonymous.stderr)
        XCTAssertEqual(guarded.files(under: "code"), [])

        try project.write("home/netrc", "machine 127.0.0.1 login ci password s3cret-token\n")
        try clone("B")
        let trusted = try install("B", cache: "cache-B", ["DEPS_REMOTE_CACHE": guarded.url, "HOME": home, "NETRC": home + "/netrc"])
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertEqual(guarded.files(under: "code"), ["archives/\(archiveDigest)", "git/\(commit).pack"])
        XCTAssertFalse((trusted.stdout + trusted.stderr).contains("s3cret-token"))
        XCTAssertFalse(trusted.stderr.contains("warning"), trusted.stderr)
    }

    func testOfflineNeverAsksTheRemoteCache() throws {
        let first = try install(cache: "cache-A", ["DEPS_REMOTE_CACHE": nginx.url])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(nginx.files(under: "code").count, 2)
        try clone("B")
        var env = quick
        env["DEPS_CACHE_DIR"] = project.root + "/cache-B"
        env["DEPS_REMOTE_CACHE"] = nginx.url
        let offline = DepsInProcess.run(["install", "--offline", "--project", project.root + "/B"], environment: env)
        XCTAssertEqual(offline.status, 74, offline.stderr)
        XCTAssertTrue(offline.stderr.contains("--offline does not fetch"), offline.stderr)
        XCTAssertFalse(project.exists("B/Deps/GitKit"))
    }
}
