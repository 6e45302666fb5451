@testable import DepsCode
import XCTest
import DepsPresenters
import DepsCore

/// How a submodule's URL in `.gitmodules` becomes one deps fetches (BEHAVIOUR 8.2).
final class SubmoduleURLTests: XCTestCase {
    func resolve(_ written: String, _ base: String) -> String {
        do {
            return try SubmoduleURL.resolve(written, against: base)
        } catch {
            // Worded as deps words it, without the package and the URL the message starts with.
            let kit = try! PackageName("Kit")
            let line = ErrorTextPresenter.line(for: CodeFetchError(name: kit, url: "u", kind: .integrity, cause: .submodule(.url(written, error.problem))))
            return "refused: " + line.dropFirst("Kit: u: ".count)
        }
    }

    func testRelativeURLsResolveAgainstTheSuperprojectAsAFolder() {
        XCTAssertEqual(resolve("../Sub.git", "https://host/org/Super.git"), "https://host/org/Sub.git")
        XCTAssertEqual(resolve("./Sub", "https://host/org/Super/"), "https://host/org/Super/Sub")
        XCTAssertEqual(resolve("../../other/Sub", "https://host/org/Super"), "https://host/other/Sub")
        XCTAssertEqual(resolve("../Sub.git", "git@host:org/Super.git"), "git@host:org/Sub.git")
        XCTAssertEqual(resolve("../Sub", "/work/git/Super"), "/work/git/Sub")
        XCTAssertEqual(resolve("../Sub", "file:///work/git/Super"), "file:///work/git/Sub")
        XCTAssertEqual(resolve("../../../x", "https://host/org/Super"), "refused: the submodule URL '../../../x' climbs above https://host/org/Super")
    }

    func testOnlyNetworkURLsAndLocalOnesFromALocalSuperprojectAreFetched() {
        XCTAssertEqual(resolve("https://host/Sub.git", "/work/Super"), "https://host/Sub.git")
        XCTAssertEqual(resolve("git@host:Sub.git", "https://host/Super"), "git@host:Sub.git")
        XCTAssertEqual(resolve("/work/Sub", "/work/Super"), "/work/Sub")
        XCTAssertEqual(resolve("/etc/secrets", "https://host/Super"),
                       "refused: the submodule URL '/etc/secrets' is a local path, named by the remote repository https://host/Super")
        XCTAssertEqual(resolve("file:///etc/x", "https://host/Super"),
                       "refused: the submodule URL 'file:///etc/x' is a local path, named by the remote repository https://host/Super")
        XCTAssertTrue(resolve("ext::sh -c id", "/work/Super").hasPrefix("refused: "))
        XCTAssertTrue(resolve("--upload-pack=x", "/work/Super").hasPrefix("refused: "))
        XCTAssertTrue(resolve("ftp://host/x", "/work/Super").hasPrefix("refused: "))
        // git takes a `/` before the first `:` as a path on this machine, not `user@host:path`.
        XCTAssertTrue(resolve("x/y@host:secrets", "https://host/Super").hasPrefix("refused: "))
    }
}
