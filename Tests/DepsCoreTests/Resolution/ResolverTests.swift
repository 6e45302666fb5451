import DepsCore
import ResolutionFixtures
import XCTest

/// Pins, prereleases, the order of decisions, cycles, missing packages and determinism.
final class ResolverTests: XCTestCase {
    private let moya: TableCatalog.Table = [
        "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
        "Alamofire": ["4.9.1": [:], "5.0.0": [:], "5.9.1": [:], "6.0.0-beta.1": [:]],
    ]

    func testNewestVersionsWithoutPins() throws {
        XCTAssertEqual(try ResolutionFixture.resolve(TableCatalog(moya), ["Moya": ""]), ["Moya": "15.0.0", "Alamofire": "5.9.1"])
    }

    func testAPinHoldsItsPackageAtThePinnedVersion() throws {
        let result = try ResolutionFixture.resolve(TableCatalog(moya), ["Moya": ""], pins: ["Alamofire": "5.0.0"])
        XCTAssertEqual(result, ["Moya": "15.0.0", "Alamofire": "5.0.0"])
    }

    func testAPinOnAnOlderVersionMovesTheDependerBack() throws {
        let result = try ResolutionFixture.resolve(TableCatalog(moya), ["Moya": ""], pins: ["Alamofire": "4.9.1"])
        XCTAssertEqual(result, ["Moya": "14.0.0", "Alamofire": "4.9.1"])
    }

    func testAPinOnAPackageOutsideTheGraphDoesNothing() throws {
        let result = try ResolutionFixture.resolve(TableCatalog(moya), ["Alamofire": ""], pins: ["Moya": "14.0.0"])
        XCTAssertEqual(result, ["Alamofire": "5.9.1"])
    }

    func testPessimisticRequirementsOfDifferentPrecisionEachHold() throws {
        // `~> 1.0` stops below 2 and `~> 1.0.0` below 1.1: they must not share a version set.
        let catalog = TableCatalog([
            "Alpha": ["1.0.0": ["Xkit": "~> 1.0"]],
            "Beta": ["1.0.0": ["Xkit": "~> 1.0.0"]],
            "Xkit": ["1.0.0": [:], "1.5.0": [:]],
        ])
        XCTAssertEqual(
            try ResolutionFixture.resolve(catalog, ["Alpha": "", "Beta": ""]),
            ["Alpha": "1.0.0", "Beta": "1.0.0", "Xkit": "1.0.0"])
    }

    func testPrereleasesAreLeftOutUnlessAsked() throws {
        XCTAssertEqual(try ResolutionFixture.resolve(TableCatalog(moya), ["Alamofire": ">= 5.0"]), ["Alamofire": "5.9.1"])
        XCTAssertEqual(try ResolutionFixture.resolve(TableCatalog(moya), ["Alamofire": ">= 6.0.0-beta.1"]), ["Alamofire": "6.0.0-beta.1"])
    }

