import Foundation
import XCTest

/// Issue-14 classes fixed so far: output that cannot be written, an empty --project, a bad
/// DEPS_LOCK_TIMEOUT, a lock from a newer deps, merge-conflict markers in the Depsfile.
final class HardeningTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish(["SnapKit": ["5.7.1": [:]], "Moya": ["15.0.0": [:]]])
        try project.depsfile(["SnapKit": "", "Moya": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
    }

    func testAReportThatCannotBeWrittenIsAnIOErrorAndAClosedPipeDoesNotKillDeps() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let full = try DepsBinary.run(["/bin/sh", "-c", "\"$0\" install --verbose --project \"$1\" > /dev/full", DepsBinary.url.path, project.app],
                                      executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(full.status, 74, full.stderr)
        XCTAssertEqual(full.stderr, "error: cannot write the output: no space left on device\n")
        // A reader that goes away: deps finishes its work, reports the lost output, and leaves no lock file.
        let pipe = try DepsBinary.run(
            ["/bin/sh", "-c", "\"$0\" install --verbose --project \"$1\" | head -c 3 >/dev/null; sleep 0.2", DepsBinary.url.path, project.app],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(pipe.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/.deps-lock"))
    }

    func testAnEmptyProjectIsAUsageError() throws {
        let outcome = DepsInProcess.run(["install", "--project", ""])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("--project needs a directory"), outcome.stderr)
    }

    func testABadLockTimeoutIsAUsageError() throws {
        for value in ["nan", "-1", "inf", "soon"] {
            let outcome = DepsInProcess.run(["install", "--project", project.app], environment: ["DEPS_LOCK_TIMEOUT": value])
            XCTAssertEqual(outcome.status, 64, value)
            XCTAssertEqual(outcome.stderr, "error: DEPS_LOCK_TIMEOUT must be a number of seconds, 0 or more, not '\(value)'\n")
        }
    }

    func testALockWrittenByANewerDepsIsNotRewrittenByAnOlderOne() throws {
        let lock = try XCTUnwrap(project.lockfile).replacingOccurrences(of: "DEPS: 0.1.0", with: "DEPS: 99.0.0")
        try project.write("App/Depsfile.lock", lock)
        try project.depsfile(["SnapKit": "", "Moya": "", "Alamofire": ""])
        for command in [["install"], ["update", "SnapKit"]] {
            let outcome = try project.deps(command[0], command.count > 1 ? command[1] : "--quiet")
            XCTAssertEqual(outcome.status, 65, command.joined(separator: " "))
            XCTAssertTrue(outcome.stderr.hasPrefix("Depsfile.lock: error: Depsfile.lock was written by deps 99.0.0, newer than this deps (0.1.0)"), outcome.stderr)
            XCTAssertEqual(project.lockfile, lock)
        }
    }

    func testMergeConflictMarkersInTheDepsfileAreNamedAsSuch() throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n<<<<<<< HEAD\n  SnapKit:\n=======\n  Moya:\n>>>>>>> branch\n")
        let before = project.lockfile
        for command in ["install", "check", "outdated"] {
            let outcome = try project.deps(command)
            XCTAssertEqual(outcome.status, 65, command)
            XCTAssertEqual(outcome.stderr, "Depsfile:4: error: merge conflict marker '<<<<<<<'; resolve the conflict in Depsfile, then run `deps install`\n")
        }
        XCTAssertEqual(project.lockfile, before)
    }
}
