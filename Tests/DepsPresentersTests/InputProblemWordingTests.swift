import DepsPresenters
import DepsCore
import XCTest

/// How a malformed file's problems, built by hand as data, read: the location, then the problem
/// with every value from the file escaped, then what puts it right.
final class InputProblemWordingTests: XCTestCase {
    private func n(_ text: String) -> PackageName { try! PackageName(text) }

    private func message(_ problem: InputProblem, line: Int? = 4, remedy: MalformedInputError.Remedy? = nil) -> String? {
        ErrorTextPresenter.message(for: MalformedInputError(file: "Depsfile", line: line, problem: problem, remedy: remedy))
    }

    func testADepsfilesProblemsReadWithTheValuesAsWritten() {
        XCTAssertEqual(message(.depsfile(.sourceListedTwice("../Specs"))), "Depsfile:4: error: source '../Specs' is listed twice")
        XCTAssertEqual(message(.depsfile(.invalidPlatform(.target("App\u{1B}"), text: "tvos", known: ["ios", "macos"]))),
                       "Depsfile:4: error: invalid platform of target 'App\\u{1B}' 'tvos'; expected a platform and a deployment target, e.g. `ios 15.0` (one of ios, macos)")
        XCTAssertEqual(message(.depsfile(.invalidDeploymentTarget("15.x", .project, text: "ios 15.x"))),
                       "Depsfile:4: error: invalid deployment target '15.x' in platform 'ios 15.x'")
        XCTAssertEqual(message(.depsfile(.notWithPackage(n("swift-log"), key: "git", packageKey: "package", byURL: true))),
                       "Depsfile:4: error: `git:` does not go with `package:` in the source of swift-log; a package takes `version:`, `exact:`, `branch:` or `revision:`")
        XCTAssertEqual(message(.depsfile(.notWithPackage(n("Kit"), key: "path", packageKey: "swiftpm", byURL: false))),
                       "Depsfile:4: error: `path:` does not go with `swiftpm:` in the source of Kit; a package takes `version:` or `exact:`")
        XCTAssertEqual(message(.depsfile(.podspecIsURL(n("Kit"), file: "https://x/\u{7}Kit.podspec"))),
                       "Depsfile:4: error: the podspec of Kit is a URL, 'https://x/\\u{7}Kit.podspec'; `podspec:` names a file relative to the Depsfile")
        XCTAssertEqual(message(.depsfile(.twoLocations(n("Kit"), "path", "git"))), "Depsfile:4: error: Kit has both `path:` and `git:`; keep one")
    }

    func testProblemsEveryReaderSharesReadTheSameInEachFile() throws {
        XCTAssertEqual(message(.mergeConflictMarker("<<<<<<< HEAD"), remedy: .resolveMergeConflict(orRewrite: false)),
                       "Depsfile:4: error: merge conflict marker '<<<<<<< HEAD'; resolve the conflict in Depsfile, then run `deps install`")
        XCTAssertEqual(message(.codeSource(.invalidReference(key: "tag", value: "-x"), of: n("Kit"))), "Depsfile:4: error: invalid `tag:` '-x' for Kit")
        XCTAssertEqual(message(.specCodeSource(.noGitReference, spec: "Kit"), line: nil),
                       "Depsfile: error: invalid source for Kit: `git:` needs one of `tag:`, `commit:` or `branch:`")
        let absolute: SourceFileGlobError
        do { _ = try SourceFileGlob("/etc/*"); return XCTFail("/etc/* was taken") } catch { absolute = error }
        XCTAssertEqual(message(.sourceFileGlob(absolute, in: "resources")),
                       "Depsfile:4: error: invalid file pattern '/etc/*': it is an absolute path in resources")
        XCTAssertEqual(message(.invalidModuleName("1Kit", field: "module")),
                       "Depsfile:4: error: module '1Kit' is not a Swift identifier (letters, digits and _, not starting with a digit)")
        XCTAssertEqual(message(.inTheSpecItDescribes(.invalidModuleName("a b", field: "module_name"))),
                       "Depsfile:4: error: module_name 'a b' is not a Swift identifier (letters, digits and _, not starting with a digit) (in the spec it describes)")
    }

    func testALocksProblemsReadWithTheValuesAsWritten() throws {
        func lock(_ problem: LockfileProblem) -> String? {
            ErrorTextPresenter.message(for: MalformedInputError(file: "Depsfile.lock", line: 7, problem: .lockfile(problem)))
        }
        XCTAssertEqual(lock(.subspecsAtTwoVersions(n("Kit/Extra"), try Version("2.0.0"), first: n("Kit/Core"), firstVersion: try Version("1.0.0"), firstLine: 3)),
                       "Depsfile.lock:7: error: Kit/Extra is locked at 2.0.0 but Kit/Core at 1.0.0 (line 3); the subspecs of Kit share one version")
        XCTAssertEqual(lock(.packageKeyNotAlone(n("swift-log"), key: "package")),
                       "Depsfile.lock:7: error: expected `package:` alone, or with `branch:` or `revision:`, for the Swift package swift-log")
        XCTAssertEqual(lock(.packageKeyNotAlone(n("Kit"), key: "swiftpm")), "Depsfile.lock:7: error: expected `swiftpm:` alone for the Swift package Kit")
        XCTAssertEqual(lock(.invalidChecksum("xyz\u{1B}", .source(n("Kit")))), "Depsfile.lock:7: error: invalid SHA-256 'xyz\\u{1B}' for the source checksum of Kit")
        XCTAssertEqual(lock(.invalidChecksum("0", .depsfile(section: "DEPSFILE CHECKSUM"))), "Depsfile.lock:7: error: invalid SHA-256 '0' for DEPSFILE CHECKSUM")
        XCTAssertEqual(lock(.listedTwice(n("Kit"), .dependencies(of: n("App")), firstLine: 2)),
                       "Depsfile.lock:7: error: Kit is listed twice in the dependencies of App (first on line 2)")
        XCTAssertEqual(lock(.expectedReference(key: "tag", in: "Kit (from `u`, tag)")), "Depsfile.lock:7: error: expected `tag `value`` in 'Kit (from `u`, tag)'")
    }
}
