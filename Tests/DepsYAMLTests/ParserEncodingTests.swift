import DepsYAML
import XCTest
import DepsPresenters

/// Only UTF-8 text is read; anything else is refused with the position of the first bad byte.
final class ParserEncodingTests: XCTestCase {
    func testALoneInvalidByte() {
        XCTAssertEqual(
            parseError([0xFF])?.description,
            "Depsfile:1:1: error: the text is not valid UTF-8: invalid leading UTF-8 octet 0xFF"
        )
    }

    func testAnInvalidByteLaterInTheFileIsLocated() {
        let bytes = Array("name: Moya\nsummary: Café ".utf8) + [0xE9] + Array(" ok\n".utf8)
        // 0xE9 announces a three-byte sequence; libyaml points at the space that breaks it.
        XCTAssertEqual(
            parseError(bytes)?.description,
            "Depsfile:2:16: error: the text is not valid UTF-8: invalid trailing UTF-8 octet 0x20"
        )
    }

    func testATruncatedSequenceAtTheEnd() {
        let error = parseError(Array("a: ".utf8) + [0xC3])
        XCTAssertEqual(error?.description, "Depsfile:1:4: error: the text is not valid UTF-8: incomplete UTF-8 octet sequence")
    }

    func testLinesEndingInCarriageReturnsAreCounted() {
        let error = parseError(Array("a: 1\r\nb: 2\r\nc: ".utf8) + [0xFF])
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 4)
    }

    func testUTF16WithAByteOrderMarkIsRefused() {
        let text = "a: 1\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            XCTAssertEqual(
                parseError(bytes)?.description,
                "Depsfile:1:1: error: the text is not valid UTF-8: it starts with a UTF-16 byte order mark"
            )
        }
    }

    func testUTF32WithAByteOrderMarkIsRefused() {
        XCTAssertEqual(parseError([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x61])?.problem.description,
                       "the text is not valid UTF-8: it starts with a UTF-32 byte order mark")
    }

    func testUTF16WithoutAByteOrderMarkIsRefused() {
        let bytes: [UInt8] = "a: 1\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(parseError(bytes)?.column, 2)
    }

    func testAUTF8ByteOrderMarkIsSkipped() {
        let root = try? YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), fileName: "Depsfile")
        XCTAssertEqual(root?.value(forKey: "a")?.scalarValue, "1")
        XCTAssertEqual(root?.mark, YAMLMark(line: 1, column: 1))
    }

    func testControlCharactersAreRefused() {
        XCTAssertEqual(
            parseError("a: 1\nb: x\u{07}\n")?.description,
            "Depsfile:2:5: error: control characters are not allowed (found 0x07)"
        )
    }
}
