import DepsYAML
import Foundation
import XCTest

/// Every value deps writes it can read back (BEHAVIOUR 7): a `path:` external source whose
/// folder name holds a backtick, the lock's quote, or any other odd character installs, and
/// the lock it writes passes `deps check` and `deps install --deployment`.
final class ReadBackTests: XCTestCase {
    /// A project whose Depsfile names `OddKit` at `../<folder>` and SnapKit from the spec repository.
    func project(withPackageIn folder: String) throws -> TemporaryProject {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.write("\(folder)/OddKit.yaml", "name: OddKit\nversion: 1.0.0\ndependencies:\n  SnapKit: \"~> 5.0\"\n")
        try project.write("\(folder)/Sources/OddKit/OddKit.swift", "public let odd = 1\n")
        // Written through deps' YAML emitter, which quotes the path as it needs.
        try project.write("App/Depsfile", YAMLEmitter.emit(.mapping([
            ("sources", .sequence([.scalar("../Specs")])),
            ("dependencies", .mapping([("OddKit", .mapping([("path", .scalar("../" + folder))]))])),
        ])))
        return project
    }

    func assertInstallsAndStaysInSync(_ project: TemporaryProject, file: StaticString = #filePath, line: UInt = #line) throws {
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr, file: file, line: line)
        let lock = try XCTUnwrap(project.lockfile, file: file, line: line)
        let written = project.lockfileModificationDate
        for command in [["check"], ["install", "--deployment"], ["install"], ["why", "SnapKit"]] {
            let outcome = DepsInProcess.run(command + ["--project", project.app])
            XCTAssertEqual(outcome.status, 0, "\(command): \(outcome.stdout)\(outcome.stderr)\n\(lock)", file: file, line: line)
        }
        XCTAssertEqual(project.lockfile, lock, file: file, line: line)
        XCTAssertEqual(project.lockfileModificationDate, written, "the lock was rewritten", file: file, line: line)
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), lock, file: file, line: line)
    }

    func testAPathHoldingABacktickInstallsAndTheLockPassesCheckAndDeployment() throws {
        let project = try project(withPackageIn: "odd`name) (x")
        try assertInstallsAndStaysInSync(project)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("\nDEPENDENCIES:\n  - OddKit (from `` ../odd`name) (x ``)\n"), lock)
        XCTAssertTrue(lock.contains("\nEXTERNAL SOURCES:\n  OddKit:\n    path: ../odd`name) (x\n"), lock)
    }

    func testAPathHoldingQuotesLineBreaksAnEscapeAndTrailingSpacesInstalls() throws {
        let project = try project(withPackageIn: "``q\"uo'te, ~> 1.0 \u{1B}[0m\tü\nline # ")
        try assertInstallsAndStaysInSync(project)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - \"OddKit (from ``` ../``q\\\"uo'te, ~> 1.0 \\e[0m\\tü\\nline #  ```)\"\n"), lock)
    }

    func testAPathHoldingANULIsRefusedAndNothingIsWritten() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  SnapKit:\n  OddKit:\n    path: \"../odd\\0name\"\n")
        for command in [["install"], ["update"], ["install", "--lock-only"]] {
            let outcome = DepsInProcess.run(command + ["--project", project.app])
            XCTAssertEqual(outcome.status, 65, "\(command)")
            XCTAssertEqual(outcome.stderr, "Depsfile:6: error: the path of OddKit cannot hold a NUL character: '../odd\\u{0}name'\n")
            XCTAssertNil(project.lockfile)
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"))
        }
    }
}
