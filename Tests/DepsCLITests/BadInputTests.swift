import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad input, run through the built binary (BEHAVIOUR 5, 6, 7). Every refusal has its exit
/// status (65 malformed, 74 I/O), a diagnostic on stderr that names the file (and the line
/// where the content is at fault), nothing on stdout but the `--json` error document, no
/// crash, and leaves every file of the project and its spec repository as it was.
final class BadInputTests: XCTestCase {
    private var project: TemporaryProject!
    /// The Depsfile and lockfile of the locked project `setUp` builds.
    private var depsfile = ""
    private var lockfile = ""

    private let everyCommand = [["install"], ["update"], ["outdated"], ["check"]]
    /// A named update needs the lock's pins, so it must read the lockfile (`deps update`
    /// alone resolves without pins).
    private let lockfileCommands = [["install"], ["update", "Alamofire"], ["outdated"], ["check"]]

    /// Locks Moya 15.0.0, Alamofire 5.9.1 and SnapKit 5.7.1. The Depsfile's lines are
    /// 1 `sources:`, 2 `- ../Specs`, 3 `dependencies:`, 4 `Moya: "~> 15.0"`, 5 `SnapKit:`.
    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["5.8.0": [:], "5.9.1": [:]],
            "Moya": ["15.0.0": ["Alamofire": "~> 5.0"]],
            "SnapKit": ["5.7.1": [:]],
        ])
        try project.depsfile(["Moya": "~> 15.0", "SnapKit": ""])
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        depsfile = try project.read("App/Depsfile")
        lockfile = try XCTUnwrap(project.lockfile)
    }

    // MARK: YAML syntax

    func testYAMLSyntaxErrorsInTheDepsfileNameTheLineAndColumn() throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Moya: ~> 15.0: x\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:4:16: error: ", mentioning: ["mapping values are not allowed"])
        try project.write("App/Depsfile", "sources:\n\t- ../Specs\ndependencies:\n  Moya:\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:2:1: error: ", mentioning: ["cannot start any token"])
    }

    func testAYAMLSyntaxErrorInTheLockfileNamesTheLineAndColumn() throws {
        try project.write("App/Depsfile.lock", replacing("  - Alamofire (5.9.1)\n", with: "  - Alamofire (5.9.1): x: y\n", in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:2:25: error: ", mentioning: ["mapping values are not allowed"])
    }

    func testAYAMLSyntaxErrorInASpecNamesTheSpecFileLineAndColumn() throws {
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\nsummary: a: b\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:3:11: error: ", mentioning: ["mapping values are not allowed"])
    }

    // MARK: Shapes, keys and values

    func testWrongNodeKindsInTheDepsfile() throws {
        let cases: [(String, String, String)] = [
            ("sources:\n  - ../Specs\ndependencies:\n  - Moya\n", "Depsfile:4: error: ", "expected a mapping for dependencies"),
            ("sources:\n  - path: ../Specs\ndependencies:\n  Moya:\n", "Depsfile:2: error: ", "expected a single value for a source"),
            ("sources: ../Specs\ndependencies:\n  Moya:\n", "Depsfile:1: error: ", "expected a list for sources"),
            ("- sources\n- dependencies\n", "Depsfile:1: error: ", "expected a mapping for the Depsfile"),
            ("sources:\n  - ../Specs\ndependencies:\n  Moya: [~> 15.0]\n", "Depsfile:4: error: ", "the requirement of Moya"),
            ("sources:\n  - ../Specs\ndependencies:\n  LocalKit:\n    path:\n      dir: ../LocalKit\n", "Depsfile:6: error: ", "the path of LocalKit"),
        ]
        for (text, location, message) in cases {
            try project.write("App/Depsfile", text)
            try assertRefused(everyCommand, status: 65, location, mentioning: [message])
        }
    }

    func testWrongNodeKindsInTheLockfileAndASpec() throws {
        try project.write("App/Depsfile.lock", replacing("DEPENDENCIES:\n  - Moya (~> 15.0)\n  - SnapKit\n", with: "DEPENDENCIES: Moya\n", in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:7: error: ", mentioning: ["expected a list for DEPENDENCIES"])
        try project.write("App/Depsfile.lock", lockfile)
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\ndependencies:\n  - Alamofire\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:4: error: ", mentioning: ["expected a mapping for dependencies"])
    }

    func testUnknownKeysAreNamedWithTheKeyProbablyMeant() throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependecies:\n  Moya:\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:3: error: ", mentioning: ["unknown key 'dependecies'", "did you mean 'dependencies'?"])
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  LocalKit:\n    paht: ../LocalKit\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:5: error: ", mentioning: ["unknown key 'paht'", "did you mean 'path'?"])
        try project.write("App/Depsfile", depsfile)
        try project.write("App/Depsfile.lock", replacing("SPEC CHECKSUMS:", with: "SPEC CHECKSUM:", in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:17: error: ", mentioning: ["unknown key 'SPEC CHECKSUM'", "did you mean 'SPEC CHECKSUMS'?"])
        try project.write("App/Depsfile.lock", lockfile)
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\nsumary: Moya\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:3: error: ", mentioning: ["unknown key 'sumary'", "did you mean 'summary'?"])
    }

    func testInvalidVersionsNameWhereTheyWereRead() throws {
        try project.write("App/Depsfile.lock", replacing("Alamofire (5.9.1)", with: "Alamofire (5..9.1)", in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:2: error: ", mentioning: ["invalid version '5..9.1'"])
        try project.write("App/Depsfile.lock", lockfile)
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15..0\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:2: error: ", mentioning: ["invalid version '15..0'"])
        try project.publish(["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]])
        try project.write("Specs/Alamofire/latest.yaml", "name: Alamofire\nversion: latest\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Alamofire/latest.yaml: error: ", mentioning: ["'latest.yaml' is not a version"])
    }

    func testInvalidRequirementsNameTheLineAndThePackage() throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Moya: ~> abc\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:4: error: invalid requirement '~> abc' for Moya")
        try project.write("App/Depsfile", depsfile)
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\ndependencies:\n  Alamofire: ~> five\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:4: error: invalid requirement '~> five' for Alamofire")
    }

    func testInvalidNamesInASpecAndInTheLockfile() throws {
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\ndependencies:\n  Alamo fire: ~> 5.0\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:4: error: ", mentioning: ["invalid package name 'Alamo fire'"])
        try project.publish(["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]])
        try project.write("App/Depsfile.lock", replacing("  - SnapKit (5.7.1)", with: "  - Snap/Kit//More (5.7.1)", in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:5: error: ", mentioning: ["invalid package name 'Snap/Kit//More'"])
    }

    /// A name is checked before it becomes a path: `../Trap` would find a valid package
    /// beside the spec repository if it were joined to it.
    func testNamesThatLookLikePathsAreRefusedBeforeAnyFileIsRead() throws {
        try project.write("Trap/1.0.0.yaml", "name: ../Trap\nversion: 1.0.0\n")
        for name in ["../../etc/passwd", "../Trap", "Foo/Bar//Baz", "Foo/", "/Foo", "My Kit", "..", ".hidden"] {
            try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  \"\(name)\": 1.0.0\n")
            try assertRefused(everyCommand, status: 65, "Depsfile:4: error: ", mentioning: ["invalid package name '\(name)'"])
        }
    }

    func testASpecWhoseNameOrVersionDisagreesWithItsPath() throws {
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya-Core\nversion: 15.0.0\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:1: error: ", mentioning: ["Moya-Core", "folder 'Moya'"])
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.1\n")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml:2: error: ", mentioning: ["15.0.1", "'15.0.0.yaml'"])
    }

    func testMergeConflictMarkersInTheLockfileAreReportedWithTheLineAndWhatToDo() throws {
        let conflict = "<<<<<<< HEAD\n  - Alamofire (5.9.1)\n=======\n  - Alamofire (5.8.0)\n>>>>>>> feature\n"
        try project.write("App/Depsfile.lock", replacing("  - Alamofire (5.9.1)\n", with: conflict, in: lockfile))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:2: error: ", mentioning: ["merge conflict", "<<<<<<<", "resolve", "deps install"])
    }

    func testEmptyFiles() throws {
        for text in ["", "\n\n", "# nothing here yet\n"] {
            try project.write("App/Depsfile", text)
            try assertRefused(everyCommand, status: 65, "Depsfile: error: ", mentioning: ["empty"])
        }
        try project.write("App/Depsfile", depsfile)
        try project.write("App/Depsfile.lock", "")
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock: error: ", mentioning: ["empty"])
        try project.write("App/Depsfile.lock", lockfile)
        try project.write("Specs/Moya/15.0.0.yaml", "")
        try assertRefused(everyCommand, status: 65, "../Specs/Moya/15.0.0.yaml: error: ", mentioning: ["empty"])
    }

    // MARK: Encodings and sizes

    func testTextThatIsNotUTF8IsRefusedWithTheLine() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + depsfile.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try write("App/Depsfile", utf16)
        try assertRefused(everyCommand, status: 65, "Depsfile:1:1: error: ", mentioning: ["UTF-8"])
        try write("App/Depsfile", try latin1(depsfile + "  CaféKit:\n"))
        try assertRefused(everyCommand, status: 65, "Depsfile:6:", mentioning: ["UTF-8"])
        try project.write("App/Depsfile", depsfile)
        try write("App/Depsfile.lock", try latin1(replacing("  ../Specs:\n", with: "  ../Spécs:\n", in: lockfile)))
        try assertRefused(lockfileCommands, status: 65, "Depsfile.lock:12:", mentioning: ["UTF-8"])
    }

    func testATenMegabyteDepsfileWithAHugeCommentInstalls() throws {
        try project.write("App/Depsfile", "# " + String(repeating: "x", count: 10_000_000) + "\n" + depsfile)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, String(install.stderr.prefix(2000)))
        XCTAssertEqual(install.stderr, "")
        XCTAssertTrue(project.lockfile?.contains("  - Moya (15.0.0):\n") == true, project.lockfile ?? "no lockfile")
        let outdated = try project.deps("outdated")
        XCTAssertEqual(outdated.status, 0, String(outdated.stderr.prefix(2000)))
    }

    func testATenMegabyteDepsfileOfUnknownJunkIsRefused() throws {
        try project.write("App/Depsfile", depsfile + "junk:\n" + String(repeating: "  - abcdefghijklmnopqrstuvwxyz\n", count: 350_000))
        try assertRefused(everyCommand, status: 65, "Depsfile:6: error: ", mentioning: ["unknown key 'junk'"])
    }

    /// Fifty thousand nested flow sequences (100 KB) in a Depsfile or in a spec from a spec
    /// repository: refused like any list where a single value belongs, or for their depth,
    /// but never by running out of stack.
    func testDeeplyNestedYAMLIsRefusedWithoutACrash() throws {
        let nested = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        try project.write("App/Depsfile", "sources: \(nested)\n")
        try assertRefused([["install"]], status: 65, "Depsfile:1:")
        try project.write("App/Depsfile", depsfile)
        try project.write("Specs/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\nsummary: \(nested)\n")
        try assertRefused([["install"]], status: 65, "../Specs/Moya/15.0.0.yaml:3:")
    }

    // MARK: The file system

    func testASymlinkLoopInTheSpecRepositoryIsAnIOError() throws {
        // The folder of a locked package, replaced by a link to itself.
        try FileManager.default.removeItem(atPath: project.root + "/Specs/SnapKit")
        try FileManager.default.createSymbolicLink(atPath: project.root + "/Specs/SnapKit", withDestinationPath: "SnapKit")
        try assertRefused(everyCommand, status: 74, "../Specs/SnapKit: error: ", mentioning: ["symbolic links"])
        // A version file that links to itself: found when the resolver first wants it.
        try FileManager.default.removeItem(atPath: project.root + "/Specs/SnapKit")
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try FileManager.default.createSymbolicLink(atPath: project.root + "/Specs/Moya/16.0.0.yaml", withDestinationPath: "16.0.0.yaml")
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Moya:\n  SnapKit:\n")
        try assertRefused([["update"], ["outdated"]], status: 74, "../Specs/Moya/16.0.0.yaml: error: ", mentioning: ["symbolic links"])
    }

    func testFilesThatCannotBeReadAreIOErrors() throws {
        let app = project.app
        try FileManager.default.removeItem(atPath: app + "/Depsfile")
        try assertRefused(everyCommand, status: 74, "Depsfile: error: ", mentioning: ["no Depsfile"])
        try FileManager.default.createDirectory(atPath: app + "/Depsfile", withIntermediateDirectories: false)
        try assertRefused(everyCommand, status: 74, "Depsfile: error: ", mentioning: ["directory"])
        try FileManager.default.removeItem(atPath: app + "/Depsfile")
        XCTAssertEqual(mkfifo(app + "/Depsfile", 0o644), 0)
        try assertRefused(everyCommand, status: 74, "Depsfile: error: ", mentioning: ["not a regular file"])
        try FileManager.default.removeItem(atPath: app + "/Depsfile")

        try project.write("App/Depsfile", depsfile)
        try FileManager.default.moveItem(atPath: app + "/Depsfile.lock", toPath: project.root + "/saved.lock")
        try FileManager.default.createDirectory(atPath: app + "/Depsfile.lock", withIntermediateDirectories: false)
        try assertRefused(lockfileCommands, status: 74, "Depsfile.lock: error: ", mentioning: ["directory"])
        try FileManager.default.removeItem(atPath: app + "/Depsfile.lock")
        try FileManager.default.moveItem(atPath: project.root + "/saved.lock", toPath: app + "/Depsfile.lock")

        try project.write("App/Depsfile", "sources:\n  - ../Nowhere\ndependencies:\n  Moya:\n")
        try assertRefused(everyCommand, status: 74, "../Nowhere: error: ", mentioning: ["no such spec repository"])
        try project.write("NotARepository", "just a file\n")
        try project.write("App/Depsfile", "sources:\n  - ../NotARepository\ndependencies:\n  Moya:\n")
        try assertRefused(everyCommand, status: 74, "../NotARepository: error: ", mentioning: ["not a directory"])
    }

    // MARK: YAML that a plain data file should not hold

    func testDuplicateKeysInTheDepsfile() throws {
        try project.write("App/Depsfile", depsfile + "  Moya: ~> 14.0\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:6:3: error: ", mentioning: ["duplicate key 'Moya'", "line 4"])
        try project.write("App/Depsfile", depsfile + "sources:\n  - ../Other\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:6:1: error: ", mentioning: ["duplicate key 'sources'", "line 1"])
    }

    func testTagsAnchorsAndAliasesInTheDepsfile() throws {
        let cases: [(String, String, String)] = [
            ("  Moya: !!str ~> 15.0\n", "Depsfile:4:9: error: ", "tags"),
            ("  Moya: &pin ~> 15.0\n  SnapKit: *pin\n", "Depsfile:4:9: error: ", "anchors"),
            ("  Moya: ~> 15.0\n  SnapKit: *pin\n", "Depsfile:5:12: error: ", "aliases"),
        ]
        for (dependencies, location, message) in cases {
            try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n" + dependencies)
            try assertRefused(everyCommand, status: 65, location, mentioning: [message])
        }
        try project.write("App/Depsfile", "shared: &shared\n  Moya: ~> 15.0\nsources:\n  - ../Specs\ndependencies:\n  <<: *shared\n")
        try assertRefused(everyCommand, status: 65, "Depsfile:1:9: error: ", mentioning: ["anchors"])
    }

    // MARK: Bad specs nobody needs

    func testABrokenSpecOfAVersionNeverConsideredDoesNotStopInstall() throws {
        try project.write("Specs/Alamofire/5.8.0.yaml", "name: [Alamofire\nversion: 5.8.0\n")
        try FileManager.default.removeItem(atPath: project.app + "/Depsfile.lock")
        for command in everyCommand {
            let outcome = DepsInProcess.run(command + ["--project", project.app])
            XCTAssertEqual(outcome.status, 0, "deps \(command.joined(separator: " ")): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr, "", command.joined(separator: " "))
        }
        XCTAssertEqual(project.lockfile, lockfile)
    }

    func testBrokenSpecsOfPackagesNobodyNeedsDoNotMatter() throws {
        try project.write("Specs/Unused/1.0.0.yaml", "name: [Unused\n")
        try project.write("Specs/Unused/latest.yaml", "")
        try project.write("Specs/Empty/2.0.0.yaml", "")
        for command in everyCommand + [["install", "--dry-run"]] {
            let outcome = DepsInProcess.run(command + ["--project", project.app])
            XCTAssertEqual(outcome.status, 0, "deps \(command.joined(separator: " ")): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr, "", command.joined(separator: " "))
        }
        XCTAssertEqual(project.lockfile, lockfile)
        // A missing package is still reported as such, with the close name.
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Moyaa:\n")
        let missing = try project.deps("install")
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Unable to find a specification for Moyaa in sources: ../Specs"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Did you mean Moya?"), missing.stderr)
        XCTAssertEqual(project.lockfile, lockfile)
    }
}

extension BadInputTests {
    /// Runs each command, as text and with `--json`, and checks the refusal: the status, a
    /// diagnostic starting with `location` and holding each fragment, an empty stdout (or just
    /// the JSON error document), no crash, and every file as it was before.
    private func assertRefused(
        _ commands: [[String]], status: Int32, _ location: String, mentioning fragments: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try FileTree(project.root)
        for command in commands {
            for json in [false, true] {
                let shown = command + (json ? ["--json"] : [])
                let outcome = DepsInProcess.run(shown + ["--project", project.app])
                let context = "deps \(shown.joined(separator: " ")) → \(outcome.status): \(outcome.stderr.prefix(2000))"
                XCTAssertEqual(outcome.status, status, context, file: file, line: line)
                XCTAssertTrue(outcome.stderr.hasPrefix(location), context, file: file, line: line)
                for fragment in fragments {
                    XCTAssertTrue(outcome.stderr.contains(fragment), "'\(fragment)' missing; \(context)", file: file, line: line)
                }
                for crash in ["Fatal error", "Program crashed", "Backtrac", "Stack dump", "Segmentation fault", "Illegal instruction"] {
                    XCTAssertFalse(outcome.stderr.contains(crash), "crash; \(context)", file: file, line: line)
                }
                if json {
                    let document = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
                    let error = document?["error"] as? [String: Any]
                    XCTAssertEqual(document?.count, 1, "stdout: \(outcome.stdout.prefix(2000)); \(context)", file: file, line: line)
                    XCTAssertEqual(error?["status"] as? Int, Int(status), "stdout: \(outcome.stdout.prefix(2000))", file: file, line: line)
                    XCTAssertTrue((error?["message"] as? String)?.hasPrefix(location) == true, "stdout: \(outcome.stdout.prefix(2000))", file: file, line: line)
                } else {
                    XCTAssertEqual(outcome.stdout, "", context, file: file, line: line)
                }
                XCTAssertEqual(try FileTree(project.root).differences(from: before), [], context, file: file, line: line)
            }
        }
    }

    private func replacing(_ old: String, with new: String, in text: String) -> String {
        XCTAssertTrue(text.contains(old), "'\(old)' not in \(text)")
        return text.replacingOccurrences(of: old, with: new)
    }

    private func write(_ relativePath: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: project.root + "/" + relativePath))
    }

    private func latin1(_ text: String) throws -> [UInt8] {
        try text.unicodeScalars.map { scalar in try XCTUnwrap(UInt8(exactly: scalar.value)) }
    }
}

/// Every entry under a directory, without following symbolic links: a file's bytes and
/// modification time, a link's target and modification time, a directory's presence.
private struct FileTree {
    enum Entry: Equatable {
        case file(Data, modified: [Int])
        case link(String, modified: [Int])
        case directory
        case other(modified: [Int])
    }

    let entries: [String: Entry]

    init(_ root: String) throws {
        var entries: [String: Entry] = [:]
        var pending = [""]
        while let folder = pending.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = root + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
                #if canImport(Darwin)
                let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
                #else
                let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
                #endif
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[relative] = .directory
                    pending.append(relative)
                case S_IFREG:
                    entries[relative] = .file(try Data(contentsOf: URL(fileURLWithPath: path)), modified: modified)
                case S_IFLNK:
                    entries[relative] = .link(try FileManager.default.destinationOfSymbolicLink(atPath: path), modified: modified)
                default:
                    entries[relative] = .other(modified: modified)
                }
            }
        }
        self.entries = entries
    }

    /// One line per entry that appeared, disappeared or changed since `earlier`.
    func differences(from earlier: FileTree) -> [String] {
        Set(entries.keys).union(earlier.entries.keys).sorted().compactMap { path in
            switch (earlier.entries[path], entries[path]) {
            case (nil, _?): return "appeared: \(path)"
            case (_?, nil): return "disappeared: \(path)"
            case let (old?, new?) where old != new: return "changed: \(path)"
            default: return nil
            }
        }
    }
}
