import DepsCache
import DepsCode
import DepsCore
import DepsFileSystem
import DepsGit
import DriverFakes
import InMemoryFileSystem
import DepsFailures
import XCTest
import DepsPresenters

/// `GitCodeFetcher` (through `SourceCodeFetcher`) over repositories in memory and a cache in
/// memory: which commit a tag, a branch or the default branch names, when the cache's mirror is
/// cloned or fetched to find out, and the commit's files as a cache entry.
final class GitCodeFetcherTests: XCTestCase {
    let url = "https://git.example/Kit.git"
    var fileSystem: InMemoryFileSystem!
    var cache: CodeCache!
    var git: FakeGitMirrors!

    override func setUpWithError() throws {
        fileSystem = InMemoryFileSystem()
        cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        git = FakeGitMirrors()
    }

    func fetcher(offline: Bool = false) -> SourceCodeFetcher {
        SourceCodeFetcher(
            cache: cache, projectDirectory: "/project", offline: offline, http: FakeHTTPClient(fileSystem: fileSystem),
            network: GitNetworkLimits(), mirrors: git)
    }

    func request(_ version: String, _ reference: GitReference, pin: String? = nil) -> CodeRequest {
        CodeRequest(name: try! PackageName("Kit"), version: try! Version(version), source: .git(url: url, reference), pin: pin.map { .commit($0) })
    }

    var mirror: LocalPath { cache.base / "git" / (CodeCache.key(of: url) + ".git") }

