import Foundation
import LoopbackHTTPServer
import XCTest

/// A real CocoaPods project (Nimble-Code-Challenge's Podfile and Podfile.lock, Moya/RxSwift over
/// Alamofire, the RxSwift family, no `source`: trunk) walks in with `deps import`, then installs
/// from a mirror of trunk's CDN on a loopback server (`DEPS_TRUNK_URL`), keeping every version
/// its Podfile.lock locked though newer ones are published, and `deps check` finds it in sync.
final class ImportInstallTests: XCTestCase {
    var project: TemporaryProject!
    var cdn: RemoteSpecSourceTests.CDN!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        cdn = try RemoteSpecSourceTests.CDN(self, project: project)
    }

    /// Runs deps in `App` (or another project folder below the root) with the test's cache and trunk.
    func deps(_ arguments: String..., in folder: String = "App", trunk: String? = nil) throws -> DepsBinary.Outcome {
        var environment = ["DEPS_CACHE_DIR": project.root + "/cache", "DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "2"]
        environment["DEPS_TRUNK_URL"] = trunk ?? cdn.url
        return DepsInProcess.run(arguments + ["--project", project.root + "/" + folder], environment: environment)
    }

    /// Trunk as it stands for this project: each pod at the version the lock holds and at newer
    /// ones every requirement admits, so that only keeping the lock gives the lock's versions.
    func publishTrunk() throws {
        for version in ["5.6.1", "5.6.4", "5.9.1"] { try cdn.publish("Alamofire", version) }
        for version in ["5.0.0", "5.0.1"] { try cdn.publish("Differentiator", version) }
        for version in ["15.0.0", "15.0.3"] {
            try cdn.publish("Moya", version, subspecs: [
                ("Core", ["Alamofire": "~> 5.0"]),
                ("RxSwift", ["Moya/Core": "", "RxSwift": "~> 6.0"]),
            ])
        }
        for version in ["9.5.0", "9.6.1"] { try cdn.publish("Nuke", version) }
        for version in ["6.5.0", "6.6.0"] {
            try cdn.publish("RxSwift", version)
            try cdn.publish("RxRelay", version, dependencies: ["RxSwift": "= \(version)"])
            try cdn.publish("RxCocoa", version, dependencies: ["RxRelay": "= \(version)", "RxSwift": "= \(version)"])
            try cdn.publish("RxBlocking", version, dependencies: ["RxSwift": "= \(version)"])
            try cdn.publish("RxTest", version, dependencies: ["RxSwift": "= \(version)"])
        }
        for version in ["5.0.0", "5.0.2"] {
            try cdn.publish("RxDataSources", version, dependencies: ["Differentiator": "~> 5.0", "RxCocoa": "~> 6.0", "RxSwift": "~> 6.0"])
        }
        for version in ["1.29.2", "1.30.4"] { try cdn.publish("SkeletonView", version) }
        for version in ["5.0.1", "5.6.0"] { try cdn.publish("SnapKit", version) }
    }

    func testAnImportedProjectInstallsFromATrunkMirrorKeepingEveryLockedVersion() throws {
        try publishTrunk()
        let fixture = ImportCommandTests.fixtures + "/Nimble-Code-Challenge"
        let podfileLock = try String(contentsOfFile: fixture + "/Podfile.lock", encoding: .utf8)
        try project.write("App/Podfile", try String(contentsOfFile: fixture + "/Podfile", encoding: .utf8))
        try project.write("App/Podfile.lock", podfileLock)

        let imported = try deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("Pods: 9 dependencies, 13 locked pods (every version kept)\n"), imported.stdout)
        XCTAssertTrue(try project.read("App/Depsfile").hasPrefix("sources:\n  - trunk\n"))

        // In sync right after the import, for the lock alone, as a fresh clone is (BEHAVIOUR 10).
        let importedCheck = try deps("check")
        XCTAssertEqual(importedCheck.status, 0, importedCheck.stdout + importedCheck.stderr)
        XCTAssertTrue(try project.read("App/Depsfile.lock").contains("SPEC CHECKSUMS: {}\n"))
        // And CI's other command agrees: checksums a lock has not recorded yet are not drift for
        // --deployment either (it said "Depsfile.lock would be rewritten by deps install").
        try project.write("Deploy/Depsfile", try project.read("App/Depsfile"))
        try project.write("Deploy/Depsfile.lock", try project.read("App/Depsfile.lock"))
        let deployment = try deps("install", "--deployment", in: "Deploy")
        XCTAssertEqual(deployment.status, 0, deployment.stdout + deployment.stderr)
        XCTAssertEqual(try project.read("Deploy/Depsfile.lock"), try project.read("App/Depsfile.lock"), "--deployment writes no lock")

        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains(
            "Recorded the spec checksums of 12 packages that Depsfile.lock had none for (a lock written by deps import)\n"), install.stdout)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertEqual(
            ImportCommandTests.packages(lock, section: "PACKAGES"), ImportCommandTests.packages(podfileLock, section: "PODS"))
        XCTAssertTrue(lock.contains("  - Alamofire (5.6.1)\n"), lock)
        XCTAssertTrue(lock.contains("  - Moya/RxSwift (15.0.0):\n"), lock)
        XCTAssertTrue(lock.contains("SPEC CHECKSUMS:\n  Alamofire: "), lock)
        // The lock names trunk, not the mirror it was read from.
        XCTAssertTrue(lock.contains("SPEC REPOS:\n  trunk:\n"), lock)
        XCTAssertFalse(lock.contains(cdn.url), lock)
        // The code installed is the locked version's.
        XCTAssertEqual(try project.read("App/Deps/Alamofire/Sources/Alamofire/Alamofire.swift"), "public let version = \"5.6.1\"\n")
        XCTAssertEqual(try project.read("App/Deps/Moya/Sources/Moya/Moya.swift"), "public let version = \"15.0.0\"\n")
        XCTAssertEqual(cdn.count(try RemoteSpecSourceTests.CDN.specPath("Alamofire", "5.6.1")), 1)
        XCTAssertEqual(try project.read("App/Podfile.lock"), podfileLock)

        let check = try deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        try project.write("Clone/Depsfile", try project.read("App/Depsfile"))
        try project.write("Clone/Depsfile.lock", lock)

        // Without the lock, the newest versions the Podfile admits are chosen: the lock is what kept them.
        try FileManager.default.removeItem(atPath: project.app + "/Depsfile.lock")
        let fresh = try deps("install", "--lock-only")
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        let freshLock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(freshLock.contains("  - Alamofire (5.9.1)\n"), freshLock)
        XCTAssertTrue(freshLock.contains("  - Moya/RxSwift (15.0.3):\n"), freshLock)

        // A fresh clone of the imported project installs offline from the cache, the mirror gone.
        cdn.server.stop()
        let offline = try deps("install", "--offline", in: "Clone")
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertEqual(try project.read("Clone/Depsfile.lock"), lock)
        XCTAssertEqual(try project.read("Clone/Deps/Moya/Sources/Moya/Moya.swift"), "public let version = \"15.0.0\"\n")
        XCTAssertEqual(try deps("check", in: "Clone").status, 0)
    }

    func testATrunkMirrorThatIsNotAnHTTPURLIsRefused() throws {
        try project.write("App/Depsfile", "sources:\n  - trunk\ndependencies:\n  Alamofire:\n")
        let outcome = try deps("install", trunk: "/srv/trunk")
        XCTAssertEqual(outcome.status, 64, outcome.stderr)
        XCTAssertEqual(outcome.stderr, "error: DEPS_TRUNK_URL must be an http(s) URL of a CocoaPods CDN, not '/srv/trunk'\n")
        XCTAssertNil(project.lockfile)
    }
}
