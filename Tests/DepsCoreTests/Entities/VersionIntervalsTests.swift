import DepsCore
import XCTest

/// The canonical interval form behind `hasSameMeaning(as:)`.
final class VersionIntervalsTests: XCTestCase {
    private func intervals(_ text: String) throws -> VersionIntervals {
        VersionIntervals(try Requirement(text))
    }

    func testAnyRequirementCoversEverything() {
        XCTAssertEqual(VersionIntervals(Requirement.any), VersionIntervals.all)
        XCTAssertFalse(VersionIntervals.all.isEmpty)
    }

    func testNotEqualSplitsTheRangeInTwo() throws {
        let split = try intervals("~> 1.0, != 1.5")
        XCTAssertEqual(split.intervals.count, 2)
        guard split.intervals.count == 2 else { return }
        XCTAssertEqual(split.intervals[0].lower, .inclusive(try Version("1.0")))
        XCTAssertEqual(split.intervals[0].upper, .exclusive(try Version("1.5")))
        XCTAssertEqual(split.intervals[1].lower, .exclusive(try Version("1.5")))
        XCTAssertEqual(split.intervals[1].upper, try intervals("~> 1.0").intervals.first?.upper)
    }

    func testTwoExclusionsGiveThreeSortedPieces() throws {
        let pieces = try intervals("!= 1.7, != 1.5")
        XCTAssertEqual(pieces.intervals.map(\.lower), [.unbounded, .exclusive(try Version("1.5")), .exclusive(try Version("1.7"))])
        XCTAssertEqual(pieces.intervals.map(\.upper), [.exclusive(try Version("1.5")), .exclusive(try Version("1.7")), .unbounded])
        XCTAssertEqual(pieces, try intervals("!= 1.5, != 1.7"))
    }

    func testExclusionOutsideTheRangeLeavesItWhole() throws {
        XCTAssertEqual(try intervals("~> 1.0, != 3"), try intervals("~> 1.0"))
        XCTAssertEqual(try intervals("~> 1.0, != 3").intervals.count, 1)
    }

    func testContradictionsAreEmpty() throws {
        for text in ["< 1, > 2", "= 1.0, != 1.0.0", "> 1.0, < 1.0", ">= 1.0, < 1.0", "> 1.0, <= 1", "~> 1.2, ~> 2.0", "1.0, 1.1"] {
            XCTAssertTrue(try intervals(text).isEmpty, text)
        }
        for text in [">= 1.0, <= 1.0", "= 1", "> 1, < 1.0.1"] {
            XCTAssertFalse(try intervals(text).isEmpty, text)
        }
    }

    func testIntersectionMatchesCombiningRequirements() throws {
        let combined = try intervals("~> 5.0").intersection(try intervals(">= 5.1, < 5.8"))
        XCTAssertEqual(combined, try intervals(">= 5.1, < 5.8"))
        XCTAssertEqual(VersionIntervals.all.intersection(try intervals("~> 5.0")), try intervals("~> 5.0"))
        XCTAssertTrue(try intervals("~> 4.9").intersection(try intervals("~> 5.0")).isEmpty)
    }

    func testPessimisticUpperBoundSitsBelowItsPrereleasesAndLessThanAtTheRelease() throws {
        let pessimistic = try intervals("~> 1.2")
        XCTAssertNotEqual(pessimistic.intervals.first?.upper, .exclusive(try Version("2")))
        XCTAssertTrue(pessimistic.intersection(try intervals(">= 2.0-alpha")).isEmpty)
        XCTAssertTrue(try intervals("~> 1.2, >= 2.0.0-beta.1").isEmpty)
        // `< 2` stops at 2 itself, as RubyGems' `<` does: 2.0's prereleases lie below it.
        let below = try intervals("< 2")
        XCTAssertEqual(below.intervals.first?.upper, .exclusive(try Version("2")))
        XCTAssertFalse(below.intersection(try intervals(">= 2.0-alpha")).isEmpty)
        XCTAssertFalse(try intervals("<= 2, >= 2.0-alpha").isEmpty)
        // A prerelease bound stays where it is written.
        XCTAssertEqual(try intervals("< 2.0-beta.3").intervals.first?.upper, .exclusive(try Version("2.0-beta.3")))
        XCTAssertFalse(try intervals("< 2.0-beta.3, >= 2.0-beta.2").isEmpty)
    }

    func testBoundsCompareVersionsByValue() throws {
        XCTAssertEqual(try intervals("< 2"), try intervals("< 2.0.0"))
        XCTAssertNotEqual(try intervals("< 2"), try intervals("<= 2"))
        XCTAssertNotEqual(try intervals("> 1"), try intervals(">= 1"))
        XCTAssertEqual(try intervals(">= 1.0, >= 1.0.0"), try intervals(">= 1"))
        XCTAssertEqual(try intervals("> 1, >= 1"), try intervals("> 1.0"))
        XCTAssertEqual(try intervals("< 2, <= 2"), try intervals("< 2"))
    }
}
