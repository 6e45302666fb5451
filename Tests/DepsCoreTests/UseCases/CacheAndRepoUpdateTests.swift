import DepsCore
import DepsCoreFakes
import XCTest

/// `deps repo update` and `deps cache` (BEHAVIOUR 4.5, 9), run against in-memory gateways.
final class CacheAndRepoUpdateTests: XCTestCase {
    func testRepoUpdateWithoutSourcesRefreshesTheDepsfilesSourcesOnceEachInOrder() async throws {
        let store = InMemoryProjectStore(sources: ["trunk", "../Specs", "git@example.com:specs.git", "trunk"], [:])
        let refresher = InMemorySpecRepositoryRefresher()
        let interactor = RepoUpdateInteractor(store: store, refresher: refresher)

        let reports = try await interactor.update([])

        XCTAssertEqual(refresher.refreshed, ["trunk", "../Specs", "git@example.com:specs.git"])
        XCTAssertEqual(reports.map(\.source), ["trunk", "../Specs", "git@example.com:specs.git"])
    }

    func testRepoUpdateRefreshesTheGivenSourcesOnlyWithoutReadingTheDepsfile() async throws {
        let store = InMemoryProjectStore(sources: ["trunk"], [:])
        let refresher = InMemorySpecRepositoryRefresher()
        let interactor = RepoUpdateInteractor(store: store, refresher: refresher)

        let reports = try await interactor.update(["https://cdn.example.com", "../Specs", "https://cdn.example.com"])

        XCTAssertEqual(refresher.refreshed, ["https://cdn.example.com", "../Specs"])
        XCTAssertEqual(reports.map(\.source), ["https://cdn.example.com", "../Specs"])
        XCTAssertEqual(store.manifestReads, 0)
    }

    func testRepoUpdateStopsAtTheFirstSourceThatCannotBeRefreshed() async throws {
        let store = InMemoryProjectStore(sources: ["a.git", "b.git", "c.git"], [:])
        let refresher = InMemorySpecRepositoryRefresher()
        refresher.failing = ["b.git"]
        let interactor = RepoUpdateInteractor(store: store, refresher: refresher)

        await assertThrowsAsync({ try await interactor.update([]) }) { error in
            XCTAssertEqual(error as? InMemorySpecRepositoryRefresher.Unreachable, .init(source: "b.git"))
        }
        XCTAssertEqual(refresher.refreshed, ["a.git", "b.git"])
    }

    func testRepoUpdateOfAProjectWithoutSourcesRefreshesNothing() async throws {
        let refresher = InMemorySpecRepositoryRefresher()
        let interactor = RepoUpdateInteractor(store: InMemoryProjectStore(sources: [], [:]), refresher: refresher)

        let reports = try await interactor.update([])
        XCTAssertEqual(reports, [])
        XCTAssertEqual(refresher.refreshed, [])
    }

    func testCacheListShowsEachPackageVersionAndTheWholeSize() throws {
        let interactor = CacheInteractor(inventory: InMemoryCodeCacheInventory(["Alamofire 5.9.1", "Moya 15.0.0"]))

        let listing = try interactor.list()

        XCTAssertEqual(listing.root, InMemoryCodeCacheInventory.root)
        XCTAssertEqual(listing.entries.map { "\($0.name) \($0.version)" }, ["Alamofire 5.9.1", "Moya 15.0.0"])
        XCTAssertEqual(listing.totalBytes, 1200)
    }

    func testCacheCleanRemovesOnlyTheNamedPackages() async throws {
        let inventory = InMemoryCodeCacheInventory(["Alamofire 5.6.4", "Alamofire 5.9.1", "Moya 15.0.0"])
        let interactor = CacheInteractor(inventory: inventory)

        let removed = try await interactor.clean([try PackageName("Alamofire")])

        XCTAssertEqual(removed.entries.map { "\($0.name) \($0.version)" }, ["Alamofire 5.6.4", "Alamofire 5.9.1"])
        XCTAssertEqual(removed.totalBytes, 1100)
        XCTAssertEqual(try interactor.list().entries.map(\.name), ["Moya"])
    }

    func testCacheCleanAllLeavesNothing() async throws {
        let interactor = CacheInteractor(inventory: InMemoryCodeCacheInventory(["Alamofire 5.9.1", "Moya 15.0.0"]))

        let removed = try await interactor.cleanAll()

        XCTAssertEqual(removed.entries.map(\.name), ["Alamofire", "Moya"])
        XCTAssertEqual(removed.totalBytes, 0)
        XCTAssertEqual(try interactor.list(), CacheListing(root: InMemoryCodeCacheInventory.root, entries: [], totalBytes: 0))
    }
}
