import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import Foundation
import XCTest

/// `Deps/Package.swift` as golden text (BEHAVIOUR 8.4), written only when its content changes.
final class SwiftPMIntegrationTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func manifest() throws -> SandboxPackageManifest {
        let plain = SwiftPackageTarget(
            specification: Specification(name: name("Text-Utils"), version: try Version("1.0"), checksum: "x"),
            folder: .fetched(name("Text-Utils")), files: ["Sources/T/A.swift", "README.md"], dependencyModules: [])
        let local = try SwiftPackageTarget(
            specification: Specification(name: name("LocalKit"), version: try Version("0.1"), checksum: "y", moduleName: "LocalKit"),
            folder: .inPlace(name("LocalKit"), path: "../LocalKit"),
            files: ["Sources/LocalKit/\"quoted\".swift", "Sources/LocalKit/B.swift", "Sources/LocalKit/C.swift"],
            dependencyModules: ["Text_Utils"])
        return SandboxPackageManifest(targets: [plain, local])
    }

    func testTheManifestMatchesTheGoldenTextAndIsWrittenOnlyWhenItChanges() throws {
        let project = NSTemporaryDirectory() + "deps-spm-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createDirectory(atPath: project + "/Deps", withIntermediateDirectories: true)
        try Data("// app\n".utf8).write(to: URL(fileURLWithPath: project + "/Package.swift"))
        let past = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: project + "/Package.swift")

        let integration = SwiftPMIntegration(projectDirectory: LocalPath(project))
        XCTAssertFalse(integration.isWritten())
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

    // SwiftPM's file rules: which matched files are sources, what is excluded, what is refused.

    func spec(_ patterns: [String]? = nil) throws -> Specification {
        Specification(
            name: try PackageName("Text-Utils"), version: try Version("1.0"), checksum: "x",
            sourceFiles: patterns?.map { try! SourceFileGlob($0) })
    }

    func testATargetTakesTheMatchedSourcesAndExcludesTheRestInFewPaths() throws {
        let files = ["Package.swift", "README.md", "Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift",
                     "Sources/TextUtils/notes.txt", "Tests/T.swift", "Docs/a/b.md"]
        let declared = try SwiftPMTarget(SwiftPackageTarget(specification: try spec(), folder: .fetched(try PackageName("Text-Utils")),
                                                            files: files, dependencyModules: ["Z", "A"]))
        XCTAssertEqual(declared.target.product, "Text-Utils")
        XCTAssertEqual(declared.target.module, "Text_Utils")
        XCTAssertEqual(declared.sources, ["Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift"])
        XCTAssertEqual(declared.excluded, ["Docs", "Package.swift", "README.md", "Sources/TextUtils/notes.txt", "Tests"])
        XCTAssertEqual(declared.target.dependencies, ["A", "Z"])
    }

    func testSourcesThatMatchNothingOrMixLanguagesAreErrorsNamingThePackageAndField() throws {
        let folder = SandboxFolder.fetched(try PackageName("Text-Utils"))
        XCTAssertThrowsError(try SwiftPMTarget(SwiftPackageTarget(specification: try spec(), folder: folder, files: ["README.md"], dependencyModules: []))) {
            XCTAssertEqual(String(describing: $0),
                           "Text-Utils: source_files 'Sources/**/*.swift' matches no Swift or C-family source file in its code")
        }
        XCTAssertThrowsError(try SwiftPMTarget(SwiftPackageTarget(
            specification: try spec(["Classes/**/*.{swift,m,h}"]), folder: folder,
            files: ["Classes/A.swift", "Classes/B.m", "Classes/B.h"], dependencyModules: []))) {
            XCTAssertEqual(String(describing: $0),
                           "Text-Utils: source_files 'Classes/**/*.{swift,m,h}' matches both Swift and C-family sources "
                           + "(Classes/A.swift and Classes/B.m), which SwiftPM cannot build in one target")
        }
    }
}
