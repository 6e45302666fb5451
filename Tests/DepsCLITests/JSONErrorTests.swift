import Foundation
import XCTest

/// `--json` on a failure: one document on stdout whose `error` keeps `status` and `message` and
/// gives a resolution failure's derivation and remedy as fields (README, JSON documents).
final class JSONErrorTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["4.9.1": [:], "5.0.0": [:], "5.9.1": [:]],
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
        ])
        try project.depsfile(["Moya": "~> 14.0", "Alamofire": ""])
        XCTAssertEqual(try project.deps("install").status, 0)
        // Moya is released by the edit; Alamofire, a dependency of its own, stays pinned at 4.9.1.
        try project.depsfile(["Moya": "~> 15.0", "Alamofire": ""])
    }

    private func error(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let outcome = DepsInProcess.run(arguments + ["--json", "--project", project.app])
        XCTAssertEqual(outcome.status, 1, outcome.stderr, file: file, line: line)
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], outcome.stdout, file: file, line: line)
        XCTAssertEqual(document.count, 1, file: file, line: line)
        let error = try XCTUnwrap(document["error"] as? [String: Any], outcome.stdout, file: file, line: line)
        XCTAssertEqual(error["message"] as? String, outcome.stderr.trimmingCharacters(in: .newlines), "the same text as on stderr", file: file, line: line)
        return error
    }

    func testAConflictGivesItsDerivationAndTheUpdateThatLiftsThePin() throws {
        let lock = project.lockfile
        for command in [["install"], ["update", "Moya"]] {
            let error = try error(command)
            XCTAssertEqual(error["status"] as? Int, 1)
            XCTAssertEqual(error["kind"] as? String, "noSolution")
            XCTAssertEqual(error["message"] as? String, """
                Because Moya >= 15.0.0 depends on Alamofire ~> 5.0 and Depsfile.lock pins Alamofire 4.9.1, Moya >= 15.0.0 cannot be used.
                So, because the Depsfile depends on Moya ~> 15.0, version solving failed.

                Run `deps update Alamofire` to let Alamofire move.
                """)
            XCTAssertEqual(error["suggestedUpdate"] as? [String], ["Alamofire"])
            XCTAssertEqual(error["suggestedCommand"] as? String, "deps update Alamofire")

            let steps = try XCTUnwrap(error["derivation"] as? [[String: Any]])
            XCTAssertEqual(steps.map { $0["index"] as? Int }, Array(steps.indices))
            XCTAssertEqual(steps.map { $0["cause"] as? String }, ["dependency", "pin", "derived", "dependency", "derived"])
            XCTAssertEqual(steps[0]["text"] as? String, "Moya >= 15.0.0 depends on Alamofire ~> 5.0")
            let dependency = try XCTUnwrap(steps[0]["terms"] as? [[String: Any]])
            XCTAssertEqual(dependency.map { $0["package"] as? String }, ["Moya", "Alamofire"])
            XCTAssertEqual(dependency.map { $0["positive"] as? Bool }, [true, false])
            XCTAssertEqual(dependency.map { $0["versions"] as? String }, [">= 15.0.0", "~> 5.0"])
            XCTAssertEqual(steps[1]["version"] as? String, "4.9.1")
            XCTAssertEqual(steps[1]["inSources"] as? Bool, true)
            XCTAssertEqual(steps[1]["text"] as? String, "Depsfile.lock pins Alamofire 4.9.1")
            XCTAssertEqual(steps[2]["derivedFrom"] as? [Int], [0, 1])
            XCTAssertEqual(steps[4]["derivedFrom"] as? [Int], [2, 3])
            XCTAssertEqual(steps[4]["text"] as? String, "version solving failed")
            let conclusion = try XCTUnwrap(steps[4]["terms"] as? [[String: Any]])
            XCTAssertEqual(conclusion.first?["depsfile"] as? Bool, true)
            XCTAssertNil(conclusion.first?["package"])
        }
        XCTAssertEqual(project.lockfile, lock, "nothing written")
    }

    func testOutdatedOnADepsfileThatCannotHoldGivesTheDerivationWithoutARemedy() throws {
        try project.depsfile(["Moya": "~> 15.0", "Alamofire": "~> 4.9"])
        let error = try error(["outdated"])
        XCTAssertEqual(error["kind"] as? String, "noSolution")
        XCTAssertEqual(error["suggestedUpdate"] as? [String], [], "no pin is in the way")
        XCTAssertNil(error["suggestedCommand"])
        let steps = try XCTUnwrap(error["derivation"] as? [[String: Any]])
        XCTAssertEqual(steps.last?["text"] as? String, "version solving failed")
        XCTAssertFalse(steps.contains { $0["cause"] as? String == "pin" })
    }

    func testAMissingPackageGivesItsNameAndTheCloseOnes() throws {
        try project.depsfile(["Moyaa": ""])
        let error = try error(["install"])
        XCTAssertEqual(error["kind"] as? String, "missingPackage")
        XCTAssertEqual(error["missingPackage"] as? String, "Moyaa")
        XCTAssertEqual(error["suggestions"] as? [String], ["Moya"])
        XCTAssertEqual(error["suggestedUpdate"] as? [String], [])
        XCTAssertNil(error["suggestedCommand"], "left out: no pin is in the way")
    }
}
