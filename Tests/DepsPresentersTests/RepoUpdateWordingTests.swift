import DepsPresenters
import DepsCore
import XCTest

/// How `deps repo update` reads, built from the core's reports by hand.
final class RepoUpdateWordingTests: XCTestCase {
    private let old = "0123456789abcdef0123456789abcdef01234567"
    private let new = "fedcba9876543210fedcba9876543210fedcba98"

    private func git(_ previous: String?, _ commit: String, changed: Int = 0) -> SpecRepositoryRefresh {
        SpecRepositoryRefresh(source: "git@example.com:specs.git", kind: .git, changed: changed, unchanged: 0, removed: 0, previousCommit: previous, commit: commit)
    }

    private func cdn(changed: Int, unchanged: Int, removed: Int) -> SpecRepositoryRefresh {
        SpecRepositoryRefresh(source: "trunk", kind: .cdn, changed: changed, unchanged: unchanged, removed: removed, previousCommit: nil, commit: nil)
    }

    func testOneLinePerSource() {
        let lines: [(SpecRepositoryRefresh, String)] = [
            (.directory("../Specs"), "Skipped ../Specs (a directory; nothing to refresh)\n"),
            (git(nil, new), "Cloned git@example.com:specs.git (at fedcba987654)\n"),
            (git(new, new), "Updated git@example.com:specs.git (already at fedcba987654)\n"),
            (git(old, new, changed: 1), "Updated git@example.com:specs.git (0123456789ab -> fedcba987654, 1 file changed)\n"),
            (git(old, new, changed: 3), "Updated git@example.com:specs.git (0123456789ab -> fedcba987654, 3 files changed)\n"),
            (cdn(changed: 0, unchanged: 3, removed: 0), "Updated trunk (0 files changed, 3 unchanged)\n"),
            (cdn(changed: 1, unchanged: 40, removed: 2), "Updated trunk (1 file changed, 40 unchanged, 2 removed)\n"),
        ]
        for (report, line) in lines {
            XCTAssertEqual(SpecRepositoryRefreshTextPresenter().render([report]), line)
        }
        XCTAssertEqual(SpecRepositoryRefreshTextPresenter().render(lines.map(\.0)), lines.map(\.1).joined())
    }

    func testASourceIsEscaped() {
        XCTAssertEqual(
            SpecRepositoryRefreshTextPresenter().render([.directory("Specs\u{1B}[31m")]),
            "Skipped Specs\\u{1B}[31m (a directory; nothing to refresh)\n")
    }

    func testJSONGivesEachSourcesKindAndCounts() {
        XCTAssertEqual(JSONPresenter.render([.directory("../Specs"), git(old, new, changed: 2)]), """
            {
              "command" : "repo update",
              "sources" : [
                {
                  "changed" : 0,
                  "kind" : "directory",
                  "removed" : 0,
                  "source" : "../Specs",
                  "unchanged" : 0
                },
                {
                  "changed" : 2,
                  "commit" : "\(new)",
                  "kind" : "git",
                  "previous_commit" : "\(old)",
                  "removed" : 0,
                  "source" : "git@example.com:specs.git",
                  "unchanged" : 0
                }
              ]
            }

            """)
    }
}
