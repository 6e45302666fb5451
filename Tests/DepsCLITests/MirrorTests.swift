import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 14: `deps mirror` from a project with a CDN source (trunk on a loopback server), a
/// git spec repository, git code (served over HTTP by nginx) and archive code; the mirror served
/// by a real nginx; a clone installing with every origin gone.
final class MirrorTests: XCTestCase {
    var project: TemporaryProject!
    let quick = ["DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "1", "DEPS_HTTP_TIMEOUT": "5"]

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    func deps(_ arguments: [String], cache: String, _ environment: [String: String]) throws -> DepsBinary.Outcome {
        var env = quick
        env["DEPS_CACHE_DIR"] = project.root + "/" + cache
        for (key, value) in environment { env[key] = value }
        return DepsInProcess.run(arguments, environment: env)
    }

    /// A spec repository of deps' YAML specs cannot become a CDN mirror: bad input for a mirror,
    /// 65 as the README's table says (it was 74), naming the file, and nothing mirrored.
    func testAYAMLSpecIsRefusedAsBadInputForAMirror() throws {
        try project.publish(["Kit": ["1.0.0": [:]]])
        try project.depsfile(["Kit": ""])
        XCTAssertEqual(try project.deps("install", "--lock-only").status, 0)
        let mirror = try deps(["mirror", project.root + "/mirror", "--project", project.app], cache: "cache", [:])
        XCTAssertEqual(mirror.status, 65, mirror.stdout + mirror.stderr)
        XCTAssertTrue(mirror.stderr.contains("Kit/1.0.0.yaml"), mirror.stderr)
        XCTAssertTrue(mirror.stderr.contains("which a CDN cannot serve"), mirror.stderr)
    }

    func testACloneInstallsFromTheMirrorAloneWithItsLockUnchanged() throws {
        // Origins: trunk's CDN with archive code, git code over HTTP, a git spec repository.
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try cdn.publish("CdnKit", "1.0.0")
        try cdn.publish("CdnKit", "1.1.0")
        let codeHost = try Nginx(self, root: project.root + "/code-host", takesUploads: false)
        let code = try TestGitRepository(name: "GitKit", at: project.root + "/GitKit")
        try code.commitVersion("1.0.0")
        let commit = try code.git(["rev-parse", "HEAD"])
        try tool(["git", "clone", "--quiet", "--bare", code.path, codeHost.root + "/GitKit.git"])
        try tool(["git", "--git-dir", codeHost.root + "/GitKit.git", "update-server-info"])
        // A Depsfile's git external source: its spec is read from its own code.
        let external = try TestGitRepository(name: "ExtKit", at: project.root + "/ExtKit")
        try project.write("ExtKit/ExtKit.yaml", "name: ExtKit\nversion: 1.0.0\nsource:\n  git: unused\n  tag: 1.0.0\n")
        try external.commitVersion("1.0.0")
        try tool(["git", "clone", "--quiet", "--bare", external.path, codeHost.root + "/ExtKit.git"])
        try tool(["git", "--git-dir", codeHost.root + "/ExtKit.git", "update-server-info"])
        try tool(["chmod", "-R", "a+rX", codeHost.root])
        let specRepository = try TestGitRepository(name: "Specs", at: project.root + "/specrepo")
        let gitKitSpec = """
            {
              "name": "GitKit",
              "version": "1.0.0",
              "summary": "GitKit for tests",
              "license": {"type": "MIT"},
              "source": {"git": "\(codeHost.url)GitKit.git", "tag": "1.0.0"},
              "source_files": "Sources/**/*.swift"
            }

            """
        try project.write("specrepo/Specs/GitKit/1.0.0/GitKit.podspec.json", gitKitSpec)
        try specRepository.git(["add", "-A"])
        try specRepository.git(["commit", "--quiet", "-m", "GitKit 1.0.0"])
        let specURL = "file://" + specRepository.path
        try project.write("App/Depsfile", "sources:\n  - trunk\n  - \(specURL)\ndependencies:\n  CdnKit: \"1.0.0\"\n  GitKit:\n  ExtKit:\n    git: \(codeHost.url)ExtKit.git\n    tag: 1.0.0\n")
        let trunk = ["DEPS_TRUNK_URL": cdn.url]

        let install = try deps(["install", "--project", project.app], cache: "cache-A", trunk)
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)

        let mirror = project.root + "/mirror"
        let made = try deps(["mirror", mirror, "--all-versions", "--project", project.app], cache: "cache-A", trunk)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("3 specs and 3 packages' code added"), made.stdout)
        XCTAssertTrue(made.stdout.contains("not from a spec repository; their code is mirrored: ExtKit."), made.stdout)
        let cdnKitPath = try RemoteSpecSourceTests.CDN.specPath("CdnKit", "1.0.0")
        let gitKitPath = try RemoteSpecSourceTests.CDN.specPath("GitKit", "1.0.0")
        XCTAssertEqual(
            try project.read("mirror" + cdnKitPath), try tool(["curl", "-sf", cdn.server.baseURL + cdnKitPath]))
        XCTAssertTrue(project.exists("mirror" + (try RemoteSpecSourceTests.CDN.specPath("CdnKit", "1.1.0"))))
        XCTAssertEqual(try project.read("mirror" + gitKitPath), gitKitSpec)
        XCTAssertTrue(project.exists("mirror/CocoaPods-version.yml"))
        XCTAssertEqual(try project.read("mirror" + (try RemoteSpecSourceTests.CDN.indexPath("CdnKit"))), "CdnKit/1.0.0/1.1.0\n")
        XCTAssertTrue(project.exists("mirror/code/git/\(commit).pack"))
        XCTAssertEqual(project.files(under: "mirror/code/archives").count, 1)