    func testAPrereleaseTheDepsfileAsksForIsAdmittedByEveryRequirementOnIt() throws {
        let catalog = TableCatalog([
            "Moya": ["15.0.0": ["Alamofire": ">= 5.0"]],
            "Alamofire": ["5.9.1": [:], "6.0.0-beta.1": [:]],
        ])
        XCTAssertEqual(
            try ResolutionFixture.resolve(catalog, ["Moya": "", "Alamofire": ">= 6.0.0-beta.1"]),
            ["Moya": "15.0.0", "Alamofire": "6.0.0-beta.1"]
        )
        // A dependency naming a prerelease admits prereleases in its own range only.
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["Moya": "", "Alamofire": ""]), ["Moya": "15.0.0", "Alamofire": "5.9.1"])
    }

    func testLessThanAReleaseAdmitsItsPrereleasesWherePrereleasesAreAdmitted() throws {
        // RubyGems' `<`, which CocoaPods' requirements follow: `< 15.0.0` holds 15.0.0-alpha.1.
        let catalog = TableCatalog([
            "App": ["1.0": ["Moya": "< 15.0.0"]],
            "Moya": ["14.0.0": [:], "15.0.0-alpha.1": [:], "15.0.0": [:]],
        ])
        XCTAssertEqual(
            try ResolutionFixture.resolve(catalog, ["App": "", "Moya": ">= 14.0.0-beta"]),
            ["App": "1.0", "Moya": "15.0.0-alpha.1"]
        )
        // Where no requirement admits prereleases, `<` takes the release below.
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["App": ""]), ["App": "1.0", "Moya": "14.0.0"])
        // `~>` still stops below the prereleases of the release it stops at.
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["Moya": "~> 14.0, >= 14.0.0-beta"]), ["Moya": "14.0.0"])
    }

    func testAPinnedPrereleaseIsKept() throws {
        let catalog = TableCatalog([
            "Moya": ["15.0.0": ["Alamofire": ">= 5.0"]],
            "Alamofire": ["5.9.1": [:], "6.0.0-beta.1": [:], "6.0.0": [:]],
        ])
        let result = try ResolutionFixture.resolve(catalog, ["Moya": ""], pins: ["Alamofire": "6.0.0-beta.1"])
        XCTAssertEqual(result, ["Moya": "15.0.0", "Alamofire": "6.0.0-beta.1"])
    }

    func testAPinnedPrereleaseOutsideEveryRangeFails() throws {
        // ~> 5.0 stops below 6's prereleases, and ~> 4.9 below 5.
        let failure = try ResolutionFixture.failure(TableCatalog(moya), ["Moya": ""], pins: ["Alamofire": "6.0.0-beta.1"])
        XCTAssertEqual(failure.suggestedUpdate.map(\.description), ["Alamofire"])
        // The wording: ResolutionFailureTextPresenterTests.
        let facts = failure.derivation.facts.map { failure.derivation.steps[$0].cause }
        XCTAssertTrue(facts.contains(.pin(try Version("6.0.0-beta.1"), inSources: true)), "\(facts)")
    }

    func testThePackageWithFewestCandidatesIsDecidedFirst() throws {
        // Choosing A first would give A 3.0 and B 1.0; B has fewer versions, so B 2.0 and A 1.0.
        let catalog = TableCatalog([
            "A": ["1.0": [:], "2.0": [:], "3.0": ["B": "1.0"]],
            "B": ["1.0": [:], "2.0": ["A": "1.0"]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["A": "", "B": ""]), ["A": "1.0", "B": "2.0"])
    }

    func testTiesGoToTheDepsfilesDependenciesThenToTheName() throws {
        let catalog = TableCatalog([
            "Mid": ["1.0": ["Able": ""]],
            "Zed": ["1.0": [:], "2.0": ["Able": "1.0"]],
            "Able": ["1.0": [:], "2.0": ["Zed": "1.0"]],
        ])
        // Zed (direct) is decided before Able (through Mid) although Able sorts first.
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["Zed": "", "Mid": ""]), ["Mid": "1.0", "Zed": "2.0", "Able": "1.0"])
        // Both direct: the name decides.
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["Zed": "", "Able": ""]), ["Zed": "1.0", "Able": "2.0"])
    }

    func testACycleIsAvoidedWhenAnotherVersionHasNone() throws {
        let catalog = TableCatalog([
            "A": ["1.0": [:], "2.0": ["B": ""]],
            "B": ["1.0": ["A": ""]],
        ])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["A": ""]), ["A": "1.0"])
    }

    func testAnUnavoidableCycleFails() throws {
        let catalog = TableCatalog(["A": ["1.0": ["B": ""]], "B": ["2.0": ["A": ""]]])
        let failure = try ResolutionFixture.failure(catalog, ["A": ""])
        XCTAssertEqual(failure.kind, .cycle(try ["A", "B", "A"].map { try PackageName($0) }))
        let cycle = failure.derivation.steps.first { if case .unavoidableCycle = $0.cause { true } else { false } }
        XCTAssertEqual(cycle?.cause, .unavoidableCycle([
            .init(subject: .package(try PackageName("A")), version: try Version("1.0")),
            .init(subject: .package(try PackageName("B")), version: try Version("2.0")),
        ]))
    }

    func testASelfDependencyIsACycle() throws {
        let failure = try ResolutionFixture.failure(TableCatalog(["A": ["1.0": ["A": ""]]]), ["A": ""])
        XCTAssertEqual(failure.kind, .cycle(try ["A", "A"].map { try PackageName($0) }))
        XCTAssertTrue(failure.derivation.steps.contains { $0.cause == .cycle([.init(subject: .package(try! PackageName("A")), version: try! Version("1.0"))]) })
    }

    func testAMissingPackageIsAvoidedWhenAnotherVersionDoesNotNeedIt() throws {
        let catalog = TableCatalog(["App": ["1.0": [:], "2.0": ["Ghost": ""]]])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["App": ""]), ["App": "1.0"])
    }

    func testAMissingPackageSuggestsCloseNames() throws {
        let catalog = TableCatalog(["Alamofire": ["5.0.0": [:]], "Foo-Core": ["1.0": [:]], "Kingfisher": ["7.0": [:]]])
        let lowerCase = try ResolutionFixture.failure(catalog, ["alamofire": ""])
        XCTAssertEqual(lowerCase.kind, .missingPackage(try PackageName("alamofire"), suggestions: [try PackageName("Alamofire")]))
        let squashed = try ResolutionFixture.failure(catalog, ["FooCore": "~> 1.0"])
        XCTAssertEqual(squashed.kind, .missingPackage(try PackageName("FooCore"), suggestions: [try PackageName("Foo-Core")]))
        let typo = try ResolutionFixture.failure(catalog, ["Kingfsher": ""])
        XCTAssertEqual(typo.kind, .missingPackage(try PackageName("Kingfsher"), suggestions: [try PackageName("Kingfisher")]))
        let unknown = try ResolutionFixture.failure(catalog, ["Zzyzx": ""])
        XCTAssertEqual(unknown.kind, .missingPackage(try PackageName("Zzyzx"), suggestions: []))
        XCTAssertEqual(unknown.searchedSources, [], "the table names no sources")
    }

    func testEqualVersionsSpelledTwiceAreOneCandidate() throws {
        let catalog = TableCatalog(["A": ["1.0": [:], "1.0.0": [:]]])
        XCTAssertEqual(try ResolutionFixture.resolve(catalog, ["A": "= 1"]), ["A": "1.0"])
    }

    func testShuffledCatalogsGiveTheSameResultAndText() throws {
        let table: TableCatalog.Table = [
            "App": ["1.0": ["Net": "~> 1.0", "Log": ""], "2.0": ["Net": "~> 2.0", "Log": ">= 2.0"]],
            "Net": ["1.0": ["Log": "~> 1.0"], "1.5": ["Log": "~> 1.0"], "2.0": ["Log": "~> 3.0"]],
            "Log": ["1.0": [:], "2.0": [:], "3.0": [:], "3.1-beta": [:]],
            "Img": ["1.0": ["Net": "1.0"], "1.1": ["Net": "1.5"]],
        ]
        let expected = try ResolutionFixture.resolve(TableCatalog(table), ["App": "", "Img": ""])
        let expectedFailure = try ResolutionFixture.failure(TableCatalog(table), ["App": "", "Img": ""], pins: ["Log": "3.0"])
        for seed in 1...20 as ClosedRange<UInt64> {
            XCTAssertEqual(try ResolutionFixture.resolve(TableCatalog(table, shuffledBy: seed), ["App": "", "Img": ""]), expected)
            let failure = try ResolutionFixture.failure(TableCatalog(table, shuffledBy: seed), ["App": "", "Img": ""], pins: ["Log": "3.0"])
            XCTAssertEqual(failure, expectedFailure, "seed \(seed)")
        }
    }
}

