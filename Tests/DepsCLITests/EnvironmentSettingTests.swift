import Foundation
import LoopbackHTTPServer
import XCTest

/// Every `DEPS_*` variable that tunes deps is read alike: unset or empty, the default holds; a
/// value deps cannot use is a usage error (64) naming the variable and the value, and the command
/// changes nothing.
final class EnvironmentSettingTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// Each variable with values deps cannot use, and what the message says a value must be.
    static let badValues: [(name: String, values: [String], expected: String)] = [
        ("DEPS_HTTP_TIMEOUT", ["0", "-1", "nan", "soon", "30s"], "a number of seconds above 0"),
        ("DEPS_HTTP_ATTEMPTS", ["0", "-2", "2.5", "many"], "a whole number above 0"),
        ("DEPS_HTTP_BACKOFF", ["-0.5", "inf", "later"], "a number of seconds, 0 or more"),
        ("DEPS_DOWNLOAD_TIMEOUT", ["-1", "soon"], "a number of seconds (0 for no limit)"),
        ("DEPS_MAX_UNPACKED_BYTES", ["0", "lots", "4T"], "a number of bytes above 0, such as 4294967296 or 4G"),
        ("DEPS_MAX_UNPACKED_FILES", ["0", "1e6"], "a whole number above 0"),
        ("DEPS_LOCK_TIMEOUT", ["-1", "forever"], "a number of seconds, 0 or more"),
        ("DEPS_TRUNK_URL", ["/srv/trunk", "ftp://mirror.example/trunk"], "an http(s) URL of a CocoaPods CDN"),
        ("NETRC", ["/no/such/netrc"], "the path of a readable netrc file"),
        ("CURL_CA_BUNDLE", ["/no/such/ca.pem"], "the path of a readable file of CA certificates"),
        ("SSL_CERT_FILE", ["/no/such/ca.pem"], "the path of a readable file of CA certificates"),
    ]

    /// An installed project (a lock, a sandbox) whose Depsfile then asks for one more package.
    func installedProjectWithAChange() throws {
        try project.publish(["Lib": ["1.0.0": [:]], "Kit": ["1.0.0": [:]]])
        try project.depsfile(["Lib": ""])
        let installed = try project.deps(["install"], cache: cache)
        XCTAssertEqual(installed.status, 0, installed.stderr)
        try project.depsfile(["Lib": "", "Kit": ""])
    }

    func testABadValueOfAnySettingIsAUsageErrorThatChangesNothing() throws {
        try installedProjectWithAChange()
        let lock = try XCTUnwrap(project.lockfile)
        let sandbox = project.files(under: "App/Deps")
        let manifest = try project.read("App/Deps/Manifest.lock")
        for (name, values, expected) in Self.badValues {
            for value in values {
                for command in [["install"], ["update"]] {
                    // SSL_CERT_FILE is read only where CURL_CA_BUNDLE is unset (empty is unset).
                    let environment = name == "SSL_CERT_FILE" ? [name: value, "CURL_CA_BUNDLE": ""] : [name: value]
                    let outcome = try project.deps(command, cache: cache, environment: environment)
                    let what = "\(command[0]) with \(name)=\(value)"
                    XCTAssertEqual(outcome.status, 64, "\(what): \(outcome.stderr)")
                    XCTAssertEqual(outcome.stderr, "error: \(name) must be \(expected), not '\(value)'\n", what)
                    XCTAssertEqual(project.lockfile, lock, what)
                    XCTAssertEqual(project.files(under: "App/Deps"), sandbox, what)
                    XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest, what)
                    XCTAssertFalse(project.exists("App/.deps-lock"), what)
                }
            }
        }
    }

    /// An empty value is no value: the default holds, as when the variable is unset.
    func testAnEmptyValueLeavesTheDefault() throws {
        try installedProjectWithAChange()
        var environment: [String: String] = [:]
        for (name, _, _) in Self.badValues { environment[name] = "" }
        let outcome = try project.deps(["install"], cache: cache, environment: environment)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("Kit (1.0.0)"))
    }

    /// Good values still tune downloads: `DEPS_HTTP_ATTEMPTS` tries that many times, and without
    /// it a download is tried 4 times.
    func testAttemptsAreHonouredAndDefaultToFour() throws {
        let server = try loopbackServer()
        server.serve("/Zip-1.0.0.tar.gz", .status(503))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: nil)
        try project.depsfile(["Zip": ""])
        var tried = 0
        for (attempts, expected) in [("2", 2), (nil, 4), ("", 4)] as [(String?, Int)] {
            var environment = ["DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_TIMEOUT": "5"]
            environment["DEPS_HTTP_ATTEMPTS"] = attempts
            let outcome = try project.deps(["install"], cache: cache, environment: environment)
            XCTAssertEqual(outcome.status, 74, outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("(\(expected) attempts)"), outcome.stderr)
            XCTAssertEqual(server.requestCount("/Zip-1.0.0.tar.gz") - tried, expected, "DEPS_HTTP_ATTEMPTS=\(attempts ?? "unset")")
            tried = server.requestCount("/Zip-1.0.0.tar.gz")
            XCTAssertFalse(project.exists("App/Deps"))
        }
    }
}
