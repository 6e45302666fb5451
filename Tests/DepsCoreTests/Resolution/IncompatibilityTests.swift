@testable import DepsCore
import XCTest

final class IncompatibilityTests: XCTestCase {
    private let foo = PackageID(index: 1)
    private let bar = PackageID(index: 2)
    private let external = Incompatibility(terms: [], cause: .dependency)

    private func set(_ indices: [Int]) -> VersionSet { VersionSet(universe: 4, indices: indices) }

    func testDerivedTermsAreMergedPerPackage() {
        let derived = Incompatibility.derived(
            from: [Term(foo, set([0, 1, 2])), Term(bar, set([3]), isPositive: false), Term(foo, set([2]), isPositive: false)],
            conflict: external, other: external
        )
        XCTAssertEqual(derived.terms, [Term(foo, set([0, 1])), Term(bar, set([3]), isPositive: false)])
    }

    func testDerivedTermsThatAlwaysHoldAreDropped() {
        let derived = Incompatibility.derived(
            from: [Term(foo, set([1])), Term(bar, set([]), isPositive: false)],
            conflict: external, other: external
        )
        XCTAssertEqual(derived.terms, [Term(foo, set([1]))])
    }

    func testThePositiveRootTermGoesWhenOthersRemain() {
        let root = Term(.root, .full(universe: 1))
        let withOthers = Incompatibility.derived(from: [root, Term(foo, set([1]))], conflict: external, other: external)
        XCTAssertEqual(withOthers.terms, [Term(foo, set([1]))])
        let alone = Incompatibility.derived(from: [root], conflict: external, other: external)
        XCTAssertTrue(alone.isFailure)
        XCTAssertTrue(Incompatibility(terms: [], cause: .root).isFailure)
        XCTAssertFalse(withOthers.isFailure)
    }

    func testExternalCausesAreListedOnceInDerivationOrder() {
        let a = Incompatibility(terms: [Term(foo, set([1]))], cause: .noVersions)
        let b = Incompatibility(terms: [Term(bar, set([1]))], cause: .pin(Version(segments: [1])))
        let c = Incompatibility(terms: [Term(bar, set([2]))], cause: .dependency)
        let ab = Incompatibility(terms: [], cause: .conflict(a, b))
        let top = Incompatibility(terms: [], cause: .conflict(ab, Incompatibility(terms: [], cause: .conflict(a, c))))
        XCTAssertEqual(top.externalCauses.map(ObjectIdentifier.init), [a, b, c].map(ObjectIdentifier.init))
        XCTAssertTrue(top.isDerived)
        XCTAssertFalse(a.isDerived)
    }
}
