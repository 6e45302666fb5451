import DepsFiles
import DepsCore
import XCTest

final class DepsfileWriterTests: XCTestCase {
    let codec = DepsfileCodec()

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func readBack(_ text: String) throws -> Manifest {
        try codec.decode(Array(text.utf8), checksum: "c")
    }

    /// Every dependency form a Depsfile can say, written and read back to the same manifest.
    func testEveryFormReadsBackAsTheSameManifest() throws {
        let commit = String(repeating: "0123456789", count: 4)
        let manifest = Manifest(sources: ["trunk", "../Specs", "https://example.com/specs.git"], dependencies: [
            Dependency(name("Alamofire"), try Requirement("~> 5.6")),
            Dependency(name("SwiftyJSON"), try Requirement(">= 4.0, < 6, != 5.0.1")),
            Dependency(name("Kingfisher"), try Requirement("7.10.0")),
            Dependency(name("SnapKit")),
            Dependency(name("Firebase/Analytics"), try Requirement("~> 10.0")),
            Dependency(name("Pre"), try Requirement("~> 2.0-beta.1")),
            Dependency(name("LocalKit"), externalSource: .path("../Local Kit")),
            Dependency(name("Tagged"), try Requirement("~> 2.1"), externalSource: .git(url: "https://example.com/T.git", .tag("2.1.0"))),
            Dependency(name("Branch"), externalSource: .git(url: "git@example.com:org/B.git", .branch("release/1"))),
            Dependency(name("Pinned"), externalSource: .git(url: "https://example.com/P.git", .commit(commit))),
            Dependency(name("Head"), externalSource: .git(url: "https://example.com/H.git", .defaultBranch, submodules: true)),
            Dependency(name("Odd"), try Requirement(">= 1"), externalSource: .path("#not a comment: {x}")),
            Dependency(name("Vendored"), externalSource: .podspec("Vendor/Vendored.podspec.json")),
            Dependency(name("OwnSpec"), try Requirement("~> 3.0"), externalSource: .podspec("Specs/Own Spec #1.yaml")),
            Dependency(name("SDWebImage"), try Requirement("~> 5.18")),
            Dependency(name("Patched")),
        ], checksum: "c", platform: Platform(name: "ios", deploymentTarget: try Version("15.0")),
        dependencySources: [name("SDWebImage"): "https://example.com/org/specs.git", name("Patched"): "../OrgSpecs"])
        let text = codec.encode(manifest, trailingComment: ["Targets:", "  App: Alamofire", "line\nbreak", ""])
        XCTAssertEqual(try readBack(text), manifest)
        XCTAssertTrue(text.hasSuffix("\n# Targets:\n#   App: Alamofire\n# line\\u{A}break\n#\n"), text)
        XCTAssertTrue(text.contains("  Kingfisher: 7.10.0\n"), text)
        XCTAssertTrue(text.contains("  SDWebImage:\n    source: https://example.com/org/specs.git\n    version: ~> 5.18\n"), text)
        XCTAssertTrue(text.contains("  Patched:\n    source: ../OrgSpecs\n"), text)
        XCTAssertTrue(text.contains("  Vendored:\n    podspec: Vendor/Vendored.podspec.json\n"), text)
    }

    func testAManifestWithoutSourcesDependenciesOrPlatformReadsBack() throws {
        let manifest = Manifest(sources: [], dependencies: [], checksum: "c")
        XCTAssertEqual(try readBack(codec.encode(manifest)), manifest)
    }

    func testAnImportedManifestEndsWithItsTargetsAsAComment() throws {
        let imported = ImportedManifest(
            sources: ["trunk"], dependencies: [Dependency(name("Alamofire")), Dependency(name("Quick"))], platform: nil,
            targets: [PodfileTargetListing(target: "App", pods: [name("Alamofire")]),
                      PodfileTargetListing(target: "AppTests", pods: [name("Alamofire"), name("Quick")])])
        let text = codec.encode(imported)
        XCTAssertEqual(text, """
            sources:
              - trunk

            dependencies:
              Alamofire:
              Quick:

            # The pods each target of the Podfile used (give each SwiftPM target its products):
            #   App: Alamofire
            #   AppTests: Alamofire, Quick

            """)
        XCTAssertEqual(try readBack(text), imported.manifest(checksum: "c"))
    }
}
