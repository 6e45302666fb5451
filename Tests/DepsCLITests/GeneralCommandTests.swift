import Foundation
import XCTest

/// What every command shares: help, version, usage errors, colour, the example project.
final class GeneralCommandTests: XCTestCase {
    func testVersionAndHelp() throws {
        let version = try DepsBinary.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "0.1.0\n")
        let help = try DepsBinary.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["install", "update", "outdated"] {
            XCTAssertTrue(help.stdout.contains(command), help.stdout)
        }
        let installHelp = try DepsBinary.run(["install", "--help"])
        for option in ["--project", "--json", "--verbose", "--quiet", "--no-color", "--dry-run"] {
            XCTAssertTrue(installHelp.stdout.contains(option), option)
        }
    }

    func testUnknownFlagsAndBadArgumentsAreUsageErrors() throws {
        XCTAssertEqual(try DepsBinary.run(["install", "--frobnicate"]).status, 64)
        XCTAssertEqual(try DepsBinary.run(["install", "--verbose", "--quiet"]).status, 64)
        let badName = try DepsBinary.run(["update", "../etc"])
        XCTAssertEqual(badName.status, 64)
        XCTAssertTrue(badName.stderr.contains("invalid package name: ../etc"), badName.stderr)
    }

    func testShellCompletionsAreGenerated() throws {
        let outcome = try DepsBinary.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stdout.contains("_deps"), outcome.stdout)
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() throws {
        let project = try TemporaryProject(self)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.depsfile(["SnapKit": ""])
        // Output to a pipe is never coloured.
        let piped = try DepsBinary.run(["install", "--project", project.app, "--dry-run"])
        XCTAssertFalse(piped.stdout.contains("\u{1B}["), piped.stdout)

        // On a terminal (a pseudo-terminal made by script(1)) it is, unless told otherwise.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        func onATerminal(_ flags: String, environment: [String: String] = [:]) throws -> String {
            let command = "\(DepsBinary.url.path) install --project \(project.app) --dry-run \(flags)"
            let outcome = try DepsBinary.run(
                ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"), environment: environment)
            XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
            return outcome.stdout
        }
        XCTAssertTrue(try onATerminal("").contains("Installing \u{1B}[32mSnapKit\u{1B}[0m (5.7.1)"))
        XCTAssertFalse(try onATerminal("--no-color").contains("\u{1B}["))
        XCTAssertFalse(try onATerminal("", environment: ["NO_COLOR": "1"]).contains("\u{1B}["))
    }

    func testAMissingProjectIsAnIOError() throws {
        let outcome = try DepsBinary.run(["install", "--project", "/nonexistent/deps-project"])
        XCTAssertEqual(outcome.status, 74)
        XCTAssertTrue(outcome.stderr.hasPrefix("Depsfile: error: no Depsfile in /nonexistent/deps-project"), outcome.stderr)
    }

    /// The README's first command: install the example app on the embedded Specs/.
    func testTheExampleProjectInstallsOnTheEmbeddedSpecs() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratch = NSTemporaryDirectory() + "deps-example-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/Examples", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repository.path + "/Examples/App", toPath: scratch + "/Examples/App")
        try FileManager.default.copyItem(atPath: repository.path + "/Specs", toPath: scratch + "/Specs")
        try? FileManager.default.removeItem(atPath: scratch + "/Examples/App/Depsfile.lock")
        let first = try DepsBinary.run(["install", "--project", scratch + "/Examples/App"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Installing "), first.stdout)
        XCTAssertTrue(first.stdout.contains("from the Depsfile"), first.stdout)
        let check = try DepsBinary.run(["install", "--project", scratch + "/Examples/App"])
        XCTAssertEqual(check.status, 0)
        XCTAssertFalse(check.stdout.contains("Installing"), check.stdout)
    }
}
