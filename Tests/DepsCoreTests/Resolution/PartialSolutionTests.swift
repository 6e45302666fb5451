@testable import DepsCore
import XCTest

final class PartialSolutionTests: XCTestCase {
    private let foo = PackageID(index: 1)
    private let bar = PackageID(index: 2)
    private let fact = Incompatibility(terms: [], cause: .dependency)

    private func set(_ indices: [Int]) -> VersionSet { VersionSet(universe: 4, indices: indices) }

    /// The root selected, `foo` derived as one of versions 1–3, decided at 3, and `bar` derived as 0–1.
    private func solution() -> PartialSolution {
        var solution = PartialSolution()
        solution.track(packageCount: 3)
        solution.derive(Term(.root, .full(universe: 1)), cause: fact)
        solution.decide(.root, versionAt: 0, universe: 1)
        solution.derive(Term(foo, set([1, 2, 3])), cause: fact)
        solution.decide(foo, versionAt: 3, universe: 4)
        solution.derive(Term(bar, set([0, 1])), cause: fact)
        return solution
    }

    func testDecisionsOpenLevelsButTheRootsDoesNot() {
        let solution = solution()
        XCTAssertEqual(solution.assignments.map(\.decisionLevel), [0, 0, 0, 1, 1])
        XCTAssertEqual(solution.assignments.map(\.isDecision), [false, true, false, true, false])
        XCTAssertEqual(solution.decisionLevel, 1)
        XCTAssertEqual(solution.decidedVersion(of: foo), 3)
        XCTAssertEqual(solution.decisions.map(\.package), [.root, foo])
    }

    func testKnownTermsAreTheIntersectionOfAPackagesAssignments() {
        let solution = solution()
        XCTAssertEqual(solution.known(foo), Term(foo, set([3])))
        XCTAssertEqual(solution.known(bar), Term(bar, set([0, 1])))
        XCTAssertTrue(solution.needsDecision(bar))
        XCTAssertFalse(solution.needsDecision(foo))
    }

    func testBacktrackingRemovesHigherLevelsAndNamesWhatChanged() {
        var solution = solution()
        XCTAssertEqual(solution.backtrack(to: 0), [bar, foo])
        XCTAssertEqual(solution.decisionLevel, 0)
        XCTAssertEqual(solution.known(foo), Term(foo, set([1, 2, 3])))
        XCTAssertNil(solution.known(bar))
        XCTAssertNil(solution.decidedVersion(of: foo))
        XCTAssertTrue(solution.needsDecision(foo))
    }

    func testRelationToIncompatibilities() {
        let solution = solution()
        func relation(_ terms: [Term]) -> IncompatibilityRelation {
            solution.relation(to: Incompatibility(terms: terms, cause: .dependency))
        }
        XCTAssertEqual(relation([Term(foo, set([2, 3])), Term(bar, set([2, 3]), isPositive: false)]), .satisfied)
        XCTAssertEqual(relation([Term(foo, set([2]))]), .contradicted)
        XCTAssertEqual(relation([Term(foo, set([3])), Term(bar, set([1]))]), .almostSatisfied(Term(bar, set([1]))))
        XCTAssertEqual(relation([Term(bar, set([1])), Term(bar, set([0]))]), .inconclusive)
    }

    func testTheSatisfierIsTheAssignmentThatCompletesTheIncompatibility() {
        let solution = solution()
        let conflict = Incompatibility(terms: [Term(foo, set([2, 3])), Term(bar, set([2, 3]), isPositive: false)], cause: .dependency)
        let (satisfier, term, previousLevel) = solution.satisfier(of: conflict)
        XCTAssertEqual(satisfier.index, 4)
        XCTAssertEqual(term.package, bar)
        XCTAssertEqual(previousLevel, 1, "foo's decision satisfies the other term")
    }

    func testAPartialSatisfierLooksBackWithinItsPackage() {
        var solution = PartialSolution()
        solution.track(packageCount: 3)
        solution.decide(.root, versionAt: 0, universe: 1)
        solution.derive(Term(foo, set([1, 2, 3])), cause: fact)
        solution.decide(bar, versionAt: 0, universe: 4)
        solution.derive(Term(foo, set([3]), isPositive: false), cause: fact)
        let (satisfier, _, previousLevel) = solution.satisfier(of: Incompatibility(terms: [Term(foo, set([1, 2]))], cause: .noVersions))
        XCTAssertEqual(satisfier.index, 3)
        XCTAssertEqual(previousLevel, 0, "the first derivation, at level 0, completes the term with the satisfier")
    }
}
