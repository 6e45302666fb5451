import Foundation
import XCTest

/// What every command shares: help, version, usage errors, colour, the example project.
final class GeneralCommandTests: XCTestCase {
    func testVersionAndHelp() throws {
        let version = DepsInProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "0.1.0\n")
        let help = DepsInProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["install", "update", "outdated"] {
            XCTAssertTrue(help.stdout.contains(command), help.stdout)
        }
        let installHelp = DepsInProcess.run(["install", "--help"])
        for option in ["--project", "--json", "--verbose", "--quiet", "--no-color", "--dry-run"] {
            XCTAssertTrue(installHelp.stdout.contains(option), option)
        }
    }

    func testUnknownFlagsAndBadArgumentsAreUsageErrors() throws {
        XCTAssertEqual(DepsInProcess.run(["install", "--frobnicate"]).status, 64)
        XCTAssertEqual(DepsInProcess.run(["install", "--verbose", "--quiet"]).status, 64)
        let badName = DepsInProcess.run(["update", "../etc"])
        XCTAssertEqual(badName.status, 64)
        XCTAssertTrue(badName.stderr.contains("invalid package name: ../etc"), badName.stderr)
    }

    func testShellCompletionsAreGenerated() throws {
        let outcome = DepsInProcess.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stdout.contains("_deps"), outcome.stdout)
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.depsfile(["SnapKit": ""])
        // Output to a pipe is never coloured.
        let piped = DepsInProcess.run(["install", "--project", project.app, "--dry-run"])
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
        let outcome = DepsInProcess.run(["install", "--project", "/nonexistent/deps-project"])
        XCTAssertEqual(outcome.status, 74)
        XCTAssertTrue(outcome.stderr.hasPrefix("Depsfile: error: no Depsfile in /nonexistent/deps-project"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("`deps init` writes one"), outcome.stderr)
    }

    /// A misspelt command is a usage error that names the command meant; a word close to none
    /// gets no guess.
    func testAMisspeltCommandSuggestsTheOneMeant() throws {
        let misspelt = DepsInProcess.run(["instal"])
        XCTAssertEqual(misspelt.status, 64)
        XCTAssertTrue(misspelt.stderr.hasSuffix("Did you mean 'install'?\n"), misspelt.stderr)
        XCTAssertTrue(DepsInProcess.run(["outdate", "--json"]).stderr.contains("Did you mean 'outdated'?"))
        let unrelated = DepsInProcess.run(["xyzzy"])
        XCTAssertEqual(unrelated.status, 64)
        XCTAssertFalse(unrelated.stderr.contains("Did you mean"), unrelated.stderr)
    }

    /// The Alamofire-style example resolves on the embedded Specs/ with --lock-only (its code is on GitHub).
    func testTheAlamofireExampleResolvesWithLockOnly() throws {
        let scratch = try Self.copyOfTheRepository(["Examples/App", "Specs"], in: self)
        try? FileManager.default.removeItem(atPath: scratch + "/Examples/App/Depsfile.lock")
        let first = DepsInProcess.run(["install", "--lock-only", "--project", scratch + "/Examples/App"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Locking Alamofire (5.7.1)"), first.stdout)
        XCTAssertTrue(first.stdout.contains("from the Depsfile"), first.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/Examples/App/Deps"))
        let again = DepsInProcess.run(["install", "--lock-only", "--project", scratch + "/Examples/App"])
        XCTAssertEqual(again.status, 0)
        XCTAssertFalse(again.stdout.contains("Locking"), again.stdout)
    }

    /// The README's first command: install the Hello example, whose code ships in Specs/_code, offline.
    func testTheHelloExampleInstallsItsCodeFromTheEmbeddedSpecs() throws {
        let scratch = try Self.copyOfTheRepository(["Examples/Hello", "Specs"], in: self)
        let project = scratch + "/Examples/Hello"
        try? FileManager.default.removeItem(atPath: project + "/Depsfile.lock")
        let cache = scratch + "/cache"
        let first = DepsInProcess.run(["install", "--project", project], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, """
            Installing Banner (1.0.0)
            Installing Greeting (1.0.0)
            Installing TextCase (1.1.0)
            2 dependencies from the Depsfile, 3 total packages locked.

            """)
        for file in ["Banner/Sources/Banner/Banner.swift", "Greeting/Sources/Greeting/Greeting.swift", "TextCase/Sources/TextCase/TextCase.swift"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: project + "/Deps/" + file), file)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: project + "/Deps/TextCase/.git"))
        let lock = try String(contentsOfFile: project + "/Depsfile.lock", encoding: .utf8)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Greeting:\n    commit: "), lock)
        XCTAssertTrue(lock.contains("SOURCE CHECKSUMS:\n  Banner: "), lock)
        XCTAssertEqual(try String(contentsOfFile: project + "/Deps/Manifest.lock", encoding: .utf8), lock)
        let again = DepsInProcess.run(["install", "--verbose", "--project", project], environment: ["DEPS_CACHE_DIR": cache])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("Installing"), again.stdout)
        XCTAssertTrue(again.stdout.contains("Using TextCase (1.1.0)"), again.stdout)
    }

    /// The Hello example commits its lock, as the README tells users to: it is in sync with the
    /// Depsfile and the embedded specs, and an install keeps it byte for byte.
    func testTheHelloExamplesCommittedLockIsInSyncAndKept() throws {
        let scratch = try Self.copyOfTheRepository(["Examples/Hello", "Specs"], in: self)
        let project = scratch + "/Examples/Hello"
        let committed = try String(contentsOfFile: project + "/Depsfile.lock", encoding: .utf8)
        let environment = ["DEPS_CACHE_DIR": scratch + "/cache"]
        let check = DepsInProcess.run(["check", "--project", project], environment: environment)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let install = DepsInProcess.run(["install", "--project", project], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try String(contentsOfFile: project + "/Depsfile.lock", encoding: .utf8), committed)
        XCTAssertEqual(DepsInProcess.run(["check", "--project", project], environment: environment).status, 0)
    }

    /// A project whose Package.swift does not build with Deps/ yet is told, after its install, the
    /// lines to add and to ignore Deps/ in git; one that uses it, or has none, is told nothing.
    func testAnInstallSaysWhatAPackageSwiftWithoutDepsShouldAdd() throws {
        let scratch = try Self.copyOfTheRepository(["Examples/Hello", "Specs"], in: self)
        let project = scratch + "/Examples/Hello"
        let environment = ["DEPS_CACHE_DIR": scratch + "/cache"]
        let manifest = project + "/Package.swift"
        let using = try String(contentsOfFile: manifest, encoding: .utf8)
        try Data("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Hello", targets: [.executableTarget(name: "hello")])

            """.utf8).write(to: URL(fileURLWithPath: manifest))
        let told = DepsInProcess.run(["install", "--project", project], environment: environment)
        XCTAssertEqual(told.status, 0, told.stderr)
        XCTAssertTrue(told.stdout.hasSuffix("""
            2 dependencies from the Depsfile, 3 total packages locked.

            Package.swift does not use Deps/ yet. Add to its `dependencies:`
                .package(path: "Deps"),
            and to the `dependencies:` of each target that uses them:
                .product(name: "Greeting", package: "Deps"),
                .product(name: "Banner", package: "Deps"),
            deps install rebuilds Deps/ from Depsfile.lock: commit the lock and add `Deps/` to .gitignore.

            """), told.stdout)
        XCTAssertFalse(DepsInProcess.run(["install", "--json", "--project", project], environment: environment).stdout.contains("Package.swift"))

        try Data(using.replacingOccurrences(of: "path: \"Deps\"", with: "path:  \"./Deps/\"").utf8).write(to: URL(fileURLWithPath: manifest))
        let quiet = DepsInProcess.run(["install", "--project", project], environment: environment)
        XCTAssertFalse(quiet.stdout.contains("Package.swift"), quiet.stdout)
        try FileManager.default.removeItem(atPath: manifest)
        XCTAssertFalse(DepsInProcess.run(["install", "--project", project], environment: environment).stdout.contains("Package.swift"))
    }

    /// Copies parts of the repository into a fresh scratch folder, removed at teardown.
    static func copyOfTheRepository(_ parts: [String], in test: XCTestCase) throws -> String {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratch = NSTemporaryDirectory() + "deps-example-" + UUID().uuidString
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: scratch) }
        for part in parts {
            let target = scratch + "/" + part
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repository.path + "/" + part, toPath: target)
        }
        try? FileManager.default.removeItem(atPath: scratch + "/Examples/Hello/Deps")
        return scratch
    }
}
