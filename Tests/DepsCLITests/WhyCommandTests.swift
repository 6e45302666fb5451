import Foundation
import XCTest

/// `deps why NAME` (BEHAVIOUR 4.5): every path from the Depsfile to a locked package.
final class WhyCommandTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["5.7.1": [:]],
            "Moya": ["15.0.3": ["Alamofire": "~> 5.0"]],
            "RxMoya": ["15.0.3": ["Moya": "= 15.0.3", "Alamofire": ">= 5.1"]],
            "SnapKit": ["5.7.1": [:]],
        ])
        try project.depsfile(["RxMoya": "~> 15.0", "Moya": "~> 15.0", "SnapKit": ""])
        XCTAssertEqual(try project.deps("install", "--lock-only").status, 0)
    }

    func testADirectDependencyHasOnePath() throws {
        let outcome = try project.deps("why", "SnapKit")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "App -> SnapKit 5.7.1\n")
    }

    func testATransitivePackageListsEveryPathShortestFirstWithTheRequirementOnEachEdge() throws {
        let outcome = try project.deps("why", "Alamofire")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            App -> Moya (~> 15.0) 15.0.3 -> Alamofire (~> 5.0) 5.7.1
            App -> RxMoya (~> 15.0) 15.0.3 -> Alamofire (>= 5.1) 5.7.1
            App -> RxMoya (~> 15.0) 15.0.3 -> Moya (= 15.0.3) 15.0.3 -> Alamofire (~> 5.0) 5.7.1

            """)
        let json = try project.deps("why", "Alamofire", "--json")
        XCTAssertTrue(json.stdout.contains("\"requirement\" : \"~> 5.0\""), json.stdout)
        XCTAssertFalse(json.stdout.contains("morePaths"), "a key that does not apply is left out: \(json.stdout)")
    }

    func testAPackageNotInTheLockAnswersNo() throws {
        let outcome = try project.deps("why", "Kingfisher")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "error: Kingfisher is not in Depsfile.lock\n")
        XCTAssertEqual(try project.deps("why", "../x").status, 64)
    }

    /// BEHAVIOUR 5: a name spelt in another case, as a CocoaPods user types it, gets the locked spelling.
    func testANameInAnotherCaseOffersTheLockedOne() throws {
        let outcome = try project.deps("why", "alamofire")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "error: alamofire is not in Depsfile.lock\nDid you mean Alamofire?\n")
    }

    func testASubspecPath() throws {
        try project.write("Code/Kit/Sources/Kit/Kit.swift", "public let kit = 1\n")
        try project.write("Specs/Kit/1.0.0.yaml", """
            name: Kit
            version: 1.0.0
            source:
              path: ../Code/Kit
            subspecs:
              - name: Core
                dependencies:
                  SnapKit: ~> 5.0
            default_subspecs: Core

            """)
        try project.depsfile(["Kit": ""])
        XCTAssertEqual(try project.deps("install", "--lock-only").status, 0)
        XCTAssertEqual(try project.deps("why", "SnapKit").stdout, "App -> Kit 1.0.0 -> Kit/Core (= 1.0.0) 1.0.0 -> SnapKit (~> 5.0) 5.7.1\n")
        XCTAssertEqual(try project.deps("why", "Kit/Core").stdout, "App -> Kit 1.0.0 -> Kit/Core (= 1.0.0) 1.0.0\n")
    }
}
