import DepsCore
import DepsFailures
import DepsPresenters
import XCTest

/// How fetched code deps refuses, the YAML reader's problems, the transfer engine's failures and
/// the build warnings read, from hand-built data: the adapters and drivers hand over cases, the
/// words are the presenters', values escaped.
final class FetchedCodeWordingTests: XCTestCase {
    private let kit = try! PackageName("Kit")

    private func line(_ cause: CodeFetchError.Cause) -> String {
        ErrorTextPresenter.line(for: CodeFetchError(name: kit, url: "https://h/k", kind: .integrity, cause: cause))
    }

    func testAnUnsafeTreeNamesTheEntryEscaped() {
        XCTAssertEqual(line(.unsafeArchive(.entryOutside(name: "../\u{1B}x"))),
                       "Kit: https://h/k: unsafe archive: entry '../\\u{1B}x' would be written outside its folder; nothing was extracted")
        XCTAssertEqual(line(.unsafeArchive(.linkOutside(path: "L"))),
                       "Kit: https://h/k: unsafe archive: link 'L' points outside its folder; nothing was extracted")
        XCTAssertEqual(line(.unsafeCode(commit: "abc", problem: .notAFileFolderOrLink(path: "d/Pipe"))),
                       "Kit: https://h/k: unsafe code at commit abc: 'd/Pipe' is not a file, a folder or a symbolic link")
    }

    func testAnArchivePastALimitSaysWhatItUnpacksToAndWhatRaisesTheLimit() {
        XCTAssertEqual(
            line(.archiveTooLarge(ArchiveSizeProblem(measure: .bytes(3000, limit: 2000), declared: true, setting: "DEPS_MAX_UNPACKED_BYTES"))),
            "Kit: https://h/k: the archive would unpack to 3000 bytes, more than the limit of 2000 bytes (DEPS_MAX_UNPACKED_BYTES raises it); nothing was kept")
        XCTAssertEqual(
            line(.archiveTooLarge(ArchiveSizeProblem(measure: .entries(12, limit: 10), declared: false, setting: nil))),
            "Kit: https://h/k: the archive unpacks to 12 files and folders, more than the limit of 10; nothing was kept")
    }

    func testAnUnreadableArchiveSaysWhatTheFileIsInstead() {
        func words(_ archive: UnreadableArchive) -> String {
            String(line(.unreadableArchive(archive)).dropFirst("Kit: https://h/k: cannot read the archive: ".count))
        }
        XCTAssertEqual(words(.empty(expected: .zip)), "the file is empty, not a zip archive")
        XCTAssertEqual(words(.htmlPage(bytes: 1234, expected: .tar)),
                       "the file is an HTML page (1234 bytes), not a tar archive: a web page (an error or sign-in page?) came in place of the archive")
        XCTAssertEqual(words(.damaged(.gzip, bytes: 1)), "the file starts as a gzip-compressed file but is cut short or damaged (1 byte)")
        XCTAssertEqual(words(.otherFormat(.xz, bytes: 40, expected: .zip)), "the file is an xz-compressed file (40 bytes), not a zip archive")
        XCTAssertEqual(words(.otherFormat(.bzip2, bytes: 2, expected: .zip)), "the file is a bzip2-compressed file (2 bytes), not a zip archive")
        XCTAssertEqual(words(.unknown(bytes: 9, expected: .zip, head: Array("not\u{1B}".utf8))),
                       "the file is not a zip archive (9 bytes, starting with bytes 6e 6f 74 1b)")
        XCTAssertEqual(words(.unknown(bytes: 9, expected: .tar, head: Array("plain 'x'".utf8))),
                       "the file is not a tar archive (9 bytes, starting with 'plain 'x'')")
    }

    func testASubmoduleDepsDoesNotPlaceIsNamedByItsPathOrURL() {
        XCTAssertEqual(line(.submodule(.nestedTooDeep(maximum: 8))), "Kit: https://h/k: submodules are nested more than 8 deep")
        XCTAssertEqual(line(.submodule(.noURL(path: "Vendor/X"))), "Kit: https://h/k: the submodule at 'Vendor/X' has no URL in .gitmodules")
        XCTAssertEqual(line(.submodule(.url("", .notFetchable))), "Kit: https://h/k: the submodule URL '' is not one deps fetches")
        XCTAssertEqual(line(.submodule(.url("ftp://x", .unknownScheme))),
                       "Kit: https://h/k: the submodule URL 'ftp://x' is not one deps fetches (https, http, ssh, git, or a path)")
        XCTAssertEqual(line(.submodule(.pathThroughLink("a\nb"))), "Kit: https://h/k: the submodule path 'a\\u{A}b' goes through a link")
        XCTAssertEqual(line(.submodule(.pathNotAFolder("a"))), "Kit: https://h/k: the submodule path 'a' is not a folder in the tree")
        XCTAssertEqual(line(.submodule(.pathHoldsFiles("a"))), "Kit: https://h/k: the submodule path 'a' already holds files")
        XCTAssertEqual(line(.submodule(.pathNotPlain("../a"))), "Kit: https://h/k: the submodule path '../a' is not a plain path inside the tree")
    }

