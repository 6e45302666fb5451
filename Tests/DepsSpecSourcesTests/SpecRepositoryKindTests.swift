import DepsSpecSources
import XCTest

/// What a Depsfile's `sources:` entry names; `trunk` is CocoaPods' CDN unless the composition
/// root points it at a mirror.
final class SpecRepositoryKindTests: XCTestCase {
    func testTrunkIsCocoaPodsCDNOrTheMirrorGiven() {
        XCTAssertEqual(SpecRepositoryKind(label: "trunk"), .cdn(url: "https://cdn.cocoapods.org/"))
        XCTAssertEqual(SpecRepositoryKind(label: "trunk", trunkURL: "http://127.0.0.1:8080/trunk/"), .cdn(url: "http://127.0.0.1:8080/trunk/"))
    }

    func testOnlyTheLabelTrunkFollowsTheMirror() {
        let mirror = "https://mirror.example/trunk/"
        XCTAssertEqual(SpecRepositoryKind(label: "https://cdn.example/", trunkURL: mirror), .cdn(url: "https://cdn.example/"))
        XCTAssertEqual(SpecRepositoryKind(label: "Trunk", trunkURL: mirror), .directory("Trunk"))
        XCTAssertEqual(SpecRepositoryKind(label: "https://github.com/CocoaPods/Specs.git", trunkURL: mirror), .git(url: "https://github.com/CocoaPods/Specs.git"))
    }
}
