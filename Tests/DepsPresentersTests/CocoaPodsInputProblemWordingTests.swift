import DepsCore
import DepsFailures
import DepsPresenters
import XCTest

/// How the CocoaPods readers' problems (a Podfile, a Podfile.lock, a podspec.json, Ruby), a spec
/// repository's layout and SwiftPM's files read, from data built by hand: the file and line,
/// then the problem, every value from the file escaped.
final class CocoaPodsInputProblemWordingTests: XCTestCase {
    private func n(_ text: String) -> PackageName { try! PackageName(text) }

    private func message(_ problem: InputProblem, file: String = "Podfile.lock", line: Int? = 7) -> String? {
        ErrorTextPresenter.message(for: MalformedInputError(file: file, line: line, problem: problem))
    }

    func testEveryPodfileLockProblem() {
        let cases: [(PodfileLockProblem, String)] = [
            (.mergeConflictMarker("<<<<<<< HEAD"), "merge conflict marker '<<<<<<< HEAD'"),
            (.missingSection("PODS"), "missing section 'PODS'"),
            (.podListedTwice(pod: "Alamofire", firstLine: 3), "Alamofire is listed twice in PODS (first on line 3)"),
            (.podEntryNotOnePair, "expected `Name (version):` followed by its dependencies"),
            (.podEntryWithoutVersion("Kit"), "expected `Name (version)`, found 'Kit'"),
            (.externalSourceNotQuoted(entry: "Kit (from x)"), "expected `from `location`` in 'Kit (from x)'"),
            (.referenceNotQuoted(key: "tag", entry: "Kit (from `x`, tag 1)"), "expected `tag `value`` in 'Kit (from `x`, tag 1)'"),
            (.invalidRequirement("~> x", pod: "Kit"), "invalid requirement '~> x' for Kit"),
            (.noExternalSourceLocation(pod: "Kit"), "expected `:git`, `:path` or `:podspec` for Kit"),
            (.severalExternalSourceLocations(keys: [":git", ":path"], pod: "Kit"), "expected only one of `:git`, `:path` for Kit"),
            (.severalGitReferences(pod: "Kit"), "expected at most one of `:tag`, `:branch` or `:commit` for Kit"),
            (.optionWithoutGit(key: ":tag", kind: ":path", pod: "Kit"), "`:tag` goes with `:git`, not `:path`, for Kit"),
            (.checkoutWithoutGit(pod: "Kit"), "expected `:git` for Kit"),
            (.emptyGitURL(pod: "Kit"), "the git URL of Kit cannot be empty"),
            (.invalidCommit("xyz", pod: "Kit"), "invalid commit 'xyz' for Kit; expected hexadecimal digits"),
            (.checkoutWithoutPin(pod: "Kit"), "expected one of `:commit` or `:tag` for Kit"),
            (.invalidSubmodules("yes", pod: "Kit"), "invalid `:submodules` 'yes' for Kit; expected true or false"),
            (.invalidPodName("K it"), "invalid pod name 'K it'"),
        ]
        for (problem, words) in cases {
            XCTAssertEqual(message(.podfileLock(problem)), "Podfile.lock:7: error: " + words)
        }
        XCTAssertEqual(message(.podfileLock(.invalidPodName("Evil\u{1B}[2J"))), "Podfile.lock:7: error: invalid pod name 'Evil\\u{1B}[2J'")
    }

