import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 7 and 8.1: a fetch that fails leaves the sandbox, its Manifest.lock and the cache
/// as they were: the old code stays whole and listed, no download goes on after deps has exited.
final class FailedFetchTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }


    /// Installs `Zip` 1.0.0 from an archive, then publishes 1.1.0 served by `response` (with the
    /// spec's `sha256`), runs `deps update` and expects it to fail with `status` mentioning `cause`,
    /// leaving the lock, the sandbox and Manifest.lock at 1.0.0, so that `deps check` passes.
    func assertFailedUpdateKeepsTheOldPackage(
        _ response: LoopbackHTTPServer.Response, sha256: String?, status: Int32, cause: String,
        environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let server = try loopbackServer()
        let old = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip-1.0.0.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .body(old))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(old))
        try project.depsfile(["Zip": ""])
        let installed = try project.deps(["install"], cache: cache)
        XCTAssertEqual(installed.status, 0, installed.stderr, file: file, line: line)
        let lock = try XCTUnwrap(project.lockfile, file: file, line: line)
        let manifest = try project.read("App/Deps/Manifest.lock")

        server.serve("/Zip-1.1.0.tar.gz", response)
        try project.publishArchive("Zip", "1.1.0", url: server.baseURL + "/Zip-1.1.0.tar.gz", sha256: sha256)
        let update = try project.deps(["update"], cache: cache, environment: environment.merging(["DEPS_HTTP_BACKOFF": "0.01"]) { $1 })
        XCTAssertEqual(update.status, status, update.stderr, file: file, line: line)
        XCTAssertTrue(update.stderr.contains(cause), update.stderr, file: file, line: line)
        XCTAssertEqual(project.lockfile, lock, "Depsfile.lock untouched", file: file, line: line)
        XCTAssertEqual(project.files(under: "App/Deps/Zip"), ["Sources", "Sources/Zip", "Sources/Zip/Zip.swift"], file: file, line: line)
        XCTAssertEqual(try project.read("App/Deps/Zip/Sources/Zip/Zip.swift"), "let zip = 1\n", file: file, line: line)
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest, "Manifest.lock still lists Zip 1.0.0", file: file, line: line)
        let check = try project.deps(["check"], cache: cache)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr, file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [], file: file, line: line)
    }

    func testAnUpdateWhoseArchiveIsMissingKeepsTheOldPackageListed() throws {
        try assertFailedUpdateKeepsTheOldPackage(.status(404), sha256: nil, status: 74, cause: "HTTP 404")
    }

    func testAnUpdateWhoseArchiveHasTheWrongDigestKeepsTheOldPackageWhole() throws {
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 2\n"], topFolder: "Zip-1.1.0", at: project.root + "/Zip-1.1.0.tar.gz")
        let wrong = String(repeating: "ab", count: 32)
        try assertFailedUpdateKeepsTheOldPackage(.body(bytes), sha256: wrong, status: 65, cause: "SHA-256 mismatch")
    }

    func testAnUpdateToAnUnsafeArchiveKeepsTheOldPackageWhole() throws {
        let bytes = try escapingTarGz(in: project.root)
        try assertFailedUpdateKeepsTheOldPackage(.body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "unsafe archive")
    }

    func testAnUpdateToAnArchiveWithAnEscapingLinkKeepsTheOldPackageWhole() throws {
        let staging = project.root + "/linked/Zip-1.1.0"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: staging + "/out", withDestinationPath: "../../../outside")
        let archive = project.root + "/linked.tar.gz"
        try tool(["tar", "-czf", archive, "-C", project.root + "/linked", "Zip-1.1.0"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        try assertFailedUpdateKeepsTheOldPackage(.body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "unsafe archive")
    }

    func testAnUpdateToAnArchiveHoldingAFIFOKeepsTheOldPackageWhole() throws {
        let staging = project.root + "/fifo/Zip-1.1.0"
        try FileManager.default.createDirectory(atPath: staging + "/Sources/Zip", withIntermediateDirectories: true)
        try Data("let zip = 2\n".utf8).write(to: URL(fileURLWithPath: staging + "/Sources/Zip/Zip.swift"))
        try tool(["mkfifo", staging + "/Sources/Zip/pipe"])
        let archive = project.root + "/fifo.tar.gz"
        try tool(["tar", "-czf", archive, "-C", project.root + "/fifo", "Zip-1.1.0"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        try assertFailedUpdateKeepsTheOldPackage(
            .body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "'Sources/Zip/pipe' is not a file, a folder or a symbolic link")
    }

    func testAnUpdateToACutArchiveKeepsTheOldPackageWhole() throws {
        var files: [String: String] = [:]
        for index in 0..<40 { files["Sources/Zip/F\(index).swift"] = String(repeating: "let f\(index) = \"\(UUID())\"\n", count: 40) }
        let whole = try makeTarGz(files, topFolder: "Zip-1.1.0", at: project.root + "/whole.tar.gz")
        let cut = Array(whole.prefix(whole.count / 2))
        // Without a digest to catch it first: only unpacking finds the archive cut short.
        try assertFailedUpdateKeepsTheOldPackage(.body(cut), sha256: nil, status: 65, cause: "cut short or damaged")
    }

    func testAnUpdateToAnHTMLPageKeepsTheOldPackageWhole() throws {
        let page = Array("<!doctype html><html><body>Not here</body></html>\n".utf8)
        try assertFailedUpdateKeepsTheOldPackage(.body(page), sha256: nil, status: 65, cause: "the file is an HTML page")
    }

    func testAnUpdateToAnArchiveThatUnpacksPastTheLimitKeepsTheOldPackageWhole() throws {
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": String(repeating: "let zip = 2\n", count: 10_000)], topFolder: "Zip-1.1.0", at: project.root + "/big.tar.gz")
        try assertFailedUpdateKeepsTheOldPackage(
            .body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "more than the limit of 65536 bytes",
            environment: ["DEPS_MAX_UNPACKED_BYTES": "64K"])
    }

    /// The code's own check (its spec's `source_files` must match a source) runs before the new
    /// code replaces the old: an archive without them leaves the old folder whole, not emptied.
    func testAnUpdateToAnArchiveWithoutSourcesKeepsTheOldPackageWhole() throws {
        let bytes = try makeTarGz(["README.md": "Nothing to build here\n"], topFolder: "Zip-1.1.0", at: project.root + "/nosources.tar.gz")
        try assertFailedUpdateKeepsTheOldPackage(.body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "matches no Swift or C-family source file")
    }

    func testAnUpdateToAnEmptyArchiveKeepsTheOldPackageWhole() throws {
        let staging = project.root + "/empty/Zip-1.1.0"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let archive = project.root + "/empty.tar.gz"
        try tool(["tar", "-czf", archive, "-C", project.root + "/empty", "Zip-1.1.0"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        try assertFailedUpdateKeepsTheOldPackage(.body(bytes), sha256: try sha256Hex(bytes), status: 65, cause: "matches no Swift or C-family source file")
    }

    /// One archive cannot be had while another is still downloading: deps stops the other
    /// download, waits for it to end and removes its partial file before it exits.
    func testAFailureStopsTheOtherDownloadsAndLeavesNoPartialFile() throws {
        let server = try loopbackServer()
        let slow = try makeTarGz(["Sources/Slow/Slow.swift": String(repeating: "let slow = 1\n", count: 4000)], topFolder: "Slow-1.0.0", at: project.root + "/Slow.tar.gz")
        let slowPath = "/slow-\(UUID().uuidString)/Slow-1.0.0.tar.gz"
        server.serve(slowPath, .slowBody(slow, seconds: 30))
        server.serve("/Gone-1.0.0.tar.gz", .status(503))
        try project.publishArchive("Slow", "1.0.0", url: server.baseURL + slowPath, sha256: nil)
        try project.publishArchive("Gone", "1.0.0", url: server.baseURL + "/Gone-1.0.0.tar.gz", sha256: nil)
        try project.depsfile(["Slow": "", "Gone": ""])
        // Gone fails after a retry a second later, while Slow's download is under way.
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_HTTP_ATTEMPTS": "2", "DEPS_HTTP_BACKOFF": "1"])
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Gone: \(server.baseURL)/Gone-1.0.0.tar.gz"), outcome.stderr)
        XCTAssertEqual(server.requestCount(slowPath), 1)
        let curls = try? tool(["pgrep", "-f", slowPath])
        XCTAssertEqual(curls ?? "", "", "a curl is still downloading after deps exited")
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"), "the stopped download placed nothing, and no sandbox is left")
    }

    /// The same check guards code from git: a tag whose tree lost its sources leaves the old code.
    func testAnUpdateToAGitTagWithoutSourcesKeepsTheOldPackageWhole() throws {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        try repository.commitVersion("1.0.0")
        try project.publishGit("Lib", "1.0.0", url: repository.path)
        try project.depsfile(["Lib": ""])
        let installed = try project.deps(["install"], cache: cache)
        XCTAssertEqual(installed.status, 0, installed.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        let manifest = try project.read("App/Deps/Manifest.lock")

        try repository.git(["rm", "-r", "--quiet", "Sources"])
        try Data("Moved elsewhere\n".utf8).write(to: URL(fileURLWithPath: repository.path + "/README.md"))
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "Version 1.1.0"])
        try repository.git(["tag", "1.1.0"])
        try project.publishGit("Lib", "1.1.0", url: repository.path)
        let update = try project.deps(["update"], cache: cache)
        XCTAssertEqual(update.status, 65, update.stderr)
        XCTAssertTrue(update.stderr.contains("Lib: \(repository.path): source_files"), update.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    // MARK: a damaged git mirror

    /// Installs `Lib` 1.0.0 from a git repository, then empties the cache's mirror of its objects
    /// (its references stay) and drops the extracted trees and the sandbox.
    func installThenDamageTheMirror() throws -> (repository: TestGitRepository, commit: String) {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        let commit = try repository.commitVersion("1.0.0")
        try project.publishGit("Lib", "1.0.0", url: repository.path)
        try project.depsfile(["Lib": ""])
        let installed = try project.deps(["install"], cache: cache)
        XCTAssertEqual(installed.status, 0, installed.stderr)
        let mirrors = try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git").filter { $0.hasSuffix(".git") }
        XCTAssertEqual(mirrors.count, 1)
        let objects = cache + "/v1/git/" + mirrors[0] + "/objects"
        for entry in try FileManager.default.contentsOfDirectory(atPath: objects) where entry != "info" {
            try FileManager.default.removeItem(atPath: objects + "/" + entry)
        }
        try FileManager.default.createDirectory(atPath: objects + "/pack", withIntermediateDirectories: true)
        XCTAssertThrowsError(try tool(["git", "--git-dir", cache + "/v1/git/" + mirrors[0], "cat-file", "-e", commit + "^{tree}"]))
        try FileManager.default.removeItem(atPath: cache + "/v1/trees")
        try FileManager.default.removeItem(atPath: project.root + "/App/Deps")
        return (repository, commit)
    }

    func testAMirrorWhoseObjectsAreGoneIsClonedAgainForATag() throws {
        let (_, commit) = try installThenDamageTheMirror()
        try FileManager.default.removeItem(atPath: project.root + "/App/Depsfile.lock")
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("commit: \(commit)"))
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
    }

    func testAMirrorWhoseObjectsAreGoneIsClonedAgainForALockedCommit() throws {
        let (repository, commit) = try installThenDamageTheMirror()
        // The repository moves on, so that the mirror's refresh alone does not bring the locked commit back.
        try repository.commitVersion("1.1.0")
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("commit: \(commit)"))
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }
}
