import DepsCache
import DepsCode
import DepsCore
import DepsFileSystem
import DepsPresenters
import DepsHTTP
import DriverFakes
import InMemoryFileSystem
@testable import DepsSpecSources
import XCTest
import DepsFailures

/// `CDNFileLoader` (BEHAVIOUR 9) over a fake CDN and a cache in memory: what it downloads, what
/// it revalidates with the ETag, what it reads from the cache without asking, and how each
/// failure names the URL.
final class CDNFileLoaderTests: XCTestCase {
    let base = "https://cdn.example/"
    let index = "all_pods_versions_a_b_c.txt"
    var fileSystem: InMemoryFileSystem!
    var cache: CodeCache!
    var http: FakeHTTPClient!

    override func setUpWithError() throws {
        fileSystem = InMemoryFileSystem()
        cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        http = FakeHTTPClient(fileSystem: fileSystem)
    }

    var folder: LocalPath { cache.specsCDNFolder / CodeCache.key(of: base) }

    func loader(offline: Bool = false, refresh: Bool = false) -> CDNFileLoader {
        CDNFileLoader(baseURL: base, folder: folder, cache: cache, http: http, offline: offline, refresh: refresh)
    }

    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    func cached(_ relative: String) -> String? {
        text(try? fileSystem.readFile(folder / relative, shownAs: relative))
    }

    func failure(of load: () async throws -> Any) async -> UnavailableError? {
        do {
            _ = try await load()
            XCTFail("loaded")
            return nil
        } catch {
            return error as? UnavailableError
        }
    }

    func testAFileTheCacheLacksIsDownloadedAndKeptWithItsETag() async throws {
        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        let (bytes, outcome) = try await loader().load(index)

        XCTAssertEqual(text(bytes), "Kit/1.0.0\n")
        XCTAssertEqual(outcome, .downloaded)
        XCTAssertEqual(cached(index), "Kit/1.0.0\n")
        XCTAssertEqual(cached(index + ".etag"), "\"v1\"")
        XCTAssertEqual(http.requests, [FakeHTTPClient.Request(method: "GET", url: base + index)])
        XCTAssertEqual(try fileSystem.directoryEntries(cache.base / "tmp", shownAs: "tmp"), [], "no temporary file is left")
    }

    func testACachedFileIsReadWithoutAskingTheServerUnlessRefreshed() async throws {
        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        _ = try await loader().load(index)
        http.serve(base + index, "Kit/1.0.0/2.0.0\n", etag: "\"v2\"")
        http.clearRequests()

        let (bytes, outcome) = try await loader().load(index)
        XCTAssertEqual(text(bytes), "Kit/1.0.0\n")
        XCTAssertEqual(outcome, .fromCache)
        XCTAssertEqual(http.requests, [])
    }

    func testARefreshSendsTheETagAndA304KeepsTheCachedCopy() async throws {
        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        _ = try await loader().load(index)
        let written = fileSystem.modificationCount(of: folder / index)
        http.clearRequests()

        let (bytes, outcome) = try await loader(refresh: true).load(index)
        XCTAssertEqual(text(bytes), "Kit/1.0.0\n")
        XCTAssertEqual(outcome, .notModified)
        XCTAssertEqual(http.requests, [FakeHTTPClient.Request(method: "GET", url: base + index, ifNoneMatch: "\"v1\"")])
        XCTAssertEqual(fileSystem.modificationCount(of: folder / index), written, "the cached copy is left alone")
    }

    func testARefreshOfAChangedFileReplacesTheCopyAndItsETag() async throws {
        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        _ = try await loader().load(index)
        http.serve(base + index, "Kit/1.0.0/2.0.0\n", etag: "\"v2\"")

        let (bytes, outcome) = try await loader(refresh: true).load(index)
        XCTAssertEqual(text(bytes), "Kit/1.0.0/2.0.0\n")
        XCTAssertEqual(outcome, .downloaded)
        XCTAssertEqual(cached(index), "Kit/1.0.0/2.0.0\n")
        XCTAssertEqual(cached(index + ".etag"), "\"v2\"")
    }