    func testEveryPodspecJSONProblem() {
        let kit = n("Kit")
        let cases: [(PodspecJSONProblem, String)] = [
            (.notAnObject(found: .sequence), "expected a JSON object with `name` and `version`, found a sequence"),
            (.missingField("version"), "missing field `version`"),
            (.nameMismatch(name: "Kat", expected: .fileName(kit)), "name 'Kat' does not match its file name 'Kit.podspec.json'"),
            (.nameMismatch(name: "Kat", expected: .folder(kit)), "name 'Kat' does not match its folder 'Kit'"),
            (.nameMismatch(name: "Kat", expected: .depsfileDependency(kit)), "name 'Kat' does not match the dependency 'Kit' in the Depsfile"),
            (.versionMismatch(version: "1.0", folder: "1.0.0"), "version '1.0' does not match its folder '1.0.0'"),
            (.licenseNotStringOrObject(found: .sequence), "expected a string or an object with `type` for `license`, found a sequence"),
            (.unfetchableSource(pod: "Kit", kind: "svn"), "Kit's source is `svn`, which deps cannot fetch; deps fetches `git` and `http` sources"),
            (.gitSourceWithoutRevision(pod: "Kit", url: "https://x/k.git"),
             "Kit's `git` source https://x/k.git names no `tag`, `commit` or `branch`; CocoaPods allows that only for an "
                + "external source (a Podfile's `:git =>`), not in a spec repository"),
            (.invalidPackageName("K it"), "invalid package name 'K it'"),
            (.requirementsNotAList(pod: kit, field: .subspecField("dependencies", subspec: "Moya/Core"), found: .mapping),
             "expected a list of requirements for Kit in `dependencies` of subspec 'Moya/Core', found a mapping"),
            (.invalidRequirement(">= x", pod: kit), "invalid requirement '>= x' for Kit"),
            (.subspecWithoutName(owner: nil), "a subspec in `subspecs` has no `name`"),
            (.subspecWithoutName(owner: "Moya/Core"), "a subspec in `subspecs` of subspec 'Moya/Core' has no `name`"),
            (.subspecNameNotPackagePart(name: "A B", fullName: "Kit/A B"), "subspec name 'A B' cannot be part of a package name ('Kit/A B')"),
            (.invalidSubspecName("a/b"), "invalid subspec name 'a/b'"),
            (.subspecDefinedTwice(fullName: "Kit/Core"), "subspec 'Kit/Core' is defined twice"),
            (.defaultSubspecsNotNameOrList(key: "default_subspecs", found: .mapping),
             "expected a subspec name or a list of names for `default_subspecs`, found a mapping"),
            (.defaultSubspecUnknown(key: "default_subspec", subspec: "UI", pod: "Kit"), "`default_subspec` names 'UI', which is not a subspec of Kit"),
        ]
        for (problem, words) in cases {
            XCTAssertEqual(message(.podspecJSON(problem), file: "Kit.podspec.json", line: 2), "Kit.podspec.json:2: error: " + words)
        }
    }

    func testAPodspecJSONFieldIsNamedByWhatItWasReadAs() {
        func field(_ subject: YAMLFieldSubject) -> String? {
            message(.field(.notASingleValue(subject, found: .mapping)), file: "Kit.podspec.json", line: 3)
        }
        XCTAssertEqual(field(.field("source.git")), "Kit.podspec.json:3: error: expected a single value for `source.git`, found a mapping")
        XCTAssertEqual(field(.requirementIn(n("Alamofire"), .field("dependencies"))),
                       "Kit.podspec.json:3: error: expected a single value for a requirement of Alamofire in `dependencies`, found a mapping")
        XCTAssertEqual(field(.deploymentTargetIn("ios", .subspecField("platforms", subspec: "Kit/UI"))),
                       "Kit.podspec.json:3: error: expected a single value for the deployment target of ios in `platforms` of subspec 'Kit/UI', found a mapping")
        XCTAssertEqual(field(.itemOf(.field("frameworks"))), "Kit.podspec.json:3: error: expected a single value for an item of `frameworks`, found a mapping")
        XCTAssertEqual(field(.fieldOfEntry("name", .target)), "Kit.podspec.json:3: error: expected a single value for a target's `name`, found a mapping")
        XCTAssertEqual(field(.podPart(.checkout, pod: "Kit")), "Kit.podspec.json:3: error: expected a single value for the checkout of Kit, found a mapping")
        XCTAssertEqual(message(.field(.folderOutsidePackage(.field("header_dir"), value: "../x")), file: "Kit.podspec.json", line: 3),
                       "Kit.podspec.json:3: error: `header_dir` '../x' must be a folder inside the package, not absolute or climbing out with `..`")
    }

    func testRubyThatGaveNoFileSaysWhy() {
        XCTAssertEqual(message(.rubyEvaluation(.rubyMissingForPodspec(n("Kit"))), file: "Kit.podspec", line: nil),
                       "Kit.podspec: error: a Ruby podspec is read with `ruby`, and none is on PATH; install Ruby, or give its JSON form "
                        + "(`pod ipc spec Kit.podspec > Kit.podspec.json`)")
        XCTAssertEqual(message(.rubyEvaluation(.rubyStopped(.evaluatingPodfile, message: "syntax error, unexpected end\u{1B}")), file: "Podfile", line: nil),
                       "Podfile: error: ruby could not evaluate it: syntax error, unexpected end\\u{1B}")
        XCTAssertEqual(message(.rubyEvaluation(.rubyStopped(.readingPodspec, message: nil)), file: "Kit.podspec", line: nil),
                       "Kit.podspec: error: ruby could not read it: ruby failed")
        XCTAssertEqual(message(.rubyEvaluation(.dslStopped(message: "undefined method `frobnicate'")), file: "Podfile", line: 4),
                       "Podfile:4: error: undefined method `frobnicate'")
    }

