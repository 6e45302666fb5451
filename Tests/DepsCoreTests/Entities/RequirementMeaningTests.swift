import DepsCore
import XCTest

/// Which versions a requirement admits, and when two requirements mean the same.
final class RequirementMeaningTests: XCTestCase {
    func testPrereleaseIsNoCandidateUnlessTheRequirementNamesOne() throws {
        let beta = try Version("6.0.0-beta.1")
        let open = try Requirement(">= 5.0")
        XCTAssertFalse(open.namesPrerelease)
        XCTAssertTrue(open.isSatisfied(by: beta))
        XCTAssertFalse(open.admits(beta))
        XCTAssertTrue(open.admits(beta, prereleasesAdmitted: true))
        XCTAssertTrue(open.admits(try Version("5.9.1")))

        let naming = try Requirement("~> 6.0.0-beta.1")
        XCTAssertTrue(naming.namesPrerelease)
        XCTAssertTrue(naming.admits(beta))
        XCTAssertTrue(naming.admits(try Version("6.0.0-beta.2")))
        XCTAssertTrue(naming.admits(try Version("6.0.0")))
        XCTAssertFalse(naming.admits(try Version("6.0.0-alpha.9")))
        XCTAssertFalse(naming.admits(try Version("6.1.0-beta.1")))
    }

    func testAdmissionStillNeedsEveryConstraint() throws {
        let requirement = try Requirement("~> 5.0")
        let beta = try Version("6.0.0-beta.1")
        XCTAssertFalse(requirement.admits(beta, prereleasesAdmitted: true))
        XCTAssertFalse(requirement.admits(try Version("4.9.1"), prereleasesAdmitted: true))
        XCTAssertTrue(requirement.admits(try Version("5.9.1"), prereleasesAdmitted: true))
    }

    func testLessThanAReleaseAdmitsItsPrereleasesOnlyWherePrereleasesAreAdmitted() throws {
        let below = try Requirement("< 2")
        XCTAssertTrue(below.admits(try Version("2.0-beta.1"), prereleasesAdmitted: true))
        XCTAssertFalse(below.admits(try Version("2.0-beta.1")))
        XCTAssertTrue(below.admits(try Version("1.9-beta.1"), prereleasesAdmitted: true))
        XCTAssertTrue(try Requirement("<= 2").admits(try Version("2.0-beta.1"), prereleasesAdmitted: true))
        XCTAssertTrue(try Requirement("< 2.0-beta.3").admits(try Version("2.0-beta.2")))
        XCTAssertFalse(try Requirement("< 2.0-beta.3").admits(try Version("2.0-beta.3")))
        XCTAssertTrue(try Requirement("!= 2").admits(try Version("2.0-beta.1"), prereleasesAdmitted: true))
    }

    func testExactPrereleaseRequirement() throws {
        let requirement = try Requirement("2.0.0-beta.4")
        XCTAssertTrue(requirement.admits(try Version("2.0.0-beta.4")))
        XCTAssertTrue(requirement.admits(try Version("2.0-beta.4")))
        XCTAssertFalse(requirement.admits(try Version("2.0.0")))
        XCTAssertFalse(requirement.admits(try Version("2.0.0-beta.5")))
    }

    func testLetterSegmentPrereleaseNamedByRequirement() throws {
        let requirement = try Requirement(">= 3.9.0.beta1")
        XCTAssertTrue(requirement.namesPrerelease)
        XCTAssertTrue(requirement.admits(try Version("3.9.0.beta2")))
        XCTAssertFalse(requirement.admits(try Version("3.9.0.alpha1")))
        XCTAssertTrue(requirement.admits(try Version("3.9.0")))
    }

    func testSameMeaningDespiteDifferentSpelling() throws {
        let pairs = [
            ("1.0", "1.0.0"),
            ("1.0", "= 1.0.0"),
            ("< 2, >= 1.0", ">=1.0,<2.0.0"),
            (">= 1.0, <= 1.0", "= 1"),
            ("~> 1.0, != 1.5", "!= 1.5.0, ~> 1.0"),
            ("<= 2.0, != 2", "< 2"),
            ("!= 1.5", "!= 1.5.0, != 1.5"),
            (">= 1.0, != 1.0", "> 1.0"),
            ("<= 2.0, < 2", "< 2"),
            ("~> 1.0, != 3", "~> 1.0"),
            ("> 1, > 2, >= 3", ">= 3"),
            ("~> 1.2, ~> 1.2.3", "~> 1.2.3"),
        ]
        for (a, b) in pairs {
            let first = try Requirement(a)
            let second = try Requirement(b)
            XCTAssertTrue(first.hasSameMeaning(as: second), "'\(a)' means '\(b)'")
            XCTAssertTrue(second.hasSameMeaning(as: first), "'\(b)' means '\(a)'")
        }
    }

