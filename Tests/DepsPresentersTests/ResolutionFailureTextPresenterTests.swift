import Foundation
import DepsPresenters
import DepsCore
import ResolutionFixtures
import XCTest

extension ResolutionFailure {
    /// The failure as `ResolutionFailureTextPresenter` words it.
    var explanation: String { ResolutionFailureTextPresenter.render(self) }
}

/// Whole explanation texts, word for word: the resolver's failures as data, worded by the
/// presenter.
final class ExplanationTests: XCTestCase {
    func testConflictThroughAPinNamesThePinAndTheUpdateThatLiftsIt() throws {
        let catalog = TableCatalog([
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "Alamofire": ["4.9.1": [:], "5.0.0": [:], "5.9.1": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["Moya": "~> 15.0"], pins: ["Alamofire": "4.9.1"])
        XCTAssertEqual(failure.explanation, """
            Because Moya >= 15.0.0 depends on Alamofire ~> 5.0 and Depsfile.lock pins Alamofire 4.9.1, Moya >= 15.0.0 cannot be used.
            So, because the Depsfile depends on Moya ~> 15.0, version solving failed.

            Run `deps update Alamofire` to let Alamofire move.
            """)
        XCTAssertEqual(failure.kind, .noSolution)
        XCTAssertEqual(failure.suggestedUpdate.map(\.description), ["Alamofire"])
    }
}

extension ExplanationTests {
    func testSimpleConflict() throws {
        let catalog = TableCatalog([
            "A": ["1.0.0": ["C": "~> 1.0"]],
            "B": ["1.0.0": ["C": "~> 2.0"]],
            "C": ["1.0.0": [:], "2.0.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["A": "~> 1.0", "B": "~> 1.0"])
        XCTAssertEqual(failure.explanation, """
            Because every version of A depends on C ~> 1.0 and every version of B depends on C ~> 2.0, A is incompatible with B.
            So, because the Depsfile depends on both A ~> 1.0 and B ~> 1.0, version solving failed.
            """)
        XCTAssertEqual(failure.kind, .noSolution)
        XCTAssertEqual(failure.suggestedUpdate, [])
    }

    func testALinearChainReadsAsOneStep() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": ["bar": "~> 2.0"]],
            "bar": ["2.0.0": ["baz": "~> 3.0"]],
            "baz": ["1.0.0": [:], "3.0.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["foo": "~> 1.0", "baz": "~> 1.0"])
        XCTAssertEqual(failure.explanation, """
            Because every version of foo depends on bar ~> 2.0 which depends on baz ~> 3.0, every version of foo requires baz ~> 3.0.
            So, because the Depsfile depends on both baz ~> 1.0 and foo ~> 1.0, version solving failed.
            """)
    }

    func testThreeWayConflict() throws {
        // Any two of the three requirements on Log can hold; all three cannot.
        let catalog = TableCatalog([
            "Net": ["1.0": ["Log": "~> 1.0"], "1.1": ["Log": "~> 1.0"]],
            "Img": ["1.0": ["Log": ">= 1.5"]],
            "Log": ["1.0": [:], "1.5": [:], "2.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["Net": "", "Img": "", "Log": "!= 1.5"])
        XCTAssertEqual(failure.explanation, """
            Because every version of Img depends on Log >= 1.5 and every version of Net depends on Log ~> 1.0, if Img and Net then Log 1.5.
            And because the Depsfile depends on Img, every version of Net requires Log 1.5.
            So, because the Depsfile depends on both Log != 1.5 and Net, version solving failed.
            """)
    }

    func testBranchesAreNumberedOnlyWhereALaterLineRefersBack() throws {
        let catalog = TableCatalog([
            "foo": ["1.0.0": ["a": "~> 1.0", "b": "~> 1.0"], "1.1.0": ["x": "~> 1.0", "y": "~> 1.0"]],
            "a": ["1.0.0": ["b": "~> 2.0"]],
            "b": ["1.0.0": [:], "2.0.0": [:]],
            "x": ["1.0.0": ["y": "~> 2.0"]],
            "y": ["1.0.0": [:], "2.0.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["foo": "~> 1.0"])
        XCTAssertEqual(failure.explanation, """
                Because foo 1.0.0 depends on a ~> 1.0 which depends on b ~> 2.0, foo 1.0.0 requires b ~> 2.0.
            (1) So, because foo 1.0.0 depends on b ~> 1.0, foo 1.0.0 cannot be used.

                Because foo >= 1.1.0 depends on x ~> 1.0 which depends on y ~> 2.0, foo >= 1.1.0 requires y ~> 2.0.
                And because foo >= 1.1.0 depends on y ~> 1.0, foo >= 1.1.0 cannot be used.
                And because foo 1.0.0 cannot be used (1), foo cannot be used.
                So, because the Depsfile depends on foo ~> 1.0, version solving failed.
            """)
    }

    func testNoVersionMatchesARequirement() throws {
        let catalog = TableCatalog(["A": ["1.0": ["Foo": ">= 9.0"]], "Foo": ["1.0": [:], "2.0": [:]]])
        XCTAssertEqual(try ResolutionFixture.failure(catalog, ["A": ""]).explanation, """
            Because every version of A depends on Foo >= 9.0 and no versions of Foo match >= 9.0, A cannot be used.
            So, because the Depsfile depends on A, version solving failed.
            """)
        XCTAssertEqual(try ResolutionFixture.failure(catalog, ["Foo": ">= 9.0"]).explanation, """
            Because the Depsfile depends on Foo >= 9.0 and no versions of Foo match >= 9.0, version solving failed.
            """)
    }

    func testMissingPackageWithASuggestion() throws {
        let catalog = TableCatalog(["Alamofire": ["5.0.0": [:]]], otherNames: ["AlamofireImage", "Kingfisher"])
        let failure = try ResolutionFixture.failure(catalog, ["alamofire": "~> 5.0"])
        XCTAssertEqual(failure.explanation, """
            Unable to find a specification for alamofire
            Did you mean Alamofire?
            """)
        XCTAssertEqual(catalog.nameListCalls, 1)
    }

    func testMissingPackageNeededThroughAnotherPackage() throws {
        let catalog = TableCatalog(["App": ["1.0": ["FooCore": "~> 1.0"]]], otherNames: ["Foo-Core"])
        let failure = try ResolutionFixture.failure(catalog, ["App": ""])
        XCTAssertEqual(failure.kind, .missingPackage(try PackageName("FooCore"), suggestions: [try PackageName("Foo-Core")]))
        XCTAssertEqual(failure.explanation, """
            Unable to find a specification for FooCore
            Did you mean Foo-Core?

            Because every version of App depends on FooCore ~> 1.0 and no source has FooCore, App cannot be used.
            So, because the Depsfile depends on App, version solving failed.
            """)
    }

    func testCycle() throws {
        let catalog = TableCatalog(["A": ["1.0": ["B": ""]], "B": ["2.0": ["C": ""]], "C": ["1.0": ["A": "~> 1.0"]]])
        let failure = try ResolutionFixture.failure(catalog, ["A": ""])
        XCTAssertEqual(failure.kind, .cycle(try ["A", "B", "C", "A"].map { try PackageName($0) }))
        // Every version on it depends on the next: the cycle says it all.
        XCTAssertEqual(failure.explanation, "Dependency cycle: A 1.0 -> B 2.0 -> C 1.0 -> A 1.0")
    }

    func testACycleSomeVersionsEscapeIsAvoidedAndOtherwiseExplained() throws {
        // B 1.0 does not need C, so the cycle through B 2.0 is avoided.
        let escapable = TableCatalog(["A": ["1.0": ["B": ""]], "B": ["1.0": [:], "2.0": ["C": ""]], "C": ["1.0": ["A": ""]]])
        XCTAssertEqual(try ResolutionFixture.resolve(escapable, ["A": ""]), ["A": "1.0", "B": "1.0"])
        // Held at B 2.0 by the Depsfile, the cycle cannot be avoided.
        let failure = try ResolutionFixture.failure(escapable, ["A": "", "B": "2.0"])
        XCTAssertEqual(failure.explanation, "Dependency cycle: A 1.0 -> B 2.0 -> C 1.0 -> A 1.0")
    }

    func testALongCycleIsReportedOnceAndShort() throws {
        var table: [String: [String: [String: String]]] = [:]
        for index in 0..<2_000 { table["P\(index)"] = ["1.0": ["P\((index + 1) % 2_000)": ""]] }
        let failure = try ResolutionFixture.failure(TableCatalog(table), ["P0": ""])
        XCTAssertTrue(failure.explanation.hasPrefix("Dependency cycle: P0 1.0 -> P1 1.0 -> P2 1.0"), String(failure.explanation.prefix(200)))
        XCTAssertTrue(failure.explanation.hasSuffix("P1999 1.0 -> P0 1.0"))
        XCTAssertLessThan(failure.explanation.utf8.count, 30_000, "the cycle once, not the whole derivation")
    }

    func testAPinnedVersionNoSourceHas() throws {
        let catalog = TableCatalog(["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]], "Alamofire": ["5.0.0": [:]]])
        let failure = try ResolutionFixture.failure(catalog, ["Moya": ""], pins: ["Alamofire": "4.9.1"])
        XCTAssertEqual(failure.explanation, """
            Because every version of Moya depends on Alamofire ~> 5.0 and Depsfile.lock pins Alamofire 4.9.1, which no source has, Moya cannot be used.
            So, because the Depsfile depends on Moya, version solving failed.

            Run `deps update Alamofire` to let Alamofire move.
            """)
    }

    func testThePinsToLiftMayReachBeyondTheFirstConflict() throws {
        let catalog = TableCatalog([
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "Alamofire": ["4.9.1": [:], "5.0.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(
            catalog, ["Moya": "~> 15.0", "Alamofire": "~> 5.0"], pins: ["Alamofire": "4.9.1", "Moya": "14.0.0"]
        )
        XCTAssertEqual(failure.suggestedUpdate.map(\.description), ["Alamofire", "Moya"])
        XCTAssertEqual(failure.explanation, """
            Because Depsfile.lock pins Alamofire 4.9.1 and the Depsfile depends on Alamofire ~> 5.0, version solving failed.

            Run `deps update Alamofire Moya` to let Alamofire and Moya move.
            """)
    }

    func testEachSpecIsQuotedAsWrittenWhenTwoSpellingsMeanTheSame() throws {
        // A 2.0 asks for Foo >= 2.0 and every B for Foo >= 2: one set of versions, two
        // spellings. A is decided first, so its spelling is met first; the failure is B's.
        // Both with few versions of Foo and with more than the registry caches sets for.
        for fooVersions in [2, 20] {
            var foo: [String: [String: String]] = ["1.0": [:]]
            for minor in 0..<(fooVersions - 1) { foo["2.\(minor)"] = [:] }
            let catalog = TableCatalog([
                "A": ["1.0": [:], "2.0": ["Foo": ">= 2.0"]],
                "B": ["0.9": ["Foo": ">= 2"], "1.0": ["Foo": ">= 2"]],
                "Foo": foo,
            ])
            let failure = try ResolutionFixture.failure(catalog, ["A": "", "B": "", "Foo": "< 2"])
            XCTAssertTrue(failure.explanation.contains("B which depends on Foo >= 2,"), failure.explanation)
            XCTAssertFalse(failure.explanation.contains("Foo >= 2.0"), failure.explanation)
        }
    }
}

/// The texts of the failures `ResolverTests` checks as data.
extension ExplanationTests {
    func testAPinnedPrereleaseOutsideEveryRange() throws {
        let moya = TableCatalog([
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "Alamofire": ["4.9.1": [:], "5.0.0": [:], "5.9.1": [:], "6.0.0-beta.1": [:]],
        ])
        let failure = try ResolutionFixture.failure(moya, ["Moya": ""], pins: ["Alamofire": "6.0.0-beta.1"])
        XCTAssertEqual(failure.explanation, """
            Because Moya 14.0.0 depends on Alamofire ~> 4.9 and Moya >= 15.0.0 depends on Alamofire ~> 5.0, every version of Moya requires Alamofire < 6.0.0-beta.1.
            So, because Depsfile.lock pins Alamofire 6.0.0-beta.1 and the Depsfile depends on Moya, version solving failed.

            Run `deps update Alamofire` to let Alamofire move.
            """)
    }

    func testAnUnavoidableCycleAndASelfDependency() throws {
        let failure = try ResolutionFixture.failure(TableCatalog(["A": ["1.0": ["B": ""]], "B": ["2.0": ["A": ""]]]), ["A": ""])
        XCTAssertTrue(failure.explanation.hasPrefix("Dependency cycle: A 1.0 -> B 2.0 -> A 1.0"), failure.explanation)
        let itself = try ResolutionFixture.failure(TableCatalog(["A": ["1.0": ["A": ""]]]), ["A": ""])
        XCTAssertEqual(itself.explanation, "Dependency cycle: A 1.0 -> A 1.0")
    }

    func testAMissingPackageWithoutSourcesOrCloseNames() throws {
        let catalog = TableCatalog(["Alamofire": ["5.0.0": [:]], "Foo-Core": ["1.0": [:]], "Kingfisher": ["7.0": [:]]])
        let unknown = try ResolutionFixture.failure(catalog, ["Zzyzx": ""])
        XCTAssertEqual(unknown.explanation, "Unable to find a specification for Zzyzx")
    }
}

extension ExplanationTests {
    func testAPrereleaseLeftOutIsNamedWithTheRequirementThatWouldAdmitIt() throws {
        let catalog = TableCatalog(["RxSwift": ["5.1.1": [:], "6.0.0-rc.2": [:], "6.1.0": [:]]])
        let failure = try ResolutionFixture.failure(catalog, ["RxSwift": "> 5.1.1, < 6.1"])
        XCTAssertEqual(failure.explanation, """
            Because no requirement names a prerelease of RxSwift to admit RxSwift 6.0.0-rc.2 and the Depsfile depends on RxSwift > 5.1.1, < 6.1, version solving failed.

            RxSwift 6.0.0-rc.2 would satisfy it, but prereleases are only considered when a requirement names one (e.g. `~> 6.0.0-rc.2`).
            """)
        // --json carries the same as fields: the step's cause and the prerelease left out.
        let json = JSONPresenter.renderError(failure, message: failure.explanation, status: 1)
        let error = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["error"] as? [String: Any]
        XCTAssertEqual(error?["unnamedPrereleases"] as? [[String: String]], [["package": "RxSwift", "version": "6.0.0-rc.2"]])
        let causes = (error?["derivation"] as? [[String: Any]])?.compactMap { $0["cause"] as? String }
        XCTAssertEqual(causes, ["prereleaseNotNamed", "dependency", "derived"])
    }

    func testAPrereleaseLeftOutBesideChosenVersionsNamesThem() throws {
        let catalog = TableCatalog([
            "RxCocoa": ["6.0.0": ["RxSwift": "> 5.1.1"]],
            "RxSwift": ["5.1.1": [:], "6.0.0-rc.2": [:], "6.1.0": [:]],
        ])
        let failure = try ResolutionFixture.failure(catalog, ["RxCocoa": "", "RxSwift": "< 6.1"])
        XCTAssertEqual(failure.explanation, """
            Because every version of RxCocoa depends on RxSwift > 5.1.1 and neither the Depsfile nor RxCocoa names a prerelease of RxSwift to admit RxSwift 6.0.0-rc.2, every version of RxCocoa requires RxSwift >= 6.1.0.
            So, because the Depsfile depends on both RxCocoa and RxSwift < 6.1, version solving failed.

            RxSwift 6.0.0-rc.2 would satisfy it, but prereleases are only considered when a requirement names one (e.g. `~> 6.0.0-rc.2`).
            """)
    }
}
