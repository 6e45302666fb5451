import DepsCache
import DepsCore
import DepsFileSystem
import DepsFiles
import DepsGit
import DriverFakes
import InMemoryFileSystem
@testable import DepsCode
import DepsFailures
import XCTest
import DepsPresenters

/// `ArchiveCodeFetcher` over a fake server and a cache in memory: an archive is proven by its
/// SHA-256 before anything is kept or extracted, and what the server answers is named.
final class ArchiveCodeFetcherTests: XCTestCase {
    let url = "https://example.com/Kit-1.0.0.tar.gz"
    let bytes: [UInt8] = Array("an archive's bytes".utf8)
    var fileSystem: InMemoryFileSystem!
    var cache: CodeCache!
    var http: FakeHTTPClient!

    override func setUpWithError() throws {
        fileSystem = InMemoryFileSystem()
        cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        http = FakeHTTPClient(fileSystem: fileSystem)
    }

    var digest: String { SHA256Digest.hex(of: bytes) }
    let otherDigest = String(repeating: "0", count: 64)

    func fetcher(offline: Bool = false) -> ArchiveCodeFetcher {
        ArchiveCodeFetcher(cache: cache, offline: offline, projectDirectory: "/project", http: http, limits: ArchiveLimits())
    }

    func request(pin: String? = nil) -> CodeRequest {
        CodeRequest(name: try! PackageName("Kit"), version: try! Version("1.0.0"), source: .http(url: url, sha256: nil), pin: pin.map { .archiveDigest($0) })
    }

    func failure(_ work: () async throws -> Any) async -> CodeFetchError? {
        do {
            _ = try await work()
            XCTFail("fetched")
            return nil
        } catch {
            XCTAssertTrue(error is CodeFetchError, "\(error)")
            return error as? CodeFetchError
        }
    }

    var archives: [String] { (try? fileSystem.directoryEntries(cache.base / "archives", shownAs: "archives")) ?? [] }

    func testAnArchiveWithTheDeclaredDigestIsKeptByItsDigest() async throws {
        http.serve(url, bytes)
        let (path, found) = try await fetcher().archiveFile(request(), url: url, declaredDigest: digest)
        XCTAssertEqual(found, digest)
        XCTAssertEqual(path, cache.base / "archives" / digest)
        XCTAssertEqual(try fileSystem.readFile(path, shownAs: "archive"), bytes)
        XCTAssertEqual(http.requests.map(\.url), [url])
    }

    func testAnArchiveTheCacheHoldsByItsDigestIsNotDownloadedAgain() async throws {
        http.serve(url, bytes)
        _ = try await fetcher().archiveFile(request(), url: url, declaredDigest: digest)
        http.clearRequests()
        let (_, found) = try await fetcher().archiveFile(request(pin: digest), url: url, declaredDigest: nil)
        XCTAssertEqual(found, digest)
        XCTAssertEqual(http.requests, [])
    }

    func testADigestMismatchIsRefusedBeforeAnythingIsKeptOrExtracted() async throws {
        http.serve(url, bytes)
        let error = await failure { try await self.fetcher().fetch(self.request(), url: self.url, declaredDigest: self.otherDigest) }
        XCTAssertEqual(error?.kind, .integrity)
        XCTAssertEqual(
            error?.cause, .digestMismatch(expected: otherDigest, expectedFrom: "the spec's sha256", got: digest))
        XCTAssertEqual(archives.filter { !$0.hasSuffix(".lock") }, [], "no archive is kept")
        XCTAssertEqual(try fileSystem.directoryEntries(cache.base / "trees", shownAs: "trees"), [], "no tree is made")
    }

    func testTheLocksDigestIsCheckedWhenTheSpecDeclaresNone() async throws {
        http.serve(url, bytes)
        let error = await failure { try await self.fetcher().archiveFile(self.request(pin: self.otherDigest), url: self.url, declaredDigest: nil) }
        XCTAssertEqual(
            error?.cause, .digestMismatch(expected: otherDigest, expectedFrom: "Depsfile.lock's SOURCE CHECKSUMS", got: digest))
    }

    func testADamagedCachedCopyIsDownloadedAgain() async throws {
        fileSystem.write("damaged", to: cache.base / "archives" / digest)
        http.serve(url, bytes)
        let (path, _) = try await fetcher().archiveFile(request(), url: url, declaredDigest: digest)
        XCTAssertEqual(try fileSystem.readFile(path, shownAs: "archive"), bytes)
        XCTAssertEqual(http.requests.map(\.url), [url])
    }

    func testWhatTheServerAnswersInsteadIsNamed() async throws {
        http.answer(url, status: 404)
        let missing = await failure { try await self.fetcher().archiveFile(self.request(), url: self.url, declaredDigest: self.digest) }
        XCTAssertEqual(missing, CodeFetchError(name: try PackageName("Kit"), url: url, kind: .unreachable, cause: .serverAnswered(404)))

        http.fail(url, with: .connectionFailed(.refused))
        let down = await failure { try await self.fetcher().archiveFile(self.request(), url: self.url, declaredDigest: self.digest) }
        XCTAssertEqual(down?.cause, .httpFailed(HTTPError(url: url, cause: .connectionFailed(.refused), attempts: 1)))
    }

    /// `deps spec lint` proves the URL: an archive the cache holds by the spec's digest (from
    /// another URL) does not stand in for a URL that answers 404.
    func testProvingTheOriginDownloadsEvenWhenTheCacheHoldsTheDigest() async throws {
        let other = "https://example.com/elsewhere/Kit.tar.gz"
        http.serve(other, bytes)
        _ = try await fetcher().archiveFile(request(), url: other, declaredDigest: digest)
        http.answer(url, status: 404)
        let (_, cached) = try await fetcher().archiveFile(request(), url: url, declaredDigest: digest)
        XCTAssertEqual(cached, digest, "an install takes the archive of that digest from the cache")
        var proving = fetcher()
        proving.provingOrigin = true
        let missing = await failure { try await proving.archiveFile(self.request(), url: self.url, declaredDigest: self.digest) }
        XCTAssertEqual(missing?.cause, .serverAnswered(404))
        http.serve(url, bytes)
        let (_, proved) = try await proving.archiveFile(request(), url: url, declaredDigest: digest)
        XCTAssertEqual(proved, digest)
    }

    func testOfflineAnArchiveTheCacheLacksIsNotFetched() async throws {
        http.serve(url, bytes)
        let error = await failure { try await self.fetcher(offline: true).archiveFile(self.request(), url: self.url, declaredDigest: self.digest) }
        XCTAssertEqual(error?.kind, .notCached)
        XCTAssertEqual(http.requests, [])
    }
}
