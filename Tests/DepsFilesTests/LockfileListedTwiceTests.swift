import DepsCore
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import Foundation
import XCTest
import DepsFailures
import DepsPresenters

/// A lock that lists one package twice in one list is malformed: which entry counted would
/// depend on the order they are read in. Every list and mapping the codec reads is covered.
final class LockfileListedTwiceTests: XCTestCase {
    let codec = LockfileCodec()

    func golden() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Lockfile.golden.yaml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func assertRefused(_ original: String, _ replacement: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try golden().replacingOccurrences(of: original, with: replacement)
        XCTAssertNotEqual(text, try golden(), "the fixture no longer holds \(original.debugDescription)", file: file, line: line)
        XCTAssertThrowsError(try codec.decode(Array(text.utf8)), replacement, file: file, line: line) { error in
            XCTAssertTrue(error is MalformedInputError, "\(type(of: error))", file: file, line: line)
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    func testTheGoldenLockListsEveryPackageOnce() throws {
        XCTAssertNoThrow(try codec.decode(Array(try golden().utf8)))
    }

    func testSubspecsOfOnePackageLockedAtTwoVersionsAreRefused() throws {
        try assertRefused("  - SnapKit (5.7.1)\n", "  - SnapKit/Core (5.7.1)\n  - SnapKit/Extra (5.8.0)\n",
                          "Depsfile.lock:8: error: SnapKit/Extra is locked at 5.8.0 but SnapKit/Core at 5.7.1 (line 7); "
                              + "the subspecs of SnapKit share one version")
        try assertRefused("  - SnapKit (5.7.1)\n", "  - SnapKit (5.7.1)\n  - SnapKit/Core (5.6.0)\n",
                          "Depsfile.lock:8: error: SnapKit/Core is locked at 5.6.0 but SnapKit at 5.7.1 (line 7); "
                              + "the subspecs of SnapKit share one version")
        // At one version they are one package's pieces, as deps writes them.
        let text = try golden().replacingOccurrences(of: "  - SnapKit (5.7.1)\n", with: "  - SnapKit/Core (5.7.1)\n  - SnapKit/Extra (5.7.1)\n")
        XCTAssertNoThrow(try codec.decode(Array(text.utf8)))
    }

    func testAPackageListedTwiceInPackagesIsRefusedWhateverTheVersions() throws {
        // The same version, then a second version before and after the first entry.
        try assertRefused("  - SnapKit (5.7.1)\n", "  - SnapKit (5.7.1)\n  - SnapKit (5.7.1)\n",
                          "Depsfile.lock:8: error: SnapKit is listed twice in PACKAGES (first on line 7)")
        try assertRefused("  - SnapKit (5.7.1)\n", "  - SnapKit (5.7.1)\n  - SnapKit (5.8.0)\n",
                          "Depsfile.lock:8: error: SnapKit is listed twice in PACKAGES (first on line 7)")
        try assertRefused("  - Alamofire (5.9.1)\n", "  - Alamofire (5.8.0)\n  - Alamofire (5.9.1)\n",
                          "Depsfile.lock:3: error: Alamofire is listed twice in PACKAGES (first on line 2)")
        // One entry with dependencies and one without.
        try assertRefused("  - SnapKit (5.7.1)\n", "  - SnapKit (5.7.1)\n  - Moya (15.0.0)\n",
                          "Depsfile.lock:8: error: Moya is listed twice in PACKAGES (first on line 5)")
    }

    func testADependencyListedTwiceIsRefused() throws {
        try assertRefused("  - Moya (~> 15.0)\n", "  - Moya (~> 15.0)\n  - Moya (~> 14.0)\n",
                          "Depsfile.lock:12: error: Moya is listed twice in DEPENDENCIES (first on line 11)")
        try assertRefused("    - Alamofire (~> 5.0)\n", "    - Alamofire (~> 5.0)\n    - Alamofire\n",
                          "Depsfile.lock:7: error: Alamofire is listed twice in the dependencies of Moya (first on line 6)")
    }

    func testAPackageInTwoSpecReposOrTwiceInOneIsRefused() throws {
        try assertRefused("    - SnapKit\n", "    - SnapKit\n    - SnapKit\n",
                          "Depsfile.lock:19: error: SnapKit is listed twice in SPEC REPOS (first on line 18)")
        try assertRefused("    - SnapKit\n", "    - SnapKit\n  ../Other:\n    - Moya\n",
                          "Depsfile.lock:20: error: Moya is listed twice in SPEC REPOS (first on line 17)")
    }

    /// The mapping sections are keyed by name: the YAML reader refuses the second key.
    func testAPackageListedTwiceInAMappingSectionIsRefused() throws {
        try assertRefused("    path: ../LocalKit\n", "    path: ../LocalKit\n  LocalKit:\n    path: ../Other\n",
                          "Depsfile.lock:23:3: error: duplicate key 'LocalKit'; it was first defined on line 21")
        try assertRefused("  SnapKit: 1e0b", "  Moya: 1e0b",
                          "Depsfile.lock:28:3: error: duplicate key 'Moya'; it was first defined on line 27")
        try assertRefused("    git: https://github.com/Alamofire/Alamofire.git\n",
                          "    git: https://github.com/Alamofire/Alamofire.git\n  Alamofire:\n    commit: 7e5ca62c186c35b2537610f8079241a54104b586\n    git: x\n",
                          "Depsfile.lock:34:3: error: duplicate key 'Alamofire'; it was first defined on line 31")
        try assertRefused("  SnapKit: 0d2b6b2e1b5c8f9f3c2f0e4b5a1d8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c\n",
                          "  SnapKit: 0d2b6b2e1b5c8f9f3c2f0e4b5a1d8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c\n  SnapKit: 0d2b6b2e1b5c8f9f3c2f0e4b5a1d8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c\n",
                          "Depsfile.lock:37:3: error: duplicate key 'SnapKit'; it was first defined on line 36")
    }
}
