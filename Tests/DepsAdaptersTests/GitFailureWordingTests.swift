import DepsFileSystem
import DepsGit
import Foundation
import TemporaryFolders
import XCTest
import DepsFailures
import DepsPresenters

/// How a failed git command reads: what deps was doing, then the cause git gave, never only
/// git's closing advice ("and the repository exists.").
final class GitFailureWordingTests: XCTestCase {
    /// The failure a real git command gives (through `GitMirror`, as deps runs it).
    func failure(_ work: () async throws -> Void) async throws -> GitCommandFailure {
        do {
            try await work()
        } catch let failure as GitCommandFailure {
            return failure
        }
        throw DidNotFail()
    }

    struct DidNotFail: Error {}

    /// A bare repository with one commit, made by git.
    func repositoryWithACommit(in directory: TemporaryDirectory) throws -> String {
        let work = directory.path + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for arguments in [
            ["init", "--quiet", "--initial-branch=main"], ["commit", "--quiet", "--allow-empty", "-m", "first"],
        ] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", work] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging([
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@deps.invalid", "GIT_COMMITTER_NAME": "t",
                "GIT_COMMITTER_EMAIL": "t@deps.invalid",
            ]) { $1 }
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        return work
    }

    // MARK: Real failures of git, run here

    func testCloningAMissingFileURLNamesTheMissingRepository() async throws {
        let directory = try TemporaryDirectory(self)
        let missing = directory.path + "/missing.git"
        let mirror = GitMirror(path: LocalPath(directory.path + "/mirror.git"))
        let failure = try await failure {
            try await mirror.clone("file://" + missing, through: LocalPath(directory.path + "/tmp"), shownAs: "mirror")
        }
        // git says four things; only the first is the cause.
        XCTAssertTrue(failure.standardError.contains("and the repository exists."), failure.standardError)
        XCTAssertEqual(failure.cause, "'\(missing)' does not appear to be a git repository")
        XCTAssertEqual(
            failure.reason(for: "the repository"),
            "cannot clone the repository: '\(missing)' does not appear to be a git repository")
    }

    func testCloningAMissingPathNamesIt() async throws {
        let directory = try TemporaryDirectory(self)
        let missing = directory.path + "/gone"
        let mirror = GitMirror(path: LocalPath(directory.path + "/mirror.git"))
        let failure = try await failure {
            try await mirror.clone(missing, through: LocalPath(directory.path + "/tmp"), shownAs: "mirror")
        }
        XCTAssertEqual(failure.reason(for: "the spec repository"), "cannot clone the spec repository: repository '\(missing)' does not exist")
    }

    func testFetchingFromARepositoryThatWentAwayNamesIt() async throws {
        let directory = try TemporaryDirectory(self)
        let origin = try repositoryWithACommit(in: directory)
        let mirror = GitMirror(path: LocalPath(directory.path + "/mirror.git"))
        try await mirror.clone(origin, through: LocalPath(directory.path + "/tmp"), shownAs: "mirror")
        try FileManager.default.moveItem(atPath: origin, toPath: directory.path + "/moved")
        let failure = try await failure { try await mirror.fetch() }
        XCTAssertEqual(failure.subcommand, "fetch")
        XCTAssertEqual(failure.reason(for: "the repository"), "cannot fetch from the repository: '\(origin)' does not appear to be a git repository")
    }

    func testPushingToAMissingRepositoryNamesIt() async throws {
        let directory = try TemporaryDirectory(self)
        let origin = try repositoryWithACommit(in: directory)
        let mirror = GitMirror(path: LocalPath(directory.path + "/mirror.git"))
        try await mirror.clone(origin, through: LocalPath(directory.path + "/tmp"), shownAs: "mirror")
        let tree = try await GitWorkTree.clone(from: mirror, into: LocalPath(directory.path + "/copy"))
        let missing = directory.path + "/nowhere.git"
        let failure = try await failure { _ = try await tree.push(to: "file://" + missing, branch: "main") }
        XCTAssertEqual(
            failure.reason(for: "the spec repository"),
            "cannot push to the spec repository: '\(missing)' does not appear to be a git repository")
    }

    func testExportingACommitTheMirrorLacksNamesTheCommit() async throws {
        let directory = try TemporaryDirectory(self)
        let origin = try repositoryWithACommit(in: directory)
        let mirror = GitMirror(path: LocalPath(directory.path + "/mirror.git"))
        try await mirror.clone(origin, through: LocalPath(directory.path + "/tmp"), shownAs: "mirror")
        let absent = String(repeating: "ab", count: 20)
        try FileManager.default.createDirectory(atPath: directory.path + "/out", withIntermediateDirectories: true)
        let failure = try await failure {
            try await mirror.extract(absent, into: LocalPath(directory.path + "/out"), through: LocalPath(directory.path + "/a.tar"))
        }
        XCTAssertEqual(failure.reason(for: "the repository"), "cannot export a commit of the repository: not a tree object: \(absent)")
    }

    // MARK: What git printed in failures that need a network (captured from git 2.39)

    func testAnSSHHostThatDoesNotResolveIsTheCause() {
        let text = "ssh: Could not resolve hostname nohost.invalid: Name or service not known\r\n"
            + "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n"
            + "and the repository exists."
        XCTAssertEqual(GitErrorText.cause(of: text), "ssh: Could not resolve hostname nohost.invalid: Name or service not known")
    }

    func testAnHTTPRepositoryThatIsNotThereIsTheCause() {
        XCTAssertEqual(
            GitErrorText.cause(of: "fatal: repository 'http://127.0.0.1:18765/missing.git/' not found"),
            "repository 'http://127.0.0.1:18765/missing.git/' not found")
        XCTAssertEqual(
            GitErrorText.cause(of: "fatal: unable to access 'https://nohost.invalid/x.git/': Could not resolve host: nohost.invalid"),
            "unable to access 'https://nohost.invalid/x.git/': Could not resolve host: nohost.invalid")
    }

    func testAServerSaysWhyBeforeGitsAdvice() {
        let text = "ERROR: Repository not found.\nfatal: Could not read from remote repository.\n\n"
            + "Please make sure you have the correct access rights\nand the repository exists."
        XCTAssertEqual(GitErrorText.cause(of: text), "ERROR: Repository not found.")
        let denied = "git@example.com: Permission denied (publickey).\r\nfatal: Could not read from remote repository.\n\n"
            + "Please make sure you have the correct access rights\nand the repository exists."
        XCTAssertEqual(GitErrorText.cause(of: denied), "git@example.com: Permission denied (publickey).")
    }

    // MARK: The rule's edges

    func testOnlyTheAdviceIsKeptWhenGitSaysNothingElse() {
        let text = "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists."
        XCTAssertEqual(
            GitErrorText.cause(of: text),
            "Could not read from remote repository.; Please make sure you have the correct access rights; and the repository exists.")
    }

    func testHintsAndRepeatsAreDroppedAndAtMostThreeLinesKept() {
        let text = "hint: try this\nwarning: something odd\nerror: one\nerror: one\nfatal: two\nfatal: three\nfatal: four"
        XCTAssertEqual(GitErrorText.cause(of: text), "one; two; three")
        XCTAssertEqual(GitErrorText.cause(of: "warning: only a warning\n"), "warning: only a warning")
        XCTAssertNil(GitErrorText.cause(of: " \n\n"))
    }

    func testSilentFailureGivesItsStatus() {
        let failure = GitCommandFailure(tool: "tar", arguments: ["-xf", "a.tar"], standardError: "", status: 2)
        XCTAssertEqual(failure.reason(for: "the repository"), "cannot extract the files of a commit of the repository (tar failed): exit status 2")
    }
}
