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

final class HTTPClientTests: XCTestCase {
    private var server: LoopbackHTTPServer!
    private var directory: String!

    override func setUpWithError() throws {
        server = try LoopbackHTTPServer()
        let template = NSTemporaryDirectory() + "HTTPClientTests.XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
    }

    override func tearDownWithError() throws {
        server?.stop()
        server = nil
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
    }

    private func client(attempts: Int = 4, timeout: Double = 5) -> HTTPClient {
        HTTPClient(configuration: .init(timeoutSeconds: timeout, attempts: attempts, initialBackoffSeconds: 0.01))
    }

    private func path(_ name: String) -> String { directory + "/" + name }

    private func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Runs `body`, expecting it to throw an `HTTPError`, and returns that error.
    private func httpError(_ body: () async throws -> HTTPResponse, file: StaticString = #filePath, line: UInt = #line) async -> HTTPError? {
        do {
            let response = try await body()
            XCTFail("expected an HTTPError, got status \(response.status)", file: file, line: line)
        } catch let error as HTTPError {
            return error
        } catch {
            XCTFail("expected an HTTPError, got \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: - HTTP

    func testDownloadWritesBodyAndReturnsETag() async throws {
        let body = Array("archive bytes\n".utf8)
        server.serve("/a.tar.gz", .body(body, etag: "\"v1\""))
        let destination = path("a.tar.gz")

        let response = try await client().download(server.baseURL + "/a.tar.gz", to: destination)

        XCTAssertEqual(response, HTTPResponse(status: 200, etag: "\"v1\""))
        XCTAssertTrue(response.isSuccess)
        XCTAssertEqual(contents(destination), body)
        XCTAssertFalse(exists(destination + ".part"))
        XCTAssertEqual(server.requests.map(\.path), ["/a.tar.gz"])
        XCTAssertNil(server.requests.first?.ifNoneMatch)
    }

    func testMatchingETagAnswersNotModifiedAndWritesNothing() async throws {
        server.serve("/a.tar.gz", .body(Array("new".utf8), etag: "\"v2\""))
        let destination = path("a.tar.gz")

        let response = try await client().download(server.baseURL + "/a.tar.gz", to: destination, ifNoneMatch: "\"v2\"")

        XCTAssertEqual(response.status, 304)
        XCTAssertTrue(response.isNotModified)
        XCTAssertFalse(response.isSuccess)
        XCTAssertEqual(server.requests.first?.ifNoneMatch, "\"v2\"")
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    func testStaleETagDownloadsTheNewBody() async throws {
        server.serve("/a.tar.gz", .body(Array("new".utf8), etag: "\"v2\""))
        let destination = path("a.tar.gz")

        let response = try await client().download(server.baseURL + "/a.tar.gz", to: destination, ifNoneMatch: "\"v1\"")

        XCTAssertEqual(response, HTTPResponse(status: 200, etag: "\"v2\""))
        XCTAssertEqual(contents(destination), Array("new".utf8))
    }

    func testNotFoundIsReturnedNotThrown() async throws {
        let destination = path("missing")
        let response = try await client().download(server.baseURL + "/missing", to: destination)

        XCTAssertEqual(response.status, 404)
        XCTAssertFalse(response.isSuccess)
        XCTAssertEqual(server.requestCount("/missing"), 1, "a 4xx is not retried")
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    func testServerErrorIsRetriedUntilSuccess() async throws {
        let body = Array("second time lucky".utf8)
        server.serve("/flaky", .failThenServe(failures: 1, status: 503, then: body))
        let destination = path("flaky")

        let response = try await client().download(server.baseURL + "/flaky", to: destination)

        XCTAssertTrue(response.isSuccess)
        XCTAssertEqual(server.requestCount("/flaky"), 2)
        XCTAssertEqual(contents(destination), body)
    }

    func testPersistentServerErrorIsThrownAfterEveryAttempt() async throws {
        server.serve("/down", .status(503))
        let destination = path("down")
        let url = server.baseURL + "/down"

        let error = await httpError { try await self.client(attempts: 3).download(url, to: destination) }

        XCTAssertEqual(error?.cause, .serverError(503))
        XCTAssertEqual(error?.attempts, 3)
        XCTAssertEqual(error?.url, url)
        XCTAssertEqual(error?.description, "\(url): server error 503 (3 attempts)")
        XCTAssertEqual(server.requestCount("/down"), 3)
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    func testTruncatedBodyLeavesNoFile() async throws {
        server.serve("/short", .truncated(Array(repeating: 7, count: 100), declaredLength: 1000))
        let destination = path("short")
        let url = server.baseURL + "/short"

        let error = await httpError { try await self.client(attempts: 2).download(url, to: destination) }

        XCTAssertEqual(error?.cause, .truncated)
        XCTAssertEqual(error?.attempts, 2)
        XCTAssertEqual(error?.description, "\(url): the response body ended early (2 attempts)")
        XCTAssertEqual(server.requestCount("/short"), 2)
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    func testFailedDownloadKeepsThePreviousFile() async throws {
        server.serve("/short", .truncated(Array(repeating: 7, count: 10), declaredLength: 50))
        let destination = path("short")
        try Data("previous".utf8).write(to: URL(fileURLWithPath: destination))

        _ = await httpError { try await self.client(attempts: 1).download(self.server.baseURL + "/short", to: destination) }

        XCTAssertEqual(contents(destination), Array("previous".utf8))
        XCTAssertFalse(exists(destination + ".part"))
    }

    /// The client gives up on a server that says nothing: the server's 4 s stall outlasts the 1 s
    /// limit, and had it ended first the client would have seen an empty reply and not hung up.
    func testStallTimesOut() async throws {
        server.serve("/stall", .stall(seconds: 4))
        let destination = path("stall")
        let url = server.baseURL + "/stall"

        let error = await httpError { try await self.client(attempts: 2, timeout: 1).download(url, to: destination) }

        XCTAssertEqual(error?.cause, .timedOut)
        XCTAssertEqual(error?.description, "\(url): timed out after 2 attempts")
        XCTAssertEqual(server.requestCount("/stall"), 2)
        XCTAssertTrue(server.waitForHangUps("/stall", atLeast: 2, seconds: 10), "the client hung up on both stalls")
        XCTAssertEqual(server.hangUpCount("/stall"), 2)
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    /// A body that keeps arriving, a byte at a time, never stalls long enough for the stall
    /// timeout; the overall deadline ends it, once, without another attempt.
    func testATrickleEndsAtTheDeadlineWithoutARetry() async throws {
        server.serve("/trickle", .trickle(Array(repeating: UInt8(ascii: "x"), count: 2000), interval: 0.05))
        let destination = path("trickle")
        let url = server.baseURL + "/trickle"
        let configuration = HTTPClient.Configuration(
            timeoutSeconds: 5, attempts: 3, initialBackoffSeconds: 0.01, deadlineSeconds: 1.5, deadlineSetting: "DEPS_DOWNLOAD_TIMEOUT")

        let error = await httpError { try await HTTPClient(configuration: configuration).download(url, to: destination) }

        XCTAssertEqual(error?.cause, .deadlineExceeded(seconds: 1.5, setting: "DEPS_DOWNLOAD_TIMEOUT"))
        XCTAssertEqual(
            error?.description,
            "\(url): the download did not finish within 1.5 seconds, the limit for one download; DEPS_DOWNLOAD_TIMEOUT allows longer")
        XCTAssertEqual(server.requestCount("/trickle"), 1)
        XCTAssertFalse(exists(destination))
        XCTAssertFalse(exists(destination + ".part"))
    }

    /// The same body, given time enough, arrives whole: the deadline bounds, it does not cut short.
    func testATrickleWithinTheDeadlineArrivesWhole() async throws {
        let body = Array(repeating: UInt8(ascii: "y"), count: 20)
        server.serve("/trickle", .trickle(body, interval: 0.02))
        let destination = path("trickle")
        let configuration = HTTPClient.Configuration(timeoutSeconds: 5, attempts: 1, deadlineSeconds: 60)

        let response = try await HTTPClient(configuration: configuration).download(server.baseURL + "/trickle", to: destination)

        XCTAssertTrue(response.isSuccess)
        XCTAssertEqual(contents(destination), body)
    }

    func testLatencyBelowTheTimeoutSucceeds() async throws {
        server.serve("/slow", .delayed(seconds: 0.3, Array("late".utf8)))
        let destination = path("slow")

        let response = try await client(attempts: 1, timeout: 2).download(server.baseURL + "/slow", to: destination)

        XCTAssertTrue(response.isSuccess)
        XCTAssertEqual(contents(destination), Array("late".utf8))
    }

    func testRefusedConnectionIsRetriedThenThrown() async throws {
        let url = server.baseURL + "/gone"
        server.stop()

        let error = await httpError { try await self.client(attempts: 2).download(url, to: self.path("gone")) }

        guard case .connectionFailed? = error?.cause else {
            return XCTFail("expected connectionFailed, got \(String(describing: error?.cause))")
        }
        XCTAssertEqual(error?.attempts, 2)
    }

    func testFileURLs() async throws {
        let source = path("source")
        try Data("local".utf8).write(to: URL(fileURLWithPath: source))
        let destination = path("copy")

        let found = try await client().download("file://" + source, to: destination)
        let missing = try await client().download("file://" + path("nothing"), to: path("nothing-copy"))

        XCTAssertEqual(found.status, 200)
        XCTAssertEqual(contents(destination), Array("local".utf8))
        XCTAssertEqual(missing.status, 404)
        XCTAssertFalse(exists(path("nothing-copy")))
    }

    func testRequestHeadersAreSentInPlaceOfLibcurlsOwn() async throws {
        server.serve("/index.json", .body(Array("{}".utf8)))
        let accept = "application/vnd.swift.registry.v1+json"

        let response = try await client().download(
            server.baseURL + "/index.json", to: path("index.json"), headers: ["Accept": accept, "X-Deps-Test": "yes"])

        XCTAssertEqual(response.status, 200)
        let sent = server.requestHeaders.map(\.headers)
        XCTAssertEqual(sent.map { $0["accept"] }, [accept])
        XCTAssertEqual(sent.map { $0["x-deps-test"] }, ["yes"])
    }

    func testAHeaderThatWouldSplitTheRequestIsRefusedBeforeAnythingIsSent() async throws {
        server.serve("/x", .body(Array("x".utf8)))
        for headers in [["Accept": "a\r\nInjected: yes"], ["Bad Name": "x"], ["": "x"], ["Ac:cept": "x"]] {
            let error = await httpError { try await self.client().download(self.server.baseURL + "/x", to: self.path("x"), headers: headers) }
            XCTAssertEqual(error?.attempts, 0)
        }
        XCTAssertEqual(server.requestCount("/x"), 0)
        XCTAssertFalse(exists(path("x")))
    }

    func testUnsupportedSchemeIsRefused() async throws {
        let error = await httpError { try await self.client().download("ftp://127.0.0.1/x", to: self.path("x")) }
        XCTAssertEqual(error?.attempts, 0)
        XCTAssertEqual(error?.cause, .unsupportedScheme(schemes: ["http", "https", "file"], upload: false))
        XCTAssertEqual(error?.causeDescription, "only http, https and file URLs are supported")
    }

    func testErrorDescriptionEscapesControlCharacters() {
        let error = HTTPError(url: "http://h/x", cause: .transferFailed("bad\r\nInjected: yes"), attempts: 1)
        XCTAssertEqual(error.description, "http://h/x: bad\\r\\nInjected: yes")
        let file = HTTPError(url: "http://h/x\u{1B}", cause: .unwritableFile("/tmp/a\nb.part"), attempts: 2)
        XCTAssertEqual(file.description, "http://h/x\\u{1B}: cannot write /tmp/a\\nb.part")
    }

    // MARK: - ChildProcess

    func testChildProcessCollectsStatusAndOutput() async throws {
        let result = try await ChildProcess.run("sh", ["-c", "printf 'out\\n'; printf '  err\\n\\n' >&2; exit 3"])

        XCTAssertEqual(result.status, 3)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.standardOutput, Array("out\n".utf8))
        XCTAssertEqual(result.standardErrorText, "err")
    }

    func testChildProcessRunsInDirectoryWithAddedEnvironment() async throws {
        if getenv("GIT_TERMINAL_PROMPT") != nil { throw XCTSkip("GIT_TERMINAL_PROMPT is set in this environment") }
        let result = try await ChildProcess.run(
            "/bin/sh", ["-c", "pwd; echo \"$CHILD_PROCESS_TEST_VALUE\"; echo \"${GIT_TERMINAL_PROMPT-unset}\"; test -n \"$PATH\" && echo path"],
            workingDirectory: directory,
            environment: ["CHILD_PROCESS_TEST_VALUE": "a b"]
        )

        XCTAssertTrue(result.succeeded, result.standardErrorText)
        let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        XCTAssertEqual(result.standardOutputText, "\(real)\na b\nunset\npath\n")
    }

    func testChildProcessStandardInputIsEmpty() async throws {
        let result = try await ChildProcess.run("cat", [])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, [])
    }

    func testChildProcessReportsSignalAsStatus() async throws {
        let result = try await ChildProcess.run("sh", ["-c", "kill -KILL $$"])
        XCTAssertEqual(result.status, 128 + SIGKILL)
    }

    func testChildGetsDefaultSignalHandlingWhenParentIgnoresIt() async throws {
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }

        let result = try await ChildProcess.run("sh", ["-c", "kill -TERM $$; exit 0"])

        XCTAssertEqual(result.status, 128 + SIGTERM, "the child inherited SIG_IGN for SIGTERM")
    }

    func testMissingExecutableIsAnError() async throws {
        do {
            _ = try await ChildProcess.run("no-such-program-4a1b", [])
            XCTFail("expected ChildProcessError")
        } catch let error as ChildProcessError {
            XCTAssertEqual(error.reason, .notFound)
            XCTAssertEqual(error.description, "cannot run no-such-program-4a1b: not found in PATH")
        }
    }

    func testOutputBeyondTheLimitIsAnError() async throws {
        do {
            _ = try await ChildProcess.run("head", ["-c", "5000", "/dev/zero"], outputLimit: 1000)
            XCTFail("expected ChildProcessError")
        } catch let error as ChildProcessError {
            XCTAssertEqual(error.reason, .outputLimitExceeded(1000))
        }
    }

    /// The process identifier a child wrote to `file`, once it is there (10 s at most).
    func processIdentifier(writtenTo file: String) async throws -> pid_t {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
               let value = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return value
            }
        }
        return try XCTUnwrap(nil as pid_t?, "the child never started")
    }

    /// A shell script that writes its process identifier to `pidFile`, then runs for 30 s at most
    /// (short sleeps, so that a trapped signal is handled at once) and writes `outlived` to
    /// `marks` if it was not stopped first. `prelude` runs before anything else.
    func longRunningScript(prelude: String = "", pidFile: String, marks: String) -> String {
        "\(prelude) echo $$ > '\(pidFile)'; i=0; while [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done; echo outlived >> '\(marks)'"
    }

    func marks(_ file: String) -> String {
        (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    func testCancellationKillsTheChild() async throws {
        let pidFile = path("pid")
        let marks = path("marks")
        let script = longRunningScript(pidFile: pidFile, marks: marks)
        let task = Task { try await ChildProcess.run("sh", ["-c", script]) }
        let child = try await processIdentifier(writtenTo: pidFile)
        XCTAssertEqual(kill(child, 0), 0, "the child is running")

        task.cancel()
        do {
            let result = try await task.value
            XCTFail("expected CancellationError, got status \(result.status)")
        } catch is CancellationError {
        }

        XCTAssertEqual(kill(child, 0), -1, "the child is gone (and reaped)")
        XCTAssertEqual(errno, ESRCH)
        XCTAssertEqual(self.marks(marks), "", "the child was stopped, it did not run to its end")
    }

    /// SIGTERM first, and the child gets the grace period to act on it (it writes `TERM` down and
    /// goes on); SIGKILL then ends it.
    func testCancellationKillsAChildThatIgnoresSIGTERM() async throws {
        let pidFile = path("pid")
        let marks = path("marks")
        // The pid is written once the trap is set, by the shell that keeps running: no exec follows.
        let script = longRunningScript(prelude: "trap 'echo TERM >> \"\(marks)\"' TERM;", pidFile: pidFile, marks: marks)
        let task = Task { try await ChildProcess.run("sh", ["-c", script]) }
        let child = try await processIdentifier(writtenTo: pidFile)

        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {
        }

        XCTAssertEqual(kill(child, 0), -1, "the child is gone (and reaped)")
        XCTAssertEqual(errno, ESRCH)
        XCTAssertEqual(self.marks(marks), "TERM\n", "SIGTERM came first, SIGKILL only after the child had handled it")
    }
}
