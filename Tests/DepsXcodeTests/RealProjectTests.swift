import DepsCore
import DepsFailures
import DepsFileSystem
import DepsPropertyList
@testable import DepsXcode
import Foundation
import IndependentProjectReader
import XCTest
import DepsPresenters

/// Every promise of BEHAVIOUR 15 checked on each of the real projects under
/// Tests/Fixtures/XcodeProjects, each at the path its app keeps it (WooCommerce's in a subfolder).
final class RealProjectTests: XCTestCase {
    struct App {
        let fixture: String
        let project: String
        let plan: [XcodeTargetIntegration]
        /// A target of the plan, and a product to add to it and take away again.
        let grownTarget: Int
        let addedProduct: String

        var packagePath: String { project.contains("/") ? "../Deps" : "Deps" }

        func integration(_ targets: [XcodeTargetIntegration]? = nil) -> XcodeIntegration {
            XcodeIntegration(projects: [XcodeProjectIntegration(path: project, packagePath: packagePath, targets: targets ?? plan)])
        }
    }

    static let apps = [
        App(fixture: "emergence", project: "Emergence.xcodeproj", plan: [
            XcodeTargetIntegration(name: "Artsy Shows", products: ["Alamofire", "Artsy+Authentication", "SDWebImage"]),
            XcodeTargetIntegration(name: "FrontPage", products: ["SDWebImage"]),
        ], grownTarget: 1, addedProduct: "Alamofire"),
        App(fixture: "woocommerce-ios", project: "WooCommerce/WooCommerce.xcodeproj", plan: [
            XcodeTargetIntegration(name: "WooCommerce", products: ["Alamofire", "Gridicons", "WordPressKit"]),
            XcodeTargetIntegration(name: "Woo Watch App", products: ["KeychainAccess"]),
            XcodeTargetIntegration(name: "WooCommerceTests", products: []),
        ], grownTarget: 2, addedProduct: "Nimble"),
        App(fixture: "home-assistant-iOS", project: "HomeAssistant.xcodeproj", plan: [
            XcodeTargetIntegration(name: "App", products: ["Alamofire", "Eureka", "KeychainAccess"]),
            XcodeTargetIntegration(name: "Extensions-Widgets", products: ["Alamofire"]),
        ], grownTarget: 0, addedProduct: "ZIPFoundation"),
        App(fixture: "simplenote-ios", project: "Simplenote.xcodeproj", plan: [
            XcodeTargetIntegration(name: "Simplenote", products: ["Gridicons", "Simperium"]),
            XcodeTargetIntegration(name: "SimplenoteShare", products: ["Simperium"]),
        ], grownTarget: 1, addedProduct: "Gridicons"),
    ]

    func folder(_ app: App) throws -> ProjectFolder {
        try ProjectFolder(self, app: app.fixture, project: app.project)
    }

    func testIntegrateTwiceElsewhereThenDeintegrateGivesTheOriginalBytes() throws {
        for app in Self.apps {
            let folder = try folder(app)
            let original = try folder.bytes()
            let first = try XCTUnwrap(folder.projects.integrate(app.integration()).first)
            XCTAssertTrue(first.written, app.fixture)
            XCTAssertEqual(first.project, app.project)
            XCTAssertEqual(first.targets.map(\.target), app.plan.map(\.name), app.fixture)
            XCTAssertTrue(first.targets.allSatisfy(\.checkPhaseAdded), app.fixture)
            let integrated = try folder.bytes()

            let stamp = try folder.backdate()
            let second = try XCTUnwrap(folder.projects.integrate(app.integration()).first)
            XCTAssertFalse(second.written, "\(app.fixture): nothing changed, nothing written")
            XCTAssertEqual(second.linesChanged, 0, app.fixture)
            XCTAssertEqual(try folder.modificationDate(), stamp, "\(app.fixture): not even rewritten")

            let elsewhere = try ProjectFolder(self, app: app.fixture, project: app.project)
            _ = try elsewhere.projects.integrate(app.integration())
            assertSameBytes(try elsewhere.bytes(), integrated, "\(app.fixture): another folder writes the same bytes")

            let undone = try XCTUnwrap(folder.projects.deintegrate([app.project]).first)
            XCTAssertEqual(undone.objectsRemoved, first.objectsAdded, app.fixture)
            assertSameBytes(try folder.bytes(), original, "\(app.fixture): deintegrated byte for byte")
            XCTAssertEqual(try folder.projects.deintegrate([app.project]).first?.written, false, app.fixture)
        }
    }