    func testDifferentMeanings() throws {
        let pairs = [
            ("~> 1.0", "~> 1.0.0"),
            ("~> 1.0", ">= 1.0"),
            ("~> 1.0, != 1.5", "~> 1.0"),
            ("~> 1.0, != 1.5", "~> 1.0, != 1.6"),
            ("!= 1.5", "< 1.5"),
            ("1.0", "1.0.1"),
            ("> 1.0", ">= 1.0"),
            ("< 2", "<= 2"),
            // `~>` stops below 2.0's prereleases, `< 2` holds them.
            (">= 1.0, < 2", "~> 1.0"),
            ("~> 1.0, != 1.5", ">= 1.0, < 2, != 1.5.0"),
            ("1.10", "1.9"),
            (">= 2.0.0-beta.1, < 3", ">= 2.0.0, < 3"),
        ]
        for (a, b) in pairs {
            let first = try Requirement(a)
            let second = try Requirement(b)
            XCTAssertFalse(first.hasSameMeaning(as: second), "'\(a)' differs from '\(b)'")
            XCTAssertFalse(second.hasSameMeaning(as: first), "'\(b)' differs from '\(a)'")
        }
    }

    func testNamingAPrereleaseChangesMeaning() throws {
        // Both cover the same range, but only the first makes the prereleases in it candidates.
        let naming = try Requirement(">= 1.0-alpha, >= 1.0, < 2")
        let plain = try Requirement(">= 1.0, < 2")
        XCTAssertEqual(VersionIntervals(naming), VersionIntervals(plain))
        XCTAssertTrue(naming.admits(try Version("1.5-beta")))
        XCTAssertFalse(plain.admits(try Version("1.5-beta")))
        XCTAssertFalse(naming.hasSameMeaning(as: plain))
        XCTAssertTrue(naming.hasSameMeaning(as: try Requirement("< 2, >= 1.0, >= 1.0-beta")))
    }

    func testIntersectionHoldsBothRequirements() throws {
        let moya = try Requirement("~> 5.0")
        let indicator = try Requirement(">= 5.1, < 5.8")
        let both = moya.intersection(indicator)
        XCTAssertEqual(both.description, "~> 5.0, >= 5.1, < 5.8")
        XCTAssertTrue(both.isSatisfied(by: try Version("5.7.1")))
        XCTAssertFalse(both.isSatisfied(by: try Version("5.8.1")))
        XCTAssertFalse(both.isSatisfied(by: try Version("5.0.0")))
        XCTAssertTrue(both.hasSameMeaning(as: try Requirement(">= 5.1, < 5.8")))
        XCTAssertEqual(moya.intersection(moya), moya)
        XCTAssertEqual(Requirement.any.intersection(moya), moya)
    }
}

/// Cases the fuzzer found: equality must follow meaning, normalisation must not depend on order,
/// and no number may make a `~>` bound overflow.
final class RequirementFuzzRegressionTests: XCTestCase {
    func testPessimisticRequirementsOfDifferentPrecisionAreNotEqual() throws {
        XCTAssertNotEqual(try Requirement("~> 1"), try Requirement("~> 1.0.0"))
        XCTAssertEqual(try Requirement("~> 1"), try Requirement("~> 1.0"), "both stop below 2")
        XCTAssertEqual(try Requirement(">= 1.0"), try Requirement(">= 1"))
        XCTAssertEqual(Set([try Requirement("~> 1"), try Requirement("~> 1.0.0")]).count, 2)
        XCTAssertEqual(try Requirement("~> 1").intersection(try Requirement("~> 1.0.0")).constraints.count, 2)
    }

    func testNormalisedSpellingDoesNotDependOnTheOrderWritten() throws {
        XCTAssertEqual(try Requirement("1.b, 1b").description, try Requirement("1b, 1.b").description)
        XCTAssertEqual(try Requirement(">= 1.0, >= 1").description, try Requirement(">= 1, >= 1.0").description)
    }

    func testTheLargestNumberIsNoReleaseSegment() throws {
        XCTAssertThrowsError(try Version("18446744073709551615"))
        XCTAssertThrowsError(try Requirement("~> 0.18446744073709551615.0"))
        let nearlyLargest = try Requirement("~> 1.18446744073709551614.0")
        XCTAssertTrue(nearlyLargest.isSatisfied(by: try Version("1.18446744073709551614.7")))
        XCTAssertFalse(nearlyLargest.isSatisfied(by: try Version("2")))
    }

    func testEqualRequirementsMayBeWrittenDifferently() throws {
        let pairs: [(String, String, written: Bool)] = [
            (">= 2", ">= 2.0", false), (">= 2.0", ">=2.0", true), ("= 1", "1.0", false),
            ("~> 1.2, < 1.9", "< 1.9, ~> 1.2", true), ("1.0b", "1.0.b", false),
        ]
        for (a, b, written) in pairs {
            let (first, second) = (try Requirement(a), try Requirement(b))
            XCTAssertEqual(first, second, "\(a) and \(b) mean the same")
            XCTAssertEqual(first.isWritten(like: second), written, "\(a) / \(b)")
            XCTAssertEqual(first.isWritten(like: second), first.description == second.description, "\(a) / \(b)")
        }
        XCTAssertFalse(try Requirement(">= 2").isWritten(like: try Requirement(">= 2, < 3")))
    }
}
