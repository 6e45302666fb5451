@testable import DepsPresenters
import DepsCore
import XCTest

/// How hand-built derivation data reads: terms, ranges, clauses, whole explanations.
final class DerivationWordingTests: XCTestCase {
    private func v(_ text: String) -> Version { try! Version(text) }
    private func n(_ text: String) -> PackageName { try! PackageName(text) }
    private func r(_ text: String) -> Requirement { try! Requirement(text) }

    private func foo(_ versions: TermVersions, positive: Bool = true) -> DerivationTerm {
        DerivationTerm(subject: .package(n("Foo")), isPositive: positive, versions: versions, members: [])
    }

    func testRangesOverTheKnownVersions() {
        XCTAssertEqual(DerivationWording.describe(.every), "")
        XCTAssertEqual(DerivationWording.describe(.runs([.exactly(v("1.0"))])), "1.0")
        XCTAssertEqual(DerivationWording.describe(.runs([.atLeast(v("3.0"))])), ">= 3.0")
        XCTAssertEqual(DerivationWording.describe(.runs([.below(v("2.0"))])), "< 2.0")
        XCTAssertEqual(DerivationWording.describe(.runs([.between(v("1.5"), v("3.0"))])), ">= 1.5, < 3.0")
        XCTAssertEqual(DerivationWording.describe(.allBut(v("1.5"))), "!= 1.5")
        XCTAssertEqual(DerivationWording.describe(.runs([.exactly(v("1.0")), .atLeast(v("3.0"))])), "1.0 or >= 3.0")
        XCTAssertEqual(DerivationWording.describe(.runs([.exactly(v("2.0-beta"))])), "2.0-beta")
        XCTAssertEqual(DerivationWording.describe(.none), "(no versions)")
    }

    func testTermsReadAsTheRequirementTheyCameFrom() {
        XCTAssertEqual(DerivationWording.describe(foo(.requirement(r("~> 1.0")))), "Foo ~> 1.0")
        XCTAssertEqual(DerivationWording.describe(foo(.requirement(r("1.5")))), "Foo 1.5")
        XCTAssertEqual(DerivationWording.describe(foo(.requirement(.any)), every: true), "Foo")
        XCTAssertEqual(DerivationWording.describe(foo(.runs([.below(v("2.0"))]))), "Foo < 2.0")
        XCTAssertEqual(DerivationWording.describe(foo(.every), every: true), "every version of Foo")
        XCTAssertEqual(DerivationWording.describe(foo(.every)), "Foo")
        let depsfile = DerivationTerm(subject: .depsfile, isPositive: true, versions: .every, members: [])
        XCTAssertEqual(DerivationWording.describe(depsfile), "the Depsfile")
        let alone = DerivationTerm(subject: .packageAlone(n("Kit")), isPositive: true, versions: .requirement(r("= 1.0.0")), members: [])
        XCTAssertEqual(DerivationWording.describe(alone), "Kit 1.0.0", "a package's spec alone reads as the package")
    }

    /// Moya >= 15.0.0 needs Alamofire ~> 5.0, the lock pins Alamofire 4.9.1, the Depsfile wants Moya ~> 15.0.
    private func pinConflict() -> ResolutionFailure {
        let moya15 = DerivationTerm(subject: .package(n("Moya")), isPositive: true, versions: .runs([.atLeast(v("15.0.0"))]), members: [v("15.0.0")])
        let alamofire5 = DerivationTerm(subject: .package(n("Alamofire")), isPositive: false, versions: .requirement(r("~> 5.0")), members: [v("5.0.0")])
        let alamofireOther = DerivationTerm(subject: .package(n("Alamofire")), isPositive: true, versions: .allBut(v("4.9.1")), members: [v("5.0.0")])
        let depsfile = DerivationTerm(subject: .depsfile, isPositive: true, versions: .every, members: [v("0")])
        let moya15Needed = DerivationTerm(subject: .package(n("Moya")), isPositive: false, versions: .requirement(r("~> 15.0")), members: [v("15.0.0")])
        let steps = [
            DerivationStep(terms: [moya15, alamofire5], cause: .dependency),
            DerivationStep(terms: [alamofireOther], cause: .pin(v("4.9.1"), inSources: true)),
            DerivationStep(terms: [moya15], cause: .derived(0, 1)),
            DerivationStep(terms: [depsfile, moya15Needed], cause: .dependency),
            DerivationStep(terms: [depsfile], cause: .derived(2, 3)),
        ]
        return ResolutionFailure(kind: .noSolution, derivation: Derivation(steps: steps), suggestedUpdate: [n("Alamofire")])
    }

    func testAHandBuiltDerivationReadsAsPubReadsIt() {
        let failure = pinConflict()
        XCTAssertEqual(ResolutionFailureTextPresenter.render(failure), """
            Because Moya >= 15.0.0 depends on Alamofire ~> 5.0 and Depsfile.lock pins Alamofire 4.9.1, Moya >= 15.0.0 cannot be used.
            So, because the Depsfile depends on Moya ~> 15.0, version solving failed.

            Run `deps update Alamofire` to let Alamofire move.
            """)
        XCTAssertEqual(ResolutionFailureTextPresenter.suggestedCommand(for: failure), "deps update Alamofire")
        XCTAssertEqual(failure.derivation.facts, [0, 1, 3])
    }

    func testHeadlinesForAMissingPackageAndACycle() {
        let ghost = DerivationTerm(subject: .package(n("Ghost")), isPositive: true, versions: .every, members: [])
        let missing = ResolutionFailure(
            kind: .missingPackage(n("Ghost"), suggestions: [n("Ghosts"), n("Host")]),
            derivation: Derivation(steps: [DerivationStep(terms: [ghost], cause: .missingPackage)]),
            searchedSources: ["../Specs", "trunk"])
        XCTAssertEqual(ResolutionFailureTextPresenter.render(missing), """
            Unable to find a specification for Ghost in sources: ../Specs, trunk
            Did you mean Ghosts or Host?
            """)
        XCTAssertNil(ResolutionFailureTextPresenter.suggestedCommand(for: missing))

        let a = DerivationTerm(subject: .package(n("A")), isPositive: true, versions: .every, members: [v("1.0")])
        let cycle = ResolutionFailure(
            kind: .cycle([n("A"), n("A")]),
            derivation: Derivation(steps: [DerivationStep(terms: [a], cause: .cycle([.init(subject: .package(n("A")), version: v("1.0"))]))]))
        XCTAssertEqual(ResolutionFailureTextPresenter.render(cycle), "Dependency cycle: A 1.0 -> A 1.0")
    }
}
