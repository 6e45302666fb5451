import DepsYAML
import XCTest

/// Scalars are plain when that reads back as the same string, and quoted otherwise.
final class EmitterQuotingTests: XCTestCase {
    private func written(_ text: String) -> String {
        let line = YAMLEmitter.emit(.mapping([("k", .scalar(text))]))
        return String(line.dropFirst("k: ".count).dropLast())
    }

    func testAQuoteSharingACharacterWithACombiningMarkIsDoubled() throws {
        // Found by fuzzing: `'` then U+074A is one Character but two scalars.
        for text in ["-'\u{74A}", "'\u{301}", "a'\u{301}b'"] {
            let emitted = YAMLEmitter.emit(.mapping([("k", .scalar(text))]))
            let parsed = try YAMLParser.parse(Array(emitted.utf8), fileName: "t")
            XCTAssertEqual(parsed?.mappingPairs?.first?.value.scalarValue, text, emitted)
        }
    }

    func testOrdinaryValuesArePlain() {
        for text in [
            "Alamofire (~> 5.0)", "~> 5.6", "1.10", "5.0", "yes", "0x1F", "../../Specs",
            "https://github.com/Moya/Moya.git", "a:b", "a#b", "a - b", "< 6", "= 1.0", "日本語", "a[0]", "x, y",
            "Moya (from `../Moya`)",
        ] {
            XCTAssertEqual(written(text), text, text)
        }
    }

    func testWordsThatReadAsEmptyValuesAreQuoted() {
        XCTAssertEqual(written(""), "''")
        XCTAssertEqual(written("~"), "'~'")
        XCTAssertEqual(written("null"), "'null'")
        XCTAssertEqual(written("Null"), "'Null'")
        XCTAssertEqual(written("NULL"), "'NULL'")
        XCTAssertEqual(written("nULL"), "nULL")
    }

    func testIndicatorsAndSpacesAreSingleQuoted() {
        let expected = [
            ">= 4.0, < 6": "'>= 4.0, < 6'",
            "- item": "'- item'",
            "-": "'-'",
            "a: b": "'a: b'",
            "ends:": "'ends:'",
            "a #comment": "'a #comment'",
            "#hash": "'#hash'",
            "[x]": "'[x]'",
            "{x}": "'{x}'",
            "*star": "'*star'",
            "&amp": "'&amp'",
            "!bang": "'!bang'",
            "%pct": "'%pct'",
            "@at": "'@at'",
            "`tick`": "'`tick`'",
            "|pipe": "'|pipe'",
            "?q": "'?q'",
            ",comma": "',comma'",
            " lead": "' lead'",
            "trail ": "'trail '",
            "it's": "it's",
            "'quoted'": "'''quoted'''",
            "\"dq\"": "'\"dq\"'",
            "...": "'...'",
            "---": "'---'",
        ]
        for (text, quoted) in expected {
            XCTAssertEqual(written(text), quoted, text)
        }
    }

    func testUnprintableCharactersAreDoubleQuotedWithEscapes() {
        XCTAssertEqual(written("two\nlines"), "\"two\\nlines\"")
        XCTAssertEqual(written("tab\there"), "\"tab\\there\"")
        XCTAssertEqual(written("nul\0"), "\"nul\\0\"")
        XCTAssertEqual(written("bell\u{07} esc\u{1B} del\u{7F}"), "\"bell\\a esc\\e del\\x7F\"")
        XCTAssertEqual(written("crlf\r\n"), "\"crlf\\r\\n\"")
        XCTAssertEqual(written("next\u{85}line\u{2028}para\u{2029}"), "\"next\\Nline\\Lpara\\P\"")
        XCTAssertEqual(written("bom\u{FEFF}"), "\"bom\\uFEFF\"")
        XCTAssertEqual(written("quote\" back\\ \n"), "\"quote\\\" back\\\\ \\n\"")
    }

    func testKeysAreQuotedByTheSameRules() {
        let tree = YAMLNode.mapping([("a: b", .scalar("1")), ("", .scalar("2")), ("null", .scalar("3"))])
        XCTAssertEqual(YAMLEmitter.emit(tree), "'a: b': 1\n'': 2\n'null': 3\n")
    }
}
