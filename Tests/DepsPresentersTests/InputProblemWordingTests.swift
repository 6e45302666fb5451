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

    func testProblemsEveryReaderSharesReadTheSameInEachFile() throws {
        XCTAssertEqual(message(.mergeConflictMarker("<<<<<<< HEAD"), remedy: .resolveMergeConflict(orRewrite: false)),
                       "Depsfile:4: error: merge conflict marker '<<<<<<< HEAD'; resolve the conflict in Depsfile, then run `deps install`")
        XCTAssertEqual(message(.depsfile(.invalidGitReference(.invalidReference(key: "tag", value: "-x"), of: n("Kit")))), "Depsfile:4: error: invalid `tag:` '-x' for Kit")
        XCTAssertEqual(message(.specCodeSource(.noGitReference, spec: "Kit"), line: nil),
                       "Depsfile: error: invalid source for Kit: `git:` needs one of `tag:`, `commit:` or `branch:`")
        let absolute: SourceFileGlobError
        do { _ = try SourceFileGlob("/etc/*"); return XCTFail("/etc/* was taken") } catch { absolute = error }
        XCTAssertEqual(message(.sourceFileGlob(absolute, in: .key("resources"))),
                       "Depsfile:4: error: invalid file pattern '/etc/*': it is an absolute path in resources")
        XCTAssertEqual(message(.invalidModuleName("1Kit", field: "module")),
                       "Depsfile:4: error: module '1Kit' is not a Swift identifier (letters, digits and _, not starting with a digit)")
        XCTAssertEqual(message(.inTheSpecItDescribes(.invalidModuleName("a b", field: "module_name"))),
                       "Depsfile:4: error: module_name 'a b' is not a Swift identifier (letters, digits and _, not starting with a digit) (in the spec it describes)")
    }

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

    func testAnXcodeSectionsProblemsAreWordedWithTheirValuesEscaped() {
        XCTAssertEqual(InputProblemWording.text(for: .xcodeSection(.projectListedTwice("App\u{1B}.xcodeproj"))),
                       "Xcode project 'App\\u{1B}.xcodeproj' is listed twice")
        XCTAssertEqual(InputProblemWording.text(for: .xcodeSection(.targetNamesNoProject("Other/App", firstProject: "A.xcodeproj"))),
                       "target 'Other/App' names none of the projects; with several projects write `PROJECT/TARGET`, e.g. `A.xcodeproj/App`")
        XCTAssertEqual(InputProblemWording.text(for: .xcodeSection(.invalidLinkage("both", known: ["static", "dynamic"]))),
                       "invalid linkage 'both'; expected one of: static, dynamic")
        XCTAssertEqual(InputProblemWording.text(for: .field(.notAList(.packagesOfXcodeTarget("App"), found: .mapping))),
                       "expected a list for the packages of target 'App', found a mapping")
    }

    func testASwiftPackagesProblemsAreWordedWithTheirValuesEscaped() {
        XCTAssertEqual(InputProblemWording.text(for: .swiftPackageField(.nameIsNotIdentity(n("Kit"), url: "https://x/kit\u{0}", identity: "kit"))),
                       "the package at 'https://x/kit\\u{0}' is `kit` (SwiftPM's identity: the URL's last part, lower-cased); name it `kit:`")
        XCTAssertEqual(InputProblemWording.text(for: .swiftPackageField(.swiftpmUnderSubspec(n("Kit/Core")))),
                       "`swiftpm:` goes under a pod's name, not a subspec's: Kit, not Kit/Core")
        XCTAssertEqual(InputProblemWording.text(for: .swiftPackageField(.referenceBesideRequirement(n("kit"), reference: "branch", requirement: "exact"))),
                       "kit has both `branch:` and `exact:`; a package on a branch or a revision has no version requirement")
        XCTAssertEqual(InputProblemWording.text(for: .swiftPackageField(.invalidReference(.invalidCommit(key: "revision", value: "xyz"), of: n("kit")))),
                       "invalid `revision:` 'xyz'; expected a commit id: 4 to 40 hexadecimal digits for kit")
    }

    func testALockfilesProblemsAreWordedWithTheirValuesEscaped() {
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.listedTwice(n("Kit"), in: .section("DEPENDENCIES"), firstLine: 12))),
                       "Kit is listed twice in DEPENDENCIES (first on line 12)")
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.listedTwice(n("Kit"), in: .dependenciesOf(n("App")), firstLine: 3))),
                       "Kit is listed twice in the dependencies of App (first on line 3)")
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.entryWithoutVersion("Kit\u{1B}[2J"))),
                       "expected `Name (version)`, found 'Kit\\u{1B}[2J'")
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.packageNotAlone(n("kit"), key: "package"))),
                       "expected `package:` alone, or with `branch:` or `revision:`, for the Swift package kit")
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.invalidSHA256("abc", of: .key("DEPSFILE CHECKSUM")))),
                       "invalid SHA-256 'abc' for DEPSFILE CHECKSUM")
        XCTAssertEqual(InputProblemWording.text(for: .field(.emptyFile(expecting: .lockfile(required: ["PACKAGES", "DEPS"])))),
                       "the file is empty; expected the sections PACKAGES, DEPS")
        XCTAssertEqual(InputProblemWording.text(for: .lockfile(.subspecVersionsDisagree(
            n("Kit/Extra"), try! Version("2.0.0"), other: n("Kit/Core"), try! Version("1.0.0"), line: 4))),
                       "Kit/Extra is locked at 2.0.0 but Kit/Core at 1.0.0 (line 4); the subspecs of Kit share one version")
    }

    func testASpecFilesProblemsAreWordedWithTheirValuesEscaped() {
        XCTAssertEqual(InputProblemWording.text(for: .specFile(.nameMismatch("Kit\u{7}", expected: .folder(n("Alamofire"))))),
                       "name 'Kit\\u{7}' does not match its folder 'Alamofire'")
        XCTAssertEqual(InputProblemWording.text(for: .specFile(.nameMismatch("Kit", expected: .fileName(n("Alamofire"))))),
                       "name 'Kit' does not match its file name 'Alamofire.yaml'")
        XCTAssertEqual(InputProblemWording.text(for: .specFile(.invalidSource(.severalLocations(["git", "path"]), name: "Kit"))),
                       "invalid source for Kit: expected only one of `git:`, `http:` or `path:`, found `git:` and `path:`")
        do {
            _ = try SourceFileGlob("../x")
            XCTFail("'../x' reaches outside")
        } catch {
            XCTAssertEqual(InputProblemWording.text(for: .specFile(.invalidSourceFilePattern(error))),
                           "invalid file pattern '../x': it reaches outside the package's folder with `..`")
        }
        XCTAssertEqual(InputProblemWording.text(for: .field(.notASingleValue(.specSourceKey("git"), found: .sequence))),
                       "expected a single value for source `git:`, found a sequence")
    }

    func testLibyamlsProblemIsWordedWithTheTypoItStemsFrom() {
        XCTAssertEqual(InputProblemWording.text(for: .yamlSyntax(.syntax("found a tab\u{9}", context: nil), typo: .tabIndentation)),
                       "found a tab\\u{9}; indent with spaces, not tabs")
        XCTAssertEqual(InputProblemWording.text(for: .yamlSyntax(.syntax("bad block scalar", context: nil), typo: .blockIndicatorValue(key: "Kit", value: ">= 1.0"))),
                       "bad block scalar; quote a value that starts with >: Kit: \">= 1.0\"")
        XCTAssertEqual(InputProblemWording.text(for: .yamlSyntax(.syntax("mapping values are not allowed", context: nil), typo: nil)), "mapping values are not allowed")
    }
}
