import Foundation
import LoopbackHTTPServer
import XCTest

/// A git repository that cannot be reached is named with what deps was doing and git's cause,
/// not git's closing advice (BEHAVIOUR 5, 8.2, 9): exit status 74 and nothing written.
final class GitFailureMessageTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    func testAPackageFromAMissingFileURLNamesThePackageTheURLAndGitsCause() throws {
        let missing = project.root + "/git/Gone.git"
        try project.publishGit("Gone", "1.0.0", url: "file://" + missing)
        try project.depsfile(["Gone": ""])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(
            outcome.stderr.hasSuffix(
                "error: Gone: file://\(missing): cannot clone the repository: '\(missing)' does not appear to be a git repository\n"),
            outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("the repository exists"), outcome.stderr)
        XCTAssertNil(project.lockfile)
    }

    func testAMissingGitSpecRepositoryNamesItsURLAndGitsCause() throws {
        let missing = project.root + "/specs.git"
        try project.write("App/Depsfile", "sources:\n  - file://\(missing)\ndependencies:\n  Lib: \"1.0.0\"\n")
        for arguments in [["install"], ["repo", "update"]] {
            let outcome = try project.deps(arguments, cache: cache)
            XCTAssertEqual(outcome.status, 74, "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(
                outcome.stderr,
                "file://\(missing): error: cannot clone the spec repository: '\(missing)' does not appear to be a git repository\n",
                "\(arguments)")
        }
        XCTAssertNil(project.lockfile)
    }

    /// (git shows the 404's body as `remote: …` before its own line.)
    func testAnHTTPGitURLThatIsNotFoundSaysSo() throws {
        let server = try loopbackServer()
        let url = server.baseURL + "/Lib.git"
        try project.publishGit("Lib", "1.0.0", url: url)
        try project.depsfile(["Lib": ""])
        let outcome = try project.deps(["install"], cache: cache)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(
            outcome.stderr.contains("error: Lib: \(url): cannot clone the repository: ")
                && outcome.stderr.hasSuffix("repository '\(url)/' not found\n"),
            outcome.stderr)
        XCTAssertNil(project.lockfile)
    }
}
