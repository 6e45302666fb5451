import Foundation
import LoopbackHTTPServer
@testable import DepsCLI
import XCTest

/// BEHAVIOUR 7: text from files, servers, arguments and the environment reaches the terminal
/// escaped. Every surface below gets a value that would clear the screen, set the terminal's
/// title, ring the bell and forge a line of its own; deps must show it as `\u{1B}`-style escapes
/// and print no control character but its own newlines.
final class EscapingTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    /// The hostile value as a YAML double-quoted scalar's contents.
    let yamlHostile = #"X\e]0;owned\a\e[2J\nforged: line\rY"#
    /// The same value as it is.
    let hostile = "X\u{1B}]0;owned\u{07}\u{1B}[2J\nforged: line\rY"
    /// How deps shows the screen-clearing part of it.
    let shown = #"\u{1B}[2J\u{A}forged: line\u{D}Y"#

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish(["Lib": ["1.0.0": [:]]])
    }

    /// No control character but newline on either stream, no line that the input forged, the value
    /// shown escaped where `shows` asks for it, and a failure status.
    func assertEscaped(
        _ outcome: DepsBinary.Outcome, shows: Bool = true, status: Set<Int32> = [1, 64, 65, 74],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (stream, text) in [("stdout", outcome.stdout), ("stderr", outcome.stderr)] {
            let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }
            XCTAssertEqual(raw.map(\.value), [], "raw control characters on \(stream): \(text.debugDescription)", file: file, line: line)
            XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("forged") }, "a forged line on \(stream): \(text)", file: file, line: line)
        }
        if shows {
            XCTAssertTrue(
                (outcome.stderr + outcome.stdout).contains(shown), "the value is not shown escaped: \(outcome.stderr.debugDescription)",
                file: file, line: line)
        }
        XCTAssertTrue(status.contains(outcome.status), "status \(outcome.status): \(outcome.stderr)", file: file, line: line)
    }

    func testValuesFromTheDepsfile() throws {
        let depsfiles = [
            "sources:\n  - ../Specs\ndependencies:\n  \"\(yamlHostile)\": \"~> 1.0\"\n",
            "sources:\n  - ../Specs\ndependencies:\n  Lib: \"\(yamlHostile)\"\n",
            "sources:\n  - \"\(yamlHostile)\"\ndependencies:\n  Lib:\n",
            "sources:\n  - ../Specs\ndependencies:\n  Lib:\n    path: \"../\(yamlHostile)\"\n",
            "sources:\n  - ../Specs\ndependencies:\n  Lib:\n    git: \"/nowhere/\(yamlHostile)\"\n    tag: \"1.0.0\"\n",
            "sources:\n  - ../Specs\nplatform: \"ios \(yamlHostile)\"\ndependencies:\n  Lib:\n",
            "sources:\n  - ../Specs\n\"\(yamlHostile)\": 1\ndependencies:\n  Lib:\n",
            "sources:\n  - ../Specs\ndependencies:\n  \"\(yamlHostile)\":\n  \"\(yamlHostile)\":\n",
        ]
        for (index, text) in depsfiles.enumerated() {
            try project.write("App/Depsfile", text)
            for command in ["install", "check", "outdated"] {
                // Without a lock, check and outdated answer before reading the Depsfile's values.
                let outcome = try project.deps([command], cache: cache)
                assertEscaped(outcome, shows: command == "install")
                XCTAssertNil(project.lockfile, "Depsfile \(index), \(command)")
            }
        }
        // A spec repository that exists under such a name, named by a resolution failure.
        try FileManager.default.createDirectory(atPath: project.root + "/" + hostile, withIntermediateDirectories: true)
        try project.write("App/Depsfile", "sources:\n  - \"../\(yamlHostile)\"\ndependencies:\n  Lib:\n")
        let missing = try project.deps(["install"], cache: cache)
        assertEscaped(missing, status: [1])
        XCTAssertTrue(missing.stderr.contains("Unable to find a specification for Lib in sources: ../X"), missing.stderr)
    }

    func testValuesFromTheLockfile() throws {
        try project.depsfile(["Lib": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        let good = try XCTUnwrap(project.lockfile)
        let corruptions = [
            good.replacingOccurrences(of: "- Lib (1.0.0)", with: "- \"Lib (\(yamlHostile))\""),
            good.replacingOccurrences(of: "- Lib (1.0.0)", with: "- \"\(yamlHostile) (1.0.0)\""),
            good.replacingOccurrences(of: "DEPS: 0.1.0", with: "DEPS: \"\(yamlHostile)\""),
            good + "\"\(yamlHostile)\": 1\n",
        ]
        for (index, lock) in corruptions.enumerated() {
            XCTAssertNotEqual(lock, good, "corruption \(index) changed nothing")
            try project.write("App/Depsfile.lock", lock)
            for command in ["install", "check", "outdated", "why"] {
                let outcome = try project.deps(command == "why" ? ["why", "Lib"] : [command], cache: cache)
                assertEscaped(outcome)
                XCTAssertEqual(project.lockfile, lock, "lock \(index) changed by \(command)")
            }
        }
    }

    func testValuesFromSpecs() throws {
        let specs = [
            "name: \"\(yamlHostile)\"\nversion: 1.0.0\nsource:\n  path: ../Code/Lib-1.0.0\n",
            "name: Lib\nversion: 1.0.0\nsource:\n  http: \"http://127.0.0.1:9/\(yamlHostile).tar.gz\"\n",
            "name: Lib\nversion: 1.0.0\nsource:\n  git: \"/nowhere/\(yamlHostile)\"\n  tag: \"1.0.0\"\n",
            "name: Lib\nversion: 1.0.0\nsource:\n  path: ../Code/Lib-1.0.0\nsource_files: \"\(yamlHostile)\"\n",
            "name: Lib\nversion: 1.0.0\nsource:\n  path: ../Code/Lib-1.0.0\ndependencies:\n  Other: \"\(yamlHostile)\"\n",
        ]
        try project.depsfile(["Lib": ""])
        for (index, text) in specs.enumerated() {
            try project.write("Specs/Lib/1.0.0.yaml", text)
            let outcome = try project.deps(["install"], cache: cache, environment: ["DEPS_HTTP_ATTEMPTS": "1"])
            assertEscaped(outcome)
            XCTAssertNil(project.lockfile, "spec \(index)")
        }
        // A file name in the repository.
        try project.publish(["Lib": ["1.0.0": [:]]])
        try project.write("Specs/Lib/\(hostile).yaml", "name: Lib\nversion: 1.0.0\n")
        assertEscaped(try project.deps(["install"], cache: cache))
    }

    func testArgumentsAndTheEnvironment() throws {
        try project.depsfile(["Lib": ""])
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        for arguments in [["update", hostile], ["why", hostile], ["cache", "clean", hostile], ["install", "--bogus\(hostile)"]] {
            assertEscaped(try project.deps(arguments, cache: cache), status: [64])
        }
        let missing = DepsInProcess.run(["install", "--project", project.root + "/" + hostile])
        assertEscaped(missing)
        let timeout = try project.deps(["install"], cache: cache, environment: ["DEPS_LOCK_TIMEOUT": hostile])
        assertEscaped(timeout, status: [64])
        // A cache folder named by the environment is shown escaped in the listing.
        let listing = try project.deps(["cache", "list"], cache: project.root + "/" + hostile)
        assertEscaped(listing, status: [0])
    }

    func testJSONStaysValidJSONWhateverTheValuesHold() throws {
        let odd = project.root + "/cache-\u{7F}\u{85}\u{1B}\n"
        let listing = try project.deps(["cache", "list", "--json"], cache: odd)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        assertEscaped(listing, shows: false, status: [0])
        let document = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(document?["root"] as? String, odd, listing.stdout)
    }

    func testAUsageMessageKeepsItsLinesWhenAnArgumentIsANewline() throws {
        let outcome = DepsInProcess.run(["why", "\n"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains(#"invalid package name: \u{A}"#), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("\nUsage: deps why"), outcome.stderr)
    }

    func testArchiveEntryNamesAndServerRepliesAreEscaped() throws {
        let server = try loopbackServer()
        let staging = project.root + "/evil"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try Data("owned\n".utf8).write(to: URL(fileURLWithPath: staging + "/" + hostile))
        let archive = project.root + "/evil.tar.gz"
        try tool(["tar", "-czPf", archive, "--transform", "s,^,../,", "-C", staging, hostile])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        server.serve("/Zip-1.0.0.tar.gz", .body(bytes))
        try project.publishArchive("Zip", "1.0.0", url: server.baseURL + "/Zip-1.0.0.tar.gz", sha256: try sha256Hex(bytes))
        try project.depsfile(["Zip": ""])
        let unsafe = try project.deps(["install"], cache: cache)
        // tar itself shows the entry's name escaped, in its own octal form.
        assertEscaped(unsafe, shows: false, status: [65])
        XCTAssertTrue(unsafe.stderr.contains(#"entry '../X\033]0;owned\a\033[2J\nforged: line\rY' would be written outside its folder"#), unsafe.stderr)

        // A CDN whose index and podspec hold the hostile value.
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try cdn.publish("Pod", "1.0.0")
        cdn.server.serve(try RemoteSpecSourceTests.CDN.indexPath("Pod"), .body(Array("Pod/1.0.0/\(hostile)\n".utf8)))
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Pod:\n")
        // An index line ends at the newline: what comes before it is shown escaped.
        let index = try project.deps(["install", "--lock-only"], cache: cache)
        assertEscaped(index, shows: false, status: [65])
        XCTAssertTrue(index.stderr.contains(#"'X\u{1B}]0;owned\u{7}\u{1B}[2J' is not a version of Pod"#), index.stderr)
        try cdn.publish("Odd", "1.0.0", podspec: "{\"name\": \"Odd\", \"version\": \"1.0.0\", \"source\": {\"http\": \"\(yamlHostile.replacingOccurrences(of: "\\e", with: "\\u001b").replacingOccurrences(of: "\\a", with: "\\u0007"))\"}}")
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Odd:\n")
        assertEscaped(try project.deps(["install"], cache: project.root + "/cache-2", environment: ["DEPS_HTTP_ATTEMPTS": "1"]))
    }

    /// The escaping keeps what is not a control character: other scripts, emoji, quotes.
    func testPrintableTextIsKeptAsItIs() throws {
        let name = "Ünïcødé-Lib"
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Lib: \"~> 1.0 ✓ 'q' \\\"d\\\"\"\n")
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertTrue(outcome.stderr.contains("'~> 1.0 ✓ 'q' \"d\"'"), outcome.stderr)
        try project.write("App/Depsfile", "sources:\n  - ../\(name)\ndependencies:\n  Lib:\n")
        XCTAssertTrue(try project.deps(["install"], cache: cache).stderr.contains(name))
    }
}

/// The last line of defence: whatever reaches `Output` unescaped loses its control characters there.
final class OutputNeutralizationTests: XCTestCase {
    func testControlCharactersAreEscapedAndNewlinesTabsAndColourKept() {
        XCTAssertEqual(Output.neutralized("a\tb\nc", keepingColour: false), "a\tb\nc")
        XCTAssertEqual(Output.neutralized("x\u{1B}[2Jy\u{0}z\r\u{9B}", keepingColour: false), #"x\u{1B}[2Jy\u{0}z\u{D}\u{9B}"#)
        XCTAssertEqual(Output.neutralized("\u{1B}[1;32mok\u{1B}[0m", keepingColour: false), #"\u{1B}[1;32mok\u{1B}[0m"#)
        XCTAssertEqual(Output.neutralized("\u{1B}[1;32mok\u{1B}[0m", keepingColour: true), "\u{1B}[1;32mok\u{1B}[0m")
        // Only colour passes: not erasing, moving the cursor or setting the title.
        XCTAssertEqual(Output.neutralized("\u{1B}[2J\u{1B}[H\u{1B}]0;t\u{7}", keepingColour: true), #"\u{1B}[2J\u{1B}[H\u{1B}]0;t\u{7}"#)
        XCTAssertEqual(Output.neutralized("é ✓ 日本", keepingColour: true), "é ✓ 日本")
    }
}
