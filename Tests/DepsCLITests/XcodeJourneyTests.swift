import Foundation
import LoopbackHTTPServer
import IndependentProjectReader
import XCTest

/// The CocoaPods migrant's journey (BEHAVIOUR 15) on a real app: Simplenote's Podfile, Podfile.lock,
/// Xcode project and workspace, all from one commit. `deps import` writes `xcode:` and takes
/// CocoaPods out; `deps install` wires every target's packages from `Deps/` into the project,
/// which an independent reader (PyPI's openstep_parser) accepts; a second install leaves it
/// alone; `deps check` and `--deployment` see a project out of step; `deps deintegrate` undoes it.
final class XcodeJourneyTests: XCTestCase {
    var project: TemporaryProject!
    var cdn: RemoteSpecSourceTests.CDN!

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        cdn = try RemoteSpecSourceTests.CDN(self, project: project)
    }

    func deps(_ arguments: String...) throws -> DepsBinary.Outcome {
        let environment = ["DEPS_CACHE_DIR": project.root + "/cache", "DEPS_HTTP_BACKOFF": "0.01", "DEPS_HTTP_ATTEMPTS": "2", "DEPS_TRUNK_URL": cdn.url]
        return DepsInProcess.run(arguments + ["--project", project.app], environment: environment)
    }

    /// Trunk as Simplenote's Podfile.lock locked it.
    func publishTrunk() throws {
        try cdn.publish("AppCenter", "2.5.3", subspecs: [
            ("Core", [:]), ("Analytics", ["AppCenter/Core": ""]), ("Crashes", ["AppCenter/Core": ""]), ("Distribute", ["AppCenter/Core": ""]),
        ])
        try cdn.publish("Automattic-Tracks-iOS", "0.5.1", dependencies: [
            "CocoaLumberjack": "~> 3", "Reachability": "~> 3", "Sentry": "~> 4", "Sodium": "~> 0.8.0", "UIDeviceIdentifier": "~> 1",
        ])
        try cdn.publish("CocoaLumberjack", "3.7.0", subspecs: [("Core", [:])])
        try cdn.publish("Gridicons", "0.19")
        try cdn.publish("Reachability", "3.2")
        try cdn.publish("Sentry", "4.5.0", subspecs: [("Core", [:])])
        try cdn.publish("Simperium", "1.0.0", subspecs: [
            ("DiffMatchPach", [:]), ("JRSwizzle", [:]), ("SocketTrust", [:]), ("SPReachability", [:]), ("SSKeychain", [:]),
        ])
        try cdn.publish("Sodium", "0.8.0")
        try cdn.publish("UIDeviceIdentifier", "1.5.0")
        try cdn.publish("WordPress-Ratings-iOS", "0.0.2")
        try cdn.publish("ZIPFoundation", "0.9.11")
    }

    func copyFixtures() throws -> (project: [UInt8], workspace: [UInt8]) {
        let podfiles = Self.fixtures + "/CocoaPods/simplenote-ios"
        try project.write("App/Podfile", try String(contentsOfFile: podfiles + "/Podfile", encoding: .utf8))
        try project.write("App/Podfile.lock", try String(contentsOfFile: podfiles + "/Podfile.lock", encoding: .utf8))
        let xcode = Self.fixtures + "/XcodeProjects/simplenote-ios"
        let projectBytes = try Data(contentsOf: URL(fileURLWithPath: xcode + "/project.pbxproj"))
        let workspaceBytes = try Data(contentsOf: URL(fileURLWithPath: xcode + "/contents.xcworkspacedata"))
        try FileManager.default.createDirectory(atPath: project.app + "/Simplenote.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project.app + "/Simplenote.xcworkspace", withIntermediateDirectories: true)
        try projectBytes.write(to: URL(fileURLWithPath: projectFile))
        try workspaceBytes.write(to: URL(fileURLWithPath: workspaceFile))
        return (Array(projectBytes), Array(workspaceBytes))
    }

    var projectFile: String { project.app + "/Simplenote.xcodeproj/project.pbxproj" }
    var workspaceFile: String { project.app + "/Simplenote.xcworkspace/contents.xcworkspacedata" }
    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
    func text(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }

    func testFromAPodfileToAWiredXcodeProjectWithTwoCommands() throws {
        try publishTrunk()
        let original = try copyFixtures()

        let imported = try deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let depsfile = try project.read("App/Depsfile")
        XCTAssertTrue(depsfile.hasSuffix("""
            xcode:
              project: Simplenote.xcodeproj
              linkage: dynamic
              targets:
                Simplenote:
                  - Gridicons
                  - AppCenter
                  - AppCenter/Distribute
                  - Automattic-Tracks-iOS
                  - Simperium
                  - WordPress-Ratings-iOS
                SimplenoteShare:
                  - ZIPFoundation

            """), depsfile)
        XCTAssertTrue(imported.stdout.contains("Xcode: Simplenote.xcodeproj, 2 targets linking Deps/ (linkage dynamic)"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("Took CocoaPods out of Simplenote.xcodeproj"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("""
              Simplenote: [CP] Check Pods Manifest.lock, Pods_Automattic_Simplenote.framework, [CP] Embed Pods Frameworks, [CP] Copy Pods Resources, 6 Pods xcconfig base configurations
              SimplenoteShare: [CP] Check Pods Manifest.lock, Pods_Automattic_SimplenoteShare.framework, 6 Pods xcconfig base configurations

            """), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("Took Pods/Pods.xcodeproj out of the workspace."), imported.stdout)
        let withoutCocoaPods = try bytes(projectFile)
        XCTAssertNotEqual(withoutCocoaPods, original.project)
        XCTAssertFalse(try text(projectFile).contains("[CP]"))
        XCTAssertFalse(try text(workspaceFile).contains("Pods.xcodeproj"))
        XCTAssertTrue(try text(workspaceFile).contains("group:Simplenote.xcodeproj"))

        let installed = try deps("install")
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("""
            Integrating Simplenote.xcodeproj
              Simplenote: links AppCenter, Automattic-Tracks-iOS, Gridicons, Simperium, WordPress-Ratings-iOS; checks Depsfile.lock before it builds
              SimplenoteShare: links ZIPFoundation; checks Depsfile.lock before it builds

            """), installed.stdout)
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains(".library(name: \"Gridicons\", type: .dynamic, targets: [\"Gridicons\"])"))
        let reading = try IndependentProjectReader.read(projectFile)
        XCTAssertEqual(reading.missing, [])
        XCTAssertEqual(reading.targets["Simplenote"], ["AppCenter", "Automattic-Tracks-iOS", "Gridicons", "Simperium", "WordPress-Ratings-iOS"])
        XCTAssertEqual(reading.targets["SimplenoteShare"], ["ZIPFoundation"])
        XCTAssertEqual(reading.targets["SimplenoteTests"], [])
        let integrated = try bytes(projectFile)
        let written = try FileManager.default.attributesOfItem(atPath: projectFile)[.modificationDate] as? Date

        // Nothing changed: not even rewritten.
        let again = try deps("install")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("Integrating"), again.stdout)
        XCTAssertEqual(try bytes(projectFile), integrated)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: projectFile)[.modificationDate] as? Date, written)
        let check = try deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        // A product taken out of the project by hand: check and --deployment report it.
        let gridicons = try text(projectFile).replacingOccurrences(of: "productName = Gridicons;", with: "productName = Gridicon;")
        try gridicons.write(toFile: projectFile, atomically: true, encoding: .utf8)
        let drifted = try deps("check")
        XCTAssertEqual(drifted.status, 1)
        XCTAssertTrue(drifted.stdout.contains("A Simplenote: does not link Gridicons\nM Simplenote: links Gridicon\n"), drifted.stdout)
        let deployment = try deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 1, deployment.stdout)
        XCTAssertTrue(deployment.stdout.contains("M Simplenote: links Gridicon"), deployment.stdout)
        XCTAssertEqual(try deps("install").status, 0)
        XCTAssertEqual(try bytes(projectFile), integrated, "install puts it back as it was")

        // Undone byte for byte: the project as the import left it.
        let deintegrated = try deps("deintegrate")
        XCTAssertEqual(deintegrated.status, 0, deintegrated.stderr)
        XCTAssertEqual(deintegrated.stdout, "Deintegrated Simplenote.xcodeproj: 15 objects removed.\n")
        XCTAssertEqual(try bytes(projectFile), withoutCocoaPods)
    }

    func testKeepCocoaPodsAndDryRunLeaveTheProjectAlone() throws {
        try publishTrunk()
        let original = try copyFixtures()
        let dry = try deps("import", "--dry-run")
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("Would take CocoaPods out of Simplenote.xcodeproj"), dry.stdout)
        XCTAssertEqual(try bytes(projectFile), original.project)
        let kept = try deps("import", "--keep-cocoapods")
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertFalse(kept.stdout.contains("CocoaPods out"), kept.stdout)
        XCTAssertEqual(try bytes(projectFile), original.project)
        XCTAssertEqual(try bytes(workspaceFile), original.workspace)
    }

    func testBadProjectsAndUnknownTargetsStopTheInstallBeforeAnythingIsWritten() throws {
        try publishTrunk()
        _ = try copyFixtures()
        XCTAssertEqual(try deps("import").status, 0)
        let depsfile = try project.read("App/Depsfile").replacingOccurrences(of: "SimplenoteShare:", with: "SimplenoteShar:")
        try project.write("App/Depsfile", depsfile)
        let before = try bytes(projectFile)
        let unknown = try deps("install")
        XCTAssertEqual(unknown.status, 65)
        XCTAssertTrue(unknown.stderr.contains("Depsfile:26: error: Simplenote.xcodeproj has no target 'SimplenoteShar'; did you mean 'SimplenoteShare'?"), unknown.stderr)
        XCTAssertEqual(try bytes(projectFile), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"), "nothing fetched or written")

        try project.write("App/Depsfile", depsfile.replacingOccurrences(of: "SimplenoteShar:", with: "SimplenoteShare:"))
        var conflicted = try text(projectFile)
        conflicted = conflicted.replacingOccurrences(of: "\tobjectVersion = ", with: "<<<<<<< HEAD\n\tobjectVersion = ")
        try conflicted.write(toFile: projectFile, atomically: true, encoding: .utf8)
        let conflict = try deps("install")
        XCTAssertEqual(conflict.status, 65)
        XCTAssertTrue(conflict.stderr.contains("Simplenote.xcodeproj/project.pbxproj:6:1: error: merge conflict marker\nResolve the conflict in the project file"), conflict.stderr)
        XCTAssertEqual(try text(projectFile), conflicted)
    }

    func testAProjectWithoutXcodeSectionIsLeftAloneWithAHint() throws {
        try cdn.publish("Gridicons", "0.19")
        _ = try copyFixtures()
        try project.write("App/Depsfile", "sources:\n  - trunk\ndependencies:\n  Gridicons:\n")
        let before = try bytes(projectFile)
        let installed = try deps("install")
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("deps left Simplenote.xcodeproj alone: the Depsfile has no `xcode:` section."), installed.stdout)
        XCTAssertEqual(try bytes(projectFile), before)
    }
}