/// BEHAVIOUR 3: direct dependencies get their newest version first; a transitive package with
/// few versions does not hold a direct one back.
final class DecisionOrderTests: XCTestCase {
    func testADirectDependencyIsNotHeldBackForATransitivePackagesNewestVersion() throws {
        var table: [String: [String: [String: String]]] = [
            "Server": ["1.0": ["Rack": ">= 1"]],
            "Rack": ["1.0": [:], "2.0": [:], "3.0": [:]],
        ]
        var framework: [String: [String: String]] = [:]
        for major in 1...50 { framework["\(major).0"] = major >= 10 ? ["Rack": "< 3"] : [:] }
        table["Framework"] = framework
        let result = try ResolutionFixture.resolve(TableCatalog(table), ["Framework": "", "Server": ""])
        XCTAssertEqual(result, ["Framework": "50.0", "Rack": "2.0", "Server": "1.0"])
    }

    func testNearerPackagesAreDecidedBeforeDeeperOnes() throws {
        // App needs Mid (any) and Deep (via Mid); Mid 2.0 needs Deep < 2, Deep has 1.0 and 2.0.
        // Mid is nearer the Depsfile than Deep, so Mid takes 2.0 and Deep 1.0.
        let table: [String: [String: [String: String]]] = [
            "App": ["1.0": ["Mid": "", "Other": ""]],
            "Other": ["1.0": ["Deeper": ""]],
            "Deeper": ["1.0": ["Deep": ""]],
            "Mid": ["1.0": [:], "2.0": ["Deep": "< 2"]],
            "Deep": ["1.0": [:], "2.0": [:]],
        ]
        let result = try ResolutionFixture.resolve(TableCatalog(table), ["App": ""])
        XCTAssertEqual(result["Mid"], "2.0")
        XCTAssertEqual(result["Deep"], "1.0")
    }
}
