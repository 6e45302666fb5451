import DepsCore
import XCTest

/// Texts that are not versions are refused when read, with the text in the error.
final class InvalidVersionTests: XCTestCase {
    func testMalformedVersionsAreRefused() {
        let invalid = [
            "1..2", "v1.0", "1.0 beta", "", "1.", ".1", "1.0-", "-1", "1.0_1",
            " 1.0", "1.0 ", "1,0", "1.0+build", "1.0-beta..1", "1.0--1", "a", "beta.1", "~> 1.0",
            "99999999999999999999999", "1.0é", "١.٠",
        ]
        for text in invalid {
            XCTAssertThrowsError(try Version(text), "'\(text)' is not a version") { error in
                XCTAssertEqual((error as? VersionError)?.text, text)
            }
        }
    }

    func testErrorNamesTheText() {
        XCTAssertThrowsError(try Version("1..2")) { error in
            XCTAssertEqual((error as? VersionError)?.text, "1..2")
        }
    }

    func testNeighboursOfInvalidSpellingsAreValid() {
        for text in ["1.2", "1.0.1", "1", "1.0-1", "1.0-beta-1", "0", "1.0.beta"] {
            XCTAssertNoThrow(try Version(text), text)
        }
    }
}
