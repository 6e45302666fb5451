import DepsPresenters
import DepsCore
import XCTest

/// How a malformed Depsfile's problems, built by hand as data, read.
final class InputProblemWordingTests: XCTestCase {
    private func n(_ text: String) -> PackageName { try! PackageName(text) }

    func testTheFieldReadersProblemsNameWhatTheValueWasReadAs() {
        XCTAssertEqual(InputProblemWording.text(for: .field(.emptyFile(expecting: .depsfile))),
                       "the file is empty; expected a mapping with `sources` and `dependencies`")
        XCTAssertEqual(InputProblemWording.text(for: .field(.notAMapping(.dependency(n("Greeting")), found: .scalar,
                                                                         typo: .noSpaceAfterColon(key: "Greeting", rest: "~> 1.0")))),
                       "expected a mapping for Greeting, found a scalar; put a space after the colon: Greeting: ~> 1.0")
        XCTAssertEqual(InputProblemWording.text(for: .field(.unknownKey("brnach", in: .sourceOf(n("Kit")), suggestion: "branch", known: []))),
                       "unknown key 'brnach' in the source of Kit; did you mean 'branch'?")
        XCTAssertEqual(InputProblemWording.text(for: .field(.unknownKey("zzz", in: .depsfile, suggestion: nil, known: ["sources", "platform"]))),
                       "unknown key 'zzz' in the Depsfile; expected one of: sources, platform")
        XCTAssertEqual(InputProblemWording.text(for: .field(.notTrueOrFalse(.submodulesOf(n("Kit")), value: "yes\u{1B}[2J"))),
                       "invalid `submodules:` of Kit 'yes\\u{1B}[2J'; expected true or false")
        XCTAssertEqual(InputProblemWording.text(for: .field(.nulInLocation(.pathOf(n("Kit")), location: "a\u{0}b"))),
                       "the path of Kit cannot hold a NUL character: 'a\\u{0}b'")
    }

    func testADepsfilesProblemsAreWordedWithTheirValuesEscaped() {
        XCTAssertEqual(InputProblemWording.text(for: .depsfile(.sourceListedTwice("trunk\u{7}"))),
                       "source 'trunk\\u{7}' is listed twice")
        XCTAssertEqual(InputProblemWording.text(for: .depsfile(.keyBesidePackage(key: "git", packageKey: "registry", of: n("Kit")))),
                       "`git:` does not go with `registry:` in the source of Kit; a package takes `version:` or `exact:`")
        XCTAssertEqual(InputProblemWording.text(for: .depsfile(.invalidDeploymentTarget("x", in: "ios x", of: .xcodeTarget("App")))),
                       "invalid deployment target 'x' in platform of target 'App' 'ios x'")
        XCTAssertEqual(InputProblemWording.text(for: .depsfile(.invalidGitReference(.invalidReference(key: "tag", value: "-x"), of: n("Kit")))),
                       "invalid `tag:` '-x' for Kit")
        XCTAssertEqual(InputProblemWording.text(for: .mergeConflictMarker("<<<<<<< HEAD")), "merge conflict marker '<<<<<<< HEAD'")
        XCTAssertEqual("\(MalformedInputError(file: "Depsfile", line: 4, problem: .depsfile(.emptyPath(n("Kit")))))",
                       "Depsfile:4: error: the path of Kit cannot be empty")
    }
}
