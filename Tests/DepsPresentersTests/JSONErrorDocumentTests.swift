import DepsPresenters
import DepsCore
import DepsFailures
import Foundation
import XCTest

/// The `--json` error document of failures built by hand: the keys a cycle and a failed fetch give.
final class JSONErrorDocumentTests: XCTestCase {
    private func v(_ text: String) -> Version { try! Version(text) }
    private func n(_ text: String) -> PackageName { try! PackageName(text) }

    private func error(_ failure: Error, message: String, status: Int32) throws -> [String: Any] {
        let text = JSONPresenter.renderError(failure, message: message, status: status)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try XCTUnwrap(document["error"] as? [String: Any])
    }

    func testACycleGivesItsPackagesAndItsStep() throws {
        let a = DerivationTerm(subject: .package(n("A")), isPositive: true, versions: .every, members: [v("1.0")])
        let failure = ResolutionFailure(
            kind: .cycle([n("A"), n("A")]),
            derivation: Derivation(steps: [DerivationStep(terms: [a], cause: .cycle([.init(subject: .package(n("A")), version: v("1.0"))]))]))
        let error = try error(failure, message: ResolutionFailureTextPresenter.render(failure), status: 1)
        XCTAssertEqual(error["kind"] as? String, "cycle")
        XCTAssertEqual(error["cycle"] as? [String], ["A", "A"])
        XCTAssertEqual(error["message"] as? String, "Dependency cycle: A 1.0 -> A 1.0")
        let step = try XCTUnwrap((error["derivation"] as? [[String: Any]])?.first)
        XCTAssertEqual(step["cause"] as? String, "cycle")
        XCTAssertEqual(step["cycle"] as? [[String: String]], [["package": "A", "version": "1.0"]])
        XCTAssertEqual(step["text"] as? String, "A 1.0 depends on itself")
        let term = try XCTUnwrap((step["terms"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(term.keys), ["package", "positive"], "every version: no `versions`")
        XCTAssertEqual(term["package"] as? String, "A")
        XCTAssertEqual(term["positive"] as? Bool, true)
        XCTAssertNil(error["suggestedCommand"])
    }

    func testAFailedFetchListsEachPackage() throws {
        let failure = SandboxInstallError(failures: [
            CodeFetchError(name: n("Moya"), url: "https://example.com/Moya.git", kind: .notCached, cause: .notCached(lacking: .archive)),
        ])
        let error = try error(failure, message: ErrorTextPresenter.render(failure), status: 74)
        XCTAssertEqual(error["status"] as? Int, 74)
        XCTAssertEqual(error["fetchFailures"] as? [[String: String]], [
            ["name": "Moya", "url": "https://example.com/Moya.git", "kind": "notCached", "cause": "the archive is not in the cache"],
        ])
        XCTAssertNil(error["kind"], "not a resolution failure")
    }

    func testAPlainErrorKeepsStatusAndMessageOnly() throws {
        let error = try error(MissingLockfileError(), message: "No Depsfile.lock; run `deps install` first.", status: 1)
        XCTAssertEqual(Set(error.keys), ["status", "message"])
    }

    func testAFileThatCannotBeReadGivesWhereAndADownloadThatGotNoAnswerGivesWhy() throws {
        let malformed = MalformedInputError(file: "Depsfile", line: 3, column: 7, problem: .field(.notAMapping(.key("dependencies"), found: .scalar, typo: nil)))
        let file = try error(malformed, message: "Depsfile:3:7: error: expected a mapping for dependencies, found a scalar", status: 65)
        XCTAssertEqual(file["file"] as? String, "Depsfile")
        XCTAssertEqual(file["line"] as? Int, 3)
        XCTAssertEqual(file["column"] as? Int, 7)
        XCTAssertNil(file["http"])

        let refused = HTTPError(url: "https://user:secret@example.com/a.zip", cause: .connectionFailed(.refused), attempts: 3)
        let http = try XCTUnwrap(try error(refused, message: "error: \(refused)", status: 74)["http"] as? [String: Any])
        XCTAssertEqual(http["url"] as? String, "https://example.com/a.zip", "no login is shown")
        XCTAssertEqual(http["cause"] as? String, "connectionFailed")
        XCTAssertEqual(http["connection"] as? String, "refused")
        XCTAssertEqual(http["attempts"] as? Int, 3)
        XCTAssertNil(http["status"])

        let unwritable = HTTPError(url: "https://example.com/a.zip", cause: .unwritableFile("/cache/a.zip.part"), attempts: 1)
        let write = try XCTUnwrap(try error(unwritable, message: "error: \(unwritable)", status: 74)["http"] as? [String: Any])
        XCTAssertEqual(write["cause"] as? String, "unwritableFile")
        XCTAssertEqual(write["path"] as? String, "/cache/a.zip.part")
        let server = HTTPError(url: "https://example.com/a.zip", cause: .serverError(503), attempts: 2)
        XCTAssertEqual((try error(server, message: "error: \(server)", status: 74)["http"] as? [String: Any])?["status"] as? Int, 503)
    }

    func testAGitFailureGivesTheCommandAndItsStatus() throws {
        let clone = GitCommandFailure(
            tool: "git", arguments: ["clone", "--mirror", "https://example.com/Kit.git", "/cache/Kit"],
            standardError: "fatal: repository 'https://example.com/Kit.git/' not found", status: 128)
        let fetch = CodeFetchError(
            name: n("Kit"), url: "https://example.com/Kit.git", kind: .unreachable, cause: .gitFailed(.command(clone, of: .repository)))
        let failure = try XCTUnwrap(
            (try error(SandboxInstallError(failures: [fetch]), message: "", status: 74)["fetchFailures"] as? [[String: Any]])?.first)
        XCTAssertEqual(failure["cause"] as? String, "cannot clone the repository: repository 'https://example.com/Kit.git/' not found")
        let git = try XCTUnwrap(failure["git"] as? [String: Any])
        XCTAssertEqual(git["failed"] as? String, "command")
        XCTAssertEqual(git["tool"] as? String, "git")
        XCTAssertEqual(git["command"] as? String, "clone")
        XCTAssertEqual(git["status"] as? Int, 128)

        let download = CodeFetchError(
            name: n("Zip"), url: "https://example.com/Zip.zip", kind: .unreachable,
            cause: .httpFailed(HTTPError(url: "https://example.com/Zip.zip", cause: .timedOut, attempts: 3)))
        let downloaded = try XCTUnwrap(
            (try error(SandboxInstallError(failures: [download]), message: "", status: 74)["fetchFailures"] as? [[String: Any]])?.first)
        XCTAssertEqual(downloaded["cause"] as? String, "timed out after 3 attempts")
        XCTAssertEqual((downloaded["http"] as? [String: Any])?["cause"] as? String, "timedOut")
        XCTAssertNil(downloaded["git"])

        let deadline = UnavailableError(
            location: "https://example.com/Specs.git",
            reason: .gitFailed(.deadline(GitDeadlineExceeded(url: "https://example.com/Specs.git", seconds: 30, setting: nil))))
        let specs = try XCTUnwrap(try error(deadline, message: "", status: 74)["git"] as? [String: Any])
        XCTAssertEqual(specs["failed"] as? String, "deadline")
        XCTAssertEqual(specs["seconds"] as? Double, 30)
    }
}
