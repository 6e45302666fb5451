import DepsCore
import ResolutionFixtures
import XCTest

/// Which package the solver decides first among those at one distance from the Depsfile, on a
/// graph shaped like a large pod's (hundreds of versions) that two direct dependencies pull.
final class LargePackageOrderTests: XCTestCase {
    /// `Big` with 5 majors of 60 minors each; `App` asks `>= 1.0` of it and `Kit` `> 1.0, < 6.0`.
    /// `App` also needs `Helper`, whose newest version holds `Big` to its first major.
    func largePackageGraph(helperNewest: String = "~> 1.0") -> TableCatalog {
        var big: [String: [String: String]] = [:]
        for major in 1...5 {
            for minor in 0..<60 { big["\(major).\(minor).0"] = [:] }
        }
        return TableCatalog([
            "Big": big,
            "App": ["1.0.0": ["Big": ">= 1.0", "Helper": ""]],
            "Kit": ["1.0.0": ["Big": "> 1.0, < 6.0"]],
            "Helper": ["1.0.0": [:], "2.0.0": ["Big": helperNewest]],
        ])
    }

    func testALargePackageTwoDirectDependenciesPullKeepsItsNewestMajor() throws {
        // Big and Helper are both one step from the Depsfile; Helper has fewer candidates, but
        // Big is what both direct dependencies ask for: deciding Helper first would drag Big back
        // to 1.59.0, when Big 5.59.0 resolves with Helper 1.0.0.
        let result = try ResolutionFixture.resolve(largePackageGraph(), ["App": "", "Kit": ""])
        XCTAssertEqual(result, ["App": "1.0.0", "Kit": "1.0.0", "Big": "5.59.0", "Helper": "1.0.0"])
    }

    func testWhenBothFitEachTakesItsNewest() throws {
        let result = try ResolutionFixture.resolve(largePackageGraph(helperNewest: ">= 1.0"), ["App": "", "Kit": ""])
        XCTAssertEqual(result, ["App": "1.0.0", "Kit": "1.0.0", "Big": "5.59.0", "Helper": "2.0.0"])
    }
}
