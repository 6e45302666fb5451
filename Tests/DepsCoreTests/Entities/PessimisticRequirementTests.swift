import DepsCore
import XCTest

/// Every `~>` row of BEHAVIOUR 2.2, checked at the boundaries and by meaning. The expansion
/// admits the same releases; only `~>` leaves out the prereleases of the release it stops at
/// (`boundPrerelease`), which `<` admits, as in RubyGems and CocoaPods.
final class PessimisticRequirementTests: XCTestCase {
    private struct Row {
        let pessimistic: String
        let expanded: String
        let satisfying: [String]
        let outside: [String]
        let boundPrerelease: String
    }

    private let rows = [
        Row(pessimistic: "~> 1.2", expanded: ">= 1.2, < 2",
            satisfying: ["1.2", "1.2.0", "1.3", "1.10", "1.99.99"],
            outside: ["1.1.9", "1.1", "2", "2.0.0", "2.1", "0.9", "1.2-rc.1"], boundPrerelease: "2.0.0-beta.1"),
        Row(pessimistic: "~> 1.2.3", expanded: ">= 1.2.3, < 1.3",
            satisfying: ["1.2.3", "1.2.4", "1.2.10", "1.2.99"],
            outside: ["1.2.2", "1.2", "1.3", "1.3.0", "2.0", "1.2.3-rc.1"], boundPrerelease: "1.3.0-alpha"),
        Row(pessimistic: "~> 1", expanded: ">= 1, < 2",
            satisfying: ["1", "1.0", "1.0.1", "1.9", "1.10"],
            outside: ["0.9.9", "2", "2.0.1", "10", "1.0-beta"], boundPrerelease: "2.0-rc.1"),
        Row(pessimistic: "~> 2.0.0-alpha.2", expanded: ">= 2.0.0-alpha.2, < 2.1",
            satisfying: ["2.0.0-alpha.2", "2.0.0-alpha.10", "2.0.0-beta.1", "2.0.0", "2.0.9"],
            outside: ["2.0.0-alpha.1", "2.0.0-alpha", "1.9", "2.1", "2.1.0"], boundPrerelease: "2.1.0-alpha.1"),
    ]

    func testBoundaryVersionsOfEveryRow() throws {
        for row in rows {
            let pessimistic = try Requirement(row.pessimistic)
            let expanded = try Requirement(row.expanded)
            for text in row.satisfying {
                let version = try Version(text)
                XCTAssertTrue(pessimistic.isSatisfied(by: version), "\(row.pessimistic) admits \(text)")
                XCTAssertTrue(expanded.isSatisfied(by: version), "\(row.expanded) admits \(text)")
            }
            for text in row.outside {
                let version = try Version(text)
                XCTAssertFalse(pessimistic.isSatisfied(by: version), "\(row.pessimistic) refuses \(text)")
                XCTAssertFalse(expanded.isSatisfied(by: version), "\(row.expanded) refuses \(text)")
            }
            let bound = try Version(row.boundPrerelease)
            XCTAssertFalse(pessimistic.isSatisfied(by: bound), "\(row.pessimistic) refuses \(bound)")
            XCTAssertTrue(expanded.isSatisfied(by: bound), "\(row.expanded) admits \(bound)")
        }
    }

    func testEveryRowMeansItsExpansionWithoutTheBoundsPrereleases() throws {
        for row in rows {
            let pessimistic = try Requirement(row.pessimistic)
            let expanded = try Requirement(row.expanded)
            let bound = try Version(row.boundPrerelease)
            XCTAssertFalse(pessimistic.hasSameMeaning(as: expanded), "\(row.pessimistic) differs from \(row.expanded)")
            for text in row.satisfying + row.outside {
                let version = try Version(text)
                XCTAssertEqual(pessimistic.isSatisfied(by: version), expanded.isSatisfied(by: version), "\(row.pessimistic) at \(text)")
            }
            XCTAssertNotEqual(pessimistic.isSatisfied(by: bound), expanded.isSatisfied(by: bound), row.pessimistic)
        }
    }

    func testRowsDoNotMeanEachOther() throws {
        let requirements = try rows.map { try Requirement($0.pessimistic) }
        for (i, a) in requirements.enumerated() {
            for (j, b) in requirements.enumerated() where i != j {
                XCTAssertFalse(a.hasSameMeaning(as: b), "\(a) vs \(b)")
            }
        }
    }

    func testPessimisticOnAReleaseLeavesPrereleasesOutUnlessAdmitted() throws {
        let requirement = try Requirement("~> 1.2")
        let patchBeta = try Version("1.3.0-beta.1")
        XCTAssertTrue(requirement.isSatisfied(by: patchBeta))
        XCTAssertFalse(requirement.admits(patchBeta))
        XCTAssertTrue(requirement.admits(patchBeta, prereleasesAdmitted: true))
    }

    func testUpperBoundLeavesOutThePrereleasesOfTheNextRelease() throws {
        // 2.0.0-beta.1 sorts below 2, yet `~> 1.2` must not reach into 2.0's prereleases even
        // where prereleases are candidates, as in CocoaPods; `< 2` does (RubyGems' `<`).
        let beta = try Version("2.0.0-beta.1")
        let pessimistic = try Requirement("~> 1.2")
        XCTAssertFalse(pessimistic.isSatisfied(by: beta))
        XCTAssertFalse(pessimistic.admits(beta, prereleasesAdmitted: true))
        let below = try Requirement(">= 1.2, < 2")
        XCTAssertTrue(below.isSatisfied(by: beta))
        XCTAssertTrue(below.admits(beta, prereleasesAdmitted: true))
        XCTAssertFalse(below.admits(beta))
        let alpha = try Requirement("~> 2.0.0-alpha.2")
        XCTAssertFalse(alpha.admits(try Version("2.1.0-alpha.1")))
        XCTAssertTrue(alpha.admits(try Version("2.0.5-beta.1")))
    }

    func testPessimisticSpellingsThatMeanTheSame() throws {
        XCTAssertFalse(try Requirement("~> 1.2").hasSameMeaning(as: try Requirement("~> 1.2.0.0")))
        XCTAssertFalse(try Requirement("~> 1.2.0").hasSameMeaning(as: try Requirement(">= 1.2, < 1.3")))
        XCTAssertTrue(try Requirement("~>1.2").hasSameMeaning(as: try Requirement("~> 1.2")))
        XCTAssertTrue(try Requirement("~> 1.0").hasSameMeaning(as: try Requirement("~> 1")))
    }
}
