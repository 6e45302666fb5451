import DepsPresenters
import DepsCore
import DepsFailures
import XCTest

/// How the core's problems and errors, built by hand as data, read.
final class ProblemWordingTests: XCTestCase {
    private func v(_ text: String) -> Version { try! Version(text) }
    private func n(_ text: String) -> PackageName { try! PackageName(text) }

    func testAVersionARequirementAndANameThatCannotBeReadAreWordedWithTheirText() {
        func message(_ read: () throws -> Void) -> String? {
            do { try read() } catch let error as any ExitStatusError { return ErrorTextPresenter.message(for: error) } catch { return nil }
            return nil
        }
        XCTAssertEqual(message { _ = try Version("1..2") }, "error: invalid version '1..2'")
        XCTAssertEqual(message { _ = try Requirement("~> abc") }, "error: invalid requirement '~> abc'")
        XCTAssertEqual(message { _ = try PackageName("a/b/.c") }, "error: invalid package name 'a/b/.c'")
        XCTAssertEqual(message { _ = try PackageName("bad\u{1B}[2J") }, "error: invalid package name 'bad\\u{1B}[2J'")
    }

    func testAPackageThatCannotBeBuiltIsWordedWithItsFilesAndModules() {
        let lines: [(SandboxIntegrationError, String)] = [
            (SandboxIntegrationError(name: n("Kit"), .sourcesMatchNothing(patterns: ["src/*.c", "inc/*.h"])),
             "error: Kit: source_files 'src/*.c, inc/*.h' matches no Swift or C-family source file in its code"),
            (SandboxIntegrationError(
                name: n("Mixed"), .languagesUseEachOther(file: "Sources/Runtime/_RX.m", swiftHeader: "Mixed-Swift.h", swiftFile: "Sources/Kit.swift")),
             "error: Mixed: its Swift and C-family sources use each other (Sources/Runtime/_RX.m includes Mixed-Swift.h, and "
                + "Sources/Kit.swift is Swift), which SwiftPM cannot build as one module or as two"),
            (SandboxIntegrationError(name: n("leveldb-library"), .moduleOfAnotherPod(module: "leveldb", pod: n("leveldb"))),
             "error: leveldb-library: its module leveldb has the name of leveldb's, and SwiftPM builds one module of a name"),
            (SandboxIntegrationError(name: n("Kit"), .moduleOfASwiftPackage(module: "Logging\u{1B}", package: n("swift-log"))),
             #"error: Kit: its module Logging\u{1B} has the name of a module of the Swift package swift-log, and SwiftPM builds one module of a name"#),
        ]
        for (error, line) in lines {
            XCTAssertEqual(ErrorTextPresenter.message(for: error), line)
        }
        // Found while fetching, it follows the package and its URL; a clash names the other package.
        let own = CodeFetchError(
            name: n("Kit"), url: "https://example.com/kit.git", kind: .integrity, cause: .unbuildable(lines[0].0))
        XCTAssertEqual(
            ErrorTextPresenter.line(for: own),
            "Kit: https://example.com/kit.git: source_files 'src/*.c, inc/*.h' matches no Swift or C-family source file in its code")
        let clash = CodeFetchError(name: n("leveldb"), url: "https://example.com/leveldb.git", kind: .integrity, cause: .unbuildable(lines[2].0))
        XCTAssertEqual(
            ErrorTextPresenter.line(for: clash),
            "leveldb: https://example.com/leveldb.git: leveldb-library: its module leveldb has the name of leveldb's, and SwiftPM builds one module of a name")
    }

    func testWhatTheCacheLacksIsWordedOfflineAndReadOnly() {
        let kit = n("Kit")
        func offline(_ lack: CacheLack) -> String {
            ErrorTextPresenter.line(for: CodeFetchError(name: kit, url: "u", kind: .notCached, cause: .notCached(lacking: lack)))
        }
        func readOnly(_ lack: CacheLack) -> String {
            ErrorTextPresenter.line(for: CodeFetchError(
                name: kit, url: "u", kind: .unreachable, cause: .cacheReadOnly(root: "/c", lacking: lack, reason: .system(EROFS))))
        }
        XCTAssertEqual(offline(.mirror), "Kit: u: not in the cache (no mirror of this repository in the cache)")
        XCTAssertEqual(readOnly(.mirror), "Kit: u: not in the cache (no mirror of this repository), and deps cannot add it: the cache /c is read-only (read-only file system)")
        XCTAssertEqual(offline(.archive), "Kit: u: the archive is not in the cache")
        let lines: [(CacheLack, String)] = [
            (.damagedMirror, "the cache's mirror of this repository is damaged"),
            (.commitStarting("a3800e3"), "the cache's mirror has no commit starting a3800e3"),
            (.commit("abc\u{1B}"), "the cache's mirror lacks commit abc\\u{1B}"),
            (.reference("tag 1.0"), "the cache's mirror has no tag 1.0"),
            (.newestCommit(branch: "main"), "branch main's newest commit, which needs a fetch"),
            (.newestCommit(branch: nil), "the default branch's newest commit, which needs a fetch"),
            (.tree(name: "Lib", version: "1.1.0", pin: "3f2c"), "no tree of Lib 1.1.0 at 3f2c"),
            (.archive, "no copy of the archive"),
            (.file("/cache/x"), "/cache/x"),
            (.file(nil), "this file"),
            (.specRepositoryNewestCommit, "its newest commit, which needs a fetch"),
            (.specRepositoryClone, "this git spec repository was never cloned"),
        ]
        for (lack, words) in lines {
            XCTAssertTrue(readOnly(lack).hasPrefix("Kit: u: not in the cache (\(words)), and deps cannot add it"), readOnly(lack))
        }
        let specs = UnavailableError(location: "https://cdn/x", reason: .notCachedWhileOffline(lacking: .file("/cache/x")))
        XCTAssertEqual(ErrorTextPresenter.message(for: specs), "https://cdn/x: error: not in the cache (/cache/x); --offline does not fetch")
    }

    func testEachSyncProblemIsOneLine() throws {
        let moya = LockedPackage(name: n("Moya"), version: v("14.0.0"), dependencies: [])
        let lines: [(SyncProblem, String)] = [
            (.added(n("Foo")), "A Foo"),
            (.removed(n("Bar")), "R Bar"),
            (.modified(n("Baz")), "M Baz"),
            (.unsatisfied(n("Alamofire"), v("4.9.1"), requiredBy: moya, try Requirement("~> 5.0")),
             "Alamofire 4.9.1 (locked) does not satisfy Moya 14.0.0: Alamofire ~> 5.0"),
            (.unsatisfied(n("Moya"), v("14.0.0"), requiredBy: nil, try Requirement("~> 15.0")),
             "Moya 14.0.0 (locked) does not satisfy the Depsfile: Moya ~> 15.0"),
            (.notLocked(n("Alamofire"), requiredBy: moya), "Alamofire is needed by Moya 14.0.0 but Depsfile.lock does not list it"),
            (.orphaned(n("Old"), v("1.0")), "Old 1.0 is locked but nothing depends on it"),
            (.versionMissing(n("Moya"), v("14.0.0"), source: "trunk"), "Moya 14.0.0 is no longer in trunk"),
            (.sourceNotListed(n("Moya"), source: "../Specs"), "Moya comes from ../Specs, which the Depsfile no longer lists"),
            (.externalSourceChanged(n("Local")), "Local: its external source differs from Depsfile.lock"),
            (.specChecksumMismatch(n("Moya"), v("14.0.0")), "Moya 14.0.0: the spec's SHA-256 differs from SPEC CHECKSUMS"),
            (.depsfileChecksumMismatch, "Depsfile: its SHA-256 differs from DEPSFILE CHECKSUM"),
            (.lockfileWouldChange(PackageChange(name: n("Moya"), kind: .updated(from: v("14.0.0"), to: v("15.0.0")))),
             "Depsfile.lock would move Moya 14.0.0 -> 15.0.0"),
            (.lockfileWouldBeRewritten, "Depsfile.lock would be rewritten by deps install"),
            (.sandboxOutOfSync(SandboxChange(name: n("Moya"), kind: .changed)), "Deps/ is not in sync with Depsfile.lock: M Moya"),
        ]
        for (problem, line) in lines {
            XCTAssertEqual(SyncReportTextPresenter.line(for: problem), line)
        }
    }

    func testFetchFailuresNameTheFlagThatRuledFetchingOut() {
        let offline = SandboxInstallError(failures: [
            CodeFetchError(name: n("Moya"), url: "https://example.com/Moya.git", kind: .notCached, cause: .notCached(lacking: .archive)),
            CodeFetchError(name: n("Alamofire"), url: "https://example.com/A\u{7}.git", kind: .notCached, cause: .notCached(lacking: .archive)),
        ])
        XCTAssertEqual(ErrorTextPresenter.render(offline), """
            error: Alamofire: https://example.com/A\\u{7}.git: the archive is not in the cache
            error: Moya: https://example.com/Moya.git: the archive is not in the cache
            --offline: the cache lacks 2 of the packages to install; run without --offline to fetch them.
            """)
        let unreachable = SandboxInstallError(failures: [
            CodeFetchError(name: n("Moya"), url: "https://example.com/Moya.git", kind: .unreachable, cause: .serverAnswered(503)),
        ])
        XCTAssertEqual(ErrorTextPresenter.render(unreachable), "error: Moya: https://example.com/Moya.git: the server answered HTTP 503")
        XCTAssertEqual(ErrorTextPresenter.render(MissingLockfileError()), "No Depsfile.lock; run `deps install` first.")
    }
}
