import DepsYAML
import XCTest

/// The block layout of the emitter, byte for byte.
final class EmitterLayoutTests: XCTestCase {
    private let lockfile = YAMLNode.mapping([
        ("PACKAGES", .sequence([
            .scalar("Alamofire (5.9.1)"),
            .mapping([("Moya (15.0.0)", .sequence([.scalar("Alamofire (~> 5.0)")]))]),
            .scalar("SnapKit (5.7.1)"),
        ])),
        ("DEPENDENCIES", .sequence([.scalar("Moya (~> 15.0)"), .scalar("SnapKit")])),
        ("SPEC REPOS", .mapping([
            ("../../Specs", .sequence([.scalar("Alamofire"), .scalar("Moya"), .scalar("SnapKit")])),
        ])),
        ("SPEC CHECKSUMS", .mapping([("Alamofire", .scalar("9f86d0..."))])),
        ("DEPSFILE CHECKSUM", .scalar("5e8848...")),
        ("DEPS", .scalar("0.1.0")),
    ])

    func testLockfileLayoutWithBlankLinesBetweenSections() {
        let expected = """
            PACKAGES:
              - Alamofire (5.9.1)
              - Moya (15.0.0):
                - Alamofire (~> 5.0)
              - SnapKit (5.7.1)

            DEPENDENCIES:
              - Moya (~> 15.0)
              - SnapKit

            SPEC REPOS:
              ../../Specs:
                - Alamofire
                - Moya
                - SnapKit

            SPEC CHECKSUMS:
              Alamofire: 9f86d0...

            DEPSFILE CHECKSUM: 5e8848...

            DEPS: 0.1.0

            """
        XCTAssertEqual(YAMLEmitter.emit(lockfile, blankLineBetweenTopLevelEntries: true), expected)
    }

    func testLockfileLayoutReadsBack() throws {
        let text = YAMLEmitter.emit(lockfile, blankLineBetweenTopLevelEntries: true)
        let root = try XCTUnwrap(try YAMLParser.parse(Array(text.utf8), fileName: "Depsfile.lock"))
        XCTAssertTrue(root.hasSameContent(as: lockfile))
    }

    func testWithoutBlankLines() {
        let tree = YAMLNode.mapping([("a", .scalar("1")), ("b", .sequence([.scalar("x"), .scalar("y")]))])
        XCTAssertEqual(YAMLEmitter.emit(tree), "a: 1\nb:\n  - x\n  - y\n")
    }

    func testBlankLinesSeparateOnlyTopLevelEntries() {
        let tree = YAMLNode.sequence([
            .mapping([("a", .scalar("1")), ("b", .scalar("2"))]),
            .scalar("c"),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree, blankLineBetweenTopLevelEntries: true), "- a: 1\n  b: 2\n\n- c\n")
    }

    func testEmptyValuesAndEmptyCollections() {
        let tree = YAMLNode.mapping([
            ("none", .null),
            ("list", .sequence([])),
            ("map", .mapping([])),
            ("items", .sequence([.null, .sequence([]), .mapping([])])),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree), "none:\nlist: []\nmap: {}\nitems:\n  -\n  - []\n  - {}\n")
    }

    func testNestedMappingsIndentByTwo() {
        let tree = YAMLNode.mapping([
            ("EXTERNAL SOURCES", .mapping([("LocalKit", .mapping([("path", .scalar("../LocalKit"))]))])),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree), "EXTERNAL SOURCES:\n  LocalKit:\n    path: ../LocalKit\n")
    }

    func testMultiPairMappingInASequenceLinesUpUnderTheDash() {
        let tree = YAMLNode.sequence([
            .mapping([
                ("name", .scalar("Moya")),
                ("dependencies", .sequence([.scalar("Alamofire")])),
                ("source", .mapping([("git", .scalar("https://github.com/Moya/Moya.git"))])),
                ("empty", .null),
            ]),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree), """
            - name: Moya
              dependencies:
              - Alamofire
              source:
                git: https://github.com/Moya/Moya.git
              empty:

            """)
    }

    func testSequenceInsideASequenceStartsOnTheDashLine() {
        let tree = YAMLNode.sequence([
            .sequence([.scalar("a"), .sequence([.scalar("b"), .scalar("c")])]),
            .scalar("d"),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree), "- - a\n  - - b\n    - c\n- d\n")
    }

    func testDeepSequenceItemMappings() {
        let tree = YAMLNode.mapping([
            ("top", .sequence([
                .mapping([("k", .sequence([.mapping([("inner", .sequence([.scalar("x")]))])]))]),
            ])),
        ])
        XCTAssertEqual(YAMLEmitter.emit(tree), """
            top:
              - k:
                - inner:
                  - x

            """)
    }

    func testDocumentsThatAreNotMappings() {
        XCTAssertEqual(YAMLEmitter.emit(.scalar("text")), "text\n")
        XCTAssertEqual(YAMLEmitter.emit(.scalar("")), "''\n")
        XCTAssertEqual(YAMLEmitter.emit(.null), "~\n")
        XCTAssertEqual(YAMLEmitter.emit(.sequence([])), "[]\n")
        XCTAssertEqual(YAMLEmitter.emit(.mapping([])), "{}\n")
        XCTAssertEqual(YAMLEmitter.emit(.sequence([.scalar("a")]), blankLineBetweenTopLevelEntries: true), "- a\n")
    }

    func testAVeryLongKeyIsWrittenAsAnExplicitKey() throws {
        let key = String(repeating: "k", count: 1500)
        let tree = YAMLNode.sequence([.mapping([(key, .sequence([.scalar("v")])), ("b", .scalar("2"))])])
        let text = YAMLEmitter.emit(tree)
        XCTAssertEqual(text, "- ? \(key)\n  :\n  - v\n  b: 2\n")
        let root = try XCTUnwrap(try YAMLParser.parse(Array(text.utf8), fileName: "long.yaml"))
        XCTAssertTrue(root.hasSameContent(as: tree))
    }

    func testTheSameTreeGivesTheSameBytes() {
        XCTAssertEqual(YAMLEmitter.emit(lockfile), YAMLEmitter.emit(lockfile))
    }
}
