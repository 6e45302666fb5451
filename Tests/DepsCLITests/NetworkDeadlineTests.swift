import DepsProcess
import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 13: every network operation has a deadline, git's included. A git server that
/// accepts and never answers ends in an error naming the URL and the limit (exit 74) within the
/// configured time, never a hang; an archive behind a netrc login is fetched with it, and the
/// login is written nowhere.
final class NetworkDeadlineTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// A Depsfile naming a git repository on a loopback server whose every answer stalls.
    func silentGitServer() throws -> (url: String, server: LoopbackHTTPServer) {
        let server = try loopbackServer()
        server.serve("/Silent.git/info/refs", .stall(seconds: 60))
        let url = server.baseURL + "/Silent.git"
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Silent:\n    git: \(url)\n    tag: 1.0.0\n")
        return (url, server)
    }

    func testAGitServerThatNeverAnswersEndsAtTheDeadline() throws {
        let (url, server) = try silentGitServer()
        let outcome = try project.deps(
            ["install"], cache: cache, environment: ["DEPS_DOWNLOAD_TIMEOUT": "2", "DEPS_HTTP_TIMEOUT": "50"])

        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(url), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("did not finish within 2 seconds"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("DEPS_DOWNLOAD_TIMEOUT allows longer"), outcome.stderr)
        // The deadline stopped git and what it started: git's remote helper hung up on the server
        // (which would stall for 60 seconds), and nothing deps started is left running.
        XCTAssertTrue(server.waitForHangUps("/Silent.git/info/refs", atLeast: 1), "the stalled request was never given up")
        XCTAssertEqual(FetchTests.processes(startedBy: getpid()), [], "what git started outlived it")
        XCTAssertNil(project.lockfile)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
    }

    func testAGitTransferThatStallsEndsAfterTheHTTPTimeout() throws {
        let (url, server) = try silentGitServer()
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_HTTP_TIMEOUT": "2"])

        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(url), outcome.stderr)
        // git gave up on the stalled transfer itself (the server would have ended it after 60 s,
        // which counts as no hang-up).
        XCTAssertTrue(server.waitForHangUps("/Silent.git/info/refs", atLeast: 1), "git gives up on a transfer that stalls for DEPS_HTTP_TIMEOUT")
        XCTAssertNil(project.lockfile)
    }

    /// An archive on a server that demands a login: refused without one, fetched with the netrc
    /// NETRC names; the login appears in no output, the lock or the cache.
    func testAnArchiveBehindANetrcLoginIsFetchedAndTheLoginIsWrittenNowhere() throws {
        let server = try LoopbackHTTPServer(keepAlive: true)
        addTeardownBlock { server.stop() }
        let bytes = try makeTarGz(["Sources/Vault/Vault.swift": "public let vault = 1\n"], topFolder: "Vault-1.0.0", at: project.root + "/Vault.tar.gz")
        server.serve("/private/Vault-1.0.0.tar.gz", .requiringLogin(user: "ci-bot", password: "s3cret-token", bytes))
        try project.publishArchive("Vault", "1.0.0", url: server.baseURL + "/private/Vault-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        try project.depsfile(["Vault": ""])
        try project.write("netrc", "machine 127.0.0.1 login ci-bot password s3cret-token\n")
        try project.write("empty-netrc", "")
        let quick = ["DEPS_HTTP_ATTEMPTS": "1"]

        let refused = try project.deps(["install"], cache: cache, environment: quick.merging(["NETRC": project.root + "/empty-netrc"]) { $1 })
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("401"), refused.stderr)

        let fetched = try project.deps(["install"], cache: cache, environment: quick.merging(["NETRC": project.root + "/netrc"]) { $1 })
        XCTAssertEqual(fetched.status, 0, fetched.stderr)
        XCTAssertEqual(try project.read("App/Deps/Vault/Sources/Vault/Vault.swift"), "public let vault = 1\n")
        XCTAssertEqual(server.authorizations, ["Basic " + Data("ci-bot:s3cret-token".utf8).base64EncodedString()])
        for text in [refused.stdout, refused.stderr, fetched.stdout, fetched.stderr, project.lockfile ?? ""] {
            XCTAssertFalse(text.contains("s3cret"), text)
        }
        let grep = try? tool(["grep", "-rl", "s3cret", project.root + "/cache", project.root + "/App"])
        XCTAssertEqual(grep ?? "", "", "the login is in no file of the cache or the project")
    }

    /// An archive on an HTTPS server whose certificate no system CA vouches for: refused, then
    /// fetched once `CURL_CA_BUNDLE` names its certificate.
    func testCURLCABundleIsHonoured() throws {
        guard let openssl = ChildProcess.executablePath(of: "openssl") else { throw XCTSkip("openssl is not installed") }
        let served = project.root + "/www"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let bytes = try makeTarGz(["Sources/Secure/Secure.swift": "public let secure = 1\n"], topFolder: "Secure-1.0.0", at: served + "/Secure-1.0.0.tar.gz")
        let server = try XCTUnwrap(try LoopbackTLSServer(serving: served, workFolder: project.root, openssl: openssl))
        addTeardownBlock { server.stop() }
        try project.publishArchive("Secure", "1.0.0", url: server.baseURL + "/Secure-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        try project.depsfile(["Secure": ""])
        let quick = ["DEPS_HTTP_ATTEMPTS": "1", "DEPS_HTTP_TIMEOUT": "5"]

        let refused = try project.deps(["install"], cache: cache, environment: quick.merging(["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": ""]) { $1 })
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertTrue(refused.stderr.lowercased().contains("certificate"), refused.stderr)
        XCTAssertNil(project.lockfile)

        let fetched = try project.deps(["install"], cache: cache, environment: quick.merging(["CURL_CA_BUNDLE": server.certificate]) { $1 })
        XCTAssertEqual(fetched.status, 0, fetched.stderr)
        XCTAssertEqual(try project.read("App/Deps/Secure/Sources/Secure/Secure.swift"), "public let secure = 1\n")
    }
}
