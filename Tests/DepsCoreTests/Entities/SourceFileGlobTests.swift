import DepsCore
import XCTest

/// `source_files` with CocoaPods' meaning (BEHAVIOUR 1.2), and module names.
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
        let refused: [(String, SourceFileGlobError.Reason)] = [
            ("", .empty), ("/etc/*", .absolute), ("../x/*.swift", .reachesOutside), ("Sources/{A,B", .unclosedBrace), ("A}", .unopenedBrace),
        ]
        for (pattern, reason) in refused {
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
}