    func file(_ path: String, in fetched: FetchedCode) -> String? {
        (try? fileSystem.readFile(LocalPath(fetched.tree) / path, shownAs: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    func failure(of request: CodeRequest, offline: Bool = false) async -> CodeFetchError? {
        do {
            _ = try await fetcher(offline: offline).fetch(request)
            XCTFail("fetched \(request)")
            return nil
        } catch {
            XCTAssertTrue(error is CodeFetchError, "\(error)")
            return error as? CodeFetchError
        }
    }

    func testATagIsResolvedToItsCommitWhoseFilesBecomeACacheEntry() async throws {
        let tagged = git.commit(.init(["Sources/Kit.swift": "let version = 1", "README.md": "Kit"]), to: url)
        git.tag("1.0.0", at: tagged, in: url)
        git.commit(.init(["Sources/Kit.swift": "let version = 2"]), to: url)

        let fetched = try await fetcher().fetch(request("1.0.0", .tag("1.0.0")))
        XCTAssertEqual(fetched.pin, .commit(tagged))
        XCTAssertEqual(fetched.tree, (cache.base / "trees/Kit/1.0.0/\(tagged)/tree").string)
        XCTAssertEqual(file("Sources/Kit.swift", in: fetched), "let version = 1")
        XCTAssertEqual(file("README.md", in: fetched), "Kit")
        XCTAssertEqual(git.operations, [.clone(url: url, mirror: mirror), .extract(commit: tagged, mirror: mirror)])
        XCTAssertEqual(fileSystem.kind(of: mirror / "HEAD"), .file, "the mirror is in the cache")
        XCTAssertEqual(try fileSystem.directoryEntries(cache.base / "tmp", shownAs: "tmp"), [], "no temporary path is left")
    }

    func testTheLockedCommitOfACachedTreeNeedsNoGitAtAll() async throws {
        let tagged = git.commit(.init(["Kit.swift": "1"]), to: url)
        git.tag("1.0.0", at: tagged, in: url)
        _ = try await fetcher().fetch(request("1.0.0", .tag("1.0.0")))
        git.clearOperations()

        let again = try await fetcher().fetch(request("1.0.0", .tag("1.0.0"), pin: tagged))
        XCTAssertEqual(again.pin, .commit(tagged))
        XCTAssertEqual(git.operations, [])
    }

    func testATagTheMirrorHasIsReadWithoutAFetchAndOneItLacksIsFetched() async throws {
        let first = git.commit(.init(["Kit.swift": "1"]), to: url)
        git.tag("1.0.0", at: first, in: url)
        _ = try await fetcher().fetch(request("1.0.0", .tag("1.0.0")))
        let second = git.commit(.init(["Kit.swift": "2"]), to: url)
        git.tag("2.0.0", at: second, in: url)
        git.clearOperations()

        let old = try await fetcher().fetch(request("1.0.1", .tag("1.0.0")))
        XCTAssertEqual(old.pin, .commit(first))
        XCTAssertEqual(git.operations, [.extract(commit: first, mirror: mirror)], "the mirror's tag is used as it is")
        git.clearOperations()

        let new = try await fetcher().fetch(request("2.0.0", .tag("2.0.0")))
        XCTAssertEqual(new.pin, .commit(second))
        XCTAssertEqual(file("Kit.swift", in: new), "2")
        XCTAssertEqual(git.operations, [.fetch(mirror: mirror), .extract(commit: second, mirror: mirror)])
    }

    func testABranchIsFetchedEachTimeForItsNewestCommit() async throws {
        let first = git.commit(.init(["Kit.swift": "1"]), to: url, branch: "develop")
        let fetched = try await fetcher().fetch(request("1.0.0", .branch("develop")))
        XCTAssertEqual(fetched.pin, .commit(first))

        let newer = git.commit(.init(["Kit.swift": "2"]), to: url, branch: "develop")
        git.clearOperations()
        let again = try await fetcher().fetch(request("1.0.1", .branch("develop")))
        XCTAssertEqual(again.pin, .commit(newer))
        XCTAssertEqual(file("Kit.swift", in: again), "2")
        XCTAssertEqual(git.operations, [.fetch(mirror: mirror), .extract(commit: newer, mirror: mirror)])
    }

    func testTheDefaultBranchFollowsTheRemotesHead() async throws {
        let main = git.commit(.init(["Kit.swift": "main"]), to: url, branch: "main")
        let fetched = try await fetcher().fetch(request("1.0.0", .defaultBranch))
        XCTAssertEqual(fetched.pin, .commit(main))
        XCTAssertEqual(git.operations, [.clone(url: url, mirror: mirror), .extract(commit: main, mirror: mirror)], "a fresh clone's HEAD is the remote's")

        let next = git.commit(.init(["Kit.swift": "next"]), to: url, branch: "next")
        git.setDefaultBranch("next", of: url)
        git.clearOperations()
        let again = try await fetcher().fetch(request("1.0.1", .defaultBranch))
        XCTAssertEqual(again.pin, .commit(next))
        XCTAssertEqual(file("Kit.swift", in: again), "next")
        XCTAssertEqual(
            git.operations, [.fetch(mirror: mirror), .followRemoteHead(mirror: mirror), .extract(commit: next, mirror: mirror)])
    }

    func testAnAbbreviatedCommitIsPinnedInFullAndOneTheMirrorLacksIsFetchedFor() async throws {
        let first = git.commit(.init(["Kit.swift": "1"]), to: url)
        let second = git.commit(.init(["Kit.swift": "2"]), to: url)
        // Upper-case digits too, as git takes them.
        let fetched = try await fetcher().fetch(request("1.0.0", .commit(String(first.prefix(7)).uppercased())))
        XCTAssertEqual(fetched.pin, .commit(first))
        XCTAssertEqual(file("Kit.swift", in: fetched), "1")

        let third = git.commit(.init(["Kit.swift": "3"]), to: url)
        git.clearOperations()
        let later = try await fetcher().fetch(request("1.0.0", .commit(String(third.prefix(7)))))
        XCTAssertEqual(later.pin, .commit(third))
        XCTAssertEqual(git.operations, [.fetch(mirror: mirror), .extract(commit: third, mirror: mirror)])

        let ambiguous = await failure(of: request("1.0.0", .commit("0000")))
        XCTAssertEqual(ambiguous?.cause, .ambiguousCommit("0000", commits: [first, second, third].sorted()))
        XCTAssertEqual(ambiguous?.kind, .integrity)
        let missing = await failure(of: request("1.0.0", .commit("abcdef1")))
        XCTAssertEqual(missing?.cause, .missingCommit("abcdef1"))
        let offline = await failure(of: request("1.0.0", .commit("abcdef1")), offline: true)
        XCTAssertEqual(offline?.kind, .notCached)
    }

    func testATagThatMovedFromTheLockedCommitIsRefused() async throws {
        let locked = git.commit(.init(["Kit.swift": "1"]), to: url)
        let moved = git.commit(.init(["Kit.swift": "evil"]), to: url)
        git.tag("1.0.0", at: moved, in: url)

        let error = await failure(of: request("1.0.0", .tag("1.0.0"), pin: locked))
        XCTAssertEqual(error?.kind, .integrity)
        XCTAssertEqual(
            error?.cause, .tagMoved(tag: "1.0.0", now: moved, pinned: locked))
        XCTAssertEqual(error?.remedy, .updateIfTrusted)
        XCTAssertFalse(git.operations.contains { if case .extract = $0 { true } else { false } }, "nothing is extracted")
    }

    func testAMissingTagAfterAFreshCloneIsNamedWithoutAnotherFetch() async throws {
        git.commit(.init(["Kit.swift": "1"]), to: url)
        let error = await failure(of: request("9.9.0", .tag("9.9.0")))
        XCTAssertEqual(error, CodeFetchError(name: try PackageName("Kit"), url: url, kind: .integrity, cause: .missingReference("tag 9.9.0")))
        XCTAssertEqual(git.operations, [.clone(url: url, mirror: mirror)])
    }

    func testOfflineWithoutAMirrorNothingRunsAndTheCacheIsNamed() async throws {
        git.commit(.init(["Kit.swift": "1"]), to: url)
        let error = await failure(of: request("1.0.0", .defaultBranch), offline: true)
        XCTAssertEqual(error?.kind, .notCached)
        XCTAssertEqual(error?.cause, .notCached(lacking: .mirror))
        XCTAssertEqual(error?.remedy, .fetchOnline)
        XCTAssertEqual(git.operations, [])
    }

    func testAnUnreachableRepositoryIsWordedWithGitsCause() async throws {
        git.makeUnreachable(url)
        let error = await failure(of: request("1.0.0", .tag("1.0.0")))
        XCTAssertEqual(error?.kind, .unreachable)
        guard case let .gitFailed(failure)? = error?.cause, case let .command(clone, of: .repository) = failure else {
            return XCTFail("expected git's failure on the repository, got \(String(describing: error))")
        }
        XCTAssertEqual(clone.subcommand, "clone")
        XCTAssertEqual(failure.reason, "cannot clone the repository: unable to access '\(url)/': Could not resolve host: git.example")
        XCTAssertNil(fileSystem.kind(of: mirror), "no mirror is left")
    }

    func testATreeWithALinkLeadingOutsideIsRefusedAndNotKept() async throws {
        let commit = git.commit(.init(["Kit.swift": "1"], links: ["Secrets": "../../../../../etc"]), to: url)
        let error = await failure(of: request("1.0.0", .commit(commit)))
        XCTAssertEqual(error?.kind, .integrity)
        XCTAssertEqual(error?.cause, .unsafeCode(commit: commit, problem: .linkOutside(path: "Secrets")))
        XCTAssertNil(fileSystem.kind(of: cache.base / "trees/Kit/1.0.0/\(commit)"))
    }

    func testSubmodulesArePlacedAtTheCommitsTheSuperprojectRecords() async throws {
        let subURL = "https://git.example/Sub.git"
        let sub = git.commit(.init(["Sub.swift": "sub"]), to: subURL)
        git.commit(.init(["Sub.swift": "newer, not recorded"]), to: subURL)
        let modules = "[submodule \"Sub\"]\n\tpath = Vendor/Sub\n\turl = ../Sub.git\n"
        let top = git.commit(.init(["Kit.swift": "1", ".gitmodules": modules], gitlinks: ["Vendor/Sub": sub]), to: url)

        let request = CodeRequest(
            name: try PackageName("Kit"), version: try Version("1.0.0"), source: .git(url: url, .commit(top), submodules: true), pin: nil)
        let fetched = try await fetcher().fetch(request)
        XCTAssertEqual(fetched.pin, .commit(top))
        XCTAssertEqual(fetched.tree, (cache.base / "trees/Kit/1.0.0/\(top)+submodules/tree").string)
        XCTAssertEqual(file("Kit.swift", in: fetched), "1")
        XCTAssertEqual(file("Vendor/Sub/Sub.swift", in: fetched), "sub")
        let subMirror = cache.base / "git" / (CodeCache.key(of: subURL) + ".git")
        XCTAssertTrue(git.operations.contains(.clone(url: subURL, mirror: subMirror)))
        XCTAssertTrue(git.operations.contains(.extract(commit: sub, mirror: subMirror)))
    }
}