    func testEverySpecRepositoryProblem() {
        let cases: [(SpecRepositoryProblem, String)] = [
            (.shardsNotAMapping(found: .sequence), "expected a mapping with `prefix_lengths`, found a sequence"),
            (.prefixLengthsNotAList(found: .scalar), "expected a list of lengths for `prefix_lengths`, found a scalar"),
            (.invalidPrefixLength("9", found: .scalar), "`prefix_lengths` holds '9', not a length from 1 to 8"),
            (.invalidPrefixLength(nil, found: .mapping), "`prefix_lengths` holds 'a mapping', not a length from 1 to 8"),
            (.prefixLengthsTooLong, "`prefix_lengths` add up to more than an MD5's 32 digits"),
            (.indexEntryNotAVersion("1.0.x", pod: n("Kit")), "'1.0.x' is not a version of Kit"),
            (.indexEntryNotAVersion(String(repeating: "9", count: 90), pod: n("Kit")), "'\(String(repeating: "9", count: 80))…' is not a version of Kit"),
            (.versionSpeltTwice(try! Version("1.0"), other: "1.0.0", otherFile: "Kit/1.0.0/Kit.podspec.json"),
             "version 1.0 is also spelt 1.0.0 (Kit/1.0.0/Kit.podspec.json), and the two specs disagree on its dependencies; keep one"),
            (.fileNameNotAVersion("latest.yaml"), "the file name 'latest.yaml' is not a version"),
            (.folderNameNotAVersion("next"), "the folder name 'next' is not a version"),
            (.unsupportedSource("svn://x"), "source 'svn://x' is not supported yet; name a spec repository directory"),
        ]
        for (problem, words) in cases {
            XCTAssertEqual(message(.specRepository(problem), file: "Specs", line: nil), "Specs: error: " + words)
        }
    }

    func testEverySwiftPackageFileProblem() {
        let cases: [(SwiftPackageFileProblem, String)] = [
            (.unknownRequirement, "a dependency's `requirement` is none of range, exact, branch or revision"),
            (.invalidVersion("1.x\u{7}"), "invalid version '1.x\\u{7}'"),
            (.pinWithoutIdentity, "a pin has neither `identity` nor `repositoryURL`"),
        ]
        for (problem, words) in cases {
            XCTAssertEqual(message(.swiftPackageFile(problem), file: "Package.resolved", line: 5), "Package.resolved:5: error: " + words)
        }
    }

    func testEveryPodfileConstructDepsDoesNotRead() {
        let cases: [(PodfileConstruct, String)] = [
            (.unknownName("shared_pods"), "`shared_pods` is a method or variable known only when Ruby runs; deps reads Podfiles statically"),
            (.conditional("if"), "a conditional (`if`) needs Ruby to run; deps reads Podfiles statically"),
            (.interpolation, "a string with interpolation (`#{…}`) needs Ruby to run; deps reads Podfiles statically"),
            (.environment, "`ENV` is read when Ruby runs; deps reads Podfiles statically"),
            (.evaluation("eval"), "`eval` runs code when Ruby runs; deps reads Podfiles statically"),
            (.loading("require"), "`require` loads another file's Ruby; deps reads Podfiles statically"),
            (.podspecDirective, "the `podspec` directive is not read; declare the pods it brings with `pod`"),
            (.methodWithParameters("pods_for"), "`pods_for` is a method with parameters; deps expands only methods without them"),
            (.recursion("all_pods"), "`all_pods` calls itself"),
            (.unexpected("}\u{1B}"), "unexpected `}\\u{1B}`"),
            (.invalidPodName("K it"), "invalid pod name 'K it'"),
            (.invalidRequirement("~> x"), "invalid requirement '~> x'"),
            (.invalidOption(":bogus"), "invalid or unknown option `:bogus`"),
            (.conflictingSources(n("Kit")), "Kit is declared from two different sources"),
        ]
        for (construct, words) in cases {
            XCTAssertEqual(PodfileWording.text(of: construct), words)
            XCTAssertEqual(message(.podfile(construct), file: "Podfile", line: 12), "Podfile:12: error: " + words)
        }
    }
}
