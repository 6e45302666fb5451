import DepsCore
import DepsFailures
import DepsFileSystem
import DepsPropertyList
@testable import DepsXcode
import Foundation
import IndependentProjectReader
import XCTest
import DepsPresenters

/// deps wiring `Deps/` into real apps' Xcode projects (BEHAVIOUR 15): minimal, stable edits that
/// an independent reader accepts, undone byte for byte.
final class XcodeIntegrationTests: XCTestCase {
    static let simplenote = XcodeProjectIntegration(path: "App.xcodeproj", packagePath: "Deps", targets: [
        XcodeTargetIntegration(name: "Simplenote", products: ["Automattic-Tracks-iOS", "Gridicons", "Simperium"]),
        XcodeTargetIntegration(name: "SimplenoteShare", products: ["ZIPFoundation"]),
        XcodeTargetIntegration(name: "SimplenoteTests", products: []),
    ])
    static let homeAssistant = XcodeProjectIntegration(path: "App.xcodeproj", packagePath: "Deps", targets: [
        XcodeTargetIntegration(name: "App", products: ["Alamofire", "Eureka", "KeychainAccess"]),
        XcodeTargetIntegration(name: "WatchApp", products: ["Communicator"]),
        XcodeTargetIntegration(name: "Shared-iOS", products: ["Alamofire", "PromiseKit"]),
    ])

    func integration(_ project: XcodeProjectIntegration) -> XcodeIntegration { XcodeIntegration(projects: [project]) }

    /// The lines an edit changed: each line added or taken away, as many times as it was, wherever it is.
    func testLinesChangedCountEachLineAddedOrTakenAway() {
        func count(_ old: String, _ new: String) -> Int { LineChanges.count(from: Array(old.utf8), to: Array(new.utf8)) }
        XCTAssertEqual(count("a\nb\n", "a\nb\n"), 0)
        XCTAssertEqual(count("a\nb\n", "b\na\n"), 0)
        XCTAssertEqual(count("a\nb\n", "a\nc\n"), 2)
        XCTAssertEqual(count("a\nb", "a\nb\n"), 1)
        XCTAssertEqual(count("", "a"), 2)
        XCTAssertEqual(count("x\nx\ny\n", "x\ny\n"), 1)
        XCTAssertEqual(count("é\n", "e\u{301}\n"), 2)
    }

    func testIntegratingTwiceAndDeintegratingGiveTheOriginalBytes() throws {
        for (app, plan) in [("simplenote-ios", Self.simplenote), ("home-assistant-iOS", Self.homeAssistant)] {
            let folder = try ProjectFolder(self, app: app)
            let original = try folder.bytes()
            let edits = try folder.projects.integrate(integration(plan))
            XCTAssertEqual(edits.first?.written, true, app)
            let products = plan.targets.map(\.products.count).reduce(0, +)
            // A reference, then per product a dependency and a build file, per target a check phase.
            XCTAssertEqual(edits.first?.objectsAdded, 1 + 2 * products + plan.targets.count, app)
            XCTAssertEqual(edits.first?.objectsRemoved, 0, app)
            let integrated = try folder.bytes()
            XCTAssertNotEqual(integrated, original)

            // Nothing changed: the file is not even rewritten.
            let written = try folder.backdate()
            let again = try folder.projects.integrate(integration(plan))
            XCTAssertEqual(again.first?.written, false, app)
            XCTAssertEqual(again.first?.targets, [], app)
            XCTAssertEqual(try folder.bytes(), integrated, app)
            XCTAssertEqual(try folder.modificationDate(), written, app)

            // Another folder, another machine: the same bytes.
            let other = try ProjectFolder(self, app: app)
            _ = try other.projects.integrate(integration(plan))
            XCTAssertEqual(try other.bytes(), integrated, "\(app): ids are derived from what the objects are")

            let undone = try folder.projects.deintegrate(["App.xcodeproj"])
            XCTAssertEqual(undone.first?.objectsRemoved, 1 + 2 * products + plan.targets.count, app)
            XCTAssertEqual(try folder.bytes(), original, "\(app): deintegrated byte for byte")
        }
    }

