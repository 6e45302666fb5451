import DepsCore
import XCTest

/// CocoaPods' version rules (BEHAVIOUR 2.1): segments, trailing zeros, prerelease order.
final class VersionTests: XCTestCase {
    func testPrereleasesSortBetweenTheEarlierReleaseAndTheirOwnRelease() throws {
        let ordered = ["0.9", "1.0.a.2", "1.0-alpha", "1.0.b1", "1.0-beta", "1.0-beta.2", "1.0-beta.10", "1.0-rc1", "1.0"]
        let versions = try ordered.map { try Version($0) }
        for (index, lower) in versions.enumerated() {
            for higher in versions[(index + 1)...] {
                XCTAssertLessThan(lower, higher, "\(lower) < \(higher)")
                XCTAssertGreaterThan(higher, lower, "\(higher) > \(lower)")
                XCTAssertNotEqual(lower, higher)
            }
        }
        XCTAssertEqual(versions.shuffled().sorted().map(\.description), ordered)
    }

    func testTrailingZeroSegmentsDoNotMatter() throws {
        let short = try Version("1.0")
        let long = try Version("1.0.0")
        XCTAssertEqual(short, long)
        XCTAssertEqual(short.hashValue, long.hashValue)
        XCTAssertFalse(short < long)
        XCTAssertFalse(long < short)
        XCTAssertEqual(Set([short, long, try Version("1")]).count, 1)
        XCTAssertEqual(try Version("2.0.0-beta.4"), try Version("2-beta.4"))
        XCTAssertEqual(try Version("0"), try Version("0.0.0"))
        XCTAssertNotEqual(try Version("1.0.1"), try Version("1.0"))
    }

    func testSegmentsCompareAsNumbers() throws {
        XCTAssertGreaterThan(try Version("1.10"), try Version("1.9"))
        XCTAssertGreaterThan(try Version("1.9.10"), try Version("1.9.9"))
        XCTAssertLessThan(try Version("2.30909.1"), try Version("2.30910.0"))
        XCTAssertGreaterThan(try Version("10.0"), try Version("9.99.99"))
        XCTAssertLessThan(try Version("1.2"), try Version("1.2.1"))
    }

    func testDateLikeVersionKeepsLeadingZerosInItsSpellingOnly() throws {
        let version = try Version("3.2016.0521")
        XCTAssertEqual(version.releaseSegments, [3, 2016, 521])
        XCTAssertEqual(version.description, "3.2016.0521")
        XCTAssertEqual(version, try Version("3.2016.521"))
        XCTAssertLessThan(version, try Version("3.2016.0600"))
        XCTAssertFalse(version.isPrerelease)
    }

    func testReleaseCandidateWithLeadingZeros() throws {
        let candidate = try Version("1.0.01-rc01")
        XCTAssertTrue(candidate.isPrerelease)
        XCTAssertEqual(candidate.releaseSegments, [1, 0, 1])
        XCTAssertEqual(candidate.prerelease, [.word("rc"), .number(1)])
        XCTAssertEqual(candidate.description, "1.0.01-rc01")
        XCTAssertLessThan(candidate, try Version("1.0.1"))
        XCTAssertGreaterThan(candidate, try Version("1.0.0"))
        XCTAssertLessThan(candidate, try Version("1.0.1-rc2"))
    }

    func testPrereleaseDetection() throws {
        for text in ["2.0.0-beta.4", "1.0.0.beta1", "1.0-rc1", "1.0.a.2", "6.0.0-beta.1", "1.0-0", "3.9.0.beta1"] {
            XCTAssertTrue(try Version(text).isPrerelease, text)
        }
        for text in ["1", "1.0", "1.10", "5.9.1", "3.2016.0521", "0.0.1"] {
            XCTAssertFalse(try Version(text).isPrerelease, text)
            XCTAssertEqual(try Version(text).prerelease, [], text)
        }
    }

    func testPrereleaseIdentifiersCompareNumbersAboveWords() throws {
        XCTAssertLessThan(try Version("1.0-beta"), try Version("1.0-1"))
        XCTAssertLessThan(try Version("1.0-beta.x"), try Version("1.0-beta.1"))
        XCTAssertLessThan(try Version("1.0-beta.2"), try Version("1.0-beta.11"))
        XCTAssertLessThan(try Version("1.0-alpha.9"), try Version("1.0-beta.1"))
        XCTAssertEqual(try Version("1.0.0.beta1"), try Version("1.0.0-beta1"))
        XCTAssertLessThan(try Version("2.0-rc.1"), try Version("2.0.1-alpha"))
        XCTAssertGreaterThan(try Version("2.0-rc.1"), try Version("1.99"))
    }

