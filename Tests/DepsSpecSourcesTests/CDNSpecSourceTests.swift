import DepsCache
import DepsCode
import DepsCore
import DepsFileSystem
import DriverFakes
import InMemoryFileSystem
@testable import DepsSpecSources
import XCTest
import DepsFailures
import DepsPresenters

/// `CDNSpecSource` over a fake CDN without shards (`prefix_lengths: []`) and a cache in memory:
/// versions and specs of one run, the next run's reads from the cache, and what a CDN lacking a
/// file is told as.
final class CDNSpecSourceTests: XCTestCase {
    let base = "https://cdn.example/"
    var fileSystem: InMemoryFileSystem!
    var cache: CodeCache!
    var http: FakeHTTPClient!
    let kit = try! PackageName("Kit")

    override func setUpWithError() throws {
        fileSystem = InMemoryFileSystem()
        cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        http = FakeHTTPClient(fileSystem: fileSystem)
        http.serve(base + "CocoaPods-version.yml", "---\nprefix_lengths: []\n", etag: "\"lengths\"")
    }

    func podspec(_ name: String, _ version: String) -> String {
        """
        {"name": "\(name)", "version": "\(version)", "summary": "s", "license": "MIT",
         "source": {"http": "https://example.com/\(name).tar.gz"}}
        """
    }

    func source(offline: Bool = false, refresh: Bool = false) -> CDNSpecSource {
        CDNSpecSource(label: "cdn", url: base, cache: cache, http: http, offline: offline, refresh: refresh)
    }

    func testVersionsAndTheNewestSpecAreFetchedOnceAndReadFromTheCacheTheNextRun() async throws {
        http.serve(base + "all_pods_versions_.txt", "Kit/1.0.0/2.0.0\n", etag: "\"index\"")
        http.serve(base + "Specs/Kit/2.0.0/Kit.podspec.json", podspec("Kit", "2.0.0"))
        let first = source()
        try await first.fetch([.versions(kit)])

        XCTAssertEqual(try first.versions(of: kit).map(\.description), ["1.0.0", "2.0.0"])
        XCTAssertEqual(try first.specification(of: kit, version: try Version("2.0.0")).version.description, "2.0.0")
        XCTAssertEqual(Set(http.requests.map(\.url)), [
            base + "CocoaPods-version.yml", base + "all_pods_versions_.txt", base + "Specs/Kit/2.0.0/Kit.podspec.json",
        ])
        XCTAssertEqual(http.requests.count, 3, "each file is asked for once")
        XCTAssertEqual(first.loadCounts.downloaded, 3)

        http.clearRequests()
        let next = source()
        XCTAssertEqual(try next.versions(of: kit).map(\.description), ["1.0.0", "2.0.0"])
        XCTAssertEqual(try next.specification(of: kit, version: try Version("2.0.0")).name, kit)
        XCTAssertEqual(http.requests, [], "without a refresh the cache answers")
    }

    func testARefreshRevalidatesWithETags() async throws {
        http.serve(base + "all_pods_versions_.txt", "Kit/1.0.0\n", etag: "\"index\"")
        http.serve(base + "Specs/Kit/1.0.0/Kit.podspec.json", podspec("Kit", "1.0.0"))
        try await source().fetch([.versions(kit)])
        http.clearRequests()

        let refreshed = source(refresh: true)
        try await refreshed.fetch([.versions(kit)])
        XCTAssertEqual(try refreshed.versions(of: kit).map(\.description), ["1.0.0"])
        let conditional = http.requests.filter { $0.ifNoneMatch != nil }.map(\.url)
        XCTAssertEqual(Set(conditional), [base + "CocoaPods-version.yml", base + "all_pods_versions_.txt"])
        XCTAssertEqual(refreshed.loadCounts.notModified, 3, "two 304s and the same podspec bytes again")
        XCTAssertEqual(refreshed.loadCounts.downloaded, 0)
    }

    func testAServerWithoutTheVersionFileIsNotACDNAndTheURLIsNamed() async throws {
        http.answer(base + "CocoaPods-version.yml", status: 404)
        let cdn = source()
        do {
            try await cdn.fetch([.versions(kit)])
            _ = try cdn.versions(of: kit)
            XCTFail("read a CDN without its version file")
        } catch {
            XCTAssertEqual(
                error as? UnavailableError, UnavailableError(location: base + "CocoaPods-version.yml", reason: .notACocoaPodsCDN))
        }
    }

    func testAVersionTheIndexListsWithoutAPodspecNamesThePodspecURL() async throws {
        http.serve(base + "all_pods_versions_.txt", "Kit/1.0.0\n")
        let cdn = source()
        try await cdn.fetch([.versions(kit)])
        try await cdn.fetch([.specification(kit, try Version("1.0.0"))])
        XCTAssertThrowsError(try cdn.specification(of: kit, version: try Version("1.0.0"))) { error in
            XCTAssertEqual(
                error as? UnavailableError,
                UnavailableError(
                    location: self.base + "Specs/Kit/1.0.0/Kit.podspec.json", reason: .specMissingFromServer(name: "Kit", version: "1.0.0")))
        }
    }

    func testOfflineWithoutACacheNothingIsAskedAndTheMissingFileIsNamed() async throws {
        let cdn = source(offline: true)
        do {
            try await cdn.fetch([.versions(kit)])
            XCTFail("fetched offline")
        } catch {
            let failure = error as? UnavailableError
            XCTAssertEqual(failure?.location, base + "CocoaPods-version.yml")
            guard case .notCachedWhileOffline? = failure?.reason else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(http.requests, [])
    }
}
