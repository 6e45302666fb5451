import Foundation
import LoopbackHTTPServer
import XCTest

/// BEHAVIOUR 11: `deps spec lint` names every problem of each spec in one run, with FILE:LINE.
final class SpecLintCommandTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    var specs: String { project.root + "/Specs" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish(["Alamofire": ["5.9.1": [:]]])
    }

    func lint(_ arguments: String...) throws -> DepsBinary.Outcome {
        DepsInProcess.run(
            ["spec", "lint"] + arguments + ["--project", project.app],
            environment: ["DEPS_CACHE_DIR": cache, "DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "1"])
    }

    /// A library in a git repository tagged 1.0.0, with `Sources/Lib/Lib.swift`.
    func gitLibrary() throws -> String {
        let repository = try TestGitRepository(name: "Lib", at: project.root + "/lib")
        try repository.commitVersion("1.0.0")
        return "file://" + repository.path
    }

    func testEveryProblemOfAYAMLSpecIsNamedWithItsLineInOneRun() throws {
        try project.write("Lib.yaml", """
            name: Lib
            version: 1..2
            homepage: https://example.com
            source:
              git: https://example.com/lib.git
              tag: 1.0
            dependencies:
              Alamofire: ~> abc
              Missing: ~> 1.0
              Alamofire-Old: ~> 9.0
            subspecs:
              - name: Core
              - name: Bad Name
              - dependencies:
                  Lib/Core:

            """)
        let outcome = try lint(project.root + "/Lib.yaml", "--sources", specs, "--quick")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        let file = project.root + "/Lib.yaml"
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "\(file): error: missing required field `summary`",
            "\(file): error: missing required field `license`",
            "\(file):2: error: invalid version '1..2' for Lib",
            "\(file):8: error: invalid requirement '~> abc' for Alamofire",
            "\(file):13: error: invalid subspec name 'Bad Name'",
            "\(file):14: error: a subspec has no `name`",
            "\(file):9: error: dependency Missing (~> 1.0) does not resolve from \(specs)",
            "\(file):10: error: dependency Alamofire-Old (~> 9.0) does not resolve from \(specs)",
            "8 problems in 1 of 1 spec.",
        ], outcome.stdout)
    }

    func testAPodspecJSONsProblemsAreNamedToo() throws {
        try project.write("Kit.podspec.json", """
            {
              "name": "Kit",
              "version": "2.0.0",
              "summary": "A kit",
              "source": {"git": "https://example.com/kit.git", "tag": "2.0.0"},
              "dependencies": {
                "Alamofire": ["~> 5.0", ">= 5..0"],
                "Nothing": []
              },
              "frameworks": ["UIKit"]
            }

            """)
        let outcome = try lint(project.root + "/Kit.podspec.json", "--sources", specs, "--quick", "--json")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let problems = try XCTUnwrap(document?["problems"] as? [[String: Any]])
        XCTAssertEqual(problems.map { "\($0["line"] ?? "-"):\($0["message"] ?? "")" }, [
            "-:missing required field `license`",
            "7:invalid requirement '>= 5..0' for Alamofire",
            "8:dependency Nothing does not resolve from \(specs)",
        ])
        XCTAssertEqual(document?["passed"] as? Bool, false)
    }

    func testASpecWhoseCodeIsThereAndMatchesPasses() throws {
        let url = try gitLibrary()
        try project.write("Lib.yaml", """
            name: Lib
            version: 1.0.0
            summary: A library
            license: MIT
            source:
              git: \(url)
              tag: 1.0.0
            source_files: Sources/Lib/*.swift
            dependencies:
              Alamofire: ~> 5.0

            """)
        let outcome = try lint(project.root + "/Lib.yaml", "--sources", specs)
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertEqual(outcome.stdout, "1 spec passed lint.\n")
    }

    func testWithoutQuickAMissingTagAndAPatternMatchingNothingAreNamed() throws {
        let url = try gitLibrary()
        try project.write("Missing.yaml", """
            name: Lib
            version: 1.1.0
            summary: A library
            license: MIT
            source:
              git: \(url)
              tag: 1.1.0

            """)
        try project.write("Unmatched.yaml", """
            name: Lib
            version: 1.0.0
            summary: A library
            license: MIT
            source:
              git: \(url)
              tag: 1.0.0
            source_files:
              - Sources/Lib/*.swift
              - Classes/**/*.swift

            """)
        let missing = project.root + "/Missing.yaml", unmatched = project.root + "/Unmatched.yaml"
        let outcome = try lint(missing, unmatched, "--sources", specs)
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, outcome.stdout)
        XCTAssertTrue(lines[0].hasPrefix("\(missing):5: error: the source cannot be fetched: Lib: \(url): "), lines[0])
        XCTAssertTrue(lines[0].contains("1.1.0"), lines[0])
        XCTAssertEqual(lines[1], "\(unmatched):8: error: source_files pattern 'Classes/**/*.swift' matches no file of the fetched code")
        XCTAssertEqual(lines[2], "2 problems in 2 of 2 specs.")
        // --quick does not fetch, so neither is a problem then.
        XCTAssertEqual(try lint(missing, unmatched, "--sources", specs, "--quick").status, 0)
    }

    func testAnArchiveWhoseDigestDiffersIsNamed() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Arc/Arc.swift": "let a = 1\n"], topFolder: "Arc-1.0.0", at: project.root + "/arc.tar.gz")
        server.serve("/arc.tar.gz", .body(bytes))
        let wrong = String(repeating: "0", count: 64)
        try project.write("Arc.yaml", """
            name: Arc
            version: 1.0.0
            summary: An archive
            license: MIT
            source:
              http: \(server.baseURL)/arc.tar.gz
              sha256: \(wrong)

            """)
        let outcome = try lint(project.root + "/Arc.yaml", "--sources", specs)
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stdout.hasPrefix("\(project.root)/Arc.yaml:5: error: the source cannot be fetched: Arc: \(server.baseURL)/arc.tar.gz"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains(try sha256Hex(bytes)), outcome.stdout)
    }
}

