import DepsFailures
import DepsPropertyList
import XCTest
import DepsPresenters

/// The OpenStep property-list reader: real project files read whole, every node's bytes where it
/// was, and bad input refused at its line and column.
final class PropertyListParserTests: XCTestCase {
    func testRealProjectFilesAreReadAndLeftByteForByte() throws {
        for app in try XcodeFixtures.apps() {
            let bytes = try XcodeFixtures.bytes(app)
            let root = try PropertyListParser.parse(bytes, file: "project.pbxproj")
            let objects = try XCTUnwrap(root["objects"]?.entries, app)
            XCTAssertGreaterThan(objects.count, 200, app)
            // Each object's bytes start with its id and end with `;`.
            for entry in objects.prefix(200) {
                XCTAssertTrue(bytes[entry.range].starts(with: Array(entry.key.utf8)), app)
                XCTAssertEqual(bytes[entry.range.upperBound - 1], UInt8(ascii: ";"), app)
            }
            XCTAssertEqual(PropertyListEdit().applied(to: bytes), bytes, "\(app): no edit, the same bytes")
        }
    }

    func testStringsCommentsAndNesting() throws {
        let text = """
            // !$*UTF8*$!
            { a = "x \\"q\\"\\n"; /* c */ b = ( 1, two/three, "", ); c = { d = e; }; 'f' = "$(SRCROOT)/x-y.z"; }
            """
        let root = try PropertyListParser.parse(Array(text.utf8), file: "p")
        XCTAssertEqual(root["a"]?.string, "x \"q\"\n")
        XCTAssertEqual(root["b"]?.array?.map(\.string), ["1", "two/three", ""])
        XCTAssertEqual(root["c"]?["d"]?.string, "e")
        XCTAssertEqual(root.entries?.map(\.key), ["a", "b", "c", "f"], "a quoted key is a key")
        XCTAssertEqual(root["f"]?.string, "$(SRCROOT)/x-y.z")
    }

    func testBadInputIsRefusedAtItsLine() {
        func error(_ text: String) -> PropertyListError? {
            do {
                _ = try PropertyListParser.parse(Array(text.utf8), file: "App.xcodeproj/project.pbxproj")
                return nil
            } catch { return error }
        }
        XCTAssertEqual(error("{\n a = b;\n<<<<<<< HEAD\n c = d;\n=======\n>>>>>>> other\n}")?.description,
                       "App.xcodeproj/project.pbxproj:3:1: error: merge conflict marker")
        XCTAssertEqual(error("{\n a = b;\n c = (x, y\n")?.description, "App.xcodeproj/project.pbxproj:3:6: error: this '(' is never closed")
        XCTAssertEqual(error("{\n a = b\n}")?.description, "App.xcodeproj/project.pbxproj:3:1: error: expected ';', found '}'")
        XCTAssertEqual(error("{ a = \"b; }")?.description, "App.xcodeproj/project.pbxproj:1:7: error: a quoted string is not closed")
        XCTAssertEqual(error("{ /* a = b; }")?.description, "App.xcodeproj/project.pbxproj:1:3: error: a comment is not closed")
        XCTAssertEqual(error("")?.description, "App.xcodeproj/project.pbxproj:1:1: error: the file ends where a value should be")
        XCTAssertEqual(error("{ a = b; } x")?.description, "App.xcodeproj/project.pbxproj:1:12: error: unexpected 'x'")
        // Found by the fuzzer: nesting deep enough to exhaust the stack is refused instead.
        XCTAssertEqual(error(String(repeating: "(", count: 100_000))?.description, "App.xcodeproj/project.pbxproj:1:129: error: lists and dictionaries are nested more than 128 deep")
        XCTAssertEqual(error("<?xml version=\"1.0\"?>")?.description, "App.xcodeproj/project.pbxproj:1:1: error: unexpected '<'")
    }

    /// Every prefix of a real file is either read or refused with a line inside the file: never a
    /// crash, never a line past its end.
    func testTruncatedFilesAreRefusedWithALine() throws {
        let bytes = try XcodeFixtures.bytes("simplenote-ios")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        // (A lone `/` is a string; every longer prefix is cut inside the top-level dictionary.)
        for cut in stride(from: 2, to: bytes.count, by: bytes.count / 97) {
            do {
                _ = try PropertyListParser.parse(Array(bytes[..<cut]), file: "p")
                XCTFail("a file cut at \(cut) was read")
            } catch {
                XCTAssertTrue((1...lines).contains(error.line), "\(error)")
            }
        }
    }

    func testSplicesKeepTheirOrderAndEveryOtherByte() {
        var edit = PropertyListEdit()
        let bytes = Array("abcdef".utf8)
        edit.insert("1", at: 2)
        edit.insert("2", at: 2)
        edit.delete(3..<5)
        edit.replace(0..<1, with: "A")
        XCTAssertEqual(String(decoding: edit.applied(to: bytes), as: UTF8.self), "Ab12cf")
    }
}
