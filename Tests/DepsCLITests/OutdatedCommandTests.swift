import Foundation
import XCTest

/// `deps outdated`, run as the built binary (BEHAVIOUR 4.3).
final class OutdatedCommandTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["4.9.1": [:], "5.6.4": [:], "5.9.1": [:], "6.0.0-beta.1": [:]],
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
        ])
    }

    func testWithUpdatesItListsThemAndExitsWithOne() throws {
        try project.depsfile(["Moya": "~> 14.0"])
        try project.deps("install")
        try project.publish(["Moya": ["14.0.1": ["Alamofire": "~> 4.9"]]])
        let outcome = try project.deps("outdated")
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            Package    Current  Update  Latest
            Alamofire  4.9.1    4.9.1   5.9.1    held back by Moya 14.0.1: Alamofire ~> 4.9
            Moya       14.0.0   14.0.1  15.0.0   held back by Depsfile: Moya ~> 14.0

            """)
    }

    func testWithOnlyHeldBackRowsItExitsWithZero() throws {
        try project.depsfile(["Moya": "~> 14.0"])
        try project.deps("install")
        let outcome = try project.deps("outdated")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stdout.contains("Moya       14.0.0   14.0.0  15.0.0   held back by Depsfile: Moya ~> 14.0"), outcome.stdout)
    }

    func testUpToDate() throws {
        try project.depsfile(["Alamofire": ""])
        try project.deps("install")
        let outcome = try project.deps("outdated")
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stdout, "All packages are up to date.\n")
        let prerelease = try project.deps("outdated", "--include-prerelease")
        XCTAssertEqual(prerelease.status, 0, "Update stays 5.9.1: no requirement names a prerelease")
        XCTAssertEqual(prerelease.stdout, """
            Package    Current  Update  Latest
            Alamofire  5.9.1    5.9.1   6.0.0-beta.1   held back by prerelease rules: 6.0.0-beta.1 is a prerelease and no requirement names one

            """)
    }

    func testJSON() throws {
        try project.depsfile(["Moya": "~> 14.0"])
        try project.deps("install")
        try project.publish(["Moya": ["14.0.1": ["Alamofire": "~> 4.9"]]])
        let outcome = try project.deps("outdated", "--json")
        XCTAssertEqual(outcome.status, 1)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(document["hasUpdates"] as? Bool, true)
        let rows = document["packages"] as! [[String: Any]]
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[1]["name"] as? String, "Moya")
        XCTAssertEqual(rows[1]["current"] as? String, "14.0.0")
        XCTAssertEqual(rows[1]["update"] as? String, "14.0.1")
        XCTAssertEqual(rows[1]["latest"] as? String, "15.0.0")
        XCTAssertEqual(rows[1]["heldBackBy"] as? [String], ["Depsfile: Moya ~> 14.0"])
        XCTAssertEqual(rows[0]["name"] as? String, "Alamofire")
        if rows[0]["heldBackBy"] != nil { XCTAssertEqual((rows[0]["heldBackBy"] as? [String])?.isEmpty, false, "an empty list is left out") }
    }

    func testWithoutALockfile() throws {
        try project.depsfile(["Moya": ""])
        let outcome = try project.deps("outdated")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "No Depsfile.lock; run `deps install` first.\n")
    }
}
