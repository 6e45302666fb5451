import Foundation
import XCTest

/// `deps check` and `deps install --deployment` (BEHAVIOUR 4.4): each kind of drift, its line,
/// its exit status, and files left as they were.
final class CheckCommandTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["4.9.1": [:], "5.9.1": [:]],
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "SnapKit": ["5.7.1": [:]],
        ])
        try project.depsfile(["Moya": "~> 15.0", "SnapKit": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
    }

    /// Runs `deps check` and `deps install --deployment`; both must agree, print the same
    /// problem lines, and change no file.
    func assertOutOfSync(_ expectedLines: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 1, check.stderr, file: file, line: line)
        let lines = check.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.dropLast()), expectedLines, file: file, line: line)
        XCTAssertTrue(lines.last?.hasPrefix("Depsfile.lock is out of sync") ?? false, check.stdout, file: file, line: line)
        let deployment = try project.deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 1, file: file, line: line)
        XCTAssertEqual(deployment.stdout, check.stdout, file: file, line: line)
        XCTAssertEqual(try snapshot(), before, "no file changed", file: file, line: line)
    }

    /// Every file of the project and the repository, with its bytes and modification time.
    func snapshot() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: project.root)!
        while let path = enumerator.nextObject() as? String {
            let full = project.root + "/" + path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let date = try FileManager.default.attributesOfItem(atPath: full)[.modificationDate] as! Date
            files[path] = try String(contentsOfFile: full, encoding: .utf8) + "@\(date.timeIntervalSince1970)"
        }
        return files
    }

    func testInSync() throws {
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stdout, "Depsfile.lock is in sync with the Depsfile.\n")
        let deployment = try project.deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 0)
        XCTAssertEqual(deployment.stdout, "2 dependencies from the Depsfile, 3 total packages locked.\n")
    }

    func testAddedRemovedAndChangedDependencies() throws {
        try project.depsfile(["Moya": "~> 14.0", "Alamofire": ""])
        try assertOutOfSync([
            "A Alamofire",
            "R SnapKit",
            "M Moya",
            "Moya 15.0.0 (locked) does not satisfy the Depsfile: Moya ~> 14.0",
            "Depsfile: its SHA-256 differs from DEPSFILE CHECKSUM",
        ])
    }

    func testAnOrphanLeftInTheLock() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "  - SnapKit\n\nSPEC REPOS", with: "\nSPEC REPOS"))
        try project.depsfile(["Moya": "~> 15.0"])
        let edited = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", edited.replacingOccurrences(
            of: try XCTUnwrap(edited.split(separator: "\n").first { $0.hasPrefix("DEPSFILE CHECKSUM") }).description,
            with: "DEPSFILE CHECKSUM: " + (try project.sha256("App/Depsfile"))))
        try assertOutOfSync(["SnapKit 5.7.1 is locked but nothing depends on it"])
    }

    func testARequirementRespeltWithTheSameMeaningIsNotDriftButTheChecksumIs() throws {
        try project.depsfile(["Moya": ">= 15, ~> 15.0", "SnapKit": ""])
        try assertOutOfSync(["Depsfile: its SHA-256 differs from DEPSFILE CHECKSUM"])
    }

    func testALockedVersionMissingFromItsSource() throws {
        try FileManager.default.removeItem(atPath: project.root + "/Specs/Alamofire/5.9.1.yaml")
        try assertOutOfSync(["Alamofire 5.9.1 is no longer in ../Specs"])
    }

    func testASpecWhoseBytesChanged() throws {
        try project.write("Specs/SnapKit/5.7.1.yaml", try project.read("Specs/SnapKit/5.7.1.yaml") + "license: MIT\n")
        try assertOutOfSync(["SnapKit 5.7.1: the spec's SHA-256 differs from SPEC CHECKSUMS"])
    }

    func testAPinThatNoLongerSatisfiesARequirementInTheLock() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "  - Alamofire (5.9.1)\n", with: "  - Alamofire (4.9.1)\n"))
        try assertOutOfSync([
            "Alamofire 4.9.1 (locked) does not satisfy Moya 15.0.0: Alamofire ~> 5.0",
            "Alamofire 4.9.1: the spec's SHA-256 differs from SPEC CHECKSUMS",
        ])
    }

    func testADependencyMissingFromPackages() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "  - Alamofire (5.9.1)\n", with: ""))
        try assertOutOfSync(["Alamofire is needed by Moya 15.0.0 but Depsfile.lock does not list it"])
    }

    func testADifferentDepsLineAloneIsNotDrift() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "DEPS: 0.1.0", with: "DEPS: 0.0.9"))
        XCTAssertEqual(try project.deps("check").status, 0)
        let deployment = try project.deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 0, deployment.stdout)
        XCTAssertTrue(project.lockfile!.contains("DEPS: 0.0.9"), "deployment never writes")
    }

    func testMergeConflictMarkersAreNamedWithTheirLine() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(
            of: "  - SnapKit (5.7.1)\n", with: "<<<<<<< HEAD\n  - SnapKit (5.7.1)\n=======\n  - SnapKit (5.7.0)\n>>>>>>> branch\n"))
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 65)
        XCTAssertTrue(check.stderr.hasPrefix("Depsfile.lock:5: error: merge conflict marker '<<<<<<<'"), check.stderr)
        XCTAssertTrue(check.stderr.contains("run `deps install`"), check.stderr)
    }

    func testNoLockfile() throws {
        try FileManager.default.removeItem(atPath: project.app + "/Depsfile.lock")
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, "No Depsfile.lock; run `deps install` first.\n")
        XCTAssertNil(project.lockfile)
    }

    func testJSONListsTheProblems() throws {
        try project.depsfile(["Moya": "~> 15.0", "SnapKit": "", "Alamofire": ""])
        let outcome = try project.deps("check", "--json")
        XCTAssertEqual(outcome.status, 1)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(document["inSync"] as? Bool, false)
        let problems = document["problems"] as! [[String: Any]]
        XCTAssertEqual(problems.map { $0["code"] as! String }, ["A", "depsfile-checksum"])
        XCTAssertEqual(problems.first?["name"] as? String, "Alamofire")
        XCTAssertEqual(problems.first?["message"] as? String, "A Alamofire")
    }

    func testJSONGivesEachProblemsValues() throws {
        let lock = try XCTUnwrap(project.lockfile)
        try project.write("App/Depsfile.lock", lock.replacingOccurrences(of: "  - Alamofire (5.9.1)\n", with: "  - Alamofire (4.9.1)\n"))
        for command in [["check"], ["install", "--deployment"]] {
            let outcome = DepsInProcess.run(command + ["--json", "--project", project.app])
            XCTAssertEqual(outcome.status, 1, outcome.stderr)
            let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let problems = try XCTUnwrap(document["problems"] as? [[String: Any]])
            XCTAssertEqual(problems.map { $0["code"] as? String }, ["unsatisfied", "spec-checksum"])
            let unsatisfied = problems[0]
            XCTAssertEqual(unsatisfied["name"] as? String, "Alamofire")
            XCTAssertEqual(unsatisfied["version"] as? String, "4.9.1")
            XCTAssertEqual(unsatisfied["requirement"] as? String, "~> 5.0")
            XCTAssertEqual(unsatisfied["requiredBy"] as? [String: String], ["name": "Moya", "version": "15.0.0"])
            XCTAssertEqual(unsatisfied["message"] as? String, "Alamofire 4.9.1 (locked) does not satisfy Moya 15.0.0: Alamofire ~> 5.0")
            XCTAssertEqual(problems[1]["version"] as? String, "4.9.1")
        }
    }

    func testALaterSourceCannotShadowThePackageTheLockRecorded() throws {
        // A second repository listed first gains a package of the same name with a higher version.
        try project.write("Shadow/Alamofire/99.0.0.yaml", "name: Alamofire\nversion: 99.0.0\n")
        try project.write("App/Depsfile", "sources:\n  - ../Shadow\n  - ../Specs\ndependencies:\n  Moya: \"~> 15.0\"\n  SnapKit:\n")
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertFalse(install.stdout.contains("99.0.0"), install.stdout)
        XCTAssertTrue(project.lockfile!.contains("  - Alamofire (5.9.1)\n"))
        XCTAssertTrue(project.lockfile!.contains("  ../Specs:\n    - Alamofire\n"), project.lockfile!)
        XCTAssertEqual(try project.deps("update", "Alamofire").stdout.contains("99.0.0"), false)
    }
}
