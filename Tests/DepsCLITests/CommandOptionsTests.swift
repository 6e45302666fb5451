import Foundation
import XCTest

/// Each command lists and takes exactly the options it uses: `--verbose` only where unchanged
/// packages could be listed, `--no-color` only where text is coloured, `--project` wherever a
/// project is read. An option added to a shared group shows up here as a command that lists more
/// than its row says.
final class CommandOptionsTests: XCTestCase {
    /// Every command and subcommand, with the long options its `--help` lists (`--help` left out).
    static let table: [(command: [String], options: Set<String>)] = [
        (["init"], ["--project", "--json", "--quiet", "--source"]),
        (["import"], ["--project", "--json", "--quiet", "--dry-run", "--static", "--keep-cocoapods"]),
        (["install"], ["--project", "--json", "--quiet", "--verbose", "--no-color", "--offline", "--jobs",
                       "--dry-run", "--deployment", "--lock-only", "--repo-update"]),
        (["update"], ["--project", "--json", "--quiet", "--verbose", "--no-color", "--offline", "--jobs",
                      "--dry-run", "--lock-only"]),
        (["outdated"], ["--project", "--json", "--quiet", "--no-color", "--include-prerelease", "--ignore-prerelease"]),
        (["check"], ["--project", "--json", "--quiet"]),
        (["deintegrate"], ["--project", "--json", "--quiet"]),
        (["why"], ["--project", "--json", "--quiet"]),
        (["cache", "list"], ["--json", "--quiet"]),
        (["cache", "clean"], ["--json", "--quiet", "--all"]),
        (["repo", "update"], ["--project", "--json", "--quiet"]),
        (["repo", "push"], ["--project", "--json", "--quiet", "--sources", "--allow-warnings"]),
        (["spec", "lint"], ["--project", "--json", "--quiet", "--sources", "--quick"]),
        (["export", "swiftpm"], ["--project", "--json", "--quiet", "--offline", "--jobs", "--output"]),
        (["mirror"], ["--project", "--json", "--quiet", "--all-versions"]),
    ]

    /// The options more than one command takes, each as it would be given.
    static let shared: [String: [String]] = [
        "--project": ["--project", "."], "--json": ["--json"], "--quiet": ["--quiet"], "--verbose": ["--verbose"],
        "--no-color": ["--no-color"], "--offline": ["--offline"], "--jobs": ["--jobs", "2"],
    ]

    /// The long options of the OPTIONS section of `deps <command> --help`: the lines that start
    /// with an option (`  --json`, `  -q, --quiet`), not their wrapped help text.
    func listedOptions(_ command: [String]) throws -> Set<String> {
        let help = DepsInProcess.run(command + ["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        guard let section = help.stdout.components(separatedBy: "\nOPTIONS:\n").last else { return [] }
        var options: Set<String> = []
        for line in section.split(separator: "\n") {
            var rest = Substring(line)
            guard rest.hasPrefix("  "), !rest.hasPrefix("   ") else { continue }
            rest = rest.dropFirst(2)
            if rest.count > 4, rest.hasPrefix("-"), !rest.hasPrefix("--"), rest.dropFirst(2).hasPrefix(", ") { rest = rest.dropFirst(4) }
            guard rest.hasPrefix("--") else { continue }
            options.insert(String(rest.prefix { !$0.isWhitespace && $0 != "," && $0 != "=" }))
        }
        options.subtract(["--help", "--version"])
        return options
    }

    func testEachCommandListsTheOptionsItUses() throws {
        for (command, expected) in Self.table {
            XCTAssertEqual(try listedOptions(command), expected, command.joined(separator: " "))
        }
        // The table covers every command the root lists.
        let root = DepsInProcess.run(["--help"]).stdout
        let subcommands = root.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first?
            .split(separator: "\n").compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil } ?? []
        XCTAssertEqual(Set(subcommands), Set(Self.table.map { $0.command[0] }), root)
    }

    /// An option a command does not list is a usage error (64) that names it, and nothing runs:
    /// the project and the cache are temporary folders that stay empty.
    func testAnOptionACommandDoesNotTakeIsAUsageError() throws {
        let project = try TemporaryProject(self, inProcess: true)
        let cache = project.root + "/cache"
        let required: [String: [String]] = [
            "why": ["Kit"], "cache clean": ["--all"], "repo push": ["file:///nowhere.git", "Kit.yaml"], "spec lint": ["Kit.yaml"],
            "mirror": [project.root + "/mirror"],
        ]
        var refused = 0
        for (command, taken) in Self.table {
            let name = command.joined(separator: " ")
            for (option, given) in Self.shared.sorted(by: { $0.key < $1.key }) where !taken.contains(option) {
                let arguments = command + (required[name] ?? []) + given
                    + (taken.contains("--project") ? ["--project", project.app] : [])
                let outcome = DepsInProcess.run(arguments, environment: ["DEPS_CACHE_DIR": cache])
                XCTAssertEqual(outcome.status, 64, "deps \(arguments.joined(separator: " ")): \(outcome.stdout)\(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains("Unknown option '\(option)'"), outcome.stderr)
                refused += 1
            }
        }
        XCTAssertEqual(refused, 51)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.app), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache))
    }

    /// `--verbose` is gone from the commands that have nothing more to list.
    func testCheckVerboseIsAUsageError() throws {
        let outcome = DepsInProcess.run(["check", "--verbose"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("Unknown option '--verbose'"), outcome.stderr)
        XCTAssertEqual(outcome.stdout, "")
    }
}