    func testDigitsBeforeLettersInASegmentStayPartOfTheRelease() throws {
        // `1.0.1b` is a prerelease of 1.0.1, not of 1.0 (as in RubyGems and CocoaPods).
        let version = try Version("1.0.1b")
        XCTAssertTrue(version.isPrerelease)
        XCTAssertEqual(version.releaseSegments, [1, 0, 1])
        XCTAssertGreaterThan(version, try Version("1.0"))
        XCTAssertLessThan(version, try Version("1.0.1"))
        XCTAssertEqual(try Version("1.0.0beta1"), try Version("1.0.0.beta1"))
        XCTAssertGreaterThan(try Version("1.0.1beta1"), try Version("1.0.0"))
    }

    func testOriginalSpellingIsKept() throws {
        for text in ["1.0", "1.0.0", "1.10", "01.2", "2.0.0-beta.4", "1.0.0.beta1", "1.0.01-rc01", "3.2016.0521"] {
            XCTAssertEqual(try Version(text).description, text)
            XCTAssertEqual("\(try Version(text))", text)
        }
        XCTAssertEqual(Version(segments: [1, 2, 3]).description, "1.2.3")
        XCTAssertEqual(Version(segments: [1, 2]), try Version("1.2.0"))
    }

    func testPessimisticUpperBound() throws {
        let rows: [(String, String)] = [
            ("1.2", "2"), ("1.2.3", "1.3"), ("1", "2"), ("2.0.0-alpha.2", "2.1"), ("0.9", "1"), ("1.0.0.beta1", "1.1"),
        ]
        for (text, bound) in rows {
            let upper = try Version(text).pessimisticUpperBound
            XCTAssertEqual(upper, try Version(bound), text)
            XCTAssertFalse(upper.isPrerelease, text)
        }
    }

    /// Short releases are stored packed and the rest (long, large segments, prereleases)
    /// as arrays; order, equality and hashing must not depend on which form a version has.
    func testVersionsCompareAlikeWhateverTheirStorage() throws {
        let texts = [
            "0", "1", "1.0.0.0.0", "1.2.3.4", "1.2.3.4.0", "1.2.3.4.5", "1.2.3.4.5.0", "1.65535", "1.65536",
            "1.65536.0", "2", "2.0.0-beta", "2.0.0.0.0.1", "65535.65535.65535.65535", "65536", "18446744073709551614",
        ]
        let versions = try texts.map(Version.init)
        for a in versions {
            for b in versions {
                let (x, y) = (a.releaseSegments + [0, 0, 0, 0, 0, 0], b.releaseSegments + [0, 0, 0, 0, 0, 0])
                let sameRelease = Array(x.prefix(7)) == Array(y.prefix(7))
                let expectedEqual = sameRelease && a.prerelease == b.prerelease
                XCTAssertEqual(a == b, expectedEqual, "\(a) == \(b)")
                if a == b { XCTAssertEqual(a.hashValue, b.hashValue, "\(a) and \(b) hash alike") }
                XCTAssertEqual(a < b || b < a || a == b, true, "\(a) and \(b) are ordered")
                XCTAssertFalse(a < b && b < a, "\(a) < \(b) < \(a)")
            }
        }
        XCTAssertEqual(try Version("1.0.0.0.0"), try Version("1"))
        XCTAssertEqual(try Version("1.0.0.0.0").releaseSegments, [1, 0, 0, 0, 0])
        XCTAssertLessThan(try Version("1.65535"), try Version("1.65536"))
        XCTAssertLessThan(try Version("1.2.3.4"), try Version("1.2.3.4.5"))
        XCTAssertLessThan(try Version("1.2.3.4.5"), try Version("1.2.3.5"))
        XCTAssertLessThan(try Version("65535.65535.65535.65535"), try Version("65536"))
        XCTAssertLessThan(try Version("2.0.0-beta"), try Version("2"))
        XCTAssertLessThan(try Version("1.65536"), try Version("2.0.0-beta"))
        XCTAssertEqual(Version(segments: [1] + Array(repeating: 0, count: 70_000)), try Version("1"))
        XCTAssertEqual(Set(versions).count, versions.count - 4, "a trailing zero makes no other version")
    }
}
