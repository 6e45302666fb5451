import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 9: spec repositories that are not a local directory — a git repository cloned into
/// the shared cache, and a CocoaPods CDN served by a loopback server — run through the built binary.
final class RemoteSpecSourceTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    let environment = ["DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "3"]

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// Runs deps in `App` (or another project folder below the root) with the test's cache.
    @discardableResult
    func deps(_ arguments: String..., in folder: String = "App", cache: String? = nil) throws -> DepsBinary.Outcome {
        var env = environment
        env["DEPS_CACHE_DIR"] = cache ?? self.cache
        return DepsInProcess.run(arguments + ["--project", project.root + "/" + folder], environment: env)
    }

    func depsfile(in folder: String = "App", source: String, _ dependencies: [String]) throws {
        let lines = dependencies.map { "  \($0)\n" }.joined()
        try project.write("\(folder)/Depsfile", "sources:\n  - \(source)\ndependencies:\n" + lines)
    }

    // MARK: A git spec repository

    /// A git spec repository in deps' layout, its packages' code in folders beside it (used in place).
    func gitSpecRepository() throws -> (TestGitRepository, String) {
        let repository = try TestGitRepository(name: "Specs", at: project.root + "/specrepo")
        try publishInGit(repository, "Lib", "1.0.0")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "Lib 1.0.0"])
        return (repository, "file://" + repository.path)
    }

    func publishInGit(_ repository: TestGitRepository, _ name: String, _ version: String) throws {
        let code = project.root + "/Code/\(name)-\(version)"
        try project.write("Code/\(name)-\(version)/Sources/\(name)/\(name).swift", "public let version = \"\(version)\"\n")
        let spec = "name: \(name)\nversion: \(version)\nsource:\n  path: \(code)\n"
        try project.write("specrepo/\(name)/\(version).yaml", spec)
    }

    func testAGitSpecRepositoryIsClonedOnceSharedAndRefreshedOnlyWhenAsked() throws {
        let (repository, url) = try gitSpecRepository()
        try depsfile(source: url, ["Lib:"])

        let first = try deps("install")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Installing Lib (1.0.0)"), first.stdout)
        // SPEC REPOS keeps the source as the Depsfile wrote it.
        XCTAssertTrue(project.lockfile?.contains(url) ?? false, project.lockfile ?? "")
        let folders = try FileManager.default.contentsOfDirectory(atPath: cache + "/v1/specs/git")
        XCTAssertEqual(folders.filter { !$0.hasSuffix(".lock") }.count, 1, "\(folders)")

        // A second project reuses the clone: the origin can be gone.
        try FileManager.default.moveItem(atPath: repository.path, toPath: repository.path + "-away")
        try depsfile(in: "Second", source: url, ["Lib: ~> 1.0"])
        let second = try deps("install", in: "Second")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("Installing Lib (1.0.0)"), second.stdout)
        try FileManager.default.moveItem(atPath: repository.path + "-away", toPath: repository.path)

        // A new version is not seen by install until the repository is refreshed.
        try publishInGit(repository, "Lib", "1.1.0")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "Lib 1.1.0"])
        try depsfile(in: "Third", source: url, ["Lib:"])
        let stale = try deps("install", "--lock-only", in: "Third")
        XCTAssertEqual(stale.status, 0, stale.stderr)
        XCTAssertTrue(stale.stdout.contains("Locking Lib (1.0.0)"), stale.stdout)

        let refresh = try deps("repo", "update", url)
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertTrue(refresh.stdout.hasPrefix("Updated \(url) ("), refresh.stdout)
        XCTAssertTrue(refresh.stdout.contains("1 file changed"), refresh.stdout)
        let again = try deps("repo", "update", "--json")  // the Depsfile's sources
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("\"kind\" : \"git\""), again.stdout)
        XCTAssertTrue(again.stdout.contains("\"changed\" : 0"), again.stdout)

        let outdated = try deps("outdated", in: "Third")
        XCTAssertTrue(outdated.stdout.contains("1.1.0"), outdated.stdout + outdated.stderr)

        // deps update refreshes by itself; install --repo-update too.
        try publishInGit(repository, "Lib", "1.2.0")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "Lib 1.2.0"])
        let update = try deps("update", in: "Third")
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.contains("Lib 1.0.0 -> 1.2.0"), update.stdout)
        try publishInGit(repository, "Lib", "1.3.0")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "Lib 1.3.0"])
        try depsfile(in: "Fourth", source: url, ["Lib:"])
        let plain = try deps("install", "--lock-only", in: "Fourth")
        XCTAssertTrue(plain.stdout.contains("Locking Lib (1.2.0)"), plain.stdout + plain.stderr)
        try FileManager.default.removeItem(atPath: project.root + "/Fourth/Depsfile.lock")
        let withRefresh = try deps("install", "--lock-only", "--repo-update", in: "Fourth")
        XCTAssertTrue(withRefresh.stdout.contains("Locking Lib (1.3.0)"), withRefresh.stdout + withRefresh.stderr)
    }

    func testOfflineWithoutACloneNamesTheURL() throws {
        let (_, url) = try gitSpecRepository()
        try depsfile(source: url, ["Lib:"])
        let outcome = try deps("install", "--offline", cache: project.root + "/empty-cache")
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(url), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("not in the cache"), outcome.stderr)
        XCTAssertNil(project.lockfile)
    }

    // MARK: A CDN

    /// A CDN in CocoaPods' protocol on a loopback server: prefix lengths [1, 1, 1], a shard index
    /// per shard, a podspec.json per version, and the packages' code as tar.gz archives.
    final class CDN {
        let server: LoopbackHTTPServer
        let project: TemporaryProject
        var url: String { server.baseURL + "/" }
        private var indexes: [String: [String: [String]]] = [:]
        var indexETags = 0

        init(_ test: XCTestCase, project: TemporaryProject) throws {
            server = try LoopbackHTTPServer()
            self.project = project
            test.addTeardownBlock { [server] in server.stop() }
            server.serve("/CocoaPods-version.yml", .body(Array("---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n- 1\n- 1\n- 1\n".utf8), etag: "\"v1\""))
        }

        static func shard(_ name: String) throws -> [String] {
            let digest = try tool(["sh", "-c", "printf %s \"$0\" | md5sum", name])
            return digest.prefix(3).map { String($0) }
        }

        static func indexPath(_ name: String) throws -> String {
            "/all_pods_versions_" + (try shard(name)).joined(separator: "_") + ".txt"
        }

        static func specPath(_ name: String, _ version: String) throws -> String {
            "/Specs/" + (try shard(name)).joined(separator: "/") + "/\(name)/\(version)/\(name).podspec.json"
        }

        /// Publishes a version: its podspec.json, its archive, and its line in the shard index;
        /// `subspecs` gives the podspec subspecs, each with its dependencies (an empty requirement
        /// is any version).
        func publish(
            _ name: String, _ version: String, dependencies: [String: String] = [:], subspecs: [(String, [String: String])] = [],
            podspec: String? = nil
        ) throws {
            let archive = project.root + "/\(name)-\(version).tar.gz"
            let bytes = try makeTarGz(["Sources/\(name)/\(name).swift": "public let version = \"\(version)\"\n"], topFolder: "\(name)-\(version)", at: archive)
            server.serve("/\(name)-\(version).tar.gz", .body(bytes))
            func dependencyText(_ table: [String: String]) -> String {
                table.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.isEmpty ? "" : "\"\($0.value)\"")]" }.joined(separator: ", ")
            }
            let subspecText = subspecs.map { "{\"name\": \"\($0.0)\", \"dependencies\": {\(dependencyText($0.1))}}" }.joined(separator: ", ")
            let digest = try sha256Hex(bytes)
            let json = podspec ?? """
                {
                  "name": "\(name)",
                  "version": "\(version)",
                  "summary": "\(name) for tests",
                  "license": {"type": "MIT"},
                  "source": {"http": "\(server.baseURL)/\(name)-\(version).tar.gz", "sha256": "\(digest)"},
                  "source_files": "Sources/**/*.swift",
                  "dependencies": {\(dependencyText(dependencies))},
                  "subspecs": [\(subspecText)],
                  "frameworks": ["Foundation"]
                }
                """
            server.serve(try Self.specPath(name, version), .body(Array(json.utf8), etag: "\"\(name)-\(version)\""))
            let shard = try Self.indexPath(name)
            indexes[shard, default: [:]][name, default: []].append(version)
            serveIndex(shard)
        }

        func serveIndex(_ shard: String) {
            indexETags += 1
            let text = (indexes[shard] ?? [:]).sorted { $0.key < $1.key }.map { ([$0.key] + $0.value).joined(separator: "/") + "\n" }.joined()
            server.serve(shard, .body(Array(text.utf8), etag: "\"index-\(indexETags)\""))
        }

        func count(_ path: String) -> Int { server.requestCount(path) }
    }

    /// A misspelt pod hashes to another shard than the pod meant, so the shards read say nothing:
    /// the CDN's all_pods.txt, read only then, gives the "Did you mean". A CDN without it (a mirror)
    /// fails the same way with no suggestion.
    func testAMisspeltCDNPodGetsASuggestionFromTheCDNsListOfPods() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Alamofire", "5.9.1")
        try depsfile(source: cdn.url, ["Alamofir: ~> 5.0"])
        let unlisted = try deps("install")
        XCTAssertEqual(unlisted.status, 1, unlisted.stderr)
        XCTAssertFalse(unlisted.stderr.contains("Did you mean"), unlisted.stderr)
        XCTAssertEqual(cdn.count("/all_pods.txt"), 1)

        cdn.server.serve("/all_pods.txt", .body(Array("AFNetworking\nAlamofire\nKingfisher\n".utf8), etag: "\"all\""))
        let install = try deps("install")
        XCTAssertEqual(install.status, 1, install.stderr)
        XCTAssertTrue(install.stderr.contains("Did you mean Alamofire?"), install.stderr)
        XCTAssertFalse(project.exists("App/Depsfile.lock"))
        // A resolution that finds everything never reads the list.
        try depsfile(source: cdn.url, ["Alamofire: ~> 5.0"])
        let fixed = try deps("install", "--lock-only")
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(cdn.count("/all_pods.txt"), 2)
    }

    /// Trunk read from a mirror (DEPS_TRUNK_URL): what the mirror lacks is said of the mirror, by its URL.
    func testMessagesAboutTrunkReadFromAMirrorNameTheMirror() throws {
        let mirror = try CDN(self, project: project)
        try mirror.publish("Kit", "1.0.0")
        try project.write("App/Depsfile", "sources:\n  - trunk\ndependencies:\n  Kit:\n")
        var environment = self.environment
        environment["DEPS_CACHE_DIR"] = cache
        environment["DEPS_TRUNK_URL"] = mirror.url
        let install = DepsInProcess.run(["install", "--lock-only", "--project", project.app], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "Kit (1.0.0)", with: "Kit (1.1.0)"))
        let check = DepsInProcess.run(["check", "--project", project.app], environment: environment)
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("Kit 1.1.0 is no longer in trunk (read from \(mirror.url))"), check.stdout)

        try project.write("App/Depsfile", "sources:\n  - trunk\ndependencies:\n  Kit: 2.0.0\n")
        let missing = DepsInProcess.run(["install", "--project", project.app], environment: environment)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("trunk (read from \(mirror.url)) was read from its copy in the cache; if a version of Kit was published there since"),
                      missing.stderr)
    }

    func testACDNServesOnlyTheIndexesAndSpecsTheResolverReads() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try cdn.publish("Lib", "1.1.0", dependencies: ["Dep": "~> 1.0"])
        try cdn.publish("Lib", "2.0.0")
        try cdn.publish("Dep", "1.0.0")
        try cdn.publish("Dep", "1.2.0")
        try depsfile(source: cdn.url, ["Lib: ~> 1.0"])

        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("Installing Dep (1.2.0)"), install.stdout)
        XCTAssertTrue(install.stdout.contains("Installing Lib (1.1.0)"), install.stdout)
        XCTAssertFalse(install.stderr.contains("plain http"), "a loopback CDN is not warned about: \(install.stderr)")
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.1.0\"\n")
        XCTAssertTrue(project.lockfile?.contains(cdn.url) ?? false, project.lockfile ?? "")

        XCTAssertEqual(cdn.count("/CocoaPods-version.yml"), 1)
        XCTAssertEqual(cdn.count(try CDN.indexPath("Lib")), 1)
        XCTAssertEqual(cdn.count(try CDN.indexPath("Dep")), 1)
        XCTAssertEqual(cdn.count(try CDN.specPath("Lib", "1.1.0")), 1)
        XCTAssertEqual(cdn.count(try CDN.specPath("Dep", "1.2.0")), 1)
        // Nothing per listed version: only the newest release is fetched ahead of being asked for.
        XCTAssertEqual(cdn.count(try CDN.specPath("Lib", "1.0.0")), 0)
        XCTAssertEqual(cdn.count(try CDN.specPath("Dep", "1.0.0")), 0)
        XCTAssertLessThanOrEqual(cdn.count(try CDN.specPath("Lib", "2.0.0")), 1)
        // (The newest release's podspec may still have been on its way when the first run ended.)
        let ahead = try CDN.specPath("Lib", "2.0.0")
        func requestsMade() -> [String] { cdn.server.requests.map(\.path).filter { $0 != ahead } }
        let specRequests = requestsMade().count

        // Another project with the same needs reads the cached files without asking the server.
        try depsfile(in: "Second", source: cdn.url, ["Lib: ~> 1.0"])
        let second = try deps("install", "--lock-only", in: "Second")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(requestsMade().count, specRequests, "\(requestsMade())")

        // Offline, a warm cache is enough; the server is not asked.
        try depsfile(in: "Third", source: cdn.url, ["Lib: ~> 1.0"])
        let offline = try deps("install", "--offline", in: "Third")
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(offline.stdout.contains("Installing Lib (1.1.0)"), offline.stdout)
        XCTAssertEqual(requestsMade().count, specRequests)

        // A CI step that must not reach the network writes the lock alone from the cached specs.
        try depsfile(in: "Locked", source: cdn.url, ["Lib: ~> 1.0"])
        let lockOnly = try deps("install", "--lock-only", "--offline", in: "Locked")
        XCTAssertEqual(lockOnly.status, 0, lockOnly.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.root + "/Locked/Depsfile.lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root + "/Locked/Deps"))
        XCTAssertEqual(requestsMade().count, specRequests)

        // Offline with a cold cache: the missing file is named.
        try depsfile(in: "Cold", source: cdn.url, ["Lib: ~> 1.0"])
        let cold = try deps("install", "--offline", in: "Cold", cache: project.root + "/cold-cache")
        XCTAssertEqual(cold.status, 74, cold.stderr)
        XCTAssertTrue(cold.stderr.contains(cdn.url + "CocoaPods-version.yml"), cold.stderr)
        let coldLockOnly = try deps("install", "--lock-only", "--offline", in: "Cold", cache: project.root + "/cold-cache")
        XCTAssertEqual(coldLockOnly.status, 74, coldLockOnly.stderr)
        XCTAssertTrue(coldLockOnly.stderr.contains(cdn.url + "CocoaPods-version.yml"), coldLockOnly.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root + "/Cold/Depsfile.lock"))
    }

    /// BEHAVIOUR 13: a lock names every spec it pins, so a cold install from it (a fresh CI
    /// machine) asks the CDN for those podspecs by their paths and for nothing else: no shard
    /// index, no newest release it will not use; `deps check` likewise.
    func testACDNIsAskedForNoIndexWhenALockPinsEverySpec() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try cdn.publish("Lib", "1.1.0", dependencies: ["Dep": "~> 1.0"])
        try cdn.publish("Lib", "2.0.0")
        try cdn.publish("Dep", "1.0.0")
        try cdn.publish("Dep", "1.2.0", subspecs: [("Core", [:]), ("Extras", [:])])
        try depsfile(source: cdn.url, ["Lib: ~> 1.0", "Dep/Core:", "Dep/Extras:"])
        let first = try deps("install")
        XCTAssertEqual(first.status, 0, first.stderr)
        let lock = try XCTUnwrap(project.lockfile)

        for (index, command) in [["install"], ["check"]].enumerated() {
            try? FileManager.default.removeItem(atPath: project.root + "/App/Deps")
            let before = cdn.server.requests.count
            let cold = DepsInProcess.run(
                command + ["--project", project.root + "/App"],
                environment: environment.merging(["DEPS_CACHE_DIR": project.root + "/fresh-cache-\(index)"]) { $1 })
            XCTAssertEqual(cold.status, 0, cold.stdout + cold.stderr)
            // (A CDN source may be a mirror: its code/ is asked for a package's code first.)
            let asked = cdn.server.requests.dropFirst(before).map(\.path).filter { !$0.hasPrefix("/code/") }.sorted()
            var expected = ["/CocoaPods-version.yml", try CDN.specPath("Dep", "1.2.0"), try CDN.specPath("Lib", "1.1.0")]
            if command == ["install"] { expected += ["/Dep-1.2.0.tar.gz", "/Lib-1.1.0.tar.gz"] }
            XCTAssertEqual(asked, expected.sorted(), "\(command[0]) from the lock")
            XCTAssertEqual(project.lockfile, lock)
        }
    }

    func testRepoUpdateRevalidatesWithETagsAndPicksUpAChangedIndex() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try depsfile(source: cdn.url, ["Lib:"])
        XCTAssertEqual(try deps("install", "--lock-only").status, 0)

        // Unchanged: every cached file answers 304.
        let unchanged = try deps("repo", "update")
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        XCTAssertEqual(unchanged.stdout, "Updated \(cdn.url) (0 files changed, 3 unchanged)\n")
        XCTAssertTrue(cdn.server.requests.suffix(3).allSatisfy { $0.ifNoneMatch != nil }, "\(cdn.server.requests)")

        // A new version changes the index (a new ETag): 200 for it, 304 for the rest.
        try cdn.publish("Lib", "1.1.0")
        let changed = try deps("repo", "update", cdn.url, "--json")
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertTrue(changed.stdout.contains("\"changed\" : 1"), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("\"unchanged\" : 2"), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("\"kind\" : \"cdn\""), changed.stdout)

        let install = try deps("install", "--lock-only")
        XCTAssertEqual(install.status, 0, install.stderr)
        let outdated = try deps("outdated")
        XCTAssertEqual(outdated.status, 1, outdated.stderr)
        XCTAssertTrue(outdated.stdout.contains("1.1.0"), outdated.stdout)

        // deps update revalidates what it reads: another new version is seen without repo update.
        try cdn.publish("Lib", "1.2.0")
        let update = try deps("update", "--lock-only")
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.contains("Lib 1.0.0 -> 1.2.0"), update.stdout)
    }

    /// Issue 30 item 5: a server without ETags sends every file again on `deps repo update`; only
    /// the files whose bytes differ from the cached copy count as changed.
    func testRepoUpdateAgainstAServerWithoutETagsCountsOnlyRealChanges() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        let versionFile = Array("---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n- 1\n- 1\n- 1\n".utf8)
        let index = Array("Lib/1.0.0\n".utf8)
        cdn.server.serve("/CocoaPods-version.yml", .body(versionFile))
        cdn.server.serve(try CDN.indexPath("Lib"), .body(index))
        let spec = try CDN.specPath("Lib", "1.0.0")
        try depsfile(source: cdn.url, ["Lib:"])
        XCTAssertEqual(try deps("install", "--lock-only").status, 0)
        // The spec is served without an ETag too, with the same bytes.
        let specBytes = try XCTUnwrap(try? Data(contentsOf: URL(fileURLWithPath: cache + "/v1/specs/cdn").appendingPathComponent(
            try XCTUnwrap(FileManager.default.enumerator(atPath: cache + "/v1/specs/cdn")?.allObjects.compactMap { $0 as? String }
                .first { $0.hasSuffix("Lib.podspec.json") }))))
        cdn.server.serve(spec, .body(Array(specBytes)))

        let unchanged = try deps("repo", "update")
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        XCTAssertEqual(unchanged.stdout, "Updated \(cdn.url) (0 files changed, 3 unchanged)\n")

        cdn.server.serve(try CDN.indexPath("Lib"), .body(Array("Lib/1.0.0/1.1.0\n".utf8)))
        let changed = try deps("repo", "update")
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertEqual(changed.stdout, "Updated \(cdn.url) (1 file changed, 2 unchanged)\n")
    }

    func testAPodTheCDNDoesNotHaveIsNotFound() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try depsfile(source: cdn.url, ["Nope:"])
        let outcome = try deps("install", "--lock-only")
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Unable to find a specification for Nope"), outcome.stderr)
        XCTAssertEqual(cdn.count(try CDN.indexPath("Nope")), 1)
    }

    func testA503IsRetriedAndTheFinalFailureNamesTheURL() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        let index = try CDN.indexPath("Lib")
        let text = Array("Lib/1.0.0\n".utf8)
        cdn.server.serve(index, .failThenServe(failures: 1, status: 503, then: text))
        try depsfile(source: cdn.url, ["Lib:"])
        let outcome = try deps("install", "--lock-only")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(cdn.count(index), 2)

        cdn.server.serve(index, .status(503))
        try depsfile(in: "Second", source: cdn.url, ["Lib:"])
        let failing = try deps("install", "--lock-only", in: "Second", cache: project.root + "/other-cache")
        XCTAssertEqual(failing.status, 74, failing.stderr)
        XCTAssertEqual(failing.stderr.split(separator: "\n").count, 1, failing.stderr)
        XCTAssertTrue(failing.stderr.contains(cdn.url + String(index.dropFirst())), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("server error 503"), failing.stderr)
    }

    /// A CDN file that trickles in ends at the download deadline too, naming its URL and the limit.
    func testACDNFileThatTricklesPastTheDeadlineEnds() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        let index = try CDN.indexPath("Lib")
        cdn.server.serve(index, .trickle(Array(repeating: UInt8(ascii: "x"), count: 100_000), interval: 0.05))
        try depsfile(source: cdn.url, ["Lib:"])
        let outcome = DepsInProcess.run(
            ["install", "--lock-only", "--project", project.app, "--no-color"],
            environment: environment.merging(["DEPS_CACHE_DIR": cache, "DEPS_DOWNLOAD_TIMEOUT": "1.5"]) { $1 })
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(cdn.url + String(index.dropFirst())), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(
            "the download did not finish within 1.5 seconds, the limit for one download; DEPS_DOWNLOAD_TIMEOUT allows longer"), outcome.stderr)
        XCTAssertEqual(cdn.count(index), 1)
        XCTAssertNil(project.lockfile)
    }

    func testABrokenPodspecOrIndexLineIsMalformedInputNamingTheURL() throws {
        let cdn = try CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0", podspec: "{\"name\": \"Lib\", \"version\": ")
        try depsfile(source: cdn.url, ["Lib:"])
        let outcome = try deps("install", "--lock-only")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(cdn.url + String(try CDN.specPath("Lib", "1.0.0").dropFirst())), outcome.stderr)
        XCTAssertNil(project.lockfile)

        cdn.server.serve(try CDN.indexPath("Lib"), .body(Array("Lib/1.0.0/not a version\n".utf8)))
        let line = try deps("install", "--lock-only", cache: project.root + "/other-cache")
        XCTAssertEqual(line.status, 65, line.stderr)
        XCTAssertTrue(line.stderr.contains(cdn.url + String(try CDN.indexPath("Lib").dropFirst()) + ":1"), line.stderr)
        XCTAssertTrue(line.stderr.contains("not a version"), line.stderr)
    }

    /// A CDN that cannot be reached at all (nothing listens on the port) fails naming the URL,
    /// and says how to work without the network.
    func testAnUnreachableCDNSaysHowToWorkWithoutTheNetwork() throws {
        let url = "http://127.0.0.1:1/cdn/"
        try depsfile(source: url, ["Lib:"])
        let outcome = try deps("install", "--lock-only")
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(url + "CocoaPods-version.yml"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("without the network, list a spec directory or a git spec repository"), outcome.stderr)
        XCTAssertNil(project.lockfile)
    }

    func testPlainHTTPToAnotherHostIsWarnedAbout() throws {
        try depsfile(source: "http://specs.example.invalid/cdn/", ["Lib:"])
        let outcome = try deps("install", "--offline")
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("warning: the spec repository http://specs.example.invalid/cdn/ is plain http"), outcome.stderr)
    }
}