    /// Two branches of an integrated project, each adding a product to a different target, merge
    /// with git's own three-way merge without a conflict, to the bytes of integrating both.
    func testBranchesThatChangeDifferentTargetsMergeCleanly() throws {
        for app in Self.apps {
            let base = try folder(app)
            _ = try base.projects.integrate(app.integration())
            func branch(_ change: (inout [XcodeTargetIntegration]) -> Void) throws -> ProjectFolder {
                let folder = try self.folder(app)
                var targets = app.plan
                change(&targets)
                _ = try folder.projects.integrate(app.integration(targets))
                return folder
            }
            func adding(_ product: String, to index: Int) -> (inout [XcodeTargetIntegration]) -> Void {
                { targets in targets[index] = XcodeTargetIntegration(name: targets[index].name, products: (targets[index].products + [product]).sorted()) }
            }
            let ours = try branch(adding("Kingfisher", to: 0))
            let theirs = try branch(adding("SnapKit", to: 1))
            let both = try branch { targets in adding("Kingfisher", to: 0)(&targets); adding("SnapKit", to: 1)(&targets) }
            let merge = Process()
            merge.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            merge.arguments = ["git", "merge-file", "-p", ours.projectFile, base.projectFile, theirs.projectFile]
            let output = Pipe()
            merge.standardOutput = output
            try merge.run()
            let merged = Array(output.fileHandleForReading.readDataToEndOfFile())
            merge.waitUntilExit()
            XCTAssertEqual(merge.terminationStatus, 0, "\(app.fixture): \(merge.terminationStatus) conflicting hunks")
            assertSameBytes(merged, try both.bytes(), "\(app.fixture): the merge is both branches' integration")
        }
    }