    /// A server without ETags sends every file again: the same bytes are not a change.
    func testTheSameBytesFromAServerWithoutETagsLeaveTheCachedCopyAlone() async throws {
        http.serve(base + index, "Kit/1.0.0\n")
        _ = try await loader().load(index)
        let written = fileSystem.modificationCount(of: folder / index)

        let (_, outcome) = try await loader(refresh: true).load(index)
        XCTAssertEqual(outcome, .notModified)
        XCTAssertEqual(http.requests.last?.ifNoneMatch, nil)
        XCTAssertEqual(fileSystem.modificationCount(of: folder / index), written)
        XCTAssertNil(cached(index + ".etag"))
    }

    func testAFileTheServerDoesNotHaveIsAbsentAndACachedCopyOfItIsRemoved() async throws {
        let (missing, outcome) = try await loader().load(index)
        XCTAssertNil(missing)
        XCTAssertEqual(outcome, .absent)

        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        _ = try await loader().load(index)
        http.answer(base + index, status: 410)
        let (gone, removal) = try await loader(refresh: true).load(index)
        XCTAssertNil(gone)
        XCTAssertEqual(removal, .removed)
        XCTAssertNil(cached(index))
        XCTAssertNil(cached(index + ".etag"))
    }

    func testAnotherStatusIsAnErrorNamingTheURLAndTheStatus() async throws {
        http.answer(base + index, status: 403)
        let error = await failure { try await self.loader().load(self.index) }
        XCTAssertEqual(error, UnavailableError(location: base + index, reason: .serverAnswered(403)))
        XCTAssertNil(cached(index))
    }

    func testAServerErrorNamesTheURLAndTheAttempts() async throws {
        http = FakeHTTPClient(fileSystem: fileSystem, attempts: 3)
        http.answer(base + index, status: 503)
        let error = await failure { try await self.loader().load(self.index) }
        XCTAssertEqual(error?.location, base + index)
        guard case let .unreachable(cause, networkDown)? = error?.reason else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(cause.causeDescription, "server error 503 (3 attempts)")
        XCTAssertFalse(networkDown)
        XCTAssertEqual(http.requests.count, 3)
        XCTAssertNil(cached(index))
    }

    func testATimeoutSaysHowToWorkWithoutTheNetwork() async throws {
        http.fail(base + index, with: .timedOut)
        let error = await failure { try await self.loader().load(self.index) }
        XCTAssertEqual(error?.location, base + index)
        guard case let .unreachable(cause, networkDown)? = error?.reason else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(cause.causeDescription, "timed out after 1 attempt")
        XCTAssertTrue(networkDown)
    }

    func testOfflineAFileTheCacheLacksIsAnErrorAndNothingIsAsked() async throws {
        http.serve(base + index, "Kit/1.0.0\n")
        let error = await failure { try await self.loader(offline: true).load(self.index) }
        XCTAssertEqual(error, UnavailableError(location: base + index, reason: .notCachedWhileOffline(lacking: .file((folder / index).string))))
        XCTAssertEqual(http.requests, [])
    }

    func testOfflineACachedFileIsReadEvenWhenARefreshIsAsked() async throws {
        http.serve(base + index, "Kit/1.0.0\n", etag: "\"v1\"")
        _ = try await loader().load(index)
        http.clearRequests()
        let (bytes, outcome) = try await loader(offline: true, refresh: true).load(index)
        XCTAssertEqual(text(bytes), "Kit/1.0.0\n")
        XCTAssertEqual(outcome, .fromCache)
        XCTAssertEqual(http.requests, [])
    }

    func testADownloadIntoACacheThatCannotBeWrittenNamesTheCache() async throws {
        http.serve(base + index, "Kit/1.0.0\n")
        fileSystem.problem = .readOnly
        let error = await failure { try await self.loader().load(self.index) }
        XCTAssertEqual(
            error,
            UnavailableError(location: base + index, reason: .cacheReadOnly(root: cache.root.string, lacking: .file(nil), reason: .system(EROFS))))
    }
}
