import DepsCore
import XCTest

/// Reading requirements: operators, comma lists, the normalised spelling, and what is refused.
final class RequirementParsingTests: XCTestCase {
    func testEveryOperator() throws {
        let rows: [(text: String, op: Requirement.Operator, inside: [String], outside: [String])] = [
            ("= 1.5", .equal, ["1.5", "1.5.0"], ["1.4", "1.5.1", "1.6"]),
            ("!= 1.5", .notEqual, ["1.4", "1.5.1", "1.6"], ["1.5", "1.5.0"]),
            ("> 1.5", .greater, ["1.5.1", "1.6", "2"], ["1.5", "1.5.0", "1.4"]),
            ("< 1.5", .less, ["1.4", "1.4.99", "0.1"], ["1.5", "1.5.0", "1.6"]),
            (">= 1.5", .greaterOrEqual, ["1.5", "1.5.0", "1.6"], ["1.4", "1.4.99"]),
            ("<= 1.5", .lessOrEqual, ["1.5", "1.5.0", "1.4"], ["1.5.1", "1.6"]),
            ("~> 1.5", .pessimistic, ["1.5", "1.6", "1.10"], ["1.4", "2.0"]),
        ]
        XCTAssertEqual(Set(rows.map(\.op)), Set(Requirement.Operator.allCases))
        for row in rows {
            let requirement = try Requirement(row.text)
            XCTAssertEqual(requirement.constraints.map(\.op), [row.op], row.text)
            XCTAssertEqual(requirement.constraints.first?.version, try Version("1.5"), row.text)
            for text in row.inside {
                XCTAssertTrue(requirement.isSatisfied(by: try Version(text)), "\(row.text) admits \(text)")
            }
            for text in row.outside {
                XCTAssertFalse(requirement.isSatisfied(by: try Version(text)), "\(row.text) refuses \(text)")
            }
        }
    }

    func testOperatorsWithoutSpaces() throws {
        for (text, op) in [("=1.5", "="), ("!=1.5", "!="), (">1.5", ">"), ("<1.5", "<"), (">=1.5", ">="), ("<=1.5", "<="), ("~>1.5", "~>")] {
            let requirement = try Requirement(text)
            XCTAssertEqual(requirement.constraints.map(\.op.rawValue), [op], text)
            XCTAssertEqual(requirement.description, "\(op) 1.5", text)
        }
    }

    func testBareVersionMeansEqual() throws {
        let requirement = try Requirement("7.10.0")
        XCTAssertEqual(requirement.description, "= 7.10.0")
        XCTAssertEqual(requirement, Requirement.exactly(try Version("7.10.0")))
        XCTAssertTrue(requirement.isSatisfied(by: try Version("7.10")))
        XCTAssertFalse(requirement.isSatisfied(by: try Version("7.10.2")))
    }

    func testCommaListsWithAndWithoutSpaces() throws {
        let spellings = [">= 2, < 4, != 2.12.0", ">=2,<4,!=2.12.0", "  >= 2 ,< 4,  != 2.12.0  ", "!= 2.12.0, < 4, >= 2", ">=\t2,\t<4, != 2.12.0"]
        for text in spellings {
            let requirement = try Requirement(text)
            XCTAssertEqual(requirement.constraints.count, 3, text)
            XCTAssertEqual(requirement.description, ">= 2, != 2.12.0, < 4", text)
            XCTAssertTrue(requirement.isSatisfied(by: try Version("2.11.9")), text)
            XCTAssertFalse(requirement.isSatisfied(by: try Version("2.12")), text)
            XCTAssertFalse(requirement.isSatisfied(by: try Version("4.0")), text)
            XCTAssertFalse(requirement.isSatisfied(by: try Version("1.9")), text)
        }
    }

    func testNormalisedSpellingSpacesOperatorsAndSortsConstraints() throws {
        let rows = [
            ("~>5.6", "~> 5.6"),
            ("< 6, >= 4.0", ">= 4.0, < 6"),
            (">= 4.0, < 6", ">= 4.0, < 6"),
            ("<=2.0,>1.0", "> 1.0, <= 2.0"),
            ("< 2, ~> 1.0", "~> 1.0, < 2"),
            ("!= 1.5, ~> 1.0", "~> 1.0, != 1.5"),
            ("<= 1.0, >= 1.0", ">= 1.0, <= 1.0"),
            ("1.10, 1.9", "= 1.9, = 1.10"),
            (" = 7.10.0 ", "= 7.10.0"),
        ]
        for (text, normalised) in rows {
            let requirement = try Requirement(text)
            XCTAssertEqual(requirement.description, normalised, text)
            // The normalised spelling reads back to the same requirement.
            XCTAssertEqual(try Requirement(normalised), requirement, text)
            XCTAssertEqual(try Requirement(normalised).description, normalised, text)
        }
    }

    func testNormalisedSpellingKeepsVersionSpellings() throws {
        XCTAssertEqual(try Requirement("~>1.0.0.beta1").description, "~> 1.0.0.beta1")
        XCTAssertEqual(try Requirement(">=3.2016.0521").description, ">= 3.2016.0521")
    }

    func testInvalidRequirements() {
        let invalid = [
            "~> abc", ">>= 1", "1.0,", ",", "", "~>", "=> 1.0", "=< 1.0", "== 1.0", "> = 1.0", ">= 1.0 < 2",
            "~> 1.0,, < 2", "<> 1", "1.0 beta", "~> v1", " ", "!", "~ 1.0",
        ]
        for text in invalid {
            XCTAssertThrowsError(try Requirement(text), "'\(text)' is not a requirement") { error in
                XCTAssertEqual((error as? RequirementError)?.text, text)
            }
        }
        XCTAssertThrowsError(try Requirement("~> abc")) { error in
            XCTAssertEqual((error as? RequirementError)?.text, "~> abc")
        }
    }

    func testAnyRequirement() throws {
        XCTAssertTrue(Requirement.any.isAny)
        XCTAssertEqual(Requirement.any.description, "")
        XCTAssertTrue(Requirement.any.isSatisfied(by: try Version("0.0.1")))
        XCTAssertTrue(Requirement.any.admits(try Version("99")))
        XCTAssertFalse(Requirement.any.admits(try Version("1.0-beta")))
        XCTAssertFalse(try Requirement("1.0").isAny)
    }
}
