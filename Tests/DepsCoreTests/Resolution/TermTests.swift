@testable import DepsCore
import SeededRandom
import XCTest

final class TermTests: XCTestCase {
    private let foo = PackageID(index: 1)

    private func term(_ indices: [Int], positive: Bool = true, universe: Int = 6) -> Term {
        Term(foo, VersionSet(universe: universe, indices: indices), isPositive: positive)
    }

    /// The selections a term allows: version indices, and -1 for "not selected".
    private func meaning(_ term: Term) -> Set<Int> {
        let universe = term.versions.universe
        let members = Set(term.versions.indices)
        return term.isPositive ? members : Set(0..<universe).subtracting(members).union([-1])
    }

    func testPubsExamples() {
        // Versions 0..5 stand for 0.9, 1.0, 1.5, 1.9, 2.0, 3.0.
        let caretOne = term([1, 2, 3])
        let atLeastOne = term([1, 2, 3, 4, 5])
        let belowTwo = term([0, 1, 2, 3])
        // {foo >= 1.0, foo < 2.0} satisfies foo ^1.0.
        XCTAssertTrue(atLeastOne.intersection(belowTwo).satisfies(caretOne))
        // foo ^1.5 contradicts not foo ^1.0.
        XCTAssertTrue(term([2, 3]).contradicts(caretOne.negated))
        // foo ^1.0 is inconclusive for foo ^1.5.
        XCTAssertEqual(term([2, 3]).relation(to: caretOne), .inconclusive)
        // foo >= 1.0 ∩ not foo >= 2.0 is foo ^1.0.
        XCTAssertEqual(atLeastOne.intersection(term([4, 5]).negated), caretOne)
        // foo ^1.0 \ foo ^1.5 is foo >= 1.0, < 1.5.
        XCTAssertEqual(caretOne.difference(term([2, 3])), term([1]))
    }

    func testNegativeTermsCombineByUnion() {
        let result = term([1], positive: false).intersection(term([4], positive: false))
        XCTAssertFalse(result.isPositive)
        XCTAssertEqual(result.versions.indices, [1, 4])
    }

    func testRelationToNothingKnown() {
        XCTAssertEqual(term([1]).relation(to: nil), .inconclusive)
        XCTAssertEqual(term([], positive: false).relation(to: nil), .satisfied)
        XCTAssertEqual(term([]).relation(to: nil), .contradicted)
        XCTAssertTrue(term([], positive: false).isUniversal)
        XCTAssertTrue(term([]).isImpossible)
    }

    func testSelectingAVersion() {
        XCTAssertTrue(term([2]).isSatisfied(byVersionAt: 2))
        XCTAssertFalse(term([2]).isSatisfied(byVersionAt: 3))
        XCTAssertTrue(term([2], positive: false).isSatisfied(byVersionAt: 3))
    }

    func testARequirementLabelSurvivesOnlyAnUnchangedSet() throws {
        let label = RequirementLabel(index: 7)
        let labelled = Term(foo, VersionSet(universe: 6, indices: [1, 2, 3]), label: label)
        XCTAssertEqual(labelled.intersection(term([0, 1, 2, 3, 4])).label, label)
        XCTAssertEqual(labelled.negated.label, label)
        XCTAssertNil(labelled.intersection(term([1, 2])).label)
        XCTAssertEqual(labelled, term([1, 2, 3]), "labels do not count for equality")
    }

    /// Intersection, satisfaction and contradiction agree with the sets of selections the
    /// terms allow, for every sign combination.
    func testOperationsAgreeWithTheirMeaning() {
        var random = SplitMix64(seed: 11)
        for round in 0..<400 {
            let universe = Int.random(in: 0...8, using: &random)
            func draw() -> Term {
                term((0..<universe).filter { _ in Bool.random(using: &random) }, positive: Bool.random(using: &random), universe: universe)
            }
            let (a, b) = (draw(), draw())
            let (x, y) = (meaning(a), meaning(b))
            let context = "round \(round): \(x.sorted()) and \(y.sorted())"
            XCTAssertEqual(meaning(a.intersection(b)), x.intersection(y), context)
            XCTAssertEqual(meaning(a.difference(b)), x.subtracting(y), context)
            XCTAssertEqual(meaning(a.negated), Set(-1..<universe).subtracting(x), context)
            XCTAssertEqual(a.satisfies(b), x.isSubset(of: y), context)
            XCTAssertEqual(a.contradicts(b), x.isDisjoint(with: y), context)
        }
    }
}
