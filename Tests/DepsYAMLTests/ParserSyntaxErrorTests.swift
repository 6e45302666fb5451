import DepsYAML
import XCTest
import DepsPresenters

/// libyaml's own syntax errors, located at the line and column libyaml reports.
final class ParserSyntaxErrorTests: XCTestCase {
    func testMappingValueAfterAPlainValueIsLocatedAtItsColon() {
        let error = parseError("a: 1\nb: c: d\n")
        XCTAssertEqual(error?.description, "Depsfile:2:5: error: mapping values are not allowed in this context")
    }

    func testWrongIndentationIsLocatedOnTheIndentedLine() {
        let error = parseError("sources:\n  - ../Specs\ndependencies:\n  Alamofire: ~> 5.6\n   SnapKit: 5.0\n")
        XCTAssertEqual(error?.file, "Depsfile")
        XCTAssertEqual(error?.line, 5)
        XCTAssertEqual(error?.column, 11)
        XCTAssertEqual(error?.problem.description, "mapping values are not allowed in this context")
    }

    func testUnterminatedQuoteNamesWhereTheScalarStarted() {
        let error = parseError("name: Moya\nsummary: \"unterminated\n")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 1)
        XCTAssertEqual(
            error?.problem.description,
            "found unexpected end of stream (while scanning a quoted scalar at line 2, column 10)"
        )
    }

    func testMappingKeyInsideASequenceNamesTheSequence() {
        let error = parseError("a:\n  - x\n  y: 2\n")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 3)
        XCTAssertEqual(
            error?.problem.description,
            "did not find expected '-' indicator (while parsing a block collection at line 2, column 3)"
        )
    }

    func testUnclosedFlowSequence() {
        let error = parseError("a: [1, 2\n")
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 1)
        XCTAssertEqual(error?.problem.description.hasPrefix("did not find expected ',' or ']'"), true)
    }

    func testTabIndentation() {
        XCTAssertEqual(
            parseError("a: 1\n\tb: 2\n")?.description,
            "Depsfile:2:1: error: found a tab character that violates indentation"
                + " (while scanning a plain scalar at line 1, column 4)"
        )
    }

    func testContextAtTheProblemItselfIsNotRepeated() {
        XCTAssertEqual(
            parseError("\ta: 1\n")?.description,
            "Depsfile:1:1: error: found character that cannot start any token (while scanning for the next token)"
        )
    }

    func testReservedIndicatorStartingAValue() {
        let error = parseError("a: @x\n")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 4)
        XCTAssertEqual(error?.problem.description.hasPrefix("found character that cannot start any token"), true)
    }

    func testColumnsCountCharactersNotBytes() {
        let error = parseError("é: ü: x\n")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 5)
    }

    func testErrorsNameTheFileTheyWereGiven() {
        do {
            _ = try YAMLParser.parse(Array("a: [".utf8), fileName: "Specs/Moya/15.0.0.yaml")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.file, "Specs/Moya/15.0.0.yaml")
            XCTAssertTrue(error.description.hasPrefix("Specs/Moya/15.0.0.yaml:2:1: error: "), error.description)
        }
    }
}
