import DepsFiles
import DepsFileSystem
import DepsSpecSources
@testable import DepsSwiftPM
import DepsCore
import Foundation
import TemporaryFolders
import XCTest

/// `Deps/Package.swift` as golden text (BEHAVIOUR 8.4), written only when its content changes.
final class SwiftPMIntegrationTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func build(_ specification: Specification, folder: SandboxFolder, files: [String], platform: Platform? = nil) throws -> PackageBuild {
        try PackageBuild(specification: specification, subspecs: [], platform: platform, folder: folder, files: files) { _ in nil }
    }

    func manifest() throws -> SandboxPackageManifest {
        let plain = try build(
            Specification(name: name("Text-Utils"), version: try Version("1.0"), checksum: "x"),
            folder: .fetched(name("Text-Utils")), files: ["Sources/T/A.swift", "README.md"])
        let local = try build(
            Specification(
                name: name("LocalKit"), version: try Version("0.1"), dependencies: [Dependency(name("Text-Utils"), .any)],
                checksum: "y", moduleName: "LocalKit"),
            folder: .inPlace(name("LocalKit"), path: "../LocalKit"),
            files: ["Sources/LocalKit/\"quoted\".swift", "Sources/LocalKit/B.swift", "Sources/LocalKit/C.swift"])
        return SandboxPackageManifest(packages: [plain, local])
    }

    func testCPlusPlusStandardsTakeSwiftPMsSpelling() {
        XCTAssertEqual(SwiftPMManifestText.swiftPMName(ofCxx: "c++17"), "cxx17")
        XCTAssertEqual(SwiftPMManifestText.swiftPMName(ofCxx: "gnu++14"), "gnucxx14")
        XCTAssertEqual(SwiftPMManifestText.swiftPMName(ofCxx: "c++20"), "cxx20")
        XCTAssertEqual(SwiftPMManifestText.swiftPMName(ofCxx: "gnu++98"), "gnucxx98")
    }

    func testTheManifestMatchesTheGoldenTextAndIsWrittenOnlyWhenItChanges() throws {
        let project = NSTemporaryDirectory() + "deps-spm-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createDirectory(atPath: project + "/Deps", withIntermediateDirectories: true)
        try Data("// app\n".utf8).write(to: URL(fileURLWithPath: project + "/Package.swift"))
        let past = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: project + "/Package.swift")

        let integration = SwiftPMIntegration(projectDirectory: LocalPath(project))
        XCTAssertFalse(integration.isWritten(for: .empty))
        XCTAssertTrue(try integration.write(try manifest()))
        XCTAssertEqual(try String(contentsOfFile: project + "/Deps/Package.swift", encoding: .utf8), #"""
            // swift-tools-version:5.9
            // Written by deps from Depsfile.lock: one library per installed package.
            // deps install and deps update rewrite this file; edit the Depsfile instead.
            import PackageDescription

            let package = Package(
                name: "Deps",
                products: [
                    .library(name: "LocalKit", targets: ["LocalKit"]),
                    .library(name: "Text-Utils", targets: ["Text_Utils"]),
                ],
                targets: [
                    .target(
                        name: "LocalKit",
                        dependencies: ["Text_Utils"],
                        path: "_local/LocalKit",
                        exclude: [],
                        sources: [
                            "Sources/LocalKit/\"quoted\".swift",
                            "Sources/LocalKit/B.swift",
                            "Sources/LocalKit/C.swift",
                        ]
                    ),
                    .target(
                        name: "Text_Utils",
                        dependencies: [],
                        path: "Text-Utils",
                        exclude: ["README.md"],
                        sources: ["Sources/T/A.swift"]
                    ),
                ]
            )

            """#)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: project + "/Deps/_local/LocalKit")
        XCTAssertEqual(URL(fileURLWithPath: link).standardized.path,
                       URL(fileURLWithPath: (project as NSString).deletingLastPathComponent + "/LocalKit").standardized.path)
        // The project's manifest was touched, not rewritten.
        let touched = try FileManager.default.attributesOfItem(atPath: project + "/Package.swift")[.modificationDate] as? Date
        XCTAssertNotEqual(touched, past)
        XCTAssertEqual(try String(contentsOfFile: project + "/Package.swift", encoding: .utf8), "// app\n")

        // The same content: nothing written, nothing touched.
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: project + "/Deps/Package.swift")
        XCTAssertFalse(try integration.write(try manifest()))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: project + "/Deps/Package.swift")[.modificationDate] as? Date, past)
    }

    // SwiftPM's file rules: the sources a target builds, and what it must leave out.

    func testATargetTakesItsSourcesAndExcludesTheRestInFewPaths() {
        let files = ["Package.swift", "README.md", "Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift",
                     "Sources/TextUtils/notes.txt", "Tests/T.swift", "Docs/a/b.md", "Resources/Kit.bundle/a.png"]
        XCTAssertEqual(
            TargetExclusions.paths(of: files, keeping: ["Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift", "Resources/Kit.bundle"]),
            ["Docs", "Package.swift", "README.md", "Sources/TextUtils/notes.txt", "Tests"])
    }

    /// A C-family module with no public header still gets its `include/` (SwiftPM refuses a named
    /// `publicHeadersPath` that does not exist), and links already right are left alone.
    func testTheHeaderLayoutOfAModuleWithoutPublicHeaders() throws {
        let project = NSTemporaryDirectory() + "deps-spm-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createDirectory(atPath: project + "/Deps/Kit", withIntermediateDirectories: true)
        let built = try build(
            Specification(name: name("Kit"), version: try Version("1.0"), checksum: "x", sourceFiles: [try SourceFileGlob("*.c")]),
            folder: .fetched(name("Kit")), files: ["a.c"])
        let integration = SwiftPMIntegration(projectDirectory: LocalPath(project))
        XCTAssertTrue(try integration.write(SandboxPackageManifest(packages: [built])))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: project + "/Deps/_targets/Kit/include", isDirectory: &isFolder) && isFolder.boolValue)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: project + "/Deps/_targets/Kit/code"), "../../Kit")
        let stamp = try FileManager.default.attributesOfItem(atPath: project + "/Deps/_targets/Kit/include")[.modificationDate] as? Date
        XCTAssertFalse(try integration.write(SandboxPackageManifest(packages: [built])))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: project + "/Deps/_targets/Kit/include")[.modificationDate] as? Date, stamp)
    }
}
