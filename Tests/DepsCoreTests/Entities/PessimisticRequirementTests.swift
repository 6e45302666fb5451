import DepsCore
import XCTest

/// Every `~>` row of BEHAVIOUR 2.2, checked at the boundaries and by meaning.
final class PessimisticRequirementTests: XCTestCase {
    private struct Row {
        let pessimistic: String
        let expanded: String
        let satisfying: [String]
        let outside: [String]
    }

    private let rows = [
        Row(pessimistic: "~> 1.2", expanded: ">= 1.2, < 2",
            satisfying: ["1.2", "1.2.0", "1.3", "1.10", "1.99.99"],
            outside: ["1.1.9", "1.1", "2", "2.0.0", "2.1", "0.9", "2.0.0-beta.1", "1.2-rc.1"]),
        Row(pessimistic: "~> 1.2.3", expanded: ">= 1.2.3, < 1.3",
            satisfying: ["1.2.3", "1.2.4", "1.2.10", "1.2.99"],
            outside: ["1.2.2", "1.2", "1.3", "1.3.0", "2.0", "1.3.0-alpha", "1.2.3-rc.1"]),
        Row(pessimistic: "~> 1", expanded: ">= 1, < 2",
            satisfying: ["1", "1.0", "1.0.1", "1.9", "1.10"],
            outside: ["0.9.9", "2", "2.0.1", "10", "2.0-rc.1", "1.0-beta"]),
        Row(pessimistic: "~> 2.0.0-alpha.2", expanded: ">= 2.0.0-alpha.2, < 2.1",
            satisfying: ["2.0.0-alpha.2", "2.0.0-alpha.10", "2.0.0-beta.1", "2.0.0", "2.0.9"],
            outside: ["2.0.0-alpha.1", "2.0.0-alpha", "1.9", "2.1", "2.1.0", "2.1.0-alpha.1"]),
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
        }
    }

    func testEveryRowHasTheSameMeaningAsItsExpansion() throws {
        for row in rows {
            let pessimistic = try Requirement(row.pessimistic)
            let expanded = try Requirement(row.expanded)
            XCTAssertTrue(pessimistic.hasSameMeaning(as: expanded), "\(row.pessimistic) means \(row.expanded)")
            XCTAssertTrue(expanded.hasSameMeaning(as: pessimistic), "\(row.expanded) means \(row.pessimistic)")
            XCTAssertEqual(VersionIntervals(pessimistic), VersionIntervals(expanded), row.pessimistic)
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
        // 2.0.0-beta.1 sorts below 2, yet `~> 1.2` (and `< 2`) must not reach into 2.0's
        // prereleases even where prereleases are candidates, as in CocoaPods.
        let beta = try Version("2.0.0-beta.1")
        for text in ["~> 1.2", ">= 1.2, < 2"] {
            let requirement = try Requirement(text)
            XCTAssertFalse(requirement.isSatisfied(by: beta), text)
            XCTAssertFalse(requirement.admits(beta, prereleasesAdmitted: true), text)
        }
        let alpha = try Requirement("~> 2.0.0-alpha.2")
        XCTAssertFalse(alpha.admits(try Version("2.1.0-alpha.1")))
        XCTAssertTrue(alpha.admits(try Version("2.0.5-beta.1")))
    }

    func testPessimisticSpellingsThatMeanTheSame() throws {
        XCTAssertFalse(try Requirement("~> 1.2").hasSameMeaning(as: try Requirement("~> 1.2.0.0")))
        XCTAssertTrue(try Requirement("~> 1.2.0").hasSameMeaning(as: try Requirement(">= 1.2, < 1.3")))
        XCTAssertTrue(try Requirement("~>1.2").hasSameMeaning(as: try Requirement("~> 1.2")))
        XCTAssertTrue(try Requirement("~> 1.0").hasSameMeaning(as: try Requirement("~> 1")))
    }
}
