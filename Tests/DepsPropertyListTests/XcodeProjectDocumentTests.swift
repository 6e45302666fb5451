import DepsFailures
import DepsPropertyList
import XCTest

/// The objects and sections of real project files, as an editor finds them.
final class XcodeProjectDocumentTests: XCTestCase {
    func testEveryRealProjectIsReadWithEachObjectInItsIsasSection() throws {
        let apps = try XcodeFixtures.apps()
        XCTAssertEqual(apps, ["emergence", "home-assistant-iOS", "simplenote-ios", "woocommerce-ios"])
        for app in apps {
            let bytes = try XcodeFixtures.bytes(app)
            let document = try XcodeProjectDocument(bytes: bytes, file: "project.pbxproj")
            XCTAssertEqual(PropertyListEdit().applied(to: bytes), bytes, "\(app): no edit, the same bytes")
            try document.checkReferences()
            XCTAssertFalse(try document.nativeTargets().isEmpty, app)

            // Sections are in Xcode's order (by isa), and each object is in its isa's section.
            let sections = document.sections()
            XCTAssertEqual(sections.map(\.isa), sections.map(\.isa).sorted(), app)
            var inSections = 0
            for section in sections {
                let inside = (document.objectsNode.entries ?? []).filter { $0.range.lowerBound > section.beginLine && $0.range.upperBound < section.endLineEnd }
                XCTAssertFalse(inside.isEmpty, "\(app): Xcode writes no empty section")
                for entry in inside {
                    XCTAssertEqual(entry.value["isa"]?.string, section.isa, "\(app) \(entry.key)")
                }
                inSections += inside.count
                XCTAssertEqual(document.section(section.isa)?.begin, section.beginLine, app)
            }
            XCTAssertEqual(inSections, document.objects.count, "\(app): every object is in a section")

            // Each object has lines of its own: its span starts a line and ends after a newline.
            for entry in document.objectsNode.entries ?? [] {
                let span = try XCTUnwrap(document.wholeLines(of: entry.range), "\(app) \(entry.key)")
                XCTAssertTrue(span.lowerBound == 0 || bytes[span.lowerBound - 1] == 0x0A, app)
                XCTAssertEqual(bytes[span.upperBound - 1], 0x0A, app)
                XCTAssertTrue(bytes[span].starts(with: Array(repeating: 0x09, count: 2) + Array(entry.key.utf8)), app)
            }
        }
    }

    /// An edit of a real file is a splice: deleting one object's lines and inserting them again
    /// elsewhere leaves every other byte where it was.
    func testAnObjectsLinesComeOutAndGoBackByteForByte() throws {
        let bytes = try XcodeFixtures.bytes("emergence")
        let document = try XcodeProjectDocument(bytes: bytes, file: "p")
        let target = try XCTUnwrap(document.nativeTargets().first)
        let span = try XCTUnwrap(document.wholeLines(of: document.objects[target.id]!.range))
        var removal = PropertyListEdit()
        removal.delete(span)
        let without = removal.applied(to: bytes)
        XCTAssertEqual(without.count, bytes.count - span.count)
        var insertion = PropertyListEdit()
        insertion.insert(String(decoding: bytes[span], as: UTF8.self), at: span.lowerBound)
        XCTAssertEqual(insertion.applied(to: without), bytes)
    }

    func testTheTextOfStringsAsXcodeWritesThem() {
        XCTAssertEqual(PropertyListText.string("Alamofire"), "Alamofire")
        XCTAssertEqual(PropertyListText.string("Sources/SharedPush"), "Sources/SharedPush")
        XCTAssertEqual(PropertyListText.string("HAKit+PromiseKit"), "\"HAKit+PromiseKit\"")
        XCTAssertEqual(PropertyListText.string("Extensions-Matter"), "\"Extensions-Matter\"")
        XCTAssertEqual(PropertyListText.string("$(SRCROOT)/Depsfile.lock"), "\"$(SRCROOT)/Depsfile.lock\"")
        XCTAssertEqual(PropertyListText.string("a \"b\"\n\tc\\"), "\"a \\\"b\\\"\\n\\tc\\\\\"")
        XCTAssertEqual(PropertyListText.string(""), "\"\"")
        XCTAssertEqual(PropertyListText.string("//server/share"), "\"//server/share\"", "bare, it would be a comment")
        XCTAssertEqual(PropertyListText.string("a//b"), "a//b")
        for text in ["//", "//x", "a//b", "/", "$(A)", "é", "a\u{1}b"] {
            let written = "{k = \(PropertyListText.string(text));}"
            XCTAssertEqual(try PropertyListParser.parse(Array(written.utf8), file: "p")["k"]?.string, text, written)
        }
    }
}

/// What shares a line with an object or an item decides what removing it takes.
final class XcodeProjectLinesTests: XCTestCase {
    func document(_ text: String) throws -> XcodeProjectDocument {
        try XcodeProjectDocument(bytes: Array(text.utf8), file: "p")
    }

    static let project = """
        {
        \tobjects = {
        \t\tP = {isa = PBXProject; targets = (T1 /* a, b) */, T2, ); };
        \t\tT1 = {isa = PBXNativeTarget; name = A; }; /* the first */ // its name
        \t\tT2 = {isa = PBXNativeTarget; name = B; }; é = x;
        \t\tL = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tT1 /* a */,
        \t\t\t\tT2 /* b */, /* more */
        \t\t\t\tT2 /* b */, T1,
        \t\t\t);
        \t\t};
        \t};
        \trootObject = P;
        }

        """

    func testAnObjectsWholeLinesAreItsOwnOnly() throws {
        let document = try document(Self.project)
        func lines(_ id: String) -> String? {
            document.wholeLines(of: document.objects[id]!.range).map { String(decoding: document.bytes[$0], as: UTF8.self) }
        }
        XCTAssertEqual(lines("T1"), "\t\tT1 = {isa = PBXNativeTarget; name = A; }; /* the first */ // its name\n")
        XCTAssertNil(lines("T2"), "a non-ASCII key shares its line")
        XCTAssertTrue(lines("L")?.hasPrefix("\t\tL = {\n\t\t\tisa = PBXGroup;\n") == true)
        XCTAssertTrue(lines("L")?.hasSuffix("\t\t\t);\n\t\t};\n") == true)
    }

    func testAnItemSharingItsLineTakesOnlyItsCommentsAndComma() throws {
        let document = try document(Self.project)
        func removed(_ item: PropertyListNode) -> String {
            var edit = PropertyListEdit()
            edit.delete(document.removalRange(ofItem: item))
            return String(decoding: edit.applied(to: document.bytes), as: UTF8.self)
        }
        let targets = try XCTUnwrap(document.project["targets"]?.array)
        XCTAssertTrue(removed(targets[0]).contains("targets = (T2, );"), "a comma inside a comment is not the item's")
        let children = try XCTUnwrap(document.object("L")?["children"]?.array)
        XCTAssertEqual(children.count, 4)
        XCTAssertTrue(removed(children[0]).contains("children = (\n\t\t\t\tT2 /* b */, /* more */\n"))
        XCTAssertTrue(removed(children[1]).contains("\t\t\t\tT1 /* a */,\n\t\t\t\tT2 /* b */, T1,\n"), "its line, its trailing comment with it")
        XCTAssertTrue(removed(children[2]).contains("\t\t\t\tT2 /* b */, /* more */\n\t\t\t\tT1,\n"), "a line shared with another item keeps it")
        XCTAssertTrue(removed(children[3]).contains("\t\t\t\tT2 /* b */, \n\t\t\t);"))
    }
}
