import DepsCore
import XCTest

final class SpellingSuggestionTests: XCTestCase {
    func testCloseNames() throws {
        let names = try ["Alamofire", "AlamofireImage", "Foo-Core", "FooKit", "Kingfisher", "SnapKit", "lottie-ios"].map { try PackageName($0) }
        func suggestions(_ name: String) throws -> [String] {
            try PackageName(name).closest(among: names).map(\.description)
        }
        XCTAssertEqual(try suggestions("alamofire"), ["Alamofire"], "the same name in another case says it all")
        XCTAssertEqual(try suggestions("Alamofir"), ["Alamofire", "AlamofireImage"])
        XCTAssertEqual(try suggestions("FooCore"), ["Foo-Core"])
        XCTAssertEqual(try suggestions("FooKat"), ["FooKit"])
        XCTAssertEqual(try suggestions("Snapkit"), ["SnapKit"])
        XCTAssertEqual(try suggestions("Kingfishr"), ["Kingfisher"])
        XCTAssertEqual(try suggestions("Lottie"), ["lottie-ios"])
        XCTAssertEqual(try suggestions("Zzyzx"), [])
        XCTAssertEqual(try suggestions("Kit"), [], "a short word is no prefix hint")
    }

    func testCloseKeys() {
        XCTAssertEqual(SpellingSuggestion.closest(to: "dependancies", among: ["sources", "dependencies"]), ["dependencies"])
        XCTAssertEqual(SpellingSuggestion.closest(to: "SPEC REPO", among: ["SPEC REPOS", "SPEC CHECKSUMS"]).first, "SPEC REPOS")
        XCTAssertEqual(SpellingSuggestion.closest(to: "platform", among: ["sources", "dependencies"]), [])
        XCTAssertEqual(SpellingSuggestion.closest(to: "paht", among: ["path", "version", "git"]), ["path"])
    }
}