        // Incremental: a second run adds nothing and changes nothing.
        let before = try tool(["sh", "-c", "cd \"$0\" && find . -type f -exec sha256sum {} + | sort", mirror])
        let again = try deps(["mirror", mirror, "--project", project.app], cache: "cache-A", trunk)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("0 specs and 0 packages' code added"), again.stdout)
        XCTAssertEqual(try tool(["sh", "-c", "cd \"$0\" && find . -type f -exec sha256sum {} + | sort", mirror]), before)

        // A second project mirrors into the same folder: only what it adds is written.
        try project.write("Second/Depsfile", "sources:\n  - trunk\ndependencies:\n  CdnKit: \"1.1.0\"\n")
        let secondInstall = try deps(["install", "--project", project.root + "/Second"], cache: "cache-A", trunk)
        XCTAssertEqual(secondInstall.status, 0, secondInstall.stderr)
        let secondMirror = try deps(["mirror", mirror, "--project", project.root + "/Second", "--json"], cache: "cache-A", trunk)
        XCTAssertEqual(secondMirror.status, 0, secondMirror.stderr)
        XCTAssertTrue(secondMirror.stdout.contains("\"codeAdded\" : 1"), secondMirror.stdout)
        XCTAssertTrue(secondMirror.stdout.contains("\"specsAdded\" : 0"), secondMirror.stdout)
        XCTAssertEqual(project.files(under: "mirror/code/archives").count, 2)
        XCTAssertEqual(try project.read("mirror" + (try RemoteSpecSourceTests.CDN.indexPath("CdnKit"))), "CdnKit/1.0.0/1.1.0\n")

        // The mirror served by nginx. A project whose Depsfile names it as its source locks its
        // pins while the origins are up.
        let served = try Nginx(self, root: mirror, takesUploads: false)
        try project.write("C/Depsfile", "sources:\n  - \(served.url)\ndependencies:\n  CdnKit: \"1.1.0\"\n  GitKit:\n")
        let named = try deps(["install", "--project", project.root + "/C"], cache: "cache-C", [:])
        XCTAssertEqual(named.status, 0, named.stderr)
        let namedLock = try project.read("C/Depsfile.lock")
        XCTAssertTrue(namedLock.contains(served.url), namedLock)

        // Every origin gone; clones with fresh caches.
        cdn.server.stop()
        codeHost.stop()
        try FileManager.default.moveItem(atPath: specRepository.path, toPath: specRepository.path + "-gone")
        try project.write("B/Depsfile", try project.read("App/Depsfile"))
        try project.write("B/Depsfile.lock", lock)
        let without = try deps(["install", "--project", project.root + "/B"], cache: "cache-none", trunk)
        XCTAssertNotEqual(without.status, 0, without.stdout)

        let clone = try deps(["install", "--project", project.root + "/B"], cache: "cache-B", trunk.merging(["DEPS_MIRROR": served.url]) { $1 })
        XCTAssertEqual(clone.status, 0, clone.stderr)
        XCTAssertEqual(try project.read("B/Depsfile.lock"), lock)
        XCTAssertEqual(try project.read("B/Deps/GitKit/Sources/GitKit/GitKit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(try project.read("B/Deps/ExtKit/Sources/ExtKit/ExtKit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(
            try project.read("B/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"), try project.read("App/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"))

        // The project that names the mirror: its clone takes code from the mirror's code/ alone.
        try project.write("D/Depsfile", try project.read("C/Depsfile"))
        try project.write("D/Depsfile.lock", namedLock)
        let namedClone = try deps(["install", "--project", project.root + "/D"], cache: "cache-D", [:])
        XCTAssertEqual(namedClone.status, 0, namedClone.stderr)
        XCTAssertEqual(try project.read("D/Depsfile.lock"), namedLock)
        XCTAssertEqual(try project.read("D/Deps/GitKit/Sources/GitKit/GitKit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(
            try project.read("D/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"), try project.read("Second/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"))

        // A project moved onto the mirror: its Depsfile's sources become the mirror's URL, its lock
        // is the one its origins gave. Each locked version still holds, so it is kept with its pin
        // (the spec the mirror serves is the one locked, byte for byte), and the code comes from the
        // mirror by that pin: CdnKit stays at 1.0.0 though the mirror has 1.1.0.
        let moved = try project.read("App/Depsfile")
            .replacingOccurrences(of: "  - trunk\n  - \(specURL)\n", with: "  - \(served.url)\n")
        try project.write("E/Depsfile", moved)
        try project.write("E/Depsfile.lock", lock)
        let onMirror = try deps(["install", "--project", project.root + "/E"], cache: "cache-E", [:])
        XCTAssertEqual(onMirror.status, 0, onMirror.stderr)
        let movedLock = try project.read("E/Depsfile.lock")
        XCTAssertTrue(movedLock.contains("SPEC REPOS:\n  \(served.url):\n    - CdnKit\n    - GitKit\n"), movedLock)
        XCTAssertTrue(movedLock.contains("  - CdnKit (1.0.0)\n"), movedLock)
        for section in ["CHECKOUT OPTIONS:", "SOURCE CHECKSUMS:", "SPEC CHECKSUMS:"] {
            XCTAssertEqual(Self.section(section, of: movedLock), Self.section(section, of: lock), section)
        }
        XCTAssertEqual(try project.read("E/Deps/GitKit/Sources/GitKit/GitKit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(
            try project.read("E/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"), try project.read("App/Deps/CdnKit/Sources/CdnKit/CdnKit.swift"))
        XCTAssertEqual(try deps(["check", "--project", project.root + "/E"], cache: "cache-E", [:]).status, 0)
    }

    /// The lines of one section of a lock, from its heading to the blank line that ends it.
    static func section(_ heading: String, of lock: String) -> String? {
        guard let start = lock.range(of: "\n" + heading + "\n") else { return nil }
        let rest = lock[start.lowerBound...].dropFirst()
        return String(rest.prefix { _ in true }.split(separator: "\n\n", maxSplits: 1).first ?? "")
    }
}
