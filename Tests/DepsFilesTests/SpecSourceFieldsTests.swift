@testable import DepsFiles
import DepsCore
import DepsPresenters
import XCTest

/// A spec's `source:` mapping (BEHAVIOUR 1.2, 9): one location, and for git exactly one reference.
final class SpecSourceFieldsTests: XCTestCase {
    func testCodeSourceFieldsAreRead() throws {
        XCTAssertEqual(try SpecSourceFields.codeSource(["git": "u", "tag": "1.0"]), .git(url: "u", .tag("1.0")))
        XCTAssertEqual(try SpecSourceFields.codeSource(["http": "h.zip", "sha256": String(repeating: "0", count: 64)]),
                       .http(url: "h.zip", sha256: String(repeating: "0", count: 64)))
        XCTAssertEqual(try SpecSourceFields.codeSource(["path": "../Local"]), .path("../Local"))
        for (fields, message) in [
            (["tag": "1.0"], "expected one of `git:`, `http:` or `path:`"),
            (["git": "u", "path": "p", "tag": "1"], "expected only one of `git:`, `http:` or `path:`, found `git:` and `path:`"),
            (["git": "u"], "`git:` needs one of `tag:`, `commit:` or `branch:`"),
            (["git": "u", "tag": "1", "branch": "main"], "`git:` takes only one of `tag:`, `commit:` or `branch:`"),
            (["git": "u", "commit": "abc"], "invalid `commit:` 'abc'; expected a commit id: 4 to 40 hexadecimal digits"),
            (["git": "u", "tag": "--upload-pack=x"], "invalid `tag:` '--upload-pack=x'"),
            (["http": "h.zip", "sha256": "xyz"], "invalid `sha256:` 'xyz'; expected 64 lower-case hexadecimal digits"),
            (["git": "a\u{1B}[2J", "tag": "1"], #"the `git:` location 'a\u{1B}[2J' holds a control character"#),
        ] {
            XCTAssertThrowsError(try SpecSourceFields.codeSource(fields)) { XCTAssertEqual(($0 as? CodeSourceError).map { InputProblemWording.text(for: $0).text }, message) }
        }
    }

    func testBadFilePatternsAreWordedWithThePattern() {
        let worded: [(String, String)] = [
            ("", "invalid file pattern '': it is empty"),
            ("/etc/*", "invalid file pattern '/etc/*': it is an absolute path"),
            ("../x/*.swift", "invalid file pattern '../x/*.swift': it reaches outside the package's folder with `..`"),
            ("Sources/{A,B", "invalid file pattern 'Sources/{A,B': a `{` has no `}`"),
            ("A}\u{1B}", #"invalid file pattern 'A}\u{1B}': a `}` has no `{`"#),
        ]
        for (pattern, message) in worded {
            XCTAssertThrowsError(try SourceFileGlob(pattern)) { XCTAssertEqual(($0 as? SourceFileGlobError).map { InputProblemWording.text(for: $0).text }, message, pattern) }
        }
    }
}
