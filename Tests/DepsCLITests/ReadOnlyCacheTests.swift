import Foundation
import LoopbackHTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 8.3 with a cache this user cannot write (a team's cache owned by another account):
/// a new project installs what the cache holds, online and offline, without writing to it; what
/// the cache lacks is named with the cache's path and why it cannot be written (74).
///
/// The tests run as root here, and root writes whatever the permissions say, so deps runs as
/// `nobody` (`setpriv`) against a cache root owned and filled; as any other user, the cache's
/// write permissions are taken away instead.
final class ReadOnlyCacheTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    var specsURL: String { "file://" + project.root + "/specrepo" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self)
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("running deps as another user needs setpriv")
            }
        }
    }

    /// Runs deps in the project folder `folder` as a user who cannot write the cache.
    func depsAsReader(_ arguments: [String], in folder: String) throws -> DepsBinary.Outcome {
        let path = project.root + "/" + folder
        let environment = ["DEPS_CACHE_DIR": cache, "HOME": path]
        guard getuid() == 0 else {
            return try DepsBinary.run(arguments + ["--project", path], environment: environment)
        }
        try tool(["chown", "-R", "nobody", path])
        return try DepsBinary.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", DepsBinary.url.path] + arguments + ["--project", path],
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"), environment: environment)
    }

    /// Every path in the cache with its size and modification time: what a reader must not change.
    func cacheSnapshot() throws -> String {
        try tool(["find", cache, "-printf", "%p %s %T@ %m\n"]).split(separator: "\n").sorted().joined(separator: "\n")
    }

    /// The owner's side: `Lib` (git, tags 1.0.0 and 1.1.0), `Other` (git, 1.0.0) and `Zip` (an
    /// archive with its sha256), published in a git spec repository; a project installs Lib
    /// 1.0.0 and Zip into the cache, which is then left readable by all and writable by its owner only.
    func ownerFillsTheCache() throws {
        let lib = try TestGitRepository(name: "Lib", at: project.root + "/git/Lib")
        try lib.commitVersion("1.0.0")
        try lib.commitVersion("1.1.0")
        let other = try TestGitRepository(name: "Other", at: project.root + "/git/Other")
        try other.commitVersion("1.0.0")
        let archive = project.root + "/Zip-1.0.0.tar.gz"
        let bytes = try makeTarGz(["Sources/Zip/Zip.swift": "public let zip = 1\n"], topFolder: "Zip-1.0.0", at: archive)
        let specs = try TestGitRepository(name: "Specs", at: project.root + "/specrepo")
        for version in ["1.0.0", "1.1.0"] {
            try project.write("specrepo/Lib/\(version).yaml", "name: Lib\nversion: \(version)\nsource:\n  git: file://\(lib.path)\n  tag: \(version)\n")
        }
        try project.write("specrepo/Other/1.0.0.yaml", "name: Other\nversion: 1.0.0\nsource:\n  git: file://\(other.path)\n  tag: 1.0.0\n")
        try project.write(
            "specrepo/Zip/1.0.0.yaml", "name: Zip\nversion: 1.0.0\nsource:\n  http: \(archive)\n  sha256: \(try sha256Hex(bytes))\n")
        try specs.git(["add", "-A"])
        try specs.git(["commit", "--quiet", "-m", "specs"])

        try writeDepsfile(in: "Owner", ["Lib: \"1.0.0\"", "Zip:"])
        let owner = try DepsBinary.run(["install", "--project", project.root + "/Owner", "--no-color"], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(owner.status, 0, owner.stderr)
        try tool(["chmod", "-R", "a+rX", project.root])
        if getuid() != 0 {
            try tool(["chmod", "-R", "a-w", cache])
            addTeardownBlock { [cache] in _ = try? tool(["chmod", "-R", "u+w", cache]) }
        }
    }

    func writeDepsfile(in folder: String, source: String? = nil, _ dependencies: [String]) throws {
        let lines = dependencies.map { "  \($0)\n" }.joined()
        try project.write("\(folder)/Depsfile", "sources:\n  - \(source ?? specsURL)\ndependencies:\n" + lines)
    }

    func testANewProjectInstallsWhatTheCacheHoldsWithoutWritingToIt() throws {
        try ownerFillsTheCache()
        let before = try cacheSnapshot()
        for (folder, extra) in [("New", [String]()), ("Offline", ["--offline"])] {
            try writeDepsfile(in: folder, ["Lib: \"1.0.0\"", "Zip:"])
            let outcome = try depsAsReader(["install"] + extra, in: folder)
            XCTAssertEqual(outcome.status, 0, "\(folder): \(outcome.stderr)")
            XCTAssertEqual(try project.read("\(folder)/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n", folder)
            XCTAssertEqual(try project.read("\(folder)/Deps/Zip/Sources/Zip/Zip.swift"), "public let zip = 1\n", folder)
            XCTAssertEqual(try project.read("\(folder)/Depsfile.lock"), try project.read("Owner/Depsfile.lock"), folder)
            XCTAssertEqual(try depsAsReader(["check"], in: folder).status, 0, folder)
        }
        XCTAssertEqual(try cacheSnapshot(), before, "the cache is as its owner left it")
    }

    func testWhatTheCacheLacksIsNamedWithTheCacheAndNothingIsWritten() throws {
        try ownerFillsTheCache()
        let before = try cacheSnapshot()
        let readOnly = "and deps cannot add it: the cache \(cache) is read-only (permission denied)"

        // The mirror has the tag, but the cache holds no tree of that commit.
        try writeDepsfile(in: "Newer", ["Lib: \"1.1.0\""])
        let newer = try depsAsReader(["install"], in: "Newer")
        XCTAssertEqual(newer.status, 74, newer.stderr)
        XCTAssertTrue(newer.stderr.contains("error: Lib: file://\(project.root)/git/Lib: not in the cache (no tree of Lib 1.1.0 at "), newer.stderr)
        XCTAssertTrue(newer.stderr.contains(readOnly), newer.stderr)
        XCTAssertFalse(project.exists("Newer/Depsfile.lock"))

        // A repository the cache never mirrored; with --offline, offline's own words.
        try writeDepsfile(in: "Another", ["Other:"])
        let another = try depsAsReader(["install"], in: "Another")
        XCTAssertEqual(another.status, 74, another.stderr)
        XCTAssertTrue(
            another.stderr.contains("error: Other: file://\(project.root)/git/Other: not in the cache (no mirror of this repository), \(readOnly)\n"),
            another.stderr)
        XCTAssertFalse(project.exists("Another/Depsfile.lock"))
        let offline = try depsAsReader(["install", "--offline"], in: "Another")
        XCTAssertEqual(offline.status, 74, offline.stderr)
        XCTAssertTrue(offline.stderr.contains("no mirror of this repository in the cache); --offline does not fetch"), offline.stderr)

        // A spec repository the cache never cloned.
        let unknown = "file://" + project.root + "/git/Lib"
        try writeDepsfile(in: "Specs", source: unknown, ["Lib:"])
        let specs = try depsAsReader(["install"], in: "Specs")
        XCTAssertEqual(specs.status, 74, specs.stderr)
        XCTAssertEqual(specs.stderr, "\(unknown): error: not in the cache (this git spec repository was never cloned), \(readOnly)\n")

        XCTAssertEqual(try cacheSnapshot(), before, "the cache is as its owner left it")
    }

    func testACDNsCachedFilesServeANewProjectAndAFileNotCachedIsNamed() throws {
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try writeDepsfile(in: "Owner", source: cdn.url, ["Lib: \"~> 1.0\""])
        let owner = try DepsBinary.run(["install", "--project", project.root + "/Owner", "--no-color"], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(owner.status, 0, owner.stderr)
        try tool(["chmod", "-R", "a+rX", project.root])
        if getuid() != 0 {
            try tool(["chmod", "-R", "a-w", cache])
            addTeardownBlock { [cache] in _ = try? tool(["chmod", "-R", "u+w", cache]) }
        }
        let before = try cacheSnapshot()

        try writeDepsfile(in: "New", source: cdn.url, ["Lib: \"~> 1.0\""])
        let new = try depsAsReader(["install"], in: "New")
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertEqual(try project.read("New/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")

        // A package whose index and podspec were never downloaded.
        try cdn.publish("Extra", "1.0.0")
        try writeDepsfile(in: "Extra", source: cdn.url, ["Extra:"])
        let extra = try depsAsReader(["install"], in: "Extra")
        XCTAssertEqual(extra.status, 74, extra.stderr)
        XCTAssertTrue(
            extra.stderr.contains(
                "\(cdn.url)\(try RemoteSpecSourceTests.CDN.indexPath("Extra").dropFirst()): error: not in the cache (this file), "
                    + "and deps cannot add it: the cache \(cache) is read-only (permission denied)\n"),
            extra.stderr)
        XCTAssertFalse(project.exists("Extra/Depsfile.lock"))
        XCTAssertEqual(try cacheSnapshot(), before, "the cache is as its owner left it")
    }
}
