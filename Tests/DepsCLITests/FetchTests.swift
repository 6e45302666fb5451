import Foundation
import LoopbackHTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 8: install fetches every locked package's code into Deps/ through the shared cache,
/// from real git repositories made by the tests and a loopback HTTP server they start.
final class FetchTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// `Lib` with tags 1.0.0 and 1.1.0, published in the spec repository.
    func gitLibrary() throws -> TestGitRepository {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        try repository.commitVersion("1.0.0")
        try repository.commitVersion("1.1.0")
        try project.publishGit("Lib", "1.0.0", url: repository.path)
        try project.publishGit("Lib", "1.1.0", url: repository.path)
        return repository
    }


    func source(_ package: String) throws -> String {
        try project.read("App/Deps/\(package)/Sources/\(package)/\(package).swift")
    }

    // MARK: git

    func testAGitTagIsCheckedOutWithoutGitAndItsCommitIsLocked() throws {
        let repository = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "Installing Lib (1.1.0)\n1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertEqual(outcome.stderr, "Fetching Lib (1.1.0) from \(repository.path)\n")
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0\"\n")
        XCTAssertEqual(project.files(under: "App/Deps/Lib"), ["Package.swift", "Sources", "Sources/Lib", "Sources/Lib/Lib.swift"])
        let commit = try repository.git(["rev-parse", "1.1.0^{commit}"])
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Lib:\n    commit: \(commit)\n    git: \(repository.path)\n\n"), lock)
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), lock)
        // One mirror per URL in the cache.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git").filter { $0.hasSuffix(".git") }.count, 1)
    }

    func testASecondInstallTouchesNothingAndACheckPasses() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let file = project.app + "/Deps/Lib/Sources/Lib/Lib.swift"
        let past = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        let again = try project.deps(["install", "--verbose"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "Using Lib (1.1.0)\n1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date, past)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    func testALockedCommitIsHonouredAndAMovedTagIsRefused() throws {
        let repository = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let locked = try repository.git(["rev-parse", "1.1.0^{commit}"])
        let lock = try XCTUnwrap(project.lockfile)

        // Someone moves the tag to another commit.
        let moved = try repository.commitVersion("1.1.0", body: "public let version = \"1.1.0, moved\"\n")
        try FileManager.default.removeItem(atPath: project.app + "/Deps")

        // A warm cache holds the locked commit: exactly that code comes back.
        let warm = try project.deps(["install"], cache: cache)
        XCTAssertEqual(warm.status, 0, warm.stderr)
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0\"\n")

        // A fresh cache sees the moved tag and refuses it, naming both commits and the remedy.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let fresh = try project.deps(["install"], cache: project.root + "/cache2")
        XCTAssertEqual(fresh.status, 65, fresh.stderr)
        XCTAssertTrue(fresh.stderr.contains("tag 1.1.0 now names commit \(moved), but Depsfile.lock pins commit \(locked)"), fresh.stderr)
        XCTAssertTrue(fresh.stderr.contains("deps update Lib"), fresh.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertFalse(project.exists("App/Deps/Lib"))

        // deps update Lib takes the new commit.
        let update = try project.deps(["update", "Lib"], cache: project.root + "/cache2")
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0, moved\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("commit: \(moved)"))
    }

    func testABranchIsPinnedByInstallAndMovedByUpdate() throws {
        let repository = try TestGitRepository(name: "Edge", at: project.root + "/git/Edge")
        let first = try repository.commitVersion("1.0.0", tag: false)
        try project.publishGit("Edge", "1.0.0", url: "file://" + repository.path, reference: "branch")
        try project.depsfile(["Edge": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("commit: \(first)"))

        let second = try repository.commitVersion("1.0.0", tag: false, body: "public let version = \"next\"\n")
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try source("Edge"), "public let version = \"1.0.0\"\n", "install keeps the locked commit")

        let update = try project.deps(["update"], cache: cache)
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try source("Edge"), "public let version = \"next\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("commit: \(second)"))
        // Nothing moved: an update says nothing about Edge.
        let quiet = try project.deps(["update"], cache: cache)
        XCTAssertEqual(quiet.stdout, "1 dependency from the Depsfile, 1 total package locked.\n")
    }

    func testAMissingRepositoryFailsNamingThePackageAndURLAndChangesNothing() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "1.0.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        let manifest = try project.read("App/Deps/Manifest.lock")
        try project.publishGit("Gone", "1.0.0", url: project.root + "/git/Gone")
        try project.depsfile(["Lib": "~> 1.0", "Gone": ""])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(
            outcome.stderr.contains(
                "error: Gone: \(project.root)/git/Gone: cannot clone the repository: repository '\(project.root)/git/Gone' does not exist\n"),
            outcome.stderr)
        XCTAssertEqual(project.lockfile, lock, "Depsfile.lock untouched")
        // Lib keeps its pin (~> 1.0 still admits 1.0.0) and its folder; Manifest.lock lists only it.
        XCTAssertEqual(try source("Lib"), "public let version = \"1.0.0\"\n")
        let after = try project.read("App/Deps/Manifest.lock")
        XCTAssertTrue(manifest.contains("Lib (1.0.0)"))
        XCTAssertTrue(after.contains("- Lib (1.0.0)") && !after.contains("- Gone ("), after)
        XCTAssertFalse(project.exists("App/Deps/Gone"))
        XCTAssertEqual(project.files(under: "App/Deps").filter { $0.hasPrefix(".") }, [])
    }

    func testAGitExternalSourceInTheDepsfileReadsItsSpecFromTheCheckoutAndPinsTheCommit() throws {
        let repository = try TestGitRepository(name: "Net", at: project.root + "/git/Net")
        try Data("name: Net\nversion: 2.1.0\nsource:\n  git: unused\n  tag: 2.1.0\n".utf8)
            .write(to: URL(fileURLWithPath: repository.path + "/Net.yaml"))
        let commit = try repository.commitVersion("2.1.0")
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Net:\n    git: \(repository.path)\n    tag: 2.1.0\n")
        try FileManager.default.createDirectory(atPath: project.root + "/Specs", withIntermediateDirectories: true)
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "Installing Net (2.1.0)\n1 dependency from the Depsfile, 1 total package locked.\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("DEPENDENCIES:\n  - Net (from `\(repository.path)`, tag `2.1.0`)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Net:\n    git: \(repository.path)\n    tag: 2.1.0\n"), lock)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Net:\n    commit: \(commit)\n"), lock)
        XCTAssertEqual(try source("Net"), "public let version = \"2.1.0\"\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
        XCTAssertEqual(try project.deps(["install"], cache: cache).stdout, "1 dependency from the Depsfile, 1 total package locked.\n")
    }

    // MARK: http archives

    func testAnArchiveIsDownloadedAfterA503AndItsDigestLocked() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        let digest = try sha256Hex(bytes)
        server.serve("/Zip-1.0.0.tar.gz", .failThenServe(failures: 1, status: 503, then: bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: digest)
        try project.depsfile(["Zip": ""])
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_HTTP_BACKOFF": "0.01"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(server.requestCount("/Zip-1.0.0.tar.gz"), 2)
        XCTAssertEqual(project.files(under: "App/Deps/Zip"), ["Sources", "Sources/Zip", "Sources/Zip/Zip.swift"])
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("SOURCE CHECKSUMS:\n  Zip: \(digest)\n"))
    }

    /// Sets up an archive package served by `response`, installs, and expects a failure that
    /// leaves the lock, the sandbox and the cache's archives as they were. Returns the server.
    @discardableResult
    func assertArchiveRefused(
        _ response: LoopbackHTTPServer.Response, sha256: String?, status: Int32, mentioning: [String],
        environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> LoopbackHTTPServer {
        let server = try loopbackServer()
        server.serve("/Zip-1.0.0.tar.gz", response)
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: sha256)
        try project.depsfile(["Zip": ""])
        let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_HTTP_BACKOFF": "0.01"].merging(environment) { $1 })
        XCTAssertEqual(outcome.status, status, outcome.stderr, file: file, line: line)
        for text in mentioning + ["Zip: \(server.baseURL)/Zip-1.0.0.tar.gz"] {
            XCTAssertTrue(outcome.stderr.contains(text), "'\(text)' missing: \(outcome.stderr)", file: file, line: line)
        }
        XCTAssertNil(project.lockfile, "no Depsfile.lock written", file: file, line: line)
        XCTAssertFalse(project.exists("App/Deps/Zip"), file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/archives").filter { !$0.hasSuffix(".lock") }, [], file: file, line: line)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [], file: file, line: line)
        return server
    }

    func testAWrongDigestIsRefusedBeforeExtracting() throws {
        let bytes = try makeTarGz(["a.swift": "x"], topFolder: nil, at: project.root + "/Zip.tar.gz")
        let wrong = String(repeating: "ab", count: 32)
        try assertArchiveRefused(
            .body(bytes), sha256: wrong, status: 65,
            mentioning: ["SHA-256 mismatch: expected \(wrong) (the spec's sha256), got \(try sha256Hex(bytes))", "nothing was extracted"])
    }

    func testATruncatedBodyIsRetriedThenReported() throws {
        try assertArchiveRefused(.truncated(Array("partial".utf8), declaredLength: 1000), sha256: nil, status: 74, mentioning: ["ended early"])
    }

    /// Each stall outlasts the 1 s DEPS_HTTP_TIMEOUT: had the server ended one first (after 4 s,
    /// well before the 30 s default), deps would have seen an empty reply and no hang-up.
    func testAStallTimesOut() throws {
        let server = try assertArchiveRefused(
            .stall(seconds: 4), sha256: nil, status: 74, mentioning: ["timed out after 2 attempts"],
            environment: ["DEPS_HTTP_TIMEOUT": "1", "DEPS_HTTP_ATTEMPTS": "2"])
        XCTAssertEqual(server.requestCount("/Zip-1.0.0.tar.gz"), 2)
        XCTAssertTrue(server.waitForHangUps("/Zip-1.0.0.tar.gz", atLeast: 2, seconds: 10), "deps gave up on both stalls before the server did")
    }

    func testA404IsReported() throws {
        try assertArchiveRefused(.status(404), sha256: nil, status: 74, mentioning: ["HTTP 404"])
    }

    func testAnArchiveWithDotDotEntriesIsRefusedAndWritesNothingOutside() throws {
        let bytes = try escapingTarGz(in: project.root)
        try assertArchiveRefused(
            .body(bytes), sha256: try sha256Hex(bytes), status: 65,
            mentioning: ["unsafe archive: entry '../escape/f' would be written outside its folder"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/v1/escape"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/v1/tmp/escape"))
    }

    func testZipTarBz2AndTarXzArchivesInstall() throws {
        let server = try loopbackServer()
        let staging = project.root + "/archives"
        var table: [String: String] = [:]
        for (name, ending, create) in [
            ("Zipped", "zip", ["zip", "-q", "-r"]),
            ("Bzipped", "tar.bz2", ["tar", "-cjf"]),
            ("Xzipped", "tar.xz", ["tar", "-cJf"]),
        ] {
            let folder = staging + "/\(name)-1.0.0/Sources/\(name)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("public let name = \"\(name)\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/\(name).swift"))
            let archive = staging + "/\(name).\(ending)"
            try tool(create + [archive, "\(name)-1.0.0"], in: staging)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
            server.serve("/\(name)-1.0.0.\(ending)", .body(bytes))
            try project.publishArchive(name, "1.0.0", url: server.baseURL + "/\(name)-1.0.0.\(ending)", sha256: try sha256Hex(bytes))
            table[name] = ""
        }
        try project.depsfile(["Zipped": "", "Bzipped": "", "Xzipped": ""])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for name in table.keys {
            XCTAssertEqual(try project.read("App/Deps/\(name)/Sources/\(name)/\(name).swift"), "public let name = \"\(name)\"\n")
        }
    }

    func testDamagedCacheEntriesAreFetchedAgainNeverUsed() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        let digest = try sha256Hex(bytes)
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: digest)
        _ = try gitLibrary()
        try project.depsfile(["Zip": "", "Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)

        // Damage every kind of entry: an archive's bytes, a tree's record, a mirror's objects.
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: cache + "/v1/archives/\(digest)"))
        for entry in project.files(under: "cache/v1/trees") where entry.hasSuffix("/entry") {
            try FileManager.default.removeItem(atPath: cache + "/v1/trees/" + entry)
        }
        let mirror = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git").first { $0.hasSuffix(".git") })
        try FileManager.default.removeItem(atPath: cache + "/v1/git/\(mirror)/objects")
        try FileManager.default.removeItem(atPath: project.app + "/Deps")

        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(server.requestCount("/Zip-1.0.0.tar.gz"), 2, "the damaged archive was downloaded again")
        XCTAssertEqual(try sha256Hex(Array(try Data(contentsOf: URL(fileURLWithPath: cache + "/v1/archives/\(digest)")))), digest)
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0\"\n")
        XCTAssertEqual(try project.read("App/Deps/Zip/Sources/Zip/Zip.swift"), "let zip = 1\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    func testOnATerminalProgressIsOneLineThatClearsItself() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        let command = "\(DepsBinary.url.path) install --no-color --project \(project.app)"
        let outcome = try DepsBinary.run(
            ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"), environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(outcome.status, 0, outcome.stdout)
        // script(1) merges both streams: the progress line is drawn with a carriage return and
        // erased before the results; no plain "Fetching ... from" line appears.
        XCTAssertTrue(outcome.stdout.contains("\r\u{1B}[K[0/1] Fetching Lib (1.1.0)"), outcome.stdout.debugDescription)
        XCTAssertFalse(outcome.stdout.contains("Fetching Lib (1.1.0) from"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Installing Lib (1.1.0)"), outcome.stdout)
    }

    // MARK: the shared cache

    func testASecondProjectInstallsOfflineFromTheCacheAndAnEmptyCacheSaysWhatIsMissing() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        _ = try gitLibrary()
        try project.depsfile(["Zip": "", "Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)

        // Another project with the same packages and the same cache: no network at all.
        let other = project.root + "/Other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: project.app + "/Depsfile", toPath: other + "/Depsfile")
        try FileManager.default.moveItem(atPath: project.root + "/git", toPath: project.root + "/git-gone")
        let offline = DepsInProcess.run(["install", "--offline", "--project", other], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertFalse(offline.stderr.contains("Fetching"), "--offline fetches nothing and says so: \(offline.stderr)")
        XCTAssertEqual(server.requestCount("/Zip-1.0.0.tar.gz"), 1)
        XCTAssertEqual(try String(contentsOfFile: other + "/Depsfile.lock", encoding: .utf8), lock)

        // An empty cache, offline: every missing package is named, nothing is written.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let empty = try project.deps(["install", "--offline"], cache: project.root + "/empty-cache")
        XCTAssertEqual(empty.status, 74, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("error: Lib: ") && empty.stderr.contains("error: Zip: "), empty.stderr)
        XCTAssertTrue(empty.stderr.contains("--offline: the cache lacks 2 of the packages to install"), empty.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertFalse(project.exists("App/Deps/Lib") || project.exists("App/Deps/Zip"))
    }

    func testTwoProjectsShareOneCacheAtOnce() throws {
        var names: [String] = []
        for index in 0..<6 {
            let name = "Pkg\(index)"
            let repository = try TestGitRepository(name: name, at: project.root + "/git/\(name)")
            try repository.commitVersion("1.0.0")
            try project.publishGit(name, "1.0.0", url: repository.path)
            names.append(name)
        }
        var projects: [String] = []
        for index in 0..<2 {
            let folder = project.root + "/P\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(("sources:\n  - ../Specs\ndependencies:\n" + names.map { "  \($0):\n" }.joined()).utf8)
                .write(to: URL(fileURLWithPath: folder + "/Depsfile"))
            projects.append(folder)
        }
        let processes = try projects.map { folder -> Process in
            let process = Process()
            process.executableURL = DepsBinary.url
            process.arguments = ["install", "--quiet", "--jobs", "3", "--project", folder]
            var env = ProcessInfo.processInfo.environment
            env["DEPS_CACHE_DIR"] = cache
            process.environment = env
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        for folder in projects {
            for name in names {
                XCTAssertEqual(
                    try String(contentsOfFile: "\(folder)/Deps/\(name)/Sources/\(name)/\(name).swift", encoding: .utf8),
                    "public let version = \"1.0.0\"\n")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git").filter { $0.hasSuffix(".git") }.count, 6)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
    }

    func testCacheListAndClean() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let list = try project.deps(["cache", "list"], cache: cache)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.hasPrefix("Package  Version  Pin           Size\nLib      1.1.0    "), list.stdout)
        let json = try project.deps(["cache", "list", "--json"], cache: cache)
        XCTAssertTrue(json.stdout.contains("\"name\" : \"Lib\""), json.stdout)
        let clean = try project.deps(["cache", "clean", "Lib"], cache: cache)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertTrue(clean.stdout.hasPrefix("Removed Lib 1.1.0 ("), clean.stdout)
        XCTAssertTrue(try project.deps(["cache", "list"], cache: cache).stdout.hasPrefix("The cache holds no packages."))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/git").filter { $0.hasSuffix(".git") }, [])
        XCTAssertEqual(try project.deps(["cache", "clean"], cache: cache).status, 64)
    }

    /// `deps cache clean NoSuch` names what it could not remove, and answers no (exit 1).
    func testCacheCleanOfAPackageTheCacheDoesNotHoldNamesIt() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let missing = try project.deps(["cache", "clean", "NoSuch"], cache: cache)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stdout.hasPrefix("NoSuch is not in the cache; nothing of it to remove.\n"), missing.stdout)
        let both = try project.deps(["cache", "clean", "Lib", "NoSuch"], cache: cache)
        XCTAssertEqual(both.status, 1, both.stderr)
        XCTAssertTrue(both.stdout.hasPrefix("Removed Lib 1.1.0 ("), both.stdout)
        XCTAssertTrue(both.stdout.contains("\nNoSuch is not in the cache; nothing of it to remove.\n"), both.stdout)
        XCTAssertTrue(try project.deps(["cache", "list"], cache: cache).stdout.hasPrefix("The cache holds no packages."))
    }

    // MARK: --lock-only, check and deployment

    func testLockOnlyWritesTheLockWithoutCodePinsAndTouchesNoSandbox() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        let outcome = try project.deps(["install", "--lock-only"], cache: cache)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        // Nothing is installed: the lock records the package (issue 30 item 5).
        XCTAssertEqual(outcome.stdout, "Locking Lib (1.1.0)\n1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertFalse(try XCTUnwrap(project.lockfile).contains("CHECKOUT OPTIONS"))
        XCTAssertFalse(project.exists("App/Deps"))
        XCTAssertFalse(project.exists("cache"))
        // The next plain install fetches the code and records its commit.
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("CHECKOUT OPTIONS"))
    }

    /// BEHAVIOUR 4.4: a lock that a plain install would change is out of sync. One that lost a git
    /// package's CHECKOUT OPTIONS entry gets it back from `deps install`, so check and deployment
    /// refuse it (exit 1) and leave it as it is.
    func testALockLackingAGitCommitIsOutOfSyncForCheckAndDeployment() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let pinned = try XCTUnwrap(project.lockfile)
        let start = try XCTUnwrap(pinned.range(of: "CHECKOUT OPTIONS:"))
        let end = try XCTUnwrap(pinned.range(of: "DEPSFILE CHECKSUM:"))
        let unpinned = String(pinned[..<start.lowerBound]) + String(pinned[end.lowerBound...])
        try project.write("App/Depsfile.lock", unpinned)
        try FileManager.default.removeItem(atPath: project.app + "/Deps")

        let check = try project.deps(["check"], cache: cache)
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertEqual(check.stdout, """
            Lib: Depsfile.lock does not pin its code (no commit in CHECKOUT OPTIONS); deps install would record it
            Depsfile.lock is out of sync (1 problem); run deps install and commit Depsfile.lock.

            """)
        let json = try project.deps(["check", "--json"], cache: cache)
        XCTAssertTrue(json.stdout.contains("\"code\" : \"code-not-pinned\""), json.stdout)
        let deployment = try project.deps(["install", "--deployment"], cache: cache)
        XCTAssertEqual(deployment.status, 1, deployment.stdout + deployment.stderr)
        XCTAssertTrue(deployment.stdout.hasPrefix("Lib: Depsfile.lock does not pin its code"), deployment.stdout)
        XCTAssertEqual(project.lockfile, unpinned)
        XCTAssertFalse(project.exists("App/Deps"))

        // What check promised: install records the commit again, and then all is in sync.
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        XCTAssertEqual(project.lockfile, pinned)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    /// `deps update NAME --dry-run` says what the real run does: a package already at its newest
    /// version, fetched again at the same tag, leaves the lock as it is, and the dry run says so.
    func testUpdateDryRunOfAPackageThatWouldNotMoveSaysTheLockStays() throws {
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0"])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        let dryRun = try project.deps(["update", "Lib", "--dry-run"], cache: cache)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertEqual(dryRun.stdout, """
            1 dependency from the Depsfile, 1 total package locked.
            Dry run: Depsfile.lock is already up to date.

            """)
        let json = try project.deps(["update", "Lib", "--dry-run", "--json"], cache: cache)
        XCTAssertTrue(json.stdout.contains("\"lockfileChanged\" : false"), json.stdout)
        let real = try project.deps(["update", "Lib"], cache: cache)
        XCTAssertEqual(real.status, 0, real.stderr)
        XCTAssertEqual(project.lockfile, lock, "as the dry run said")
    }

    func testCheckReportsAnOutOfSyncSandboxAndDeploymentRepairsItWithoutTouchingTheLock() throws {
        _ = try gitLibrary()
        try project.publish(["Local": ["1.0.0": [:]]])
        try project.depsfile(["Lib": "~> 1.0", "Local": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)

        // A fresh clone: no Deps/ at all; check answers for the lock alone.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)

        // A sandbox that lacks Lib and holds a stray package.
        try FileManager.default.createDirectory(atPath: project.app + "/Deps/Stray", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: project.app + "/Deps/Stray/file"))
        let check = try project.deps(["check"], cache: cache)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, """
            Deps/ is not in sync with Depsfile.lock: A Lib
            Deps/ is not in sync with Depsfile.lock: A Local
            Deps/ is not in sync with Depsfile.lock: R Stray
            Deps/ is out of sync with Depsfile.lock (3 packages); run deps install (or deps install --deployment) to fetch what it lacks.

            """)
        let deployment = try project.deps(["install", "--deployment"], cache: cache)
        XCTAssertEqual(deployment.status, 0, deployment.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertFalse(project.exists("App/Deps/Stray"))
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0\"\n")
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), lock)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    // MARK: signals
    /// What a download that is under way gets: the first half of these bytes, then nothing for 20 s.
    static let halfSentBody = LoopbackHTTPServer.Response.slowBody(Array(repeating: UInt8(ascii: "z"), count: 4096), seconds: 20)

    /// Starts `deps arguments` in the background, waits until `path` (served `halfSentBody`) was
    /// asked for, part of its body sent and `ready` holds, then sends `signal` and waits for deps to end.
    func interrupt(_ arguments: [String], _ signal: Int32, server: LoopbackHTTPServer, once path: String, and ready: () -> Bool = { true }) throws -> Int32 {
        let process = try DepsBinary.start(arguments + ["--quiet", "--project", project.app], cache: cache)
        let deadline = Date().addingTimeInterval(20)
        while (server.requestCount(path) == 0 || !ready()) && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(server.requestCount(path), 1, "the download started")
        XCTAssertTrue(server.waitForBodyBytes(path, atLeast: 1), "the body is on its way")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// BEHAVIOUR 8.1: interrupted while the new version downloads, the sandbox still holds the old
    /// one, and Manifest.lock still says so (it does not drop the package until its folder is replaced).
    func testSIGINTDuringAnUpdateLeavesManifestLockListingTheVersionDepsHolds() throws {
        let server = try loopbackServer()
        let old = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip-1.0.0.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .body(old))
        server.serve("/Zip-1.0.1.tar.gz", Self.halfSentBody)
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(old))
        try project.depsfile(["Zip": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let lock = try XCTUnwrap(project.lockfile)
        try project.publishArchive("Zip", "1.0.1", url: server.baseURL + "/Zip-1.0.1.tar.gz", sha256: nil)

        XCTAssertEqual(try interrupt(["update", "Zip"], SIGINT, server: server, once: "/Zip-1.0.1.tar.gz"), 130)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertEqual(try project.read("App/Deps/Zip/Sources/Zip/Zip.swift"), "let zip = 1\n")
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), lock, "Manifest.lock lists Zip 1.0.0, which Deps/Zip holds")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    /// A first install interrupted after one package was placed: Manifest.lock lists that one, so
    /// that the folder is not a stranger to the next install, and not the one still downloading.
    func testSIGINTDuringAFirstInstallListsWhatWasPlacedInManifestLock() throws {
        let server = try loopbackServer()
        server.serve("/Zip-1.0.0.tar.gz", Self.halfSentBody)
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: nil)
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0", "Zip": ""])
        let status = try interrupt(["install"], SIGINT, server: server, once: "/Zip-1.0.0.tar.gz") { project.exists("App/Deps/Lib") }
        XCTAssertEqual(status, 130)
        XCTAssertNil(project.lockfile)
        XCTAssertEqual(try source("Lib"), "public let version = \"1.1.0\"\n")
        let manifest = try project.read("App/Deps/Manifest.lock")
        XCTAssertTrue(manifest.contains("  - Lib (1.1.0)\n"), manifest)
        XCTAssertFalse(manifest.contains("  - Zip ("), manifest)
        XCTAssertFalse(project.exists("App/Deps/Zip"))
    }


    /// Starts an install whose archive download stalls halfway, waits until the download is
    /// under way (part of the body sent), then sends `signal`.
    func interruptedInstall(_ signal: Int32) throws -> (Process, LoopbackHTTPServer, [UInt8]) {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "let zip = 1\n"], topFolder: "Zip-1.0.0", at: project.root + "/Zip.tar.gz")
        server.serve("/Zip-1.0.0.tar.gz", .slowBody(bytes, seconds: 20))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        _ = try gitLibrary()
        try project.depsfile(["Lib": "~> 1.0", "Zip": ""])
        let process = Process()
        process.executableURL = DepsBinary.url
        process.arguments = ["install", "--quiet", "--project", project.app]
        var env = ProcessInfo.processInfo.environment
        env["DEPS_CACHE_DIR"] = cache
        process.environment = env
        try process.run()
        XCTAssertTrue(server.waitForBodyBytes("/Zip-1.0.0.tar.gz", atLeast: 1), "the download is under way")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process, server, bytes)
    }

    func testSIGTERMDuringAFetchRemovesTemporaryFilesAndExits143() throws {
        let (process, _, _) = try interruptedInstall(SIGTERM)
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertNil(project.lockfile)
        XCTAssertEqual(project.files(under: "App/Deps").filter { $0.hasPrefix(".") }, [])
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
        XCTAssertFalse(project.exists("App/.deps-lock"))
    }

    /// Issue 30 item 5: on a fresh clone `install --deployment` says what it fetched, as install does.
    func testDeploymentOnAFreshCloneSaysWhatItInstalls() throws {
        _ = try gitLibrary()
        try project.publish(["Local": ["1.0.0": [:]]])
        try project.depsfile(["Lib": "~> 1.0", "Local": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let deployment = try project.deps(["install", "--deployment"], cache: cache)
        XCTAssertEqual(deployment.status, 0, deployment.stderr)
        XCTAssertEqual(deployment.stdout, """
            Installing Lib (1.1.0)
            Installing Local (1.0.0)
            2 dependencies from the Depsfile, 2 total packages locked.

            """)
        let again = try project.deps(["install", "--deployment", "--json"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("\"changes\""), again.stdout)
    }

    func testSIGINTExits130() throws {
        let (process, _, _) = try interruptedInstall(SIGINT)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertNil(project.lockfile)
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
    }

    func testAfterSIGKILLTheNextRunCleansUpAndFinishesTheJob() throws {
        let (process, server, bytes) = try interruptedInstall(SIGKILL)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertNil(project.lockfile)
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        let next = try project.deps(["install"], cache: cache)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(project.files(under: "App/Deps").filter { $0.hasPrefix(".") || $0.contains("/.") }, [])
        XCTAssertEqual(project.files(under: "cache/v1/tmp"), [])
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), project.lockfile)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }
}

extension FetchTests {
    /// Issue 30 item 2: SIGTERM or SIGINT while git clones a package's repository into the cache
    /// (here over HTTP from a server that never answers) leaves nothing in the cache's `tmp/`,
    /// whenever it comes: as git starts, or while it waits for the server.
    func testASignalDuringAGitCloneIntoTheCacheLeavesNoTemporaryEntry() throws {
        let server = try loopbackServer()
        server.serve("/Slow.git/info/refs", .stall(seconds: 30))
        try project.publishGit("Slow", "1.0.0", url: server.baseURL + "/Slow.git")
        try project.depsfile(["Slow": ""])
        for (index, (signal, delay)) in [(SIGTERM, 0), (SIGINT, 0), (SIGTERM, 2_000), (SIGTERM, 50_000), (SIGINT, 300_000)].enumerated() {
            let cache = project.root + "/cache\(index)"
            let process = Process()
            process.executableURL = DepsBinary.url
            process.arguments = ["install", "--quiet", "--project", project.app]
            var environment = ProcessInfo.processInfo.environment
            environment["DEPS_CACHE_DIR"] = cache
            process.environment = environment
            let before = server.requestCount("/Slow.git/info/refs")
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            // Either as soon as git has made the clone's folder, or once it is waiting for the server.
            while Date() < deadline {
                if delay == 0, project.files(under: "cache\(index)/v1/tmp").contains(where: { $0.hasSuffix(".mirror.tmp") }) { break }
                if delay > 0, server.requestCount("/Slow.git/info/refs") > before { break }
                usleep(1_000)
            }
            usleep(useconds_t(delay))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 128 + signal, "run \(index): \(server.requests.map(\.path))")
            // No process deps started is left behind (git's remote helper would go on fetching
            // into the folder): none carries its mark, so nothing can write there later either.
            XCTAssertEqual(Self.processes(mentioning: server.baseURL), [], "run \(index)")
            XCTAssertEqual(Self.processes(startedBy: process.processIdentifier), [], "run \(index)")
            XCTAssertEqual(project.files(under: "cache\(index)/v1/tmp"), [], "run \(index)")
            XCTAssertFalse(project.exists("App/.deps-lock"), "run \(index)")
        }
    }

    /// The processes that carry the mark deps gives every process it starts, and their children
    /// inherit (`DEPS_PROCESS=<deps' pid>` in the environment), as `pid: command line` (Linux's /proc).
    static func processes(startedBy deps: pid_t) -> [String] {
        let mark = Array("DEPS_PROCESS=\(deps)".utf8) + [0]
        let own = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0 != own && $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ").map(Array.init),
                  environment.starts(with: mark) || environment.indices.contains(where: { index in
                      environment[index] == 0 && environment[(index + 1)...].starts(with: mark)
                  }),
                  let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                  let state = String(decoding: stat, as: UTF8.self).split(separator: ")").last?.split(separator: " ").first,
                  state != "Z" else { return nil }
            let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self) }
            return "\(pid): \(line ?? "?")"
        }
    }

    /// The processes whose command line mentions `text`, as `pid: command line` (Linux's /proc).
    static func processes(mentioning text: String) -> [String] {
        let own = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0 != own && $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            guard line.contains(text), let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                  let state = String(decoding: stat, as: UTF8.self).split(separator: ")").last?.split(separator: " ").first,
                  state != "Z" else { return nil }
            return "\(pid): \(line)"
        }
    }
}
