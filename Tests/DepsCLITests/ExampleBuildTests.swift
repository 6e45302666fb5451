import Foundation
import XCTest

/// BEHAVIOUR 8.4, end to end: deps installs the Hello example's packages from the embedded
/// Specs/, writes Deps/Package.swift, and SwiftPM builds and runs the example with it.
final class ExampleBuildTests: XCTestCase {
    func swift(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let log = directory + "/swift-output.txt"
        defer { try? FileManager.default.removeItem(atPath: log) }
        return try runLogged(["swift"] + arguments, in: directory, environment: ProcessInfo.processInfo.environment, log: log)
    }

    /// The `.target(...)` block of each target in a Deps/Package.swift, by name.
    func targetBlocks(_ manifest: String) -> [String: String] {
        var blocks: [String: String] = [:]
        for block in manifest.components(separatedBy: "        .target(\n").dropFirst() {
            let name = block.split(separator: "\"")[1]
            blocks[String(name)] = block
        }
        return blocks
    }

    func testTheHelloExampleBuildsAndRunsWithWhatDepsInstalled() throws {
        let scratch = try GeneralCommandTests.copyOfTheRepository(["Examples/Hello", "Specs"], in: self)
        let project = scratch + "/Examples/Hello"
        let environment = ["DEPS_CACHE_DIR": scratch + "/cache"]
        try? FileManager.default.removeItem(atPath: project + "/Depsfile.lock")
        let install = try DepsBinary.run(["install", "--project", project], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)

        let build = try swift(["build", "--scratch-path", scratch + "/build"], in: project)
        XCTAssertEqual(build.status, 0, build.output)
        XCTAssertFalse(build.output.contains("warning:"), build.output)
        let run = try tool([scratch + "/build/debug/hello"])
        XCTAssertEqual(run, "+-------------------+\n| Hello, Deps User! |\n+-------------------+")

        // A no-op install leaves Deps/Package.swift's bytes and modification time alone.
        let manifestPath = project + "/Deps/Package.swift"
        let before = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let stamp = try FileManager.default.attributesOfItem(atPath: manifestPath)[.modificationDate] as? Date
        XCTAssertEqual(try DepsBinary.run(["install", "--project", project], environment: environment).status, 0)
        XCTAssertEqual(try String(contentsOfFile: manifestPath, encoding: .utf8), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: manifestPath)[.modificationDate] as? Date, stamp)

        // Hold TextCase at 1.0.0 (the lock pins it at 1.1.0, so it moves with deps update): only its
        // target may change; the others stay byte for byte.
        let depsfile = try String(contentsOfFile: project + "/Depsfile", encoding: .utf8)
        try Data((depsfile + "  TextCase: 1.0.0\n").utf8).write(to: URL(fileURLWithPath: project + "/Depsfile"))
        let change = try DepsBinary.run(["update", "TextCase", "--project", project], environment: environment)
        XCTAssertEqual(change.status, 0, change.stderr)
        XCTAssertEqual(change.stdout, "Updating TextCase 1.1.0 -> 1.0.0\n3 dependencies from the Depsfile, 3 total packages locked.\n")
        // 1.1.0 added pascalCased; the sandbox now holds 1.0.0's code.
        XCTAssertFalse(try String(contentsOfFile: project + "/Deps/TextCase/Sources/TextCase/TextCase.swift", encoding: .utf8)
            .contains("pascalCased"))
        let after = targetBlocks(try String(contentsOfFile: manifestPath, encoding: .utf8))
        let old = targetBlocks(before)
        XCTAssertEqual(Set(after.keys), ["Banner", "Greeting", "TextCase"])
        XCTAssertEqual(after["Banner"], old["Banner"])
        XCTAssertEqual(after["Greeting"], old["Greeting"])
        let rebuilt = try swift(["build", "--scratch-path", scratch + "/build"], in: project)
        XCTAssertEqual(rebuilt.status, 0, rebuilt.output)
        XCTAssertEqual(try tool([scratch + "/build/debug/hello"]), run)
    }
}