extension SpecLintCommandTests {
    /// Issue 30: of several specs, one whose archive answers 404 and one whose archive's SHA-256
    /// differs, both are named, not only the last.
    func testEveryFailingArchiveOfSeveralSpecsIsNamed() throws {
        let server = try loopbackServer()
        let bytes = try makeTarGz(["Sources/Arc/Arc.swift": "let a = 1\n"], topFolder: "Arc-1.0.0", at: project.root + "/arc.tar.gz")
        server.serve("/arc.tar.gz", .body(bytes))
        let wrong = String(repeating: "0", count: 64)
        try project.write("Gone.yaml", """
            name: Gone
            version: 1.0.0
            summary: An archive the server lacks
            license: MIT
            source:
              http: \(server.baseURL)/gone.tar.gz
              sha256: \(wrong)

            """)
        try project.write("Arc.yaml", """
            name: Arc
            version: 1.0.0
            summary: An archive
            license: MIT
            source:
              http: \(server.baseURL)/arc.tar.gz
              sha256: \(wrong)

            """)
        let outcome = try lint(project.root + "/Gone.yaml", project.root + "/Arc.yaml", "--sources", specs)
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, outcome.stdout)
        XCTAssertTrue(lines.first?.hasPrefix("\(project.root)/Gone.yaml:5: error: the source cannot be fetched: Gone: \(server.baseURL)/gone.tar.gz") ?? false, outcome.stdout)
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("\(project.root)/Arc.yaml:5: error: the source cannot be fetched: Arc: \(server.baseURL)/arc.tar.gz") ?? false, outcome.stdout)
        XCTAssertEqual(lines.last, "2 problems in 2 of 2 specs.")
    }
}
