@testable import DepsCore
import XCTest

/// How sets of versions read, and which names are offered for a missing one.
final class ResolutionWordingTests: XCTestCase {
    private var registry: PackageRegistry!
    private var foo: PackageID!

    override func setUpWithError() throws {
        let catalog = TableCatalog(["Foo": ["1.0": [:], "1.5": [:], "2.0-beta": [:], "2.0": [:], "3.0": [:]]])
        registry = PackageRegistry(cache: CatalogCache(catalog), rootDependencies: [], pins: [:])
        foo = try registry.id(of: PackageName("Foo")).id
    }

    /// Versions by index: 0 = 1.0, 1 = 1.5, 2 = 2.0-beta, 3 = 2.0, 4 = 3.0.
    private func text(_ indices: [Int]) -> String {
        ResolutionWording(registry: registry).describe(VersionSet(universe: 5, indices: indices), of: foo)
    }

    func testRangesOverTheKnownVersions() {
        XCTAssertEqual(text([0, 1, 3, 4]), "", "every release: prereleases are left out of the picture")
        XCTAssertEqual(text([0, 1, 2, 3, 4]), "")
        XCTAssertEqual(text([0]), "1.0")
        XCTAssertEqual(text([1]), "1.5")
        XCTAssertEqual(text([4]), ">= 3.0")
        XCTAssertEqual(text([3, 4]), ">= 2.0")
        XCTAssertEqual(text([0, 1]), "< 2.0")
        XCTAssertEqual(text([1, 3]), ">= 1.5, < 3.0")
        XCTAssertEqual(text([0, 3, 4]), "!= 1.5")
        XCTAssertEqual(text([0, 4]), "1.0 or >= 3.0")
        XCTAssertEqual(text([2]), "2.0-beta")
        XCTAssertEqual(text([]), "(no versions)")
    }

    func testTermsReadAsTheRequirementTheyCameFrom() throws {
        let wording = ResolutionWording(registry: registry)
        let set = VersionSet(universe: 5, indices: [0, 1])
        XCTAssertEqual(wording.describe(Term(foo, set, label: registry.label(for: try Requirement("~> 1.0")))), "Foo ~> 1.0")
        XCTAssertEqual(wording.describe(Term(foo, set, label: registry.label(for: try Requirement("1.5")))), "Foo 1.5")
        XCTAssertEqual(wording.describe(Term(foo, set)), "Foo < 2.0")
        XCTAssertEqual(wording.describe(Term(foo, .full(universe: 5)), every: true), "every version of Foo")
        XCTAssertEqual(wording.describe(Term(foo, .full(universe: 5))), "Foo")
        XCTAssertEqual(wording.describe(Term(.root, .full(universe: 1))), "the Depsfile")
    }
}
