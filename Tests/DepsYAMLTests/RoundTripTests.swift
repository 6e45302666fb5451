import DepsYAML
import XCTest
import DepsPresenters

/// Reading back what the emitter wrote gives the same content, whatever the strings hold.
final class RoundTripTests: XCTestCase {
    private func assertRoundTrips(
        _ tree: YAMLNode, blankLines: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        let text = YAMLEmitter.emit(tree, blankLineBetweenTopLevelEntries: blankLines)
        XCTAssertTrue(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "one final newline: \(text.debugDescription)",
                      file: file, line: line)
        do {
            let root = try YAMLParser.parse(Array(text.utf8), fileName: "tree.yaml")
            XCTAssertEqual(root.map { $0.hasSameContent(as: tree) }, true,
                           "\(tree)\nwritten as\n\(text)\nread back as \(String(describing: root))",
                           file: file, line: line)
        } catch {
            XCTFail("\(error)\nfor\n\(text)", file: file, line: line)
        }
    }

    func testEveryNastyPieceAsValueKeyItemAndDocument() {
        for piece in RandomTreeGenerator.nastyPieces {
            assertRoundTrips(.scalar(piece))
            assertRoundTrips(.mapping([(piece, .scalar(piece))]))
            assertRoundTrips(.sequence([.scalar(piece), .mapping([(piece, .sequence([.scalar(piece)]))])]))
            assertRoundTrips(.mapping([("k", .mapping([(piece, .null)]))]))
        }
    }

    func testNastyPiecesNextToEachOther() {
        for first in RandomTreeGenerator.nastyPieces {
            for second in RandomTreeGenerator.nastyPieces {
                let text = first + second
                assertRoundTrips(.mapping([(text, .sequence([.scalar(text), .scalar("x" + text + "x")]))]))
            }
        }
    }

    func testGeneratedTrees() {
        var generator = RandomTreeGenerator(seed: 0xDE95)
        for index in 0..<600 {
            let tree = generator.tree(depth: 5)
            assertRoundTrips(tree, blankLines: index % 2 == 0)
        }
    }

    func testGeneratedTreesUnderASequenceItemMapping() {
        // The lockfile's `- Name (version):` shape, with anything below it.
        var generator = RandomTreeGenerator(seed: 7)
        for _ in 0..<300 {
            let tree = YAMLNode.mapping([
                ("PACKAGES", .sequence([
                    .mapping([(generator.string(), generator.tree(depth: 4)), (generator.string() + "!", .null)]),
                    .mapping([("only", generator.tree(depth: 4))]),
                    generator.tree(depth: 3),
                ])),
            ])
            assertRoundTrips(tree, blankLines: true)
        }
    }

    func testLongStringsAndLongKeys() {
        let long = String(repeating: "Alamofire (~> 5.0) ", count: 200) + "end"
        assertRoundTrips(.mapping([(long, .scalar(long)), ("b", .sequence([.scalar(long)]))]))
        let longQuoted = String(repeating: "a: b\n", count: 300)
        assertRoundTrips(.sequence([.mapping([(longQuoted, .mapping([(longQuoted, .scalar(longQuoted))]))])]))
    }
}
