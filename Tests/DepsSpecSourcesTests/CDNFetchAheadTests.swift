import DepsCache
import DepsCore
import DepsFileSystem
import DepsGit
import DepsHTTP
import DepsSpecSources
import Foundation
import LoopbackHTTPServer
import TemporaryFolders
import XCTest
import DepsFailures
import DepsPresenters

/// BEHAVIOUR 13: the fetch-ahead from a CDN follows every dependency a spec can declare, so that
/// the resolver finds them fetched. A CDN with `prefix_lengths: []` (no shards) on loopback.
final class CDNFetchAheadTests: XCTestCase {
    var server: LoopbackHTTPServer!
    var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try LoopbackHTTPServer(keepAlive: true)
        directory = try TemporaryDirectory(self)
        server.serve("/CocoaPods-version.yml", .body(Array("---\nprefix_lengths: []\n".utf8)))
    }

    override func tearDown() {
        server.stop()
    }

    func publish(_ index: [String: [String]], specs: [String: String]) {
        let lines = index.sorted { $0.key < $1.key }.map { ([$0.key] + $0.value).joined(separator: "/") + "\n" }.joined()
        server.serve("/all_pods_versions_.txt", .body(Array(lines.utf8)))
        for (path, json) in specs { server.serve("/Specs/" + path, .body(Array(json.utf8))) }
    }

    func podspec(_ name: String, _ version: String, _ rest: String = "") -> String {
        """
        {"name": "\(name)", "version": "\(version)", "summary": "s", "license": "MIT",
         "source": {"http": "https://example.com/\(name).tar.gz"}\(rest.isEmpty ? "" : ", " + rest)}
        """
    }

    func openCDN() async throws -> SpecSource {
        let cache = CodeCache(root: LocalPath(directory.path + "/cache"))
        let opener = SpecRepositoryOpener(
            projectDirectory: LocalPath(directory.path), cache: cache, http: HTTPClient(configuration: .init(timeoutSeconds: 5)),
            network: GitNetworkLimits(), checkouts: NoGitCheckouts(), offline: false, refresh: false)
        return try await opener.openSource(server.baseURL + "/")
    }

    /// `Firebase/Core` depends on FirebaseAnalytics for iOS only, and a nested subspec on
    /// Nanopb: asking for Firebase's versions brings both packages' versions and newest specs.
    func testDependenciesOfPlatformsAndNestedSubspecsAreFetchedAhead() async throws {
        publish(
            ["Firebase": ["10.0.0"], "FirebaseAnalytics": ["10.0.0"], "Nanopb": ["2.0.0"], "Unused": ["1.0.0"]],
            specs: [
                "Firebase/10.0.0/Firebase.podspec.json": podspec("Firebase", "10.0.0", """
                    "subspecs": [
                      {"name": "Core", "ios": {"dependencies": {"FirebaseAnalytics": ["10.0.0"]}},
                       "subspecs": [{"name": "Wire", "dependencies": {"Nanopb": []}}]}
                    ]
                    """),
                "FirebaseAnalytics/10.0.0/FirebaseAnalytics.podspec.json": podspec("FirebaseAnalytics", "10.0.0"),
                "Nanopb/2.0.0/Nanopb.podspec.json": podspec("Nanopb", "2.0.0"),
                "Unused/1.0.0/Unused.podspec.json": podspec("Unused", "1.0.0"),
            ])
        let source = try await openCDN()
        try await source.fetch([.versions(try PackageName("Firebase"))])

        // Read without another fetch: each would throw SpecsNotFetched had it not been fetched.
        XCTAssertEqual(try source.versions(of: try PackageName("FirebaseAnalytics")).map(\.description), ["10.0.0"])
        XCTAssertEqual(try source.specification(of: try PackageName("FirebaseAnalytics"), version: try Version("10.0.0")).name.description, "FirebaseAnalytics")
        XCTAssertEqual(try source.specification(of: try PackageName("Nanopb"), version: try Version("2.0.0")).name.description, "Nanopb")
        XCTAssertEqual(server.requestCount("/Specs/FirebaseAnalytics/10.0.0/FirebaseAnalytics.podspec.json"), 1)
        XCTAssertEqual(server.requestCount("/Specs/Nanopb/2.0.0/Nanopb.podspec.json"), 1)
        XCTAssertEqual(server.requestCount("/Specs/Unused/1.0.0/Unused.podspec.json"), 0, "only what a spec names is fetched")
        XCTAssertEqual(server.requests.count, Set(server.requests.map(\.path)).count, "each file is asked for once")
    }

    /// A locked version's spec is fetched by its path, with no index. Before the CDN's shard
    /// lengths are known, trunk's (`[1, 1, 1]`) are assumed, with the version file in the same
    /// round; this CDN has none, which costs one more round.
    func testAPinnedSpecIsFetchedWithoutTheIndex() async throws {
        publish(["Kit": ["1.0.0", "2.0.0"]], specs: [
            "Kit/1.0.0/Kit.podspec.json": podspec("Kit", "1.0.0"),
            "Kit/2.0.0/Kit.podspec.json": podspec("Kit", "2.0.0"),
        ])
        let source = try await openCDN()
        let kit = try PackageName("Kit")
        await source.fetchPinned([(kit, try Version("1.0.0"))])

        XCTAssertTrue(try source.hasSpecification(of: kit, version: try Version("1.0.0")))
        XCTAssertEqual(try source.specification(of: kit, version: try Version("1.0.0")).version.description, "1.0.0")
        XCTAssertEqual(
            server.requests.map(\.path).sorted(),
            ["/CocoaPods-version.yml", "/Specs/8/2/1/Kit/1.0.0/Kit.podspec.json", "/Specs/Kit/1.0.0/Kit.podspec.json"])

        // A version the CDN does not have by that path falls back to the index.
        await source.fetchPinned([(kit, try Version("3.0.0"))])
        XCTAssertThrowsError(try source.hasSpecification(of: kit, version: try Version("3.0.0"))) { error in
            XCTAssertTrue(error is SpecsNotFetched, "\(error)")
        }
    }
}

/// The CDN of these tests names no `git:` external source: nothing is ever checked out.
private struct NoGitCheckouts: GitCheckoutFetcher {
    func checkout(name: PackageName, url: String, reference: GitReference, pin: String?) async throws -> (tree: LocalPath, commit: String) {
        XCTFail("no git external source is checked out here")
        throw FileAccessError(path: url, problem: .system(ENOENT))
    }
}
