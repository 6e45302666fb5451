import DepsYAML
import XCTest
import DepsPresenters

/// Valid YAML that a plain data file should not hold is refused with its position.
final class ParserRefusalTests: XCTestCase {
    func testDuplicateKeyNamesTheKeyAndTheFirstLine() {
        let error = parseError("dependencies:\n  Alamofire: ~> 5.6\n  SnapKit:\n  Alamofire: 5.9.1\n")
        XCTAssertEqual(
            error?.description,
            "Depsfile:4:3: error: duplicate key 'Alamofire'; it was first defined on line 2"
        )
    }

    func testDuplicateKeysAreCheckedPerMapping() {
        let root = parsed("a:\n  name: x\nb:\n  name: y\n")
        XCTAssertEqual(value("name", in: value("b", in: root))?.scalarValue, "y")
    }

    func testDuplicateKeyInAFlowMappingAndInASequenceItem() {
        XCTAssertEqual(parseError("{a: 1, b: 2, a: 3}\n")?.description,
                       "Depsfile:1:14: error: duplicate key 'a'; it was first defined on line 1")
        XCTAssertEqual(parseError("- x: 1\n  y: 2\n  x: 3\n")?.description,
                       "Depsfile:3:3: error: duplicate key 'x'; it was first defined on line 1")
    }

    func testNestingDeeperThanTheLimitIsRefusedWithoutACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        XCTAssertEqual(parseError(deep)?.description,
                       "Depsfile:1:257: error: sequences and mappings nest deeper than 256 levels")
        let blockDeep = (0..<300).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " v\n"
        XCTAssertEqual(parseError(blockDeep)?.line, 257)
        let atTheLimit = String(repeating: "[", count: 256) + String(repeating: "]", count: 256) + "\n"
        XCTAssertNotNil(parsed(atTheLimit))
    }

    func testKeysDifferingOnlyInQuotingAreDuplicates() {
        XCTAssertEqual(parseError("a: 1\n'a': 2\n")?.line, 2)
    }

    func testASecondDocumentIsRefusedWhereItStarts() {
        XCTAssertEqual(
            parseError("a: 1\n---\nb: 2\n")?.description,
            "Depsfile:2:1: error: more than one document in the file; a second document starts here"
        )
        XCTAssertEqual(parseError("--- a\n--- b\n")?.line, 2)
        XCTAssertEqual(parseError("a: 1\n...\n# later\nb: 2\n")?.line, 4)
    }

    func testAnchorsAreRefused() {
        XCTAssertEqual(
            parseError("base: &base\n  a: 1\n")?.description,
            "Depsfile:1:7: error: anchors are not supported (found '&base')"
        )
        XCTAssertEqual(parseError("list: &l [a]\n")?.column, 7)
    }

    func testAliasesAreRefused() {
        XCTAssertEqual(
            parseError("a: 1\nb: *x\n")?.description,
            "Depsfile:2:4: error: aliases are not supported (found '*x')"
        )
    }

    func testTagsAreRefused() {
        XCTAssertEqual(
            parseError("version: !!str 1.0\n")?.description,
            "Depsfile:1:10: error: tags are not supported (found '!!str')"
        )
        XCTAssertEqual(parseError("a: !custom x\n")?.problem.description, "tags are not supported (found '!custom')")
        XCTAssertEqual(parseError("a: !!map {}\n")?.line, 1)
    }

    func testMappingKeysMustBeScalars() {
        XCTAssertEqual(
            parseError("? [a, b]\n: 1\n")?.description,
            "Depsfile:1:3: error: a mapping key must be a scalar, not a sequence"
        )
        XCTAssertEqual(
            parseError("x:\n  {a: 1}: 2\n")?.description,
            "Depsfile:2:3: error: a mapping key must be a scalar, not a mapping"
        )
    }
}
