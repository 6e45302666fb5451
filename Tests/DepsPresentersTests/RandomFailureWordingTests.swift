import DepsPresenters
import DepsCore
import Foundation
import ResolutionFixtures
import XCTest

/// The presenters over the failures of random small repositories (the ones the resolver's
/// oracle test draws): every derivation words without a crash, its text ends with the update
/// that lifts the pins when there is one, and its `--json` document parses with one step per
/// step of the derivation.
final class RandomFailureWordingTests: XCTestCase {
    func testEveryRandomFailureIsWorded() throws {
        let firstSeed: UInt64 = 20_261_121
        var failures = 0
        for offset in 0..<UInt64(1_000) {
            let repository = RandomRepository(seed: firstSeed &+ offset)
            let failure: ResolutionFailure
            do {
                _ = try ResolutionFixture.resolve(TableCatalog(repository.table), repository.root, pins: repository.pins)
                continue
            } catch let found as ResolutionFailure {
                failure = found
            }
            failures += 1
            let context = "\n\(repository)"
            let text = ResolutionFailureTextPresenter.render(failure)
            XCTAssertFalse(text.isEmpty, context)
            XCTAssertEqual(text.hasSuffix(" move."), !failure.suggestedUpdate.isEmpty, text + context)
            if failure.kind == .noSolution {
                XCTAssertTrue(text.contains("version solving failed"), text + context)
            }
            let json = JSONPresenter.renderError(failure, message: text, status: 1)
            let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let error = document?["error"] as? [String: Any]
            XCTAssertEqual(error?["message"] as? String, text, context)
            XCTAssertEqual((error?["derivation"] as? [Any])?.count, failure.derivation.steps.count, context)
        }
        XCTAssertGreaterThan(failures, 100, "enough failures for the check to mean something")
    }
}
