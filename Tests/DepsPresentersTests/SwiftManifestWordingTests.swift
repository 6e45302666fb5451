import DepsCore
import DepsPresenters
import XCTest

/// How a Swift package's manifest that cannot be read is worded (BEHAVIOUR 16): the package, the
/// tag and the cause, the compiler's first line as it printed it, escaped for the terminal.
final class SwiftManifestWordingTests: XCTestCase {
    func testEachCauseNamesThePackageAndTheTag() {
        let identity = SwiftPackageIdentity(location: "https://github.com/apple/swift-log.git")
        func message(_ cause: SwiftManifestError.Cause) -> String? {
            ErrorTextPresenter.message(for: SwiftManifestError(package: identity, tag: "1.6.2", cause: cause))
        }
        XCTAssertEqual(message(.noManifest), "error: swift-log (tag 1.6.2): its tree has no Package.swift")
        XCTAssertEqual(
            message(.evaluationFailed("Package.swift:3:30: error: cannot find 'x' in scope\u{1B}[0m")),
            "error: swift-log (tag 1.6.2): its Package.swift does not evaluate with the swift on PATH: Package.swift:3:30: error: cannot find 'x' in scope\\u{1B}[0m")
        XCTAssertEqual(
            message(.unversionedDependency(SwiftPackageIdentity("swift-nio"), "branch main")),
            "error: swift-log (tag 1.6.2): it depends on swift-nio by branch main, which SwiftPM allows only in a root package")
        XCTAssertEqual(message(.unreadableDump(MalformedInputError(file: "dump.json", line: 1, problem: .field(.notAMapping(.document(.manifestDump), found: .sequence, typo: nil))))),
                       "error: swift-log (tag 1.6.2): swift package dump-package printed what deps cannot read: expected a mapping for the manifest, found a sequence")
    }

    func testARegistryErrorNamesThePackageAndTheURL() throws {
        let package = try SwiftRegistryIdentity("mona.LinkedList")
        let url = "http://127.0.0.1:8080/mona/LinkedList/1.1.1.zip"
        func message(_ cause: SwiftRegistryError.Cause) -> String? {
            ErrorTextPresenter.message(for: SwiftRegistryError(package: package, url: url, cause: cause))
        }
        XCTAssertEqual(message(.notFound), "error: mona.LinkedList: \(url): the registry has no such package or release (404)")
        XCTAssertEqual(message(.serverAnswered(503)), "error: mona.LinkedList: \(url): the registry answered HTTP 503")
        XCTAssertEqual(message(.noSourceArchive), "error: mona.LinkedList: \(url): the release's metadata lists no source-archive with a SHA-256 checksum")
        XCTAssertEqual(
            message(.checksumMismatch(expected: "aa", actual: "bb")),
            "error: mona.LinkedList: \(url): SHA-256 mismatch: the registry's checksum is aa, the archive's is bb; the archive was refused")
        XCTAssertEqual(
            message(.unreadableAnswer(MalformedInputError(file: "answer", line: 1, problem: .field(.notASingleValue(.fieldOfEntry("name\u{1B}", .resource), found: .mapping))))),
            "error: mona.LinkedList: \(url): the registry's answer is not what SE-0292 describes: line 1: expected a single value for a resource's `name\\u{1B}`, found a mapping")
    }

    func testAnInvalidRegistryIdentitySaysWhichPartBreaksTheRules() {
        func message(_ text: String) -> String? {
            do {
                _ = try SwiftRegistryIdentity(text)
                return nil
            } catch {
                return ErrorTextPresenter.message(for: error)
            }
        }
        XCTAssertEqual(message("LinkedList"), "error: invalid registry identity 'LinkedList': expected scope.name")
        XCTAssertEqual(message("-mona.LinkedList")?.hasPrefix("error: invalid registry identity '-mona.LinkedList': its scope must be"), true)
        XCTAssertEqual(message("mona.Linked__List")?.hasPrefix("error: invalid registry identity 'mona.Linked__List': its name must be"), true)
    }
}