    /// Only the lines of what changes: the new objects, and the lists of the targets named.
    func testAnIntegrationAddsLinesAndChangesOnlyTheNamedTargets() throws {
        let folder = try ProjectFolder(self, app: "simplenote-ios")
        let original = String(decoding: try folder.bytes(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let edits = try folder.projects.integrate(integration(Self.simplenote))
        let integrated = String(decoding: try folder.bytes(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Lines are only added, except objectVersion (52 raised to 60, the one other line deps may change).
        var remaining = integrated[...]
        var changedOriginal: [Substring] = []
        for line in original {
            if let index = remaining.firstIndex(of: line) { remaining = integrated[(index + 1)...] } else { changedOriginal.append(line) }
        }
        XCTAssertEqual(changedOriginal, ["\tobjectVersion = 52;"])
        XCTAssertEqual(edits.first?.linesChanged, integrated.count - original.count + 2)
        XCTAssertEqual(edits.first?.targets.map(\.target), ["Simplenote", "SimplenoteShare", "SimplenoteTests"])
        XCTAssertEqual(edits.first?.targets.first?.linked, ["Automattic-Tracks-iOS", "Gridicons", "Simperium"])
    }

    func testAProductAddedToOneTargetAndRemovedAgainGivesTheSameBytes() throws {
        let folder = try ProjectFolder(self, app: "home-assistant-iOS")
        _ = try folder.projects.integrate(integration(Self.homeAssistant))
        let before = try folder.bytes()
        var targets = Self.homeAssistant.targets
        targets[1] = XcodeTargetIntegration(name: "WatchApp", products: ["Communicator", "ObjectMapper"])
        let added = try folder.projects.integrate(integration(XcodeProjectIntegration(path: "App.xcodeproj", packagePath: "Deps", targets: targets)))
        XCTAssertEqual(added.first?.targets, [XcodeTargetEdit(target: "WatchApp", linked: ["ObjectMapper"], unlinked: [])])
        XCTAssertEqual(added.first?.objectsAdded, 2)
        XCTAssertEqual(added.first?.linesChanged, 8, "two objects (one line and five), two list entries")
        let removed = try folder.projects.integrate(integration(Self.homeAssistant))
        XCTAssertEqual(removed.first?.targets, [XcodeTargetEdit(target: "WatchApp", linked: [], unlinked: ["ObjectMapper"])])
        XCTAssertEqual(try folder.bytes(), before)
    }

    func testAnIndependentReaderAgrees() throws {
        for (app, plan) in [("simplenote-ios", Self.simplenote), ("home-assistant-iOS", Self.homeAssistant)] {
            let folder = try ProjectFolder(self, app: app)
            _ = try folder.projects.integrate(integration(plan))
            let reading = try IndependentProjectReader.read(folder.projectFile)
            XCTAssertEqual(reading.missing, [], "\(app): every referenced id is an object")
            XCTAssertEqual(reading.objectVersion, "60", app)
            for target in plan.targets {
                XCTAssertEqual(reading.targets[target.name], target.products, "\(app) \(target.name)")
            }
        }
    }

    func testDriftNamesWhatIsMissingAndWhatIsExtra() throws {
        let folder = try ProjectFolder(self, app: "simplenote-ios")
        let projects = folder.projects
        XCTAssertEqual(try projects.drift(from: integration(Self.simplenote)).first?.kind, .missingPackageReference)
        _ = try projects.integrate(integration(Self.simplenote))
        XCTAssertEqual(try projects.drift(from: integration(Self.simplenote)), [])
        var targets = Self.simplenote.targets
        targets[0] = XcodeTargetIntegration(name: "Simplenote", products: ["Gridicons", "Simperium", "SVProgressHUD"])
        targets.append(XcodeTargetIntegration(name: "SimplenoteScreenshots", products: []))
        XCTAssertEqual(try projects.drift(from: integration(XcodeProjectIntegration(path: "App.xcodeproj", packagePath: "Deps", targets: targets))), [
            XcodeDrift(project: "App.xcodeproj", target: "Simplenote", kind: .missingProduct("SVProgressHUD")),
            XcodeDrift(project: "App.xcodeproj", target: "Simplenote", kind: .extraProduct("Automattic-Tracks-iOS")),
            XcodeDrift(project: "App.xcodeproj", target: "SimplenoteScreenshots", kind: .missingCheckPhase),
        ])
    }

    func testBadProjectsAreRefusedAndLeftAlone() throws {
        let folder = try ProjectFolder(self, app: "simplenote-ios")
        let original = try folder.bytes()
        let unknown = XcodeProjectIntegration(path: "App.xcodeproj", packagePath: "Deps", targets: [XcodeTargetIntegration(name: "Simplenot", products: ["A"])])
        XCTAssertThrowsError(try folder.projects.integrate(integration(unknown)))
        XCTAssertEqual(try folder.bytes(), original)

        var conflicted = original
        let marker = Array("<<<<<<< HEAD\n".utf8)
        let cut = conflicted.firstIndex(of: 0x0A)! + 1
        conflicted.insert(contentsOf: marker, at: cut)
        try folder.write(conflicted)
        XCTAssertThrowsError(try folder.projects.integrate(integration(Self.simplenote))) { error in
            XCTAssertEqual("\(error)", "App.xcodeproj/project.pbxproj:2:1: error: merge conflict marker")
        }
        XCTAssertEqual(try folder.bytes(), conflicted)

        let truncated = Array(original.prefix(original.count / 2))
        try folder.write(truncated)
        XCTAssertThrowsError(try folder.projects.integrate(integration(Self.simplenote))) { error in
            XCTAssertEqual((error as? PropertyListError)?.file, "App.xcodeproj/project.pbxproj")
        }
        XCTAssertEqual(try folder.bytes(), truncated)

        // A list that names an object the file lacks.
        let text = String(decoding: original, as: UTF8.self)
        let project = try XCTUnwrap(text.firstRange(of: "/* Begin PBXProject section */"))
        let targets = try XCTUnwrap(text[project.upperBound...].firstRange(of: "\ttargets = (\n"))
        let dangling = String(text[..<targets.upperBound]) + "\t\t\t\tFFFFFFFFFFFFFFFFFFFFFFFF /* gone */,\n" + String(text[targets.upperBound...])
        try folder.write(Array(dangling.utf8))
        let line = dangling[..<targets.upperBound].filter { $0 == "\n" }.count + 1
        XCTAssertThrowsError(try folder.projects.targetNames(in: "App.xcodeproj")) { error in
            XCTAssertEqual("\(error)", "App.xcodeproj/project.pbxproj:\(line):5: error: the object 'FFFFFFFFFFFFFFFFFFFFFFFF' is referenced but not in the file")
        }
    }

    func testCocoaPodsIsTakenOutAsPodDeintegrateDoes() throws {
        for app in ["simplenote-ios", "home-assistant-iOS"] {
            let folder = try ProjectFolder(self, app: app)
            let original = try folder.bytes()
            let dry = try folder.projects.removeCocoaPods(from: ["App.xcodeproj"], workspace: "App.xcworkspace", dryRun: true)
            XCTAssertEqual(try folder.bytes(), original, "\(app): a dry run writes nothing")
            let removal = try folder.projects.removeCocoaPods(from: ["App.xcodeproj"], workspace: "App.xcworkspace", dryRun: false)
            XCTAssertEqual(removal, dry)
            XCTAssertTrue(removal.workspaceEdited, app)
            let text = String(decoding: try folder.bytes(), as: UTF8.self)
            XCTAssertFalse(text.contains("[CP] "), app)
            XCTAssertEqual(text.split(separator: "\n").filter { $0.contains("Pods_") }.prefix(3), [], app)
            XCTAssertFalse(text.contains(".xcconfig */;") && text.contains("baseConfigurationReference = ") && text.contains("Pods-"), app)
            XCTAssertGreaterThan(removal.projects.first?.objectsRemoved ?? 0, 10, app)
            let reading = try IndependentProjectReader.read(folder.projectFile)
            XCTAssertEqual(reading.missing, [], "\(app): nothing refers to what was removed")
            let workspace = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path + "/App.xcworkspace/contents.xcworkspacedata")), as: UTF8.self)
            XCTAssertFalse(workspace.contains("Pods/Pods.xcodeproj"), app)
            XCTAssertTrue(workspace.contains("<FileRef"), "\(app): the app's own project stays")
            // Taking CocoaPods out twice changes nothing more.
            let again = try folder.projects.removeCocoaPods(from: ["App.xcodeproj"], workspace: "App.xcworkspace", dryRun: false)
            XCTAssertEqual(again.projects.first?.written, false, app)
        }
    }

    /// A pod's or the Podfile's `script_phases` (`[CP-User]`) stay, named; a user script that runs
    /// something under `${PODS_ROOT}` is named with where that is now.
    func testUserPhasesStayAndPodsRootScriptsAreNamed() throws {
        let folder = try ProjectFolder(self, app: "simplenote-ios")
        var text = String(decoding: try folder.bytes(), as: UTF8.self)
        let phases = [
            ("AAAAAAAAAAAAAAAAAAAAAAA1", "[CP-User] Generate Strings", "echo strings"),
            ("AAAAAAAAAAAAAAAAAAAAAAA2", "SwiftLint", "${PODS_ROOT}/SwiftLint/swiftlint lint"),
        ]
        for (id, name, script) in phases {
            let section = try XCTUnwrap(text.firstRange(of: "/* Begin PBXShellScriptBuildPhase section */\n"))
            text.insert(contentsOf: "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXShellScriptBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\t\t\t);\n\t\t\tname = \"\(name)\";\n\t\t\tshellPath = /bin/sh;\n\t\t\tshellScript = \"\(script)\";\n\t\t};\n", at: section.upperBound)
            let target = try XCTUnwrap(text.firstRange(of: "/* Simplenote */ = {\n\t\t\tisa = PBXNativeTarget;"))
            let list = try XCTUnwrap(text[target.upperBound...].firstRange(of: "buildPhases = (\n"))
            text.insert(contentsOf: "\t\t\t\t\(id) /* \(name) */,\n", at: list.upperBound)
        }
        try folder.write(Array(text.utf8))
        let removal = try folder.projects.removeCocoaPods(from: ["App.xcodeproj"], workspace: "App.xcworkspace", dryRun: false)
        let simplenote = try XCTUnwrap(removal.projects.first?.targets.first { $0.target == "Simplenote" })
        XCTAssertEqual(simplenote.keptUserPhases, ["[CP-User] Generate Strings"])
        XCTAssertEqual(simplenote.podsRootScripts, [CocoaPodsRemoval.PodsRootScript(phase: "SwiftLint", path: "SwiftLint/swiftlint", newPath: "Deps/SwiftLint/swiftlint")])
        XCTAssertEqual(simplenote.removed.filter { $0.hasPrefix("[CP]") }.sorted(), ["[CP] Check Pods Manifest.lock", "[CP] Copy Pods Resources", "[CP] Embed Pods Frameworks"])
        let after = String(decoding: try folder.bytes(), as: UTF8.self)
        XCTAssertTrue(after.contains("[CP-User] Generate Strings"))
        XCTAssertTrue(after.contains("${PODS_ROOT}/SwiftLint/swiftlint"), "deps never edits the user's scripts")
    }

    func testUserScriptsThatNamePodsRootAreReported() {
        XCTAssertEqual(CocoaPodsDeintegration.podsRootPaths(in: "\"${PODS_ROOT}/SwiftLint/swiftlint\" lint\n$(PODS_ROOT)/R.swift/rswift generate"), ["SwiftLint/swiftlint", "R.swift/rswift"])
    }
}
