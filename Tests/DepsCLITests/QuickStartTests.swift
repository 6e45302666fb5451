import Foundation
import XCTest

/// The README's quick start, run as it is written, in a fresh home folder: its `sh` blocks are the
/// commands, its `$ command` blocks the outputs it promises. The one step left out is building
/// and installing deps: the `deps` on the PATH is the binary these tests run.
final class QuickStartTests: XCTestCase {
    struct Transcript {
        let command: String
        let output: String
    }

    /// The fenced blocks of the README's "Quick start" section, as a script and the transcripts
    /// whose output it saves (in `$transcripts/N`).
    static func quickStart(_ readme: String) throws -> (script: String, transcripts: [Transcript]) {
        let start = try XCTUnwrap(readme.range(of: "\n## Quick start\n"), "the README has no Quick start section")
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var script = ["set -eu"]
        var transcripts: [Transcript] = []
        var block: [Substring]?
        var language = ""
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("```") else {
                block?.append(line)
                continue
            }
            guard let lines = block else {
                block = []
                language = String(line.dropFirst(3))
                continue
            }
            block = nil
            if language == "sh" {
                // Building and installing deps is the one step the test does not take.
                script += lines.filter { !$0.contains("swift build -c release") }.map(String.init)
            } else if let first = lines.first, first.hasPrefix("$ ") {
                let command = String(first.dropFirst(2))
                script.append("\(command) > \"$transcripts/\(transcripts.count)\"")
                transcripts.append(Transcript(command: command, output: lines.dropFirst().joined(separator: "\n") + "\n"))
            }
        }
        XCTAssertNil(block, "a fenced block of the quick start is not closed")
        return (script.joined(separator: "\n") + "\n", transcripts)
    }

    func testTheReadmesQuickStartEndsWithARunningApp() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let (script, transcripts) = try Self.quickStart(try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8))
        XCTAssertEqual(transcripts.map(\.command), ["deps install", "swift run"])

        let scratch = NSTemporaryDirectory() + "deps-quick-start-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: scratch) }
        let manager = FileManager.default
        for folder in ["deps", "bin", "home", "transcripts"] {
            try manager.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
        }
        // A clone of deps: the quick start reads its Specs/.
        try manager.copyItem(atPath: repository.path + "/Specs", toPath: scratch + "/deps/Specs")
        try manager.createSymbolicLink(atPath: scratch + "/bin/deps", withDestinationPath: DepsBinary.url.path)
        try Data(script.utf8).write(to: URL(fileURLWithPath: scratch + "/quick-start.sh"))

        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name.hasPrefix("DEPS_") || name.hasPrefix("XDG_") || name == "NO_COLOR" {
            environment[name] = nil
        }
        environment["HOME"] = scratch + "/home"
        environment["PATH"] = scratch + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["transcripts"] = scratch + "/transcripts"
        let (status, said) = try runLogged(
            ["bash", scratch + "/quick-start.sh"], in: scratch + "/deps", environment: environment, log: scratch + "/log.txt")
        XCTAssertEqual(status, 0, script + said)

        for (index, transcript) in transcripts.enumerated() {
            let output = (try? String(contentsOfFile: scratch + "/transcripts/\(index)", encoding: .utf8)) ?? ""
            XCTAssertEqual(output, transcript.output, transcript.command)
        }
        // The app's own lock pins what the README shows being installed.
        let lock = try String(contentsOfFile: scratch + "/Hi/Depsfile.lock", encoding: .utf8)
        XCTAssertTrue(lock.contains("  - Greeting (1.0.0):\n    - TextCase (~> 1.0)\n  - TextCase (1.1.0)\n"), lock)
    }
}
