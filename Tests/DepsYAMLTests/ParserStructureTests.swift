import DepsYAML
import XCTest
import DepsFailures
import DepsPresenters

/// The shape of the tree, the order of pairs and the marks of nodes.
final class ParserStructureTests: XCTestCase {
    private let depsfile = """
        sources:                    # searched in this order
          - ../../Specs
        dependencies:
          Alamofire: ~> 5.6
          SnapKit:
          LocalKit:
            path: ../LocalKit

        """

    func testBuildsMappingsAndSequencesInDocumentOrder() {
        let root = parsed(depsfile)
        XCTAssertEqual(root?.mappingPairs?.compactMap(\.key.scalarValue), ["sources", "dependencies"])
        XCTAssertEqual(value("sources", in: root)?.sequenceItems?.compactMap(\.scalarValue), ["../../Specs"])
        let dependencies = value("dependencies", in: root)
        XCTAssertEqual(dependencies?.mappingPairs?.compactMap(\.key.scalarValue), ["Alamofire", "SnapKit", "LocalKit"])
        XCTAssertEqual(value("path", in: value("LocalKit", in: dependencies))?.scalarValue, "../LocalKit")
    }

    func testMarksAreOneBasedStartsOfNodes() {
        let root = parsed(depsfile)
        XCTAssertEqual(root?.mark, YAMLMark(line: 1, column: 1))
        XCTAssertEqual(root?.mappingPairs?.first?.key.mark, YAMLMark(line: 1, column: 1))
        let sources = value("sources", in: root)
        XCTAssertEqual(sources?.mark, YAMLMark(line: 2, column: 3))
        XCTAssertEqual(sources?.sequenceItems?.first?.mark, YAMLMark(line: 2, column: 5))
        let dependencies = value("dependencies", in: root)
        XCTAssertEqual(dependencies?.mark, YAMLMark(line: 4, column: 3))
        let alamofire = dependencies?.mappingPairs?.first
        XCTAssertEqual(alamofire?.key.mark, YAMLMark(line: 4, column: 3))
        XCTAssertEqual(alamofire?.value.mark, YAMLMark(line: 4, column: 14))
        XCTAssertEqual(value("SnapKit", in: dependencies)?.mark.line, 5, "an empty value is on its key's line")
        XCTAssertEqual(value("LocalKit", in: dependencies)?.mark, YAMLMark(line: 7, column: 5))
    }

    func testEmptyTextHoldsNoDocument() {
        XCTAssertNil(parsed(""))
        XCTAssertNil(parsed("\n\n   \n"))
    }

    func testCommentsOnlyHoldNoDocument() {
        XCTAssertNil(parsed("# a Depsfile with nothing yet\n\n   # indented comment\n"))
    }

    func testAnExplicitEmptyDocumentIsAnEmptyValue() {
        XCTAssertEqual(parsed("---\n")?.content, .null)
        XCTAssertEqual(parsed("--- # nothing\n...\n")?.content, .null)
    }

    func testOneDocumentWithMarkersIsAccepted() {
        XCTAssertEqual(parsed("%YAML 1.1\n---\na: 1\n...\n")?.value(forKey: "a")?.scalarValue, "1")
    }

    func testEmptyCollections() {
        let root = parsed("a: []\nb: {}\n")
        XCTAssertEqual(value("a", in: root)?.sequenceItems, [])
        XCTAssertEqual(value("b", in: root)?.mappingPairs, [])
    }

    func testReadingAccessorsAndKindDescriptions() {
        let root = parsed("s: x\nq: [a]\nm: {k: v}\nn:\n")
        XCTAssertEqual(value("s", in: root)?.kindDescription, "a scalar")
        XCTAssertEqual(value("q", in: root)?.kindDescription, "a sequence")
        XCTAssertEqual(value("m", in: root)?.kindDescription, "a mapping")
        XCTAssertEqual(value("n", in: root)?.kindDescription, "an empty value")
        XCTAssertNil(value("q", in: root)?.scalarValue)
        XCTAssertNil(value("s", in: root)?.sequenceItems)
        XCTAssertNil(value("s", in: root)?.mappingPairs)
        XCTAssertNil(value("n", in: root)?.scalarValue)
        XCTAssertEqual(value("s", in: root)?.isNull, false)
        XCTAssertNil(root?.value(forKey: "missing"))
        XCTAssertNil(value("s", in: root)?.value(forKey: "x"))
    }

    func testContentComparisonIgnoresMarksAndStyles() {
        let read = parsed("a: '1'\nb:\n  - x\n")
        let built = YAMLNode.mapping([("a", .scalar("1")), ("b", .sequence([.scalar("x")]))])
        XCTAssertNotEqual(read, built, "marks differ")
        XCTAssertEqual(read?.hasSameContent(as: built), true)
        XCTAssertEqual(read?.hasSameContent(as: .mapping([("a", .scalar("1"))])), false)
        XCTAssertEqual(read?.hasSameContent(as: .mapping([("a", .scalar("2")), ("b", .sequence([.scalar("x")]))])), false)
        XCTAssertEqual(read?.hasSameContent(as: .mapping([("b", .sequence([.scalar("x")])), ("a", .scalar("1"))])), false)
    }

    func testBuildersMakePlainUnmarkedNodes() {
        XCTAssertEqual(YAMLNode.scalar("x"), YAMLNode(.scalar("x", .plain), mark: YAMLMark(line: 0, column: 0)))
        XCTAssertEqual(YAMLNode.null.content, .null)
        let mapping = YAMLNode.mapping([("k", .null)])
        XCTAssertEqual(mapping.mappingPairs, [YAMLNode.Pair(key: .scalar("k"), value: .null)])
    }

    func testErrorDescriptions() {
        XCTAssertEqual(
            YAMLError(file: "Depsfile", line: 3, column: 5, problem: .syntax("bad", context: nil)).description,
            "Depsfile:3:5: error: bad"
        )
        XCTAssertEqual(
            YAMLError(file: "Depsfile", line: 4, column: nil, problem: .syntax("invalid requirement", context: nil)).description,
            "Depsfile:4: error: invalid requirement"
        )
    }
}
