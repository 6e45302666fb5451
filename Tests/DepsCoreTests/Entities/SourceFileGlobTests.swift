import DepsCore
import XCTest

/// `source_files` with CocoaPods' meaning (BEHAVIOUR 1.2) and the targets made from it (8.4).
final class SourceFileGlobTests: XCTestCase {
    func glob(_ pattern: String) -> SourceFileGlob { try! SourceFileGlob(pattern) }

    func testStarStaysInOneFolderAndDoubleStarCrossesAnyNumberIncludingNone() {
        XCTAssertTrue(glob("Sources/*.swift").matches("Sources/A.swift"))
        XCTAssertFalse(glob("Sources/*.swift").matches("Sources/Sub/A.swift"))
        XCTAssertTrue(glob("Sources/**/*.swift").matches("Sources/A.swift"))
        XCTAssertTrue(glob("Sources/**/*.swift").matches("Sources/X/Y/A.swift"))
        XCTAssertFalse(glob("Sources/**/*.swift").matches("Tests/A.swift"))
        XCTAssertFalse(glob("Sources/**/*.swift").matches("Sources/A.swiftx"))
        XCTAssertTrue(glob("**/*.h").matches("a/b/c.h"))
        XCTAssertTrue(glob("Lib?.swift").matches("Lib1.swift"))
        XCTAssertFalse(glob("*.swift").matches(".hidden.swift"), "a star does not match a leading dot")
    }

    func testBracesAreAlternativesAndNest() {
        let pattern = glob("Sources/{Core,Extra/{A,B}}/*.{swift,h}")
        for path in ["Sources/Core/x.swift", "Sources/Extra/A/y.h", "Sources/Extra/B/z.swift"] {
            XCTAssertTrue(pattern.matches(path), path)
        }
        XCTAssertFalse(pattern.matches("Sources/Extra/C/z.swift"))
        XCTAssertFalse(pattern.matches("Sources/Core/x.m"))
    }

    func testBadPatternsAreRefused() {
        for (pattern, reason) in [("", "it is empty"), ("/etc/*", "it is an absolute path"),
                                  ("../x/*.swift", "it reaches outside the package's folder with `..`"),
                                  ("Sources/{A,B", "a `{` has no `}`"), ("A}", "a `}` has no `{`")] {
            XCTAssertThrowsError(try SourceFileGlob(pattern)) { XCTAssertEqual(($0 as? SourceFileGlobError)?.reason, reason, pattern) }
        }
    }

    func testModuleNames() throws {
        XCTAssertEqual(ModuleName.defaultName(for: try PackageName("Socket.IO-Client-Swift")), "Socket_IO_Client_Swift")
        XCTAssertEqual(ModuleName.defaultName(for: try PackageName("1Password")), "_1Password")
        XCTAssertTrue(ModuleName.isValid("Text_Utils2"))
        XCTAssertFalse(ModuleName.isValid("Text-Utils"))
        XCTAssertFalse(ModuleName.isValid("2x"))
        XCTAssertFalse(ModuleName.isValid(""))
    }

    func spec(_ patterns: [String]? = nil) throws -> Specification {
        Specification(
            name: try PackageName("Text-Utils"), version: try Version("1.0"), checksum: "x",
            sourceFiles: patterns?.map { try! SourceFileGlob($0) })
    }

    func testATargetTakesTheMatchedSourcesAndExcludesTheRestInFewPaths() throws {
        let files = ["Package.swift", "README.md", "Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift",
                     "Sources/TextUtils/notes.txt", "Tests/T.swift", "Docs/a/b.md"]
        let target = try SwiftPackageTarget(specification: try spec(), folder: .fetched(try PackageName("Text-Utils")),
                                            files: files, dependencyModules: ["Z", "A"])
        XCTAssertEqual(target.product, "Text-Utils")
        XCTAssertEqual(target.module, "Text_Utils")
        XCTAssertEqual(target.sources, ["Sources/TextUtils/A.swift", "Sources/TextUtils/B.swift"])
        XCTAssertEqual(target.excluded, ["Docs", "Package.swift", "README.md", "Sources/TextUtils/notes.txt", "Tests"])
        XCTAssertEqual(target.dependencies, ["A", "Z"])
    }

    func testSourcesThatMatchNothingOrMixLanguagesAreErrorsNamingThePackageAndField() throws {
        let folder = SandboxFolder.fetched(try PackageName("Text-Utils"))
        XCTAssertThrowsError(try SwiftPackageTarget(specification: try spec(), folder: folder, files: ["README.md"], dependencyModules: [])) {
            XCTAssertEqual(String(describing: $0),
                           "Text-Utils: source_files 'Sources/**/*.swift' matches no Swift or C-family source file in its code")
        }
        XCTAssertThrowsError(try SwiftPackageTarget(
            specification: try spec(["Classes/**/*.{swift,m,h}"]), folder: folder,
            files: ["Classes/A.swift", "Classes/B.m", "Classes/B.h"], dependencyModules: [])) {
            XCTAssertEqual(String(describing: $0),
                           "Text-Utils: source_files 'Classes/**/*.{swift,m,h}' matches both Swift and C-family sources "
                           + "(Classes/A.swift and Classes/B.m), which SwiftPM cannot build in one target")
        }
    }
}
