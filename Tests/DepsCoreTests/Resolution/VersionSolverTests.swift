import DepsCore
import ResolutionFixtures
import XCTest

/// The examples of dart-lang/pub's solver documentation, and what the solver reads.
final class VersionSolverTests: XCTestCase {
    func testNoConflicts() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": ["bar": "~> 1.0"]],
            "bar": ["1.0.0": [:], "2.0.0": [:]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["foo": "~> 1.0"]), ["foo": "1.0.0", "bar": "1.0.0"])
    }

    func testAvoidingAConflictDuringDecisionMaking() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": [:], "1.1.0": ["bar": "~> 2.0"]],
            "bar": ["1.0.0": [:], "1.1.0": [:], "2.0.0": [:]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["foo": "~> 1.0", "bar": "~> 1.0"]), ["foo": "1.0.0", "bar": "1.1.0"])
    }

    func testPerformingConflictResolution() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": [:], "2.0.0": ["bar": "~> 1.0"]],
            "bar": ["1.0.0": ["foo": "~> 1.0"]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["foo": ">= 1.0.0"]), ["foo": "1.0.0"])
    }

    func testConflictResolutionWithAPartialSatisfier() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": [:], "1.1.0": ["left": "~> 1.0", "right": "~> 1.0"]],
            "left": ["1.0.0": ["shared": ">= 1.0.0"]],
            "right": ["1.0.0": ["shared": "< 2.0.0"]],
            "shared": ["1.0.0": ["target": "~> 1.0"], "2.0.0": [:]],
            "target": ["1.0.0": [:], "2.0.0": [:]],
        ])
        XCTAssertEqual(
            try ResolutionFixture.resolve(catalog, ["foo": "~> 1.0", "target": "~> 2.0"]),
            ["foo": "1.0.0", "target": "2.0.0"]
        )
    }

    func testDependenciesAreReadOnlyForVersionsConsideredAndVersionsOnlyForPackagesMet() throws {
        var table: TableCatalog.Table = [
            "App": ["1.0.0": ["Core": "~> 2.0"], "2.0.0": ["Core": "~> 3.0"]],
            "Core": ["2.0.0": [:], "3.0.0": [:], "3.1.0": [:]],
        ]
        for index in 0..<200 { table["Unrelated\(index)"] = ["1.0.0": ["Core": ""]] }
        let catalog = TableCatalog(table)
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["App": ""]), ["App": "2.0.0", "Core": "3.1.0"])
        XCTAssertEqual(catalog.dependencyCalls.sorted(), ["App 2.0.0", "Core 3.1.0"])
        XCTAssertEqual(catalog.versionCalls.sorted(), ["App", "Core"])
        XCTAssertEqual(catalog.nameListCalls, 0)
    }

    func testEachSpecIsReadOnceThoughTheSearchBacktracks() throws {
        // Every Lib version but the oldest needs a Base the Depsfile rules out.
        var libraries: [String: [String: String]] = ["1.0.0": ["Base": "~> 1.0"]]
        for minor in 1...8 { libraries["1.\(minor).0"] = ["Base": "~> 2.\(minor)"] }
        let catalog = TableCatalog([
            "Lib": libraries,
            "Base": ["1.0.0": [:], "2.1.0": [:], "2.5.0": [:], "2.8.0": [:]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["Lib": "", "Base": "~> 1.0"]), ["Lib": "1.0.0", "Base": "1.0.0"])
        XCTAssertEqual(catalog.dependencyCalls.count, Set(catalog.dependencyCalls).count, "\(catalog.dependencyCalls)")
        XCTAssertEqual(Set(catalog.versionCalls).count, catalog.versionCalls.count)
    }

    func testCatalogErrorsReachTheCallerUnchanged() throws {
        let catalog = TableCatalog(["App": ["1.0.0": ["Core": ""]], "Core": ["1.0.0": [:]]])
        catalog.brokenPackage = "Core"
        XCTAssertThrowsError(try ResolutionFixture.resolve(catalog, ["App": ""])) { error in
            XCTAssertEqual(error as? TableCatalog.BrokenSpec, TableCatalog.BrokenSpec(name: "Core"))
        }
    }
}
