import Foundation
import XCTest

/// BEHAVIOUR 11: a team's own spec repository listed before a trunk-shaped CDN gives its pods, all
/// of their versions, even where the CDN has a higher one; a dependency's own `source:` holds.
final class SourceOrderCommandTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    func deps(_ arguments: String..., in folder: String = "App") throws -> DepsBinary.Outcome {
        DepsInProcess.run(
            arguments + ["--project", project.root + "/" + folder],
            environment: ["DEPS_CACHE_DIR": cache, "DEPS_HTTP_BACKOFF": "0.01"])
    }

    /// An organisation's git spec repository holding a patched SDWebImage 5.18.1, its code used in place.
    func orgRepository() throws -> String {
        let repository = try TestGitRepository(name: "OrgSpecs", at: project.root + "/org-specs")
        let code = project.root + "/Code/SDWebImage-5.18.1"
        try project.write("Code/SDWebImage-5.18.1/Sources/SDWebImage/SDWebImage.swift", "public let patched = true\n")
        try project.write("org-specs/SDWebImage/5.18.1.yaml", "name: SDWebImage\nversion: 5.18.1\nsource:\n  path: \(code)\n")
        try repository.git(["add", "-A"])
        try repository.git(["commit", "--quiet", "-m", "[Add] SDWebImage 5.18.1"])
        return "file://" + repository.path
    }

    /// Trunk's shape: SDWebImage up to 5.19.0, and Alamofire, which the organisation does not have.
    func trunk() throws -> RemoteSpecSourceTests.CDN {
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try cdn.publish("SDWebImage", "5.18.0")
        try cdn.publish("SDWebImage", "5.19.0")
        try cdn.publish("Alamofire", "5.9.1")
        return cdn
    }

    func testTheOrganisationsRepositoryListedFirstWinsForItsPodsThoughTrunkHasAHigherVersion() throws {
        let org = try orgRepository(), cdn = try trunk()
        try project.write("App/Depsfile", "sources:\n  - \(org)\n  - \(cdn.url)\ndependencies:\n  SDWebImage: ~> 5.18\n  Alamofire:\n")
        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("Installing SDWebImage (5.18.1)"), install.stdout)
        XCTAssertTrue(install.stdout.contains("Installing Alamofire (5.9.1)"), install.stdout)
        XCTAssertEqual(try project.read("App/Deps/_local/SDWebImage/Sources/SDWebImage/SDWebImage.swift"), "public let patched = true\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  \(org):\n    - SDWebImage\n"), lock)
        XCTAssertTrue(lock.contains("  \(cdn.url):\n    - Alamofire\n"), lock)
    }

    func testADependencysOwnSourceHoldsThoughTrunkIsListedFirst() throws {
        let org = try orgRepository(), cdn = try trunk()
        try project.write("App/Depsfile", """
            sources:
              - \(cdn.url)
            dependencies:
              SDWebImage:
                version: ~> 5.18
                source: \(org)
              Alamofire:

            """)
        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("Installing SDWebImage (5.18.1)"), install.stdout)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("  \(org):\n    - SDWebImage\n"), project.lockfile ?? "")
        let check = try deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        // Without its own source, the lock keeps SDWebImage with the source it came from.
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\n  - \(org)\ndependencies:\n  SDWebImage: ~> 5.18\n  Alamofire:\n")
        let kept = try deps("install")
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertFalse(kept.stdout.contains("SDWebImage 5.19.0"), kept.stdout)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("  \(org):\n    - SDWebImage\n"), project.lockfile ?? "")
    }

    func testABadSourceValueNamesTheLineAndWritesNothing() throws {
        try project.write("App/Depsfile", "sources:\n  - trunk\ndependencies:\n  SDWebImage:\n    version: ~> 5.18\n    source:\n      - a\n")
        let outcome = try deps("install")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Depsfile:7: error: expected a single value for the spec source of SDWebImage"), outcome.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))
    }
}

/// Issue 30 item 5: a directory in CocoaPods' layout, sharded but without `CocoaPods-version.yml`.
final class ShardedDirectoryWithoutVersionFileTests: XCTestCase {
    func testAPackageNotFoundThereNamesTheMissingVersionFile() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("Pods/Specs/d/a/2/Alamofire/5.9.1/Alamofire.podspec.json", """
            {"name": "Alamofire", "version": "5.9.1", "source": {"git": "https://example.com/a.git", "tag": "5.9.1"}}

            """)
        try project.write("App/Depsfile", "sources:\n  - ../Pods\ndependencies:\n  Alamofire: ~> 5.0\n")
        let outcome = try project.deps(["install", "--lock-only"], cache: project.root + "/cache")
        XCTAssertEqual(outcome.status, 1, outcome.stdout)
        XCTAssertEqual(outcome.stderr, """
            Unable to find a specification for Alamofire in sources: ../Pods
            ../Pods looks sharded (Specs/a/b/c/<Name>/...) but has no CocoaPods-version.yml, so deps looked for Specs/Alamofire/; add CocoaPods-version.yml with `prefix_lengths: [1, 1, 1]`.

            """)
        let json = try project.deps(["install", "--lock-only", "--json"], cache: project.root + "/cache")
        XCTAssertTrue(json.stdout.contains("\"notes\" : [\n      \"../Pods looks sharded"), json.stdout)
        // With the file, the same layout is read.
        try project.write("Pods/CocoaPods-version.yml", "---\nprefix_lengths:\n- 1\n- 1\n- 1\n")
        let fixed = try project.deps(["install", "--lock-only"], cache: project.root + "/cache")
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
    }
}
