import DepsCore
import DepsFailures
import DepsPresenters
import XCTest

/// How the drivers' failures read, from hand-built data: the words are the presenters', the
/// types in DepsFailures hold only data.
final class DriverFailureWordingTests: XCTestCase {
    func testAFileThatCannotBeWrittenNamesThePathEscapedAndWhatWasDone() {
        let readOnly = FileAccessError(path: "Deps/\u{1B}x", operation: .write, problem: .readOnlyFile)
        XCTAssertEqual("\(readOnly)", "Deps/\\u{1B}x: error: cannot write: it is read-only")
        XCTAssertEqual(FileAccessError(path: "a", problem: .isDirectory).reason, "is a directory, not a file")
        XCTAssertEqual(
            FileAccessError(path: "a", operation: .renameIntoPlace, problem: .interrupted).reason,
            "not renamed into place: deps was interrupted")
        XCTAssertEqual(FileAccessError(path: "a", operation: .createFolder, problem: .occupied).reason, "cannot create the folder: something else is there")
    }

    func testADownloadSaysWhyAndHowManyAttemptsWithoutTheLogin() {
        let timedOut = HTTPError(url: "https://user:secret@cdn.example/a.tar.gz", cause: .timedOut, attempts: 3)
        XCTAssertEqual("\(timedOut)", "https://cdn.example/a.tar.gz: timed out after 3 attempts")
        XCTAssertEqual(HTTPError(url: "u", cause: .serverError(503), attempts: 1).causeDescription, "server error 503 (1 attempt)")
        XCTAssertEqual(
            HTTPError(url: "u", cause: .deadlineExceeded(seconds: 2.5, setting: "DEPS_DOWNLOAD_TIMEOUT"), attempts: 1).causeDescription,
            "the download did not finish within 2.5 seconds, the limit for one download; DEPS_DOWNLOAD_TIMEOUT allows longer")
        XCTAssertEqual(
            HTTPError(url: "ftp://x", cause: .unsupportedScheme(schemes: ["file", "http", "https"], upload: true), attempts: 0).causeDescription,
            "only file, http and https URLs take uploads")
    }

    func testAProcessAndGitSayWhatWasBeingDoneThenGitsCause() {
        XCTAssertEqual("\(ChildProcessError(executable: "git", reason: .notFound))", "cannot run git: not found in PATH")
        XCTAssertEqual("\(ChildProcessError(executable: "/bin/x", reason: .notFound))", "cannot run /bin/x: no such executable file")
        let clone = GitCommandFailure(
            tool: "git", arguments: ["clone", "/x"],
            standardError: "fatal: '/x' does not appear to be a git repository\nfatal: Could not read from remote repository.", status: 128)
        XCTAssertEqual(GitFailure.command(clone, of: .repository).reason, "cannot clone the repository: '/x' does not appear to be a git repository")
        let fetch = GitCommandFailure(tool: "git", arguments: ["--git-dir", "/m", "fetch"], standardError: "", status: 1)
        XCTAssertEqual(GitFailure.command(fetch, of: .specRepository).reason, "cannot fetch from the spec repository: exit status 1")
        XCTAssertEqual(
            GitFailure.deadline(GitDeadlineExceeded(url: "u", seconds: 30, setting: nil)).reason,
            "git did not finish within 30 seconds, the limit for one git operation")
    }

    func testAMalformedFileIsNamedAsACompilerNamesIt() {
        XCTAssertEqual("\(YAMLError(file: "Depsfile", line: 3, column: 5, problem: .syntax("did not find expected key", context: nil)))", "Depsfile:3:5: error: did not find expected key")
        XCTAssertEqual("\(YAMLError(file: "Depsfile", line: 3, column: nil, problem: .syntax("m", context: nil)))", "Depsfile:3: error: m")
        XCTAssertEqual(
            "\(PropertyListError(file: "App.xcodeproj/project.pbxproj", line: 12, column: 5, cause: .expected(";", found: "}")))",
            "App.xcodeproj/project.pbxproj:12:5: error: expected ';', found '}'")
        XCTAssertEqual(
            "\(PropertyListError(file: "p", line: 1, column: 1, cause: .noSuchTarget("App", targets: [])))",
            "p:1:1: error: the project has no target 'App' (it has no targets)")
    }

    func testARemoteStoresHTTPFailureIsWordedByTheWarning() throws {
        let warning = RemoteCodeWarning(
            kind: .unreachable, store: .mirror, package: try PackageName("Kit"), url: "https://m/code", origin: nil,
            detail: .httpFailed(HTTPError(url: "https://m/code/x", cause: .connectionFailed(.refused), attempts: 2)))
        XCTAssertEqual(
            RemoteCodeWarningTextPresenter.render(warning),
            "warning: the mirror at https://m/code did not answer (could not connect (2 attempts)); this install goes on without it\n")
        let unreadable = RemoteCodeWarning(
            kind: .refused, store: .remoteCache, package: try PackageName("Kit"), url: "https://r/x", origin: "https://g/kit.git",
            detail: .unreadable(FileAccessError(path: "/tmp/x", problem: .isDirectory)))
        XCTAssertEqual(
            RemoteCodeWarningTextPresenter.render(unreadable),
            "warning: Kit: the remote cache's copy at https://r/x is not the locked pin (it cannot be read: /tmp/x: error: is a directory, not a file);"
                + " it was not used; fetching it from its origin https://g/kit.git\n")
    }
}