    func testARemoteCopyThatIsNotThePinSaysWhatItIsInstead() {
        func warning(_ problem: RemoteCopyProblem) -> String {
            RemoteCodeWarningTextPresenter.render(RemoteCodeWarning(
                kind: .refused, store: .remoteCache, package: kit, url: "https://cache/x", origin: nil, detail: .notThePin(problem)))
        }
        XCTAssertTrue(warning(.digestDiffers(got: "aa", expected: "bb")).contains("SHA-256 aa, expected bb"), warning(.digestDiffers(got: "aa", expected: "bb")))
        XCTAssertTrue(warning(.notAPackfile(.status(128))).contains("git does not read it as a packfile: git exited with status 128"))
        XCTAssertTrue(warning(.noCommit("abc")).contains("it holds no commit abc"))
        XCTAssertTrue(warning(.lacksFiles(commit: "abc", .firstLine("fatal: \u{7}missing"))).contains("it lacks files of commit abc: fatal: \\u{7}missing"))
    }

    func testTheYAMLReadersProblemsReadAsBefore() {
        func text(_ problem: YAMLError.Problem) -> String { "\(YAMLError(file: "Depsfile", line: 2, column: 3, problem: problem))" }
        XCTAssertEqual(text(.syntax("mapping values are not allowed in this context", context: nil)),
                       "Depsfile:2:3: error: mapping values are not allowed in this context")
        XCTAssertEqual(text(.syntax("did not find expected key", context: YAMLError.Context(text: "while parsing a block mapping", line: 1, column: 1))),
                       "Depsfile:2:3: error: did not find expected key (while parsing a block mapping at line 1, column 1)")
        XCTAssertEqual(text(.syntax(nil, context: YAMLError.Context(text: "while scanning", line: nil, column: nil))),
                       "Depsfile:2:3: error: invalid YAML (while scanning)")
        XCTAssertEqual(text(.notUTF8("invalid leading UTF-8 octet", value: 0xC)),
                       "Depsfile:2:3: error: the text is not valid UTF-8: invalid leading UTF-8 octet 0x0C")
        XCTAssertEqual(text(.byteOrderMark(encoding: "UTF-16")), "Depsfile:2:3: error: the text is not valid UTF-8: it starts with a UTF-16 byte order mark")
        XCTAssertEqual(text(.controlCharacter("control characters are not allowed", value: 0x1B)),
                       "Depsfile:2:3: error: control characters are not allowed (found 0x1B)")
        XCTAssertEqual(text(.unreadableBytes(nil, value: nil)), "Depsfile:2:3: error: invalid YAML")
        XCTAssertEqual(text(.outOfMemory(whileStarting: false)), "Depsfile:2:3: error: out of memory while reading YAML")
        XCTAssertEqual(text(.secondDocument), "Depsfile:2:3: error: more than one document in the file; a second document starts here")
        XCTAssertEqual(text(.alias("a")), "Depsfile:2:3: error: aliases are not supported (found '*a')")
        XCTAssertEqual(text(.anchor("a")), "Depsfile:2:3: error: anchors are not supported (found '&a')")
        XCTAssertEqual(text(.tag("!!str")), "Depsfile:2:3: error: tags are not supported (found '!!str')")
        XCTAssertEqual(text(.duplicateKey("Kit", firstLine: 1)), "Depsfile:2:3: error: duplicate key 'Kit'; it was first defined on line 1")
        XCTAssertEqual(text(.nestedTooDeep(maximum: 64)), "Depsfile:2:3: error: sequences and mappings nest deeper than 64 levels")
        XCTAssertEqual(text(.collectionAsKey(isMapping: false)), "Depsfile:2:3: error: a mapping key must be a scalar, not a sequence")
    }

    func testTheTransferEnginesOwnFailuresAndABuildWarningsReason() {
        XCTAssertEqual(HTTPError(url: "u", cause: .engineUnavailable(.transferNotStarted), attempts: 0).causeDescription, "libcurl could not start a transfer")
        XCTAssertEqual(HTTPError(url: "u", cause: .engineUnavailable(.notLoaded("libcurl.so.4: \u{1B}missing")), attempts: 0).causeDescription,
                       "libcurl.so.4: \\u{1B}missing")
        let warning = BuildWarning(name: kit, attribute: "resources a/x.png", reason: .resourceNameTaken(name: "x.png", other: "b/x.png"))
        XCTAssertEqual(LockfileUpdateTextPresenter.sentence(for: warning),
                       "Kit: resources a/x.png is not in Deps/Package.swift (SwiftPM keeps one resource named x.png, b/x.png)")
        XCTAssertEqual(SpecRepositoryWarningTextPresenter.line(for: .plainHTTP(url: "http://specs.example/\u{7}")),
                       "warning: the spec repository http://specs.example/\\u{7} is plain http: its specs can be read and changed on the way; use https")
    }

    func testRubyThatCannotStartKeepsTheChildProcessErrorsWords() {
        let error = MalformedInputError(
            file: "Kit.podspec",
            problem: .rubyEvaluation(.notStarted(.readingPodspec, cause: ChildProcessError(executable: "ruby", reason: .workingDirectoryUnavailable("/gone")))))
        XCTAssertEqual("\(error)", "Kit.podspec: error: cannot run ruby to read it: cannot run ruby: cannot enter the directory /gone")
    }
}
