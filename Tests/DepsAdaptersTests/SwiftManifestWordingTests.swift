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
        XCTAssertEqual(message(.unreadableDump("dump.json:1: error: expected a mapping")),
                       "error: swift-log (tag 1.6.2): swift package dump-package printed what deps cannot read: dump.json:1: error: expected a mapping")
    }
}
