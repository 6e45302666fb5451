@testable import DepsCore
import ResolutionFixtures
import XCTest

/// How the solver's sets of versions and terms become a derivation's data.
final class DerivationRecorderTests: XCTestCase {
    private var registry: PackageRegistry!
    private var foo: PackageID!

    override func setUpWithError() throws {
        let catalog = TableCatalog(["Foo": ["1.0": [:], "1.5": [:], "2.0-beta": [:], "2.0": [:], "3.0": [:]]])
        registry = PackageRegistry(cache: CatalogCache(catalog), rootDependencies: [], pins: [:])
        foo = try registry.id(of: PackageName("Foo")).id
    }

    private func v(_ text: String) -> Version { try! Version(text) }

    /// Versions by index: 0 = 1.0, 1 = 1.5, 2 = 2.0-beta, 3 = 2.0, 4 = 3.0.
    private func versions(_ indices: [Int]) -> TermVersions {
        DerivationRecorder(registry: registry).versions(VersionSet(universe: 5, indices: indices), of: foo)
    }

    func testRangesOverTheKnownVersions() {
        XCTAssertEqual(versions([0, 1, 3, 4]), .every, "every release: prereleases are left out of the picture")
        XCTAssertEqual(versions([0, 1, 2, 3, 4]), .every)
        XCTAssertEqual(versions([0]), .runs([.exactly(v("1.0"))]))
        XCTAssertEqual(versions([1]), .runs([.exactly(v("1.5"))]))
        XCTAssertEqual(versions([4]), .runs([.atLeast(v("3.0"))]))
        XCTAssertEqual(versions([3, 4]), .runs([.atLeast(v("2.0"))]))
        XCTAssertEqual(versions([0, 1]), .runs([.below(v("2.0"))]))
        XCTAssertEqual(versions([1, 3]), .runs([.between(v("1.5"), v("3.0"))]))
        XCTAssertEqual(versions([0, 3, 4]), .allBut(v("1.5")))
        XCTAssertEqual(versions([0, 4]), .runs([.exactly(v("1.0")), .atLeast(v("3.0"))]))
        XCTAssertEqual(versions([2]), .runs([.exactly(v("2.0-beta"))]))
        XCTAssertEqual(versions([]), .none)
    }

    func testTermsKeepTheRequirementTheyCameFromAndTheirExactMembers() throws {
        let recorder = DerivationRecorder(registry: registry)
        let set = VersionSet(universe: 5, indices: [0, 1])
        let tilde = recorder.term(Term(foo, set, label: registry.label(for: try Requirement("~> 1.0"))))
        XCTAssertEqual(tilde.versions, .requirement(try Requirement("~> 1.0")))
        XCTAssertEqual(tilde.members, [v("1.0"), v("1.5")])
        XCTAssertEqual(tilde.subject, .package(try PackageName("Foo")))
        let plain = recorder.term(Term(foo, set))
        XCTAssertEqual(plain.versions, .runs([.below(v("2.0"))]))
        XCTAssertEqual(plain, tilde, "terms that hold for the same selections are equal, however they read")
        XCTAssertEqual(recorder.term(Term(foo, .full(universe: 5))).versions, .every)
        XCTAssertEqual(recorder.term(Term(.root, .full(universe: 1))).subject, .depsfile)
    }
}
