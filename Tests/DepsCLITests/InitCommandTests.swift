import Foundation
import XCTest

/// `deps init` (BEHAVIOUR 4.5): a starter Depsfile, never over an existing one.
final class InitCommandTests: XCTestCase {
    func testInitWritesAStarterThatReadsBackAndRefusesToOverwrite() throws {
        let project = try TemporaryProject(self, inProcess: true)
        let outcome = try project.deps("init")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "Wrote Depsfile with source trunk; add dependencies, then run deps install.\n")
        let text = try project.read("App/Depsfile")
        XCTAssertTrue(text.contains("sources:\n  - trunk\n"), text)
        XCTAssertTrue(text.hasSuffix("dependencies:\n"), text)
        XCTAssertTrue(text.contains("# The spec repositories to search"), text)

        // A second init refuses, exit 1, and leaves the file alone.
        let again = try project.deps("init", "--source", "../Specs")
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "Depsfile: error: a Depsfile already exists here; deps init never overwrites one\n")
        XCTAssertEqual(try project.read("App/Depsfile"), text)
    }

    func testGivenSourcesAreWrittenSoThatTheyReadBackAsGiven() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish(["Lib": ["1.0.0": [:]]])
        let outcome = try project.deps("init", "--source", "../Specs", "--source", "odd: #name", "--json")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("\"command\" : \"init\""), outcome.stdout)
        XCTAssertTrue(try project.read("App/Depsfile").contains("  - ../Specs\n  - 'odd: #name'\n"))
        // The starter is a valid Depsfile: add a dependency and resolve it from the first source.
        try project.write("App/Depsfile", try project.read("App/Depsfile").replacingOccurrences(of: "  - 'odd: #name'\n", with: "") + "  Lib:\n")
        XCTAssertEqual(try project.deps("install", "--lock-only").status, 0)
    }

    func testBadSourcesAreUsageErrors() throws {
        let project = try TemporaryProject(self, inProcess: true)
        let twice = try project.deps("init", "--source", "a", "--source", "a")
        XCTAssertEqual(twice.status, 64)
        XCTAssertEqual(twice.stderr, "error: the source 'a' is given twice\n")
        XCTAssertEqual(try project.deps("init", "--source", "").status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Depsfile"))
    }
}
