import Foundation
import LoopbackHTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 7 and 8, tried as a hostile package author would: links that lead outside a package
/// (alone, chained, or in a git repository), links that make a walk loop, FIFOs among the files,
/// and a cache entry replaced by a link.
final class LinkSafetyTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self)
    }

    /// Runs deps, ending it (and failing) if it has not finished after a generous while: the
    /// failures these tests guard against are hangs.
    func boundedDeps(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> DepsBinary.Outcome {
        let base = project.root + "/output-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        let process = Process()
        process.executableURL = DepsBinary.url
        process.arguments = arguments + ["--project", project.app]
        var environment = ProcessInfo.processInfo.environment
        environment["DEPS_CACHE_DIR"] = cache
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("deps \(arguments.joined(separator: " ")) did not finish", file: file, line: line)
        }
        process.waitUntilExit()
        return DepsBinary.Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: base + ".out")), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: base + ".err")), as: UTF8.self))
    }

    /// A package folder `Pkg-1.0.0/` with one source file, made ready for `shape` to add to it.
    func stagedPackage(_ shape: (String) throws -> Void) throws -> String {
        let staging = project.root + "/staging-" + UUID().uuidString
        let package = staging + "/Pkg-1.0.0"
        try FileManager.default.createDirectory(atPath: package + "/Sources/Pkg", withIntermediateDirectories: true)
        try Data("public let pkg = 1\n".utf8).write(to: URL(fileURLWithPath: package + "/Sources/Pkg/Pkg.swift"))
        try shape(package)
        return staging
    }

    /// Serves the staged package as a tar.gz on loopback and publishes it as `Pkg 1.0.0`.
    func serveArchive(of staging: String) throws -> String {
        let archive = project.root + "/Pkg-\(UUID().uuidString).tar.gz"
        try tool(["tar", "-czf", archive, "-C", staging, "Pkg-1.0.0"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        let server = try loopbackServer()
        server.serve("/Pkg-1.0.0.tar.gz", .body(bytes))
        let url = server.baseURL + "/Pkg-1.0.0.tar.gz"
        try project.publishArchive("Pkg", "1.0.0", url: url, sha256: try sha256Hex(bytes))
        try project.depsfile(["Pkg": ""])
        return url
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// The install fails with 65 naming the package, its URL and `problem`, and writes nothing.
    func assertRefused(_ url: String, _ problem: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try boundedDeps(["install"], file: file, line: line)
        XCTAssertEqual(outcome.status, 65, outcome.stderr, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains("Pkg: \(url)"), outcome.stderr, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(problem), "'\(problem)' missing: \(outcome.stderr)", file: file, line: line)
        XCTAssertNil(project.lockfile, file: file, line: line)
        XCTAssertFalse(project.exists("App/Deps/Pkg"), file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/trees").filter { $0.hasSuffix("/tree") }, [], "no tree kept", file: file, line: line)
    }

    func testALinkLeavingThePackageThroughAChainOfLinksIsRefused() throws {
        let staging = try stagedPackage { package in
            try FileManager.default.createDirectory(atPath: package + "/d1/d2/d3", withIntermediateDirectories: true)
            try self.link(package + "/d1/d2/d3/L", to: "../../..")
            try self.link(package + "/c", to: "d1/d2/d3/L/../../../x")
        }
        try assertRefused(try serveArchive(of: staging), "unsafe archive: link 'c' points outside its folder; nothing was extracted")
    }

    func testALinkToTheParentOfTheArchivesTopFolderIsRefused() throws {
        let staging = try stagedPackage { package in try self.link(package + "/up", to: "..") }
        try assertRefused(try serveArchive(of: staging), "unsafe archive: link 'up' points outside its folder")
    }

    func testLinksThatStayInsideThroughOtherLinksAreKept() throws {
        let staging = try stagedPackage { package in
            try self.link(package + "/lib", to: "Sources/Pkg")
            try self.link(package + "/main", to: "lib/Pkg.swift")
        }
        _ = try serveArchive(of: staging)
        let outcome = try boundedDeps(["install"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.app + "/Deps/Pkg/main"), "lib/Pkg.swift")
        XCTAssertEqual(try project.read("App/Deps/Pkg/main"), "public let pkg = 1\n")
    }

    func testAFIFOInAnArchiveIsRefusedNamingTheEntry() throws {
        let staging = try stagedPackage { package in
            XCTAssertEqual(mkfifo(package + "/Sources/Pkg/Pipe.swift", 0o644), 0)
        }
        try assertRefused(
            try serveArchive(of: staging), "unsafe archive: 'Sources/Pkg/Pipe.swift' is not a file, a folder or a symbolic link")
    }

    func testTwoLinksToTheirOwnFolderDoNotHangAnUpdate() throws {
        let staging = try stagedPackage { package in
            try self.link(package + "/Sources/Pkg/x", to: ".")
            try self.link(package + "/Sources/Pkg/y", to: ".")
        }
        _ = try serveArchive(of: staging)
        for command in ["install", "update"] {
            let outcome = try boundedDeps([command])
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
        }
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains("\"Pkg\""), manifest)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project.app + "/Deps/Pkg/Sources/Pkg/x"), ".")
    }

    func testACacheEntryWhoseTreeIsALinkIsFetchedAgainNeverFollowed() throws {
        _ = try serveArchive(of: try stagedPackage { _ in })
        XCTAssertEqual(try boundedDeps(["install"]).status, 0)
        let outside = project.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        let entries = project.files(under: "cache/v1/trees").filter { $0.hasSuffix("/tree") }
        XCTAssertEqual(entries.count, 1, "\(entries)")
        let tree = cache + "/v1/trees/" + entries[0]
        try FileManager.default.removeItem(atPath: tree)
        try link(tree, to: outside)
        try FileManager.default.removeItem(atPath: project.app + "/Deps")

        let again = try boundedDeps(["install"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(project.files(under: "App/Deps/Pkg"), ["Sources", "Sources/Pkg", "Sources/Pkg/Pkg.swift"])
        var info = stat()
        XCTAssertEqual(lstat(project.app + "/Deps/Pkg", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
        XCTAssertEqual(lstat(tree, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR, "the cache's entry was made again")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), ["secret.txt"])
    }

    func testAGitPackageWithALinkLeavingItsFolderIsRefusedAsAnArchiveIs() throws {
        let repository = try TestGitRepository(name: "Pkg", at: project.root + "/git/Pkg")
        try repository.commitVersion("1.0.0", tag: false)
        try link(repository.path + "/Sources/Pkg/escape", to: "../../../outside")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "A link"])
        try repository.git(["tag", "1.0.0"])
        let commit = try repository.git(["rev-parse", "HEAD"])
        try project.publishGit("Pkg", "1.0.0", url: repository.path)
        try project.depsfile(["Pkg": ""])
        try assertRefused(repository.path, "unsafe code at commit \(commit): link 'Sources/Pkg/escape' points outside its folder")
    }
    /// A package used in place whose tree is large and holds links to its own folders: the walk
    /// that writes Deps/Package.swift takes a while, and a SIGTERM during it ends deps (143), as
    /// during any other part of an install, rather than leaving it to finish or loop.
    func testASIGTERMWhileALargePackageTreeIsWalkedEndsDeps() throws {
        let package = project.root + "/Big"
        let sources = package + "/Sources/Big"
        for folder in 0..<200 {
            try FileManager.default.createDirectory(atPath: sources + "/d\(folder)", withIntermediateDirectories: true)
            for file in 0..<150 {
                _ = FileManager.default.createFile(atPath: sources + "/d\(folder)/f\(file).swift", contents: Data())
            }
            try link(sources + "/d\(folder)/here", to: ".")
            try link(sources + "/d\(folder)/up", to: "..")
        }
        try project.write("Big/Big.yaml", "name: Big\nversion: 1.0.0\nsummary: A large tree\nsource:\n  path: .\n")
        try project.write("App/Depsfile", "dependencies:\n  Big: {path: ../Big}\n")

        let started = Date()
        let whole = try boundedDeps(["install"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let duration = Date().timeIntervalSince(started)

        var ended = 0
        for fraction in [0.3, 0.6, 0.9] {
            // An install ended early may leave no Deps/ at all (it was the first).
            try? FileManager.default.removeItem(atPath: project.app + "/Deps")
            try? FileManager.default.removeItem(atPath: project.app + "/Depsfile.lock")
            let process = try DepsBinary.start(["install", "--project", project.app, "--no-color"], cache: cache)
            usleep(useconds_t(duration * fraction * 1_000_000))
            guard process.isRunning else { process.waitUntilExit(); continue }
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                XCTFail("a SIGTERM at \(fraction) of an install did not end deps")
            }
            process.waitUntilExit()
            XCTAssertTrue([0, 143].contains(process.terminationStatus), "status \(process.terminationStatus)")
            if process.terminationStatus == 143 { ended += 1 }
            XCTAssertEqual(project.files(under: "App").filter { $0.hasSuffix(".tmp") }, [])
        }
        XCTAssertGreaterThan(ended, 0, "no signal came while deps was still working")
    }
}
