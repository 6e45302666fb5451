import DepsCache
import DepsCode
import DepsCore
import DepsFileSystem
import DepsGit
import DriverFakes
import InMemoryFileSystem
@testable import DepsSpecSources
import XCTest
import DepsFailures
import DepsPresenters

/// `GitSpecSource` and its store over a repository in memory and a cache in memory: the clone,
/// the checkout `current` names, what a refresh fetches and keeps, and what is read from the cache.
final class GitSpecSourceTests: XCTestCase {
    let url = "https://git.example/Specs.git"
    var fileSystem: InMemoryFileSystem!
    var cache: CodeCache!
    var git: FakeGitMirrors!
    let kit = try! PackageName("Kit")

    override func setUpWithError() throws {
        fileSystem = InMemoryFileSystem()
        cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        git = FakeGitMirrors()
    }

    var store: GitSpecStore { GitSpecStore(cache: cache, url: url, mirrors: git) }

    func spec(_ version: String) -> String {
        "name: Kit\nversion: \(version)\nsummary: s\nsource:\n  git: https://git.example/Kit.git\n  tag: \(version)\n"
    }

    func open(offline: Bool = false, refresh: Bool = false) async throws -> (GitSpecSource, GitSpecSource.Refresh?) {
        try await GitSpecSource.open(label: "specs", url: url, cache: cache, network: GitNetworkLimits(), offline: offline, refresh: refresh, mirrors: git)
    }

    func testTheFirstOpenClonesAndChecksOutTheDefaultBranch() async throws {
        let commit = git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0")]), to: url)
        let (source, refresh) = try await open()

        XCTAssertEqual(refresh, GitSpecSource.Refresh(previousCommit: nil, commit: commit, filesChanged: 0))
        XCTAssertEqual(source.commit, commit)
        XCTAssertEqual(source.checkout, store.checkoutPath(commit))
        XCTAssertEqual(try source.versions(of: kit).map(\.description), ["1.0.0"])
        XCTAssertEqual(try fileSystem.readFile(store.pointer, shownAs: "current"), Array((commit + "\n").utf8))
        XCTAssertEqual(git.operations, [.clone(url: url, mirror: store.mirrorPath), .extract(commit: commit, mirror: store.mirrorPath)])
    }

    func testAnOpenWithoutARefreshReadsTheCachedCheckoutAndRunsNoGit() async throws {
        git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0")]), to: url)
        _ = try await open()
        git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0"), "Kit/2.0.0.yaml": spec("2.0.0")]), to: url)
        git.clearOperations()

        let (source, refresh) = try await open()
        XCTAssertNil(refresh)
        XCTAssertEqual(try source.versions(of: kit).map(\.description), ["1.0.0"])
        XCTAssertEqual(source.notesOnMissing(kit), [.cachedCopy(source: "specs")])
        XCTAssertEqual(git.operations, [])
    }

    func testARefreshFetchesCountsTheChangedFilesAndKeepsOnlyTheTwoNewestCheckouts() async throws {
        let first = git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0")]), to: url)
        _ = try await open()
        let second = git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0"), "Kit/2.0.0.yaml": spec("2.0.0")]), to: url)
        git.clearOperations()

        let (source, refresh) = try await open(refresh: true)
        XCTAssertEqual(refresh, GitSpecSource.Refresh(previousCommit: first, commit: second, filesChanged: 1))
        XCTAssertEqual(try source.versions(of: kit).map(\.description), ["1.0.0", "2.0.0"])
        XCTAssertEqual(git.operations, [.fetch(mirror: store.mirrorPath), .extract(commit: second, mirror: store.mirrorPath)])
        XCTAssertEqual(fileSystem.kind(of: store.checkoutPath(first)), .directory, "a reader may still be on the previous checkout")

        let third = git.commit(.init(["Kit/2.0.0.yaml": spec("2.0.0")]), to: url)
        let (_, last) = try await open(refresh: true)
        XCTAssertEqual(last, GitSpecSource.Refresh(previousCommit: second, commit: third, filesChanged: 1))
        XCTAssertNil(fileSystem.kind(of: store.checkoutPath(first)), "older checkouts are removed")
        XCTAssertEqual(fileSystem.kind(of: store.checkoutPath(second)), .directory)
    }

    func testOfflineARepositoryNeverClonedIsNamed() async throws {
        git.commit(.init(["Kit/1.0.0.yaml": spec("1.0.0")]), to: url)
        do {
            _ = try await open(offline: true)
            XCTFail("opened offline without a clone")
        } catch {
            XCTAssertEqual(
                error as? UnavailableError, UnavailableError(location: url, reason: .neverClonedWhileOffline))
        }
        XCTAssertEqual(git.operations, [])
    }

    func testAnUnreachableRepositoryIsWordedWithGitsCause() async throws {
        git.makeUnreachable(url)
        do {
            _ = try await open()
            XCTFail("opened an unreachable repository")
        } catch {
            let unavailable = error as? UnavailableError
            XCTAssertEqual(unavailable?.location, url)
            guard case let .gitFailed(failure)? = unavailable?.reason, case .command(_, of: .specRepository) = failure else {
                return XCTFail("expected git's failure on the spec repository, got \(error)")
            }
            XCTAssertEqual(failure.reason, "cannot clone the spec repository: unable to access '\(url)/': Could not resolve host: git.example")
        }
        XCTAssertNil(fileSystem.kind(of: store.pointer))
    }
}