    func testAProductAddedAndTakenAwayGivesTheBytesBack() throws {
        for app in Self.apps {
            let folder = try folder(app)
            _ = try folder.projects.integrate(app.integration())
            let before = try folder.bytes()
            var grown = app.plan
            let target = grown[app.grownTarget]
            grown[app.grownTarget] = XcodeTargetIntegration(name: target.name, products: (target.products + [app.addedProduct]).sorted())
            let added = try XCTUnwrap(folder.projects.integrate(app.integration(grown)).first)
            XCTAssertEqual(added.targets, [XcodeTargetEdit(target: target.name, linked: [app.addedProduct], unlinked: [])], app.fixture)
            XCTAssertEqual(added.objectsAdded, 2, "\(app.fixture): a product dependency and its build file")
            XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).targets[target.name], grown[app.grownTarget].products, app.fixture)
            let removed = try XCTUnwrap(folder.projects.integrate(app.integration()).first)
            XCTAssertEqual(removed.targets, [XcodeTargetEdit(target: target.name, linked: [], unlinked: [app.addedProduct])], app.fixture)
            XCTAssertEqual(removed.objectsRemoved, 2, app.fixture)
            assertSameBytes(try folder.bytes(), before, "\(app.fixture): the product's lines gone, nothing else moved")
        }
    }

    /// A target the Depsfile no longer names loses everything deps gave it, and the file is what
    /// integrating the other targets alone writes.
    func testATargetDroppedFromTheIntegrationLosesWhatDepsGaveIt() throws {
        for app in Self.apps {
            let folder = try folder(app)
            _ = try folder.projects.integrate(app.integration())
            let fewer = Array(app.plan.dropFirst())
            let edit = try XCTUnwrap(folder.projects.integrate(app.integration(fewer)).first)
            XCTAssertEqual(edit.targets.first { $0.target == app.plan[0].name }?.checkPhaseRemoved, true, app.fixture)
            let alone = try ProjectFolder(self, app: app.fixture, project: app.project)
            _ = try alone.projects.integrate(app.integration(fewer))
            assertSameBytes(try folder.bytes(), try alone.bytes(), app.fixture)
        }
    }

    /// The lines an integration adds are the new objects' lines (and their sections' frame) and
    /// lines inside the named targets, their Frameworks phases and the project object; the only
    /// original line that may change is objectVersion.
    func testAnIntegrationTouchesOnlyTheNamedTargetsAndTheNewObjects() throws {
        for app in Self.apps {
            let folder = try folder(app)
            let originalBytes = try folder.bytes()
            let before = try XcodeProjectDocument(bytes: originalBytes, file: "p")
            _ = try folder.projects.integrate(app.integration())
            let afterBytes = try folder.bytes()
            let after = try XcodeProjectDocument(bytes: afterBytes, file: "p")

            let newObjects = Set(after.objects.keys).subtracting(before.objects.keys)
            var allowed: [Range<Int>] = newObjects.compactMap { after.objects[$0].map { after.wholeLines(of: $0.range) ?? $0.range } }
            allowed.append(after.objects[after.projectID]!.range)
            let targets = try after.nativeTargets().filter { target in app.plan.contains { $0.name == target.name } }
            for target in targets {
                allowed.append(after.objects[target.id]!.range)
                for phase in after.items(target.node, "buildPhases") where after.isa(phase.string ?? "") == "PBXFrameworksBuildPhase" {
                    allowed.append(after.objects[phase.string!]!.range)
                }
            }
            let (removed, addedOffsets) = lineDifference(from: originalBytes, to: afterBytes)
            XCTAssertEqual(removed.filter { !$0.hasPrefix("\tobjectVersion = ") }, [], "\(app.fixture): original lines stay")
            for offset in addedOffsets {
                let line = lineText(afterBytes, at: offset)
                let isSectionFrame = line.isEmpty || line.hasPrefix("/* Begin ") || line.hasPrefix("/* End ") || line.hasPrefix("\tobjectVersion = ")
                XCTAssertTrue(isSectionFrame || allowed.contains { $0.contains(offset) }, "\(app.fixture): an added line outside what deps may touch: \(line)")
            }
            XCTAssertFalse(addedOffsets.isEmpty, app.fixture)
        }
    }

    func testAnIndependentReaderAgreesWithEveryIntegration() throws {
        for app in Self.apps {
            let folder = try folder(app)
            _ = try folder.projects.integrate(app.integration())
            let reading = try IndependentProjectReader.read(folder.projectFile)
            XCTAssertEqual(reading.missing, [], "\(app.fixture): every referenced id is an object")
            XCTAssertEqual(reading.objectVersion, "60", app.fixture)
            for target in app.plan {
                XCTAssertEqual(reading.targets[target.name], target.products, "\(app.fixture) \(target.name)")
            }
            let text = String(decoding: try folder.bytes(), as: UTF8.self)
            let inputs = app.packagePath == "Deps" ? "\"$(SRCROOT)/Depsfile.lock\"" : "\"$(SRCROOT)/../Depsfile.lock\""
            XCTAssertTrue(text.contains("\t\t\t\t\(inputs),\n\t\t\t\t\"$(SRCROOT)/\(app.packagePath)/Manifest.lock\",\n"), app.fixture)
            XCTAssertTrue(text.contains("relativePath = \(app.packagePath);"), app.fixture)
        }
    }

    /// Each integrated target's first phase is deps' check, with both locks as inputs, its own
    /// output file, and the script it was given.
    func testTheCheckPhaseComesFirstInEachTarget() throws {
        for app in Self.apps {
            let folder = try folder(app)
            _ = try folder.projects.integrate(app.integration())
            let document = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
            for target in try document.nativeTargets() {
                let first = try XCTUnwrap(target.node["buildPhases"]?.array?.first?.string).flatMap(document.object)
                guard app.plan.contains(where: { $0.name == target.name }) else {
                    XCTAssertNotEqual(first?["name"]?.string, "[deps] Check Depsfile.lock", "\(app.fixture) \(target.name)")
                    continue
                }
                XCTAssertEqual(first?["name"]?.string, "[deps] Check Depsfile.lock", "\(app.fixture) \(target.name)")
                XCTAssertEqual(first?["outputPaths"]?.array?.map(\.string), ["$(DERIVED_FILE_DIR)/deps-\(target.name)-check.txt"])
                XCTAssertEqual(first?["inputPaths"]?.array?.count, 2)
                XCTAssertTrue(first?["shellScript"]?.string?.hasPrefix(XcodeFixtures.script) == true)
            }
        }
    }

    func testDriftOfATargetTheProjectLacks() throws {
        let app = Self.apps[0]
        let folder = try folder(app)
        _ = try folder.projects.integrate(app.integration())
        XCTAssertEqual(try folder.projects.drift(from: app.integration()), [])
        let drift = try folder.projects.drift(from: app.integration(app.plan + [XcodeTargetIntegration(name: "Gone", products: ["A"])]))
        XCTAssertEqual(drift, [XcodeDrift(project: app.project, target: "Gone", kind: .missingTarget)])
    }

    /// A file of the user's in the Pods group stays, and so does the group.
    func testAPodsGroupWithAUsersFileStays() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        var text = String(decoding: try folder.bytes(), as: UTF8.self)
        let child = "\t\t\t\t4862413033EFB2E694D768A8 /* Pods-Artsy Shows.release.xcconfig */,\n"
        XCTAssertTrue(text.contains(child))
        text = text.replacingOccurrences(of: child, with: child + "\t\t\t\t60A5847A1BCE449E0006B8B4 /* EmergenceKeys.h */,\n")
        try folder.write(Array(text.utf8))
        _ = try folder.projects.removeCocoaPods(from: ["Emergence.xcodeproj"], workspace: nil, dryRun: false)
        let document = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        let group = try XCTUnwrap(document.object("6EB6E6261490BD0E116606A0"), "the Pods group stays")
        XCTAssertEqual(group["children"]?.array?.compactMap(\.string), ["60A5847A1BCE449E0006B8B4"])
        XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).missing, [])
    }

    func testCocoaPodsIsTakenOutOfEveryRealProject() throws {
        for app in Self.apps {
            let folder = try folder(app)
            let original = try folder.bytes()
            let workspaceFile = folder.path + "/App.xcworkspace/contents.xcworkspacedata"
            let workspaceBefore = String(decoding: try Data(contentsOf: URL(fileURLWithPath: workspaceFile)), as: UTF8.self)
            let removal = try folder.projects.removeCocoaPods(from: [app.project], workspace: "App.xcworkspace", dryRun: false)
            let project = try XCTUnwrap(removal.projects.first)
            XCTAssertTrue(project.written, app.fixture)
            let bytes = try folder.bytes()
            let document = try XcodeProjectDocument(bytes: bytes, file: "p")
            for (_, entry) in document.objects {
                let object = entry.value
                if object["isa"]?.string == "PBXShellScriptBuildPhase", let name = object["name"]?.string {
                    XCTAssertFalse(name.hasPrefix("[CP] "), "\(app.fixture): \(name)")
                }
                if let reference = object["baseConfigurationReference"]?.string {
                    XCTAssertFalse((document.object(reference)?["path"]?.string ?? "").contains("Pods"), app.fixture)
                }
                if object["isa"]?.string == "PBXFileReference", let path = object["path"]?.string {
                    XCTAssertFalse(path.hasSuffix(".framework") && path.hasPrefix("Pods_"), "\(app.fixture): \(path)")
                    XCTAssertFalse(path.hasPrefix("libPods"), "\(app.fixture): \(path)")
                }
            }
            XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).missing, [], "\(app.fixture): nothing refers to what went")
            // Every target's phases that are not CocoaPods' stay, in their order.
            let targetsBefore = try XcodeProjectDocument(bytes: original, file: "p").nativeTargets()
            for target in try document.nativeTargets() {
                let old = try XCTUnwrap(targetsBefore.first { $0.name == target.name })
                let kept = old.node["buildPhases"]?.array?.compactMap(\.string).filter { document.objects[$0] != nil }
                XCTAssertEqual(target.node["buildPhases"]?.array?.compactMap(\.string), kept, "\(app.fixture) \(target.name)")
            }
            let removedNames = project.targets.flatMap(\.removed)
            XCTAssertTrue(removedNames.contains("[CP] Check Pods Manifest.lock"), app.fixture)
            XCTAssertTrue(removedNames.contains { $0.hasSuffix(".xcconfig") }, app.fixture)
            XCTAssertTrue(removedNames.contains { $0.hasPrefix("Pods_") && $0.hasSuffix(".framework") }, app.fixture)

            // The workspace loses the Pods project's FileRef, and only that.
            let workspace = String(decoding: try Data(contentsOf: URL(fileURLWithPath: workspaceFile)), as: UTF8.self)
            let podsRef = "   <FileRef\n      location = \"group:Pods/Pods.xcodeproj\">\n   </FileRef>\n"
            XCTAssertTrue(workspaceBefore.contains(podsRef), app.fixture)
            XCTAssertEqual(workspace, workspaceBefore.replacingOccurrences(of: podsRef, with: ""), app.fixture)
            XCTAssertTrue(removal.workspaceEdited, app.fixture)
        }
    }

    /// `[CP-User]` phases stay and are named; user scripts that run something under `PODS_ROOT`
    /// are named with the path they should use now; a phase of CocoaPods before 1.0 (`📦 …`) goes.
    func testUserPhasesStayAndScriptsNamingPodsRootAreReported() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        var text = String(decoding: try folder.bytes(), as: UTF8.self)
        // Copy Pods Resources becomes a pod's script phase; Embed Pods Frameworks an old one.
        text = text.replacingOccurrences(of: "[CP] Copy Pods Resources", with: "[CP-User] R.swift")
        text = text.replacingOccurrences(
            of: "shellScript = \"\\\"${SRCROOT}/Pods/Target Support Files/Pods-Artsy Shows/Pods-Artsy Shows-resources.sh\\\"\\n\";",
            with: "shellScript = \"\\\"$PODS_ROOT/R.swift/rswift\\\" generate \\\"$SRCROOT\\\"\\n${PODS_ROOT}/SwiftLint/swiftlint lint\\n\";")
        text = text.replacingOccurrences(of: "[CP] Embed Pods Frameworks", with: "📦 Embed Pods Frameworks")
        try folder.write(Array(text.utf8))
        let removal = try folder.projects.removeCocoaPods(from: ["Emergence.xcodeproj"], workspace: nil, dryRun: false)
        let target = try XCTUnwrap(removal.projects.first?.targets.first { $0.target == "Artsy Shows" })
        XCTAssertEqual(target.keptUserPhases, ["[CP-User] R.swift"])
        XCTAssertEqual(Set(target.podsRootScripts), [
            CocoaPodsRemoval.PodsRootScript(phase: "[CP-User] R.swift", path: "R.swift/rswift", newPath: "Deps/R.swift/rswift"),
            CocoaPodsRemoval.PodsRootScript(phase: "[CP-User] R.swift", path: "SwiftLint/swiftlint", newPath: "Deps/SwiftLint/swiftlint"),
        ])
        XCTAssertTrue(target.removed.contains("📦 Embed Pods Frameworks"), "\(target.removed)")
        let after = String(decoding: try folder.bytes(), as: UTF8.self)
        XCTAssertTrue(after.contains("/* [CP-User] R.swift */,"), "the phase stays listed in the target")
        XCTAssertTrue(after.contains("${PODS_ROOT}/SwiftLint/swiftlint lint"), "scripts are never edited")
        XCTAssertFalse(after.contains("📦"))
        XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).missing, [])
    }

    func testADryRunWritesNothing() throws {
        for app in Self.apps {
            let folder = try folder(app)
            let original = try folder.bytes()
            let workspaceFile = folder.path + "/App.xcworkspace/contents.xcworkspacedata"
            let workspace = try Data(contentsOf: URL(fileURLWithPath: workspaceFile))
            let dry = try folder.projects.removeCocoaPods(from: [app.project], workspace: "App.xcworkspace", dryRun: true)
            assertSameBytes(try folder.bytes(), original, app.fixture)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspaceFile)), workspace, app.fixture)
            XCTAssertGreaterThan(dry.projects.first?.objectsRemoved ?? 0, 5, app.fixture)
        }
    }

    /// A target with no Frameworks phase gets one (after its Sources phase), and deintegrating
    /// takes it out again with the rest.
    func testAFrameworksPhaseDepsMadeGoesWhenDepsGoes() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        let document = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        let frontPage = try XCTUnwrap(document.nativeTargets().first { $0.name == "FrontPage" })
        let phaseItem = try XCTUnwrap(frontPage.node["buildPhases"]?.array?.first { document.isa($0.string ?? "") == "PBXFrameworksBuildPhase" })
        var edit = PropertyListEdit()
        edit.delete(document.removalRange(ofItem: phaseItem))
        let phase = try XCTUnwrap(document.objects[phaseItem.string!])
        edit.delete(document.wholeLines(of: phase.range)!)
        let original = edit.applied(to: document.bytes)
        try folder.write(original)

        let app = Self.apps[0]
        _ = try folder.projects.integrate(app.integration())
        let reading = try IndependentProjectReader.read(folder.projectFile)
        XCTAssertEqual(reading.missing, [])
        XCTAssertEqual(reading.targets["FrontPage"], ["SDWebImage"])
        let integrated = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        let phases = try XCTUnwrap(integrated.nativeTargets().first { $0.name == "FrontPage" }?.node["buildPhases"]?.array)
        XCTAssertEqual(phases.compactMap { integrated.isa($0.string ?? "") }.filter { $0 == "PBXFrameworksBuildPhase" }.count, 1)
        _ = try folder.projects.deintegrate([app.project])
        assertSameBytes(try folder.bytes(), original)
    }

    /// A project Xcode moved to a newer objectVersion after deps raised it keeps it when deps goes
    /// or integrates again; everything else deps changed is put back.
    func testAnObjectVersionXcodeRaisedSinceIsKept() throws {
        let app = Self.apps[0]
        let folder = try folder(app)
        let original = String(decoding: try folder.bytes(), as: UTF8.self)
        XCTAssertTrue(original.contains("\tobjectVersion = 46;\n"))
        _ = try folder.projects.integrate(app.integration())
        let upgraded = String(decoding: try folder.bytes(), as: UTF8.self).replacingOccurrences(of: "\tobjectVersion = 60;\n", with: "\tobjectVersion = 77;\n")
        try folder.write(Array(upgraded.utf8))
        _ = try folder.projects.integrate(app.integration())
        XCTAssertTrue(String(decoding: try folder.bytes(), as: UTF8.self).contains("\tobjectVersion = 77;\n"))
        _ = try folder.projects.deintegrate([app.project])
        assertSameBytes(try folder.bytes(), Array(original.replacingOccurrences(of: "\tobjectVersion = 46;\n", with: "\tobjectVersion = 77;\n").utf8))
    }

    /// A Frameworks phase deps made, in which the user has since put a framework of their own,
    /// stays with that framework when deps goes.
    func testAFrameworksPhaseDepsMadeStaysOnceTheUserUsesIt() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        let document = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        let frontPage = try XCTUnwrap(document.nativeTargets().first { $0.name == "FrontPage" })
        let phaseItem = try XCTUnwrap(frontPage.node["buildPhases"]?.array?.first { document.isa($0.string ?? "") == "PBXFrameworksBuildPhase" })
        var edit = PropertyListEdit()
        edit.delete(document.removalRange(ofItem: phaseItem))
        edit.delete(document.wholeLines(of: document.objects[phaseItem.string!]!.range)!)
        try folder.write(edit.applied(to: document.bytes))
        _ = try folder.projects.integrate(Self.apps[0].integration())

        // The user adds UIKit.framework (an existing file reference) to the phase deps made.
        let integrated = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        let target = try XCTUnwrap(integrated.nativeTargets().first { $0.name == "FrontPage" })
        let phase = try XCTUnwrap(target.node["buildPhases"]?.array?.compactMap(\.string).first { integrated.isa($0) == "PBXFrameworksBuildPhase" })
        let files = try XCTUnwrap(integrated.object(phase)?["files"])
        let reference = try XCTUnwrap(integrated.objects.first { $0.value.value["isa"]?.string == "PBXFileReference" }?.key)
        var user = PropertyListEdit()
        user.insert("\t\t\t\tAAAAAAAAAAAAAAAAAAAAAAAA /* Mine in Frameworks */,\n", at: integrated.lineStart(files.range.upperBound - 1))
        let buildFiles = try XCTUnwrap(integrated.section("PBXBuildFile"))
        user.insert("\t\tAAAAAAAAAAAAAAAAAAAAAAAA /* Mine in Frameworks */ = {isa = PBXBuildFile; fileRef = \(reference); };\n", at: buildFiles.end)
        try folder.write(user.applied(to: integrated.bytes))

        _ = try folder.projects.deintegrate([Self.apps[0].project])
        let after = try XcodeProjectDocument(bytes: try folder.bytes(), file: "p")
        XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).missing, [])
        let kept = try XCTUnwrap(after.object(phase), "the phase stays")
        XCTAssertEqual(kept["files"]?.array?.compactMap(\.string), ["AAAAAAAAAAAAAAAAAAAAAAAA"])
        XCTAssertEqual(try after.nativeTargets().first { $0.name == "FrontPage" }?.node["buildPhases"]?.array?.compactMap(\.string).filter { $0 == phase }, [phase])
        XCTAssertFalse(String(decoding: after.bytes, as: UTF8.self).contains("Deps"))
    }

    /// The user's own edits made after an integration stay when deps goes.
    func testDeintegratingKeepsWhatTheUserAddedSince() throws {
        let app = Self.apps[0]
        let folder = try folder(app)
        _ = try folder.projects.integrate(app.integration())
        var text = String(decoding: try folder.bytes(), as: UTF8.self)
        text = text.replacingOccurrences(of: "\t\t\t\tCLANG_ENABLE_MODULES = YES;\n", with: "\t\t\t\tCLANG_ENABLE_MODULES = YES;\n\t\t\t\tUSER_SETTING = 1;\n")
        try folder.write(Array(text.utf8))
        _ = try folder.projects.deintegrate([app.project])
        let after = String(decoding: try folder.bytes(), as: UTF8.self)
        XCTAssertTrue(after.contains("USER_SETTING = 1;"))
        XCTAssertFalse(after.contains("Deps"))
        XCTAssertFalse(after.contains("[deps]"))
    }

    func testBadProjectFilesAreRefusedWithTheirLineAndLeftUnchanged() throws {
        for app in Self.apps {
            let folder = try folder(app)
            let original = try folder.bytes()
            let shown = "\(app.project)/project.pbxproj"

            // An unknown target: refused, nothing written.
            var targets = app.plan
            targets.append(XcodeTargetIntegration(name: "NoSuchTarget", products: ["Alamofire"]))
            let text = String(decoding: original, as: UTF8.self)
            let projectSection = try XCTUnwrap(text.firstRange(of: "/* Begin PBXProject section */"))
            let list = try XCTUnwrap(text[projectSection.upperBound...].firstRange(of: "\t\t\ttargets = ("))
            let listLine = text[..<list.lowerBound].count { $0 == "\n" } + 1
            let names = try folder.projects.targetNames(in: app.project)
            XCTAssertThrowsError(try folder.projects.integrate(app.integration(targets))) { error in
                XCTAssertEqual("\(error)", "\(shown):\(listLine):14: error: the project has no target 'NoSuchTarget' (its targets: \(names.joined(separator: ", ")))")
            }
            assertSameBytes(try folder.bytes(), original, app.fixture)

            // Conflict markers in the middle of the file.
            let lines = original.split(separator: 0x0A, omittingEmptySubsequences: false)
            let middle = lines.count / 2
            let conflicted = Array((lines[..<middle] + [ArraySlice("<<<<<<< HEAD".utf8)] + lines[middle...]).joined(separator: [0x0A]))
            try folder.write(conflicted)
            XCTAssertThrowsError(try folder.projects.integrate(app.integration())) { error in
                XCTAssertEqual("\(error)", "\(shown):\(middle + 1):1: error: merge conflict marker")
            }
            XCTAssertThrowsError(try folder.projects.deintegrate([app.project]))
            XCTAssertThrowsError(try folder.projects.removeCocoaPods(from: [app.project], workspace: nil, dryRun: false))
            assertSameBytes(try folder.bytes(), conflicted, app.fixture)

            // Cut short at a few places: an error inside the file, nothing written.
            for fraction in [0.1, 0.5, 0.97] {
                let truncated = Array(original.prefix(Int(Double(original.count) * fraction)))
                try folder.write(truncated)
                let lineCount = truncated.count { $0 == 0x0A } + 1
                XCTAssertThrowsError(try folder.projects.integrate(app.integration())) { error in
                    guard let error = error as? PropertyListError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.file, shown)
                    XCTAssertTrue((1...lineCount).contains(error.line), "\(error)")
                }
                assertSameBytes(try folder.bytes(), truncated, app.fixture)
            }
        }
    }

    /// An object deps reads that names a missing object is refused at the line of the name.
    func testAReferenceToAMissingObjectIsRefusedAtItsLine() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        let text = String(decoding: try folder.bytes(), as: UTF8.self)
        for (anchor, name) in [("\t\t\tbuildPhases = (\n", "a target's phase"), ("\t\t\tfiles = (\n", "a phase's file"),
                               ("\t\t\tbuildConfigurations = (\n", "a configuration")] {
            let place = try XCTUnwrap(text.firstRange(of: anchor), name)
            let broken = String(text[..<place.upperBound]) + "\t\t\t\t0123456789ABCDEF01234567 /* gone */,\n" + String(text[place.upperBound...])
            try folder.write(Array(broken.utf8))
            let line = broken[..<place.upperBound].count { $0 == "\n" } + 1
            for attempt in [{ _ = try folder.projects.integrate(Self.apps[0].integration()) },
                            { _ = try folder.projects.removeCocoaPods(from: ["Emergence.xcodeproj"], workspace: nil, dryRun: false) }] {
                XCTAssertThrowsError(try attempt(), name) { error in
                    XCTAssertEqual("\(error)", "Emergence.xcodeproj/project.pbxproj:\(line):5: error: the object '0123456789ABCDEF01234567' is referenced but not in the file", name)
                }
            }
            assertSameBytes(try folder.bytes(), Array(broken.utf8), name)
        }
    }

    /// Ids that are not 24 hex digits (as some generators write) are read, kept, and never
    /// taken for deps' own.
    func testIdsThatAreNotHexAreKept() throws {
        let folder = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        var text = String(decoding: try folder.bytes(), as: UTF8.self)
        // The FrontPage target's id, everywhere it is written.
        let document = try XcodeProjectDocument(bytes: Array(text.utf8), file: "p")
        let frontPage = try XCTUnwrap(document.nativeTargets().first { $0.name == "FrontPage" })
        text = text.replacingOccurrences(of: frontPage.id, with: "OBJ_FrontPage_1")
        let original = Array(text.utf8)
        try folder.write(original)
        XCTAssertEqual(try folder.projects.targetNames(in: "Emergence.xcodeproj"), ["Artsy Shows", "FrontPage"])
        _ = try folder.projects.integrate(Self.apps[0].integration())
        XCTAssertTrue(String(decoding: try folder.bytes(), as: UTF8.self).contains("OBJ_FrontPage_1 /* FrontPage */ = {"))
        XCTAssertEqual(try IndependentProjectReader.read(folder.projectFile).targets["FrontPage"], ["SDWebImage"])
        _ = try folder.projects.deintegrate(["Emergence.xcodeproj"])
        assertSameBytes(try folder.bytes(), original)
    }

    func testTargetNamesAndProjectsAtTopLevel() throws {
        let folder = try ProjectFolder(self, app: "woocommerce-ios", project: "WooCommerce/WooCommerce.xcodeproj")
        XCTAssertEqual(try folder.projects.targetNames(in: "WooCommerce/WooCommerce.xcodeproj"), [
            "WooCommerce", "WooCommerceTests", "WooCommerceScreenshots", "WooCommerceUITests", "UITestsFoundation",
            "StoreWidgetsExtension", "NotificationExtension", "Woo Watch App", "WatchWidgetsExtension",
        ])
        XCTAssertEqual(folder.projects.projectsAtTopLevel(), [], "the project is in a subfolder")
        let top = try ProjectFolder(self, app: "emergence", project: "Emergence.xcodeproj")
        XCTAssertEqual(top.projects.projectsAtTopLevel(), ["Emergence.xcodeproj"])
    }

    // MARK: - Lines

    /// Equal bytes; else the first line that differs, not megabytes of numbers.
    func assertSameBytes(_ actual: [UInt8], _ expected: [UInt8], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        guard actual != expected else { return }
        let a = actual.split(separator: 0x0A, omittingEmptySubsequences: false)
        let e = expected.split(separator: 0x0A, omittingEmptySubsequences: false)
        let index = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        let shown = { (lines: [ArraySlice<UInt8>]) in index < lines.count ? String(decoding: lines[index], as: UTF8.self) : "(end)" }
        XCTFail("\(message): line \(index + 1) is \(shown(a)), expected \(shown(e)) (\(a.count) lines, expected \(e.count))", file: file, line: line)
    }

    /// The original lines missing from `new` (as a longest-common-subsequence diff would find them
    /// for edits that only insert and delete lines), and the offsets in `new` of the lines added.
    func lineDifference(from old: [UInt8], to new: [UInt8]) -> (removed: [String], added: [Int]) {
        let oldLines = lineStarts(old).map { (lineText(old, at: $0)) }
        let newStarts = lineStarts(new)
        var removed: [String] = []
        var added: [Int] = []
        var index = 0
        for line in oldLines {
            var probe = index
            while probe < newStarts.count, lineText(new, at: newStarts[probe]) != line { probe += 1 }
            guard probe < newStarts.count else {
                removed.append(line)
                continue
            }
            added += newStarts[index..<probe]
            index = probe + 1
        }
        added += newStarts[index...]
        return (removed, added)
    }

    func lineStarts(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
    }

    func lineText(_ bytes: [UInt8], at offset: Int) -> String {
        let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
