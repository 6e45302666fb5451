import DepsCore
import DepsPresenters
import Foundation
import XCTest

/// How `deps export swiftpm` reads (BEHAVIOUR 12): the summary, lines ready to paste, every reason
/// a package stays, and the same as `--json`.
final class ExportWordingTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    var export: SwiftPMExport {
        let commit = String(repeating: "c0", count: 20)
        return SwiftPMExport(
            exported: [
                ExportedPackage(
                    name: name("Tool"), version: version("0.2.0"), url: "https://example.com/odd\"quote/Tool.git",
                    requirement: .revision(commit),
                    products: [SwiftPMProduct(name: "ToolKit", kind: .library), SwiftPMProduct(name: "tool", kind: .executable)],
                    subspecs: []),
                ExportedPackage(
                    name: name("Alamofire"), version: version("5.9.1"), url: "https://github.com/Alamofire/Alamofire.git",
                    requirement: .exact(version("5.9.1")),
                    products: [SwiftPMProduct(name: "Alamofire", kind: .library), SwiftPMProduct(name: "AlamofireDynamic", kind: .library)],
                    subspecs: [name("Alamofire/Core")]),
            ],
            staying: [
                StayingPackage(name: name("Plain"), version: version("2.0"), reason: .noManifest),
                StayingPackage(name: name("Odd"), version: version("0.3.0"), reason: .unreadableManifest(reason: .productsUnderConditions, line: 9)),
                StayingPackage(name: name("Apps"), version: version("1.0.0"), reason: .noLibraries),
                StayingPackage(name: name("Zipped"), version: version("3.0.0"), reason: .archive(url: "https://example.com/Zipped.zip\u{1B}[2J")),
                StayingPackage(name: name("LocalKit"), version: version("0.1.0"), reason: .usedInPlace(path: "../LocalKit")),
                StayingPackage(name: name("Edge"), version: version("1.0.0"), reason: .noCommit(url: "https://example.com/Edge.git")),
                StayingPackage(name: name("Log"), version: version("1.0.0"), reason: .neededBy([name("Apps"), name("Edge")])),
            ])
    }

    func testTheTextIsASummaryLinesToPasteAndWhatStays() {
        let commit = String(repeating: "c0", count: 20)
        XCTAssertEqual(ExportTextPresenter.render(export), """
            2 of 9 packages can move to SwiftPM.

            In Package.swift's `dependencies:`
                .package(url: "https://github.com/Alamofire/Alamofire.git", exact: "5.9.1"),
                .package(url: "https://example.com/odd\\"quote/Tool.git", revision: "\(commit)"),

            In a target's `dependencies:`
                .product(name: "Alamofire", package: "Alamofire"),
                .product(name: "AlamofireDynamic", package: "Alamofire"),
                // in place of Alamofire/Core: SwiftPM has no subspecs, only Alamofire's products
                .product(name: "ToolKit", package: "Tool"),
                // Tool also offers the executable tool

            Staying on deps, through Deps/Package.swift:
              Apps 1.0.0: its Package.swift declares no library product a target could use
              Edge 1.0.0: its code follows a branch of https://example.com/Edge.git and no commit pins it; run `deps install` first
              LocalKit 0.1.0: its code is the folder ../LocalKit, used in place, not a git repository
              Log 1.0.0: Apps, Edge, which stay on deps, need it (Deps/Package.swift builds them with what they need)
              Odd 0.3.0: its Package.swift cannot be read without running it: its products depend on `#if` conditions (line 9)
              Plain 2.0: its code at 2.0 has no Package.swift of its own
              Zipped 3.0.0: its code is an archive (https://example.com/Zipped.zip\\u{1B}[2J) and no git URL is known for it

            """)
    }

    /// The lines to paste are Swift whatever a URL holds: a control character is an escape, never
    /// a raw byte that ends the line (the export's encoder escaped only quotes and backslashes).
    func testAPackageLineEscapesControlCharacters() {
        let package = ExportedPackage(
            name: name("Odd"), version: version("1.0.0"), url: "https://example.com/odd\nline\u{1B}.git",
            requirement: .exact(version("1.0.0")), products: [], subspecs: [])
        XCTAssertEqual(ExportTextPresenter.packageLine(package), #".package(url: "https://example.com/odd\nline\u{1b}.git", exact: "1.0.0")"#)
        XCTAssertEqual(SwiftStringLiteral.quoted("a\"b\\c\td\u{7F}"), #""a\"b\\c\td\u{7f}""#)
    }

    func testNothingToMoveSaysSoAlone() {
        let export = SwiftPMExport(exported: [], staying: [StayingPackage(name: name("Plain"), version: version("2.0"), reason: .noManifest)])
        XCTAssertEqual(ExportTextPresenter.render(export), """
            0 of 1 packages can move to SwiftPM.

            Staying on deps, through Deps/Package.swift:
              Plain 2.0: its code at 2.0 has no Package.swift of its own

            """)
    }

    func testTheJSONDocumentLeavesOutWhatDoesNotApply() throws {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONPresenter.render(export).utf8)) as? [String: Any])
        XCTAssertEqual(document["command"] as? String, "export swiftpm")
        XCTAssertEqual(document["movable"] as? Int, 2)
        XCTAssertEqual(document["packages"] as? Int, 9)
        let exported = try XCTUnwrap(document["exported"] as? [[String: Any]])
        XCTAssertEqual(exported[0]["package"] as? String, #".package(url: "https://github.com/Alamofire/Alamofire.git", exact: "5.9.1")"#)
        XCTAssertEqual(exported[0]["subspecs"] as? [String], ["Alamofire/Core"])
        XCTAssertEqual(exported[0]["identity"] as? String, "Alamofire")
        XCTAssertNil(exported[0]["revision"])
        XCTAssertNil(exported[1]["exact"])
        XCTAssertNil(exported[1]["subspecs"])
        XCTAssertEqual(exported[1]["products"] as? [[String: String]], [["name": "ToolKit", "kind": "library"], ["name": "tool", "kind": "executable"]])
        let staying = try XCTUnwrap(document["staying"] as? [[String: Any]])
        XCTAssertEqual(staying.map { $0["reason"] as? String },
                       ["no-libraries", "no-commit", "used-in-place", "needed-by", "unreadable-manifest", "no-manifest", "archive"])
        XCTAssertEqual(staying[2]["path"] as? String, "../LocalKit")
        XCTAssertEqual(staying[3]["neededBy"] as? [String], ["Apps", "Edge"])
        XCTAssertEqual(staying[4]["line"] as? Int, 9)
        XCTAssertEqual(staying[6]["url"] as? String, "https://example.com/Zipped.zip\u{1B}[2J")
        XCTAssertEqual(Set(staying[5].keys), ["name", "version", "reason", "message"])
        XCTAssertEqual(staying[5]["message"] as? String, "its code at 2.0 has no Package.swift of its own")
    }
}
