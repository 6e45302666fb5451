import Foundation
import LoopbackHTTPServer
import XCTest

/// The bounds on what one fetch may cost: how much an archive may unpack to
/// (DEPS_MAX_UNPACKED_BYTES, DEPS_MAX_UNPACKED_FILES) and how long one download may take
/// (DEPS_DOWNLOAD_TIMEOUT); and what deps says about a file that is no readable archive.
final class FetchLimitsTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }


    /// A zip of a Swift file and a file of `size` zero bytes, in `Bomb-1.0.0/`: a few kilobytes that unpack to `size`.
    func zipOfZeros(size: Int) throws -> [UInt8] {
        let staging = project.root + "/staging-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: staging + "/Bomb-1.0.0/Sources/Bomb", withIntermediateDirectories: true)
        try Data(count: size).write(to: URL(fileURLWithPath: staging + "/Bomb-1.0.0/Sources/Bomb/zeros.bin"))
        try Data("let bomb = 1\n".utf8).write(to: URL(fileURLWithPath: staging + "/Bomb-1.0.0/Sources/Bomb/Bomb.swift"))
        let archive = staging + ".zip"
        try tool(["zip", "-q", "-r", archive, "Bomb-1.0.0"], in: staging)
        try FileManager.default.removeItem(atPath: staging)
        return Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
    }

    /// Serves `bytes` at `/<name>` and publishes `Bomb` 1.0.0 from there, then depends on it.
    func publishBomb(_ bytes: [UInt8], on server: LoopbackHTTPServer, name: String = "Bomb-1.0.0.zip", sha256: Bool = true) throws -> String {
        let url = server.baseURL + "/" + name
        server.serve("/" + name, .body(bytes))
        try project.publishArchive("Bomb", "1.0.0", url: url, sha256: sha256 ? try sha256Hex(bytes) : nil)
        try project.depsfile(["Bomb": ""])
        return url
    }

    /// Nothing of a refused package is kept: no lock, no folder, no tree in the cache, no temporary file.
    func assertNothingKept(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(project.lockfile, file: file, line: line)
        XCTAssertFalse(project.exists("App/Deps/Bomb"), file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/trees/Bomb/1.0.0").filter { !$0.hasSuffix(".lock") }, [], file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [], file: file, line: line)
    }

    // MARK: how much an archive may unpack to

    func testAnArchiveThatUnpacksPastTheByteLimitIsRefused() throws {
        let server = try loopbackServer()
        let bytes = try zipOfZeros(size: 2 << 20)
        XCTAssertLessThan(bytes.count, 64 << 10, "the archive is small; what it unpacks to is not")
        let url = try publishBomb(bytes, on: server)
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_BYTES": "1M"])
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Bomb: \(url)"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("2097165 bytes, more than the limit of 1048576 bytes (DEPS_MAX_UNPACKED_BYTES raises it)"), outcome.stderr)
        assertNothingKept()

        // Raised, the same archive installs: the limit is what refused it.
        let raised = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_BYTES": "3145728"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: project.app + "/Deps/Bomb/Sources/Bomb/zeros.bin")).count, 2 << 20)
    }

    /// The zip with every size it declares for `zeros.bin` (in its local header and its central
    /// directory) rewritten to 10 bytes; unzip still writes the whole file.
    func lyingAboutSizes(_ zip: [UInt8]) -> [UInt8] {
        var bytes = zip
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func patch(signature: [UInt8], nameLengthAt: Int, nameAt: Int, sizeAt: Int) {
            var index = 0
            while index + nameAt < bytes.count {
                defer { index += 1 }
                guard Array(bytes[index..<index + 4]) == signature else { continue }
                let length = uint16(index + nameLengthAt)
                guard String(decoding: bytes[(index + nameAt)..<(index + nameAt + length)], as: UTF8.self).hasSuffix("zeros.bin") else { continue }
                bytes.replaceSubrange((index + sizeAt)..<(index + sizeAt + 4), with: [10, 0, 0, 0])
            }
        }
        patch(signature: [0x50, 0x4B, 0x03, 0x04], nameLengthAt: 26, nameAt: 30, sizeAt: 22)
        patch(signature: [0x50, 0x4B, 0x01, 0x02], nameLengthAt: 28, nameAt: 46, sizeAt: 24)
        return bytes
    }

    /// What was written counts, not what the archive declares: a zip that says its big file is
    /// 10 bytes long is measured once unpacked, in the cache's temporary folder.
    func testAZipThatUnderstatesItsSizesIsMeasuredOnceUnpacked() throws {
        let server = try loopbackServer()
        let bytes = lyingAboutSizes(try zipOfZeros(size: 2 << 20))
        let summary = project.root + "/lying.zip"
        try Data(bytes).write(to: URL(fileURLWithPath: summary))
        XCTAssertTrue(try tool(["unzip", "-Zt", summary]).contains(" 23 bytes uncompressed"), "the zip declares 10 + 13 bytes")
        let url = try publishBomb(bytes, on: server)
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_BYTES": "1M"])
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Bomb: \(url): the archive unpacks to 2097165 bytes, more than the limit of 1048576 bytes"), outcome.stderr)
        assertNothingKept()
    }

    func testATarArchiveThatUnpacksPastTheByteLimitIsRefused() throws {
        let server = try loopbackServer()
        let archive = project.root + "/Bomb-1.0.0.tar.gz"
        let bytes = try makeTarGz(["Sources/Bomb/zeros.txt": String(repeating: "0", count: 300_000)], topFolder: "Bomb-1.0.0", at: archive)
        let url = try publishBomb(bytes, on: server, name: "Bomb-1.0.0.tar.gz")
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_BYTES": "100K"])
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Bomb: \(url)"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("300000 bytes, more than the limit of 102400 bytes (DEPS_MAX_UNPACKED_BYTES raises it)"), outcome.stderr)
        assertNothingKept()
    }

    func testAnArchiveWithMoreFilesThanTheLimitIsRefused() throws {
        let server = try loopbackServer()
        var files: [String: String] = [:]
        for index in 0..<12 { files["Sources/Bomb/F\(index).swift"] = "let f\(index) = \(index)\n" }
        let bytes = try makeTarGz(files, topFolder: "Bomb-1.0.0", at: project.root + "/Bomb-1.0.0.tar.gz")
        let url = try publishBomb(bytes, on: server, name: "Bomb-1.0.0.tar.gz")
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_FILES": "10"])
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Bomb: \(url)"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("more than the limit of 10 (DEPS_MAX_UNPACKED_FILES raises it)"), outcome.stderr)
        assertNothingKept()

        let raised = try project.deps(["install"], cache: cache, environment: ["DEPS_MAX_UNPACKED_FILES": "20"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertEqual(project.files(under: "App/Deps/Bomb/Sources/Bomb").count, 12)
    }

    // MARK: how long a download may take

    func testADownloadThatTricklesPastTheDeadlineEnds() throws {
        let server = try loopbackServer()
        let path = "/trickle-\(UUID().uuidString)/Slow-1.0.0.tar.gz"
        server.serve(path, .trickle(Array(repeating: 0, count: 100_000), interval: 0.05))
        try project.publishArchive("Slow", "1.0.0", url: server.baseURL + path, sha256: nil)
        try project.depsfile(["Slow": ""])
        // Bytes arrive faster than the stall timeout allows for; only the deadline ends it.
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_DOWNLOAD_TIMEOUT": "2", "DEPS_HTTP_TIMEOUT": "10"])
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(
            "Slow: \(server.baseURL + path): the download did not finish within 2 seconds, the limit for one download; DEPS_DOWNLOAD_TIMEOUT allows longer"),
            outcome.stderr)
        XCTAssertEqual(server.requestCount(path), 1, "a download past its deadline is not tried again")
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps/Slow"))
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
        let curls = try? tool(["pgrep", "-f", path])
        XCTAssertEqual(curls ?? "", "", "a curl is still downloading after deps exited")
    }

    // MARK: settings deps cannot use

    func testABadLimitIsAUsageErrorNamingTheVariableAndTheValue() throws {
        let server = try loopbackServer()
        _ = try publishBomb(try zipOfZeros(size: 10), on: server)
        let cases: [(String, String, String)] = [
            ("DEPS_MAX_UNPACKED_BYTES", "lots", "a number of bytes above 0, such as 4294967296 or 4G"),
            ("DEPS_MAX_UNPACKED_BYTES", "0", "a number of bytes above 0, such as 4294967296 or 4G"),
            ("DEPS_MAX_UNPACKED_BYTES", "99999999999G", "a number of bytes above 0, such as 4294967296 or 4G"),
            ("DEPS_MAX_UNPACKED_FILES", "-3", "a whole number above 0"),
            ("DEPS_DOWNLOAD_TIMEOUT", "-1", "a number of seconds (0 for no limit)"),
            ("DEPS_DOWNLOAD_TIMEOUT", "soon", "a number of seconds (0 for no limit)"),
        ]
        for (name, value, expected) in cases {
            let outcome = try project.deps(["install"], cache: cache, environment: [name: value])
            XCTAssertEqual(outcome.status, 64, "\(name)=\(value): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr, "error: \(name) must be \(expected), not '\(value)'\n")
            XCTAssertNil(project.lockfile)
            XCTAssertFalse(project.exists("App/Deps"))
        }
        XCTAssertEqual(server.requestCount("/Bomb-1.0.0.zip"), 0)
    }

    // MARK: a file that is no readable archive

    func assertUnreadable(_ bytes: [UInt8], name: String, says cause: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try loopbackServer()
        let url = try publishBomb(bytes, on: server, name: name, sha256: false)
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 65, outcome.stderr, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains("Bomb: \(url): cannot read the archive: \(cause)"), outcome.stderr, file: file, line: line)
        for banner in ["End-of-central-directory", "zipinfo", "tar:", "gzip:", "[/"] {
            XCTAssertFalse(outcome.stderr.contains(banner), outcome.stderr, file: file, line: line)
        }
        assertNothingKept(file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/archives").filter { !$0.hasSuffix(".lock") }, [], "the unreadable archive is not kept", file: file, line: line)
    }

    func testACutZipSaysItIsCutShort() throws {
        let whole = try zipOfZeros(size: 100_000)
        let cut = Array(whole.prefix(whole.count / 2))
        try assertUnreadable(cut, name: "Bomb-1.0.0.zip", says: "the file starts as a zip archive but is cut short or damaged (\(cut.count) bytes)")
    }

    func testAnHTMLPageServedAsAZipSaysSo() throws {
        let page = Array("\n<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>\n".utf8)
        try assertUnreadable(page, name: "Bomb-1.0.0.zip", says: "the file is an HTML page (\(page.count) bytes), not a zip archive")
    }

    func testACutTarGzSaysItIsCutShort() throws {
        var files: [String: String] = [:]
        for index in 0..<50 { files["Sources/Bomb/F\(index).swift"] = String(repeating: "let f\(index) = \(UUID())\n", count: 40) }
        let whole = try makeTarGz(files, topFolder: "Bomb-1.0.0", at: project.root + "/whole.tar.gz")
        let cut = Array(whole.prefix(whole.count / 2))
        try assertUnreadable(cut, name: "Bomb-1.0.0.tar.gz", says: "the file starts as a gzip-compressed file but is cut short or damaged (\(cut.count) bytes)")
    }

    func testAZipServedAsATarGzSaysWhatItIs() throws {
        let zip = try zipOfZeros(size: 10)
        try assertUnreadable(zip, name: "Bomb-1.0.0.tar.gz", says: "the file is a zip archive (\(zip.count) bytes), not a tar archive")
    }

    func testAnEmptyFileSaysItIsEmpty() throws {
        try assertUnreadable([], name: "Bomb-1.0.0.zip", says: "the file is empty, not a zip archive")
    }
}
