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
}
