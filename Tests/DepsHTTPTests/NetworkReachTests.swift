import DepsHTTP
import DepsProcess
import Foundation
import LoopbackHTTPServer
import XCTest
import DepsFailures
import DepsPresenters

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BEHAVIOUR 13: connections reused, credentials from netrc (never shown), a CA bundle honoured.
/// Real servers on 127.0.0.1: the loopback HTTP server kept alive, and `openssl s_server` for TLS.
final class NetworkReachTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        let template = NSTemporaryDirectory() + "NetworkReachTests.XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
    }

    private func path(_ name: String) -> String { directory + "/" + name }

    private func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    // MARK: Connections

    func testDownloadsOneAfterAnotherReuseOneConnection() async throws {
        let server = try LoopbackHTTPServer(keepAlive: true)
        defer { server.stop() }
        for index in 0..<5 { server.serve("/spec-\(index).json", .body(Array("{\"index\": \(index)}".utf8))) }
        let client = HTTPClient(configuration: .init(timeoutSeconds: 5))

        for index in 0..<5 {
            let response = try await client.download(server.baseURL + "/spec-\(index).json", to: path("spec-\(index).json"))
            XCTAssertEqual(response.status, 200)
        }

        XCTAssertEqual(server.requests.count, 5)
        XCTAssertEqual(server.connectionCount, 1, "every download after the first reuses its connection")
    }

    func testManyDownloadsAtOnceOpenAtMostEightConnectionsToAnHTTP1Host() async throws {
        let server = try LoopbackHTTPServer(keepAlive: true)
        defer { server.stop() }
        let count = 40
        for index in 0..<count { server.serve("/file-\(index)", .delayed(seconds: 0.05, Array("file \(index)".utf8))) }
        let client = HTTPClient(configuration: .init(timeoutSeconds: 5))
        let base = server.baseURL
        let directory = self.directory!

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask { try await client.download(base + "/file-\(index)", to: directory + "/file-\(index)").status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }

        XCTAssertEqual(statuses, Array(repeating: 200, count: count))
        XCTAssertEqual(server.requests.count, count)
        XCTAssertLessThanOrEqual(server.connectionCount, 8, "kept-alive connections carry the rest")
        for index in 0..<count {
            XCTAssertEqual(FileManager.default.contents(atPath: path("file-\(index)")), Data("file \(index)".utf8))
        }
    }

    // MARK: Credentials

    func testANetrcLoginReachesAServerThatDemandsItAndIsNeverShown() async throws {
        let server = try LoopbackHTTPServer(keepAlive: true)
        defer { server.stop() }
        server.serve("/private/Kit-1.0.0.tar.gz", .requiringLogin(user: "ci-bot", password: "s3cret-token", Array("archive".utf8)))
        let url = server.baseURL + "/private/Kit-1.0.0.tar.gz"

        let empty = try write("", to: "empty.netrc")
        let without = try await HTTPClient(configuration: .init(timeoutSeconds: 5, netrcFile: empty)).download(url, to: path("a"))
        XCTAssertEqual(without.status, 401)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a")))

        let netrc = try write("machine 127.0.0.1\n  login ci-bot\n  password s3cret-token\n", to: "netrc")
        let with = try await HTTPClient(configuration: .init(timeoutSeconds: 5, netrcFile: netrc)).download(url, to: path("b"))
        XCTAssertEqual(with.status, 200)
        XCTAssertEqual(FileManager.default.contents(atPath: path("b")), Data("archive".utf8))
        XCTAssertEqual(server.authorizations, ["Basic " + Data("ci-bot:s3cret-token".utf8).base64EncodedString()])

        // A netrc for another host sends nothing to this one.
        let other = try write("machine example.invalid login ci-bot password s3cret-token\n", to: "other.netrc")
        let elsewhere = try await HTTPClient(configuration: .init(timeoutSeconds: 5, netrcFile: other)).download(url, to: path("c"))
        XCTAssertEqual(elsewhere.status, 401)
        XCTAssertEqual(server.authorizations.count, 1)
    }

    func testALoginWrittenIntoAURLIsNotShownInAnError() async throws {
        let server = try LoopbackHTTPServer()
        let port = server.port
        server.stop()
        let url = "http://ci-bot:s3cret-token@127.0.0.1:\(port)/Kit.tar.gz"
        do {
            _ = try await HTTPClient(configuration: .init(timeoutSeconds: 2, attempts: 1)).download(url, to: path("x"))
            XCTFail("nothing listens on the port")
        } catch let error as HTTPError {
            XCTAssertFalse(error.description.contains("s3cret"), error.description)
            XCTAssertFalse(error.description.contains("ci-bot"), error.description)
            XCTAssertTrue(error.description.hasPrefix("http://127.0.0.1:\(port)/Kit.tar.gz: "), error.description)
        }
    }

    // MARK: TLS

    /// A TLS server with a certificate of its own: refused without the CA bundle, read with it.
    func testTheConfiguredCABundleIsHonoured() async throws {
        guard let openssl = ChildProcess.executablePath(of: "openssl") else { throw XCTSkip("openssl is not installed") }
        let served = path("www")
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try Data("{\"name\": \"Kit\"}".utf8).write(to: URL(fileURLWithPath: served + "/Kit.podspec.json"))
        let server = try XCTUnwrap(try LoopbackTLSServer(serving: served, workFolder: directory, openssl: openssl))
        defer { server.stop() }
        let url = server.baseURL + "/Kit.podspec.json"

        do {
            _ = try await HTTPClient(configuration: .init(timeoutSeconds: 5, attempts: 1)).download(url, to: path("refused"))
            XCTFail("a certificate no CA vouches for is refused")
        } catch let error as HTTPError {
            XCTAssertTrue(error.description.lowercased().contains("certificate"), error.description)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("refused")))

        let response = try await HTTPClient(configuration: .init(timeoutSeconds: 5, caBundle: server.certificate)).download(url, to: path("read"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(FileManager.default.contents(atPath: path("read")), Data("{\"name\": \"Kit\"}".utf8))
    }
}
