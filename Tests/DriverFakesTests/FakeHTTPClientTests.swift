import DepsFileSystem
import DepsHTTP
import DriverFakes
import Foundation
import InMemoryFileSystem
import LoopbackHTTPServer
import XCTest
import DepsFailures

/// `FakeHTTPClient` answers as `HTTPClient` does against a server serving the same table: each
/// case is asked of both, the real one over loopback into a temporary folder, the fake into
/// memory, and their responses, errors and written files compared.
final class FakeHTTPClientTests: XCTestCase {
    private var server: LoopbackHTTPServer!
    private var directory: String!
    private var memory: InMemoryFileSystem!

    override func setUpWithError() throws {
        server = try LoopbackHTTPServer()
        directory = NSTemporaryDirectory() + "FakeHTTPClientTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        memory = InMemoryFileSystem()
        try memory.makeDirectories(LocalPath(directory), shownAs: directory)
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// What one download came to, on either client.
    private enum Outcome: Equatable {
        case response(HTTPResponse, written: [UInt8]?)
        case failure(HTTPError)
    }

    private func real(attempts: Int) -> HTTPClient {
        HTTPClient(configuration: .init(timeoutSeconds: 5, attempts: attempts, initialBackoffSeconds: 0))
    }

    private func outcome(
        _ client: any HTTPTransport, _ url: String, _ destination: String, etag: String?, read: (String) -> [UInt8]?
    ) async throws -> Outcome {
        do {
            let response = try await client.download(url, to: destination, ifNoneMatch: etag)
            return .response(response, written: read(destination))
        } catch let error as HTTPError {
            return .failure(error)
        }
    }

    /// Asks both clients for `path` of the server (the fake's table set by `setUp`), compares
    /// their outcomes and returns the real one.
    @discardableResult
    private func compare(
        _ path: String, etag: String? = nil, attempts: Int = 1, setUp: (FakeHTTPClient, String) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Outcome {
        let url = server.baseURL + path
        let destination = directory + "/" + UUID().uuidString
        let fake = FakeHTTPClient(fileSystem: memory, attempts: attempts)
        setUp(fake, url)
        let realOutcome = try await outcome(real(attempts: attempts), url, destination, etag: etag) {
            FileManager.default.contents(atPath: $0).map { Array($0) }
        }
        let fakeOutcome = try await outcome(fake, url, destination, etag: etag) {
            try? memory.readFile(LocalPath($0), shownAs: $0)
        }
        XCTAssertEqual(fakeOutcome, realOutcome, file: file, line: line)
        return realOutcome
    }

    func testABodyWithItsETag() async throws {
        server.serve("/a.txt", .body(Array("hello".utf8), etag: "\"a1\""))
        let outcome = try await compare("/a.txt") { $0.serve($1, "hello", etag: "\"a1\"") }
        XCTAssertEqual(outcome, .response(HTTPResponse(status: 200, etag: "\"a1\""), written: Array("hello".utf8)))
    }

    func testAMatchingETagIsA304AndNothingIsWritten() async throws {
        server.serve("/a.txt", .body(Array("hello".utf8), etag: "\"a1\""))
        let outcome = try await compare("/a.txt", etag: "\"a1\"") { $0.serve($1, "hello", etag: "\"a1\"") }
        XCTAssertEqual(outcome, .response(HTTPResponse(status: 304, etag: "\"a1\""), written: nil))
    }

    func testAnotherETagGetsTheBody() async throws {
        server.serve("/a.txt", .body(Array("new".utf8), etag: "\"a2\""))
        let outcome = try await compare("/a.txt", etag: "\"a1\"") { $0.serve($1, "new", etag: "\"a2\"") }
        XCTAssertEqual(outcome, .response(HTTPResponse(status: 200, etag: "\"a2\""), written: Array("new".utf8)))
    }

    func testAMissingPathIsA404AnswerNotAnError() async throws {
        let outcome = try await compare("/missing") { _, _ in }
        XCTAssertEqual(outcome, .response(HTTPResponse(status: 404, etag: nil), written: nil))
    }

    func testAClientErrorStatusIsReturnedWithNothingWritten() async throws {
        server.serve("/forbidden", .status(403))
        let outcome = try await compare("/forbidden") { $0.answer($1, status: 403) }
        XCTAssertEqual(outcome, .response(HTTPResponse(status: 403, etag: nil), written: nil))
    }

    func testAServerErrorIsThrownAfterEveryAttempt() async throws {
        server.serve("/broken", .status(500))
        let outcome = try await compare("/broken", attempts: 3) { $0.answer($1, status: 500) }
        XCTAssertEqual(outcome, .failure(HTTPError(url: server.baseURL + "/broken", cause: .serverError(500), attempts: 3)))
        XCTAssertEqual(server.requestCount("/broken"), 3)
    }

    func testARefusedConnectionFailsAfterEveryAttempt() async throws {
        let closed = try LoopbackHTTPServer()
        let url = closed.baseURL + "/a"
        closed.stop()
        let destination = directory + "/refused"
        let fake = FakeHTTPClient(fileSystem: memory, attempts: 2)
        fake.fail(url, with: .connectionFailed(.refused))
        let realOutcome = try await outcome(real(attempts: 2), url, destination, etag: nil) { _ in nil }
        let fakeOutcome = try await outcome(fake, url, destination, etag: nil) { _ in nil }
        XCTAssertEqual(realOutcome, .failure(HTTPError(url: url, cause: .connectionFailed(.refused), attempts: 2)))
        XCTAssertEqual(fakeOutcome, realOutcome)
        XCTAssertEqual(fake.requests.count, 2)
    }

    func testAnUnsupportedSchemeIsRefusedBeforeAnyAttempt() async throws {
        let url = "ftp://example.com/a"
        let fake = FakeHTTPClient(fileSystem: memory)
        let realOutcome = try await outcome(real(attempts: 1), url, directory + "/ftp", etag: nil) { _ in nil }
        let fakeOutcome = try await outcome(fake, url, directory + "/ftp", etag: nil) { _ in nil }
        XCTAssertEqual(fakeOutcome, realOutcome)
        XCTAssertEqual(fake.requests, [])
    }

    func testAFileURLIsA200OrA404() async throws {
        let present = directory + "/present.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: present, contents: Data("local".utf8)))
        memory.write("local", to: LocalPath(present))
        for (source, status) in [(present, 200), (directory + "/absent.txt", 404)] {
            let destination = directory + "/copy-\(status)"
            let realOutcome = try await outcome(real(attempts: 1), "file://" + source, destination, etag: nil) {
                FileManager.default.contents(atPath: $0).map { Array($0) }
            }
            let fakeOutcome = try await outcome(FakeHTTPClient(fileSystem: memory), "file://" + source, destination, etag: nil) {
                try? self.memory.readFile(LocalPath($0), shownAs: $0)
            }
            XCTAssertEqual(fakeOutcome, realOutcome)
            if case let .response(response, _) = realOutcome { XCTAssertEqual(response.status, status) } else { XCTFail("\(realOutcome)") }
        }
    }

    func testAnUploadIsServedAfterwardsAndAnUnreadableFileIsRefused() async throws {
        let fake = FakeHTTPClient(fileSystem: memory)
        memory.write("pack", to: LocalPath(directory + "/pack"))
        let response = try await fake.upload(file: directory + "/pack", to: "https://cache.example/code/git/c.pack")
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(fake.answer(for: "https://cache.example/code/git/c.pack"), .response(status: 200, body: Array("pack".utf8), etag: nil))

        let missing = directory + "/missing"
        for client in [real(attempts: 1), fake] as [any HTTPTransport] {
            do {
                _ = try await client.upload(file: missing, to: server.baseURL + "/upload")
                XCTFail("uploaded a missing file")
            } catch {
                XCTAssertEqual(error as? HTTPError, HTTPError(url: server.baseURL + "/upload", cause: .unreadableFile(missing), attempts: 0))
            }
        }
    }
}
