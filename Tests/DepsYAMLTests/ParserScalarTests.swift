import DepsYAML
import XCTest

/// Every scalar stays the string it was written as; only plain empty words are empty values.
final class ParserScalarTests: XCTestCase {
    func testScalarsKeepTheirTextExactly() {
        let root = parsed("""
            a: 1.10
            b: 5.0
            c: yes
            d: 0x1F
            e: ~> 5.6
            f: 1e3
            g: .inf
            h: true
            i: 007
            j: 2024-01-01
            k: nULL

            """)
        let expected = [
            "a": "1.10", "b": "5.0", "c": "yes", "d": "0x1F", "e": "~> 5.6", "f": "1e3",
            "g": ".inf", "h": "true", "i": "007", "j": "2024-01-01", "k": "nULL",
        ]
        for (key, text) in expected {
            XCTAssertEqual(value(key, in: root)?.content, .scalar(text, .plain), key)
        }
    }

    func testQuotedAndBlockScalarsKeepTheirStyle() {
        let root = parsed("""
            single: '1.10'
            double: "a\\tb \\"c\\""
            literal: |
              line one
              line two
            folded: >
              one
              two

            """)
        XCTAssertEqual(value("single", in: root)?.content, .scalar("1.10", .singleQuoted))
        XCTAssertEqual(value("double", in: root)?.content, .scalar("a\tb \"c\"", .doubleQuoted))
        XCTAssertEqual(value("literal", in: root)?.content, .scalar("line one\nline two\n", .literal))
        XCTAssertEqual(value("folded", in: root)?.content, .scalar("one two\n", .folded))
    }

    func testPlainEmptyAndNullWordsAreEmptyValues() {
        let root = parsed("""
            empty:
            tilde: ~
            lower: null
            title: Null
            upper: NULL
            items:
              -
              - ~
              - x

            """)
        for key in ["empty", "tilde", "lower", "title", "upper"] {
            XCTAssertEqual(value(key, in: root)?.content, .null, key)
            XCTAssertEqual(value(key, in: root)?.isNull, true, key)
        }
        XCTAssertEqual(value("items", in: root)?.sequenceItems?.map(\.content), [.null, .null, .scalar("x", .plain)])
    }

    func testQuotedEmptyAndNullWordsAreStrings() {
        let root = parsed("""
            a: ''
            b: ""
            c: '~'
            d: "null"
            e: 'NULL'

            """)
        XCTAssertEqual(value("a", in: root)?.content, .scalar("", .singleQuoted))
        XCTAssertEqual(value("b", in: root)?.content, .scalar("", .doubleQuoted))
        XCTAssertEqual(value("c", in: root)?.content, .scalar("~", .singleQuoted))
        XCTAssertEqual(value("d", in: root)?.content, .scalar("null", .doubleQuoted))
        XCTAssertEqual(value("e", in: root)?.scalarValue, "NULL")
    }

    func testKeysAreAlwaysTheirText() {
        let root = parsed("null: 1\n~: 2\nyes: 3\n")
        XCTAssertEqual(root?.mappingPairs?.map(\.key.content), [
            .scalar("null", .plain), .scalar("~", .plain), .scalar("yes", .plain),
        ])
    }

    func testFlowCollectionsHoldStringsToo() {
        let root = parsed("a: [1.0, ~, '']\nb: {x: , y: 2}\n")
        XCTAssertEqual(value("a", in: root)?.sequenceItems?.map(\.content), [
            .scalar("1.0", .plain), .null, .scalar("", .singleQuoted),
        ])
        XCTAssertEqual(value("x", in: value("b", in: root))?.content, .null)
        XCTAssertEqual(value("y", in: value("b", in: root))?.scalarValue, "2")
    }

    func testUnicodeTextIsKept() {
        let root = parsed("summary: Ünïcødé — 日本語 🚀\n")
        XCTAssertEqual(value("summary", in: root)?.scalarValue, "Ünïcødé — 日本語 🚀")
    }

    func testADocumentThatIsOneScalar() {
        XCTAssertEqual(parsed("just text\n")?.content, .scalar("just text", .plain))
        XCTAssertEqual(parsed("~\n")?.content, .null)
    }
}
