import Foundation
import XCTest

/// A Depsfile.lock that lists one package twice is malformed input (65) for every command that
/// keeps the lock's pins, and nothing is changed; `deps update` without names ignores the lock
/// anyway, so it replaces it with a fresh one and warns, as it does with any unreadable lock.
final class ListedTwiceTests: XCTestCase {
    var project: TemporaryProject!
    var lock = ""

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "SnapKit": ["5.7.1": [:]],
            "Alamofire": ["5.8.0": [:], "5.9.1": [:]],
            "Moya": ["15.0.0": ["Alamofire": "~> 5.0"]],
        ])
        try project.depsfile(["SnapKit": "", "Moya": ""])
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        lock = try XCTUnwrap(project.lockfile)
    }

    /// The number of the line of `lock` that is `text`.
    func line(of text: String, in lock: String) throws -> Int {
        let lines = lock.components(separatedBy: "\n")
        return try XCTUnwrap(lines.firstIndex(of: text), "no line \(text.debugDescription) in\n\(lock)") + 1
    }

    /// Every command that reads the lock exits 65 with `message`, and changes no file.
    func assertRefusedEverywhere(_ broken: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try project.write("App/Depsfile.lock", broken)
        let manifest = try project.read("App/Deps/Manifest.lock")
        let written = project.lockfileModificationDate
        for command in [["install"], ["install", "--deployment"], ["check"], ["outdated"], ["why", "SnapKit"],
                        ["update", "SnapKit"], ["install", "--dry-run"], ["install", "--lock-only"]] {
            let outcome = DepsInProcess.run(command + ["--project", project.app])
            XCTAssertEqual(outcome.status, 65, "\(command): \(outcome.stdout)\(outcome.stderr)", file: file, line: line)
            XCTAssertEqual(outcome.stderr, "Depsfile.lock:\(message)\n", "\(command)", file: file, line: line)
        }
        XCTAssertEqual(project.lockfile, broken, file: file, line: line)
        XCTAssertEqual(project.lockfileModificationDate, written, file: file, line: line)
        XCTAssertEqual(try project.read("App/Deps/Manifest.lock"), manifest, file: file, line: line)
    }

    func testAPackageListedTwiceWithTheSameVersionIsRefusedByEveryCommand() throws {
        let first = try line(of: "  - SnapKit (5.7.1)", in: lock)
        let broken = lock.replacingOccurrences(of: "  - SnapKit (5.7.1)\n", with: "  - SnapKit (5.7.1)\n  - SnapKit (5.7.1)\n")
        try assertRefusedEverywhere(broken, "\(first + 1): error: SnapKit is listed twice in PACKAGES (first on line \(first))")
    }

    func testAPackageListedTwiceWithTwoVersionsIsRefusedWhicheverComesFirst() throws {
        let first = try line(of: "  - Alamofire (5.9.1)", in: lock)
        for pair in ["  - Alamofire (5.8.0)\n  - Alamofire (5.9.1)\n", "  - Alamofire (5.9.1)\n  - Alamofire (5.8.0)\n"] {
            let broken = lock.replacingOccurrences(of: "  - Alamofire (5.9.1)\n", with: pair)
            try assertRefusedEverywhere(broken, "\(first + 1): error: Alamofire is listed twice in PACKAGES (first on line \(first))")
        }
    }

    func testAPackageListedTwiceInAnotherSectionIsRefusedByEveryCommand() throws {
        let dependency = try line(of: "  - Moya", in: lock)
        try assertRefusedEverywhere(
            lock.replacingOccurrences(of: "\n  - Moya\n", with: "\n  - Moya\n  - Moya (~> 14.0)\n"),
            "\(dependency + 1): error: Moya is listed twice in DEPENDENCIES (first on line \(dependency))")
        let repo = try line(of: "    - SnapKit", in: lock)
        try assertRefusedEverywhere(
            lock.replacingOccurrences(of: "    - SnapKit\n", with: "    - SnapKit\n  ../Other:\n    - SnapKit\n"),
            "\(repo + 2): error: SnapKit is listed twice in SPEC REPOS (first on line \(repo))")
        let checksum = try line(of: "  SnapKit: " + (try project.sha256("Specs/SnapKit/5.7.1.yaml")), in: lock)
        try assertRefusedEverywhere(
            lock.replacingOccurrences(of: "\n\nDEPSFILE CHECKSUM", with: "\n  SnapKit: \(String(repeating: "0", count: 64))\n\nDEPSFILE CHECKSUM"),
            "\(checksum + 1):3: error: duplicate key 'SnapKit'; it was first defined on line \(checksum)")
    }

    func testUpdateWithoutNamesReplacesALockThatListsAPackageTwice() throws {
        let broken = lock.replacingOccurrences(of: "  - Alamofire (5.9.1)\n", with: "  - Alamofire (5.8.0)\n  - Alamofire (5.9.1)\n")
        try project.write("App/Depsfile.lock", broken)
        let update = try project.deps("update")
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stderr.contains("warning: Depsfile.lock could not be read, so it was resolved anew and was replaced:\n"
            + "Depsfile.lock:3: error: Alamofire is listed twice in PACKAGES (first on line 2)"), update.stderr)
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertEqual(try project.deps("check").status, 0)
    }
}
