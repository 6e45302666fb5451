import DepsCore
import DepsCocoaPods
import DepsFiles
import XCTest
import DepsPresenters

/// A Podfile.lock that cannot be read is an error naming `Podfile.lock:LINE` and the value.
final class PodfileLockMalformedTests: XCTestCase {
    func error(_ text: String) -> String? {
        do {
            _ = try PodfileLockCodec().decode(Array(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    func testAnInvalidVersionNamesItsLine() {
        XCTAssertEqual(error("PODS:\n  - Alamofire (5.9.1)\n  - SnapKit (v5)\n"), "Podfile.lock:3: error: invalid version 'v5' for SnapKit")
    }

    func testAPodWithoutAVersionNamesItsLine() {
        XCTAssertEqual(error("PODS:\n  - Alamofire\n"), "Podfile.lock:2: error: expected `Name (version)`, found 'Alamofire'")
    }

    func testAnInvalidRequirementNamesItsLine() {
        XCTAssertEqual(
            error("PODS:\n  - Moya (15.0.0):\n    - Alamofire (~> five)\n"),
            "Podfile.lock:3: error: invalid requirement '~> five' for Alamofire")
    }

    func testAPodListedTwiceNamesBothLines() {
        XCTAssertEqual(
            error("PODS:\n  - Alamofire (5.9.1)\n  - Alamofire (5.9.0)\n"),
            "Podfile.lock:3: error: Alamofire is listed twice in PODS (first on line 2)")
    }

    func testAnUnknownSectionIsNamedWithTheClosestOne() {
        XCTAssertEqual(
            error("PODS:\n  - Alamofire (5.9.1)\n\nSPEC REPO:\n  trunk:\n    - Alamofire\n"),
            "Podfile.lock:4: error: unknown key 'SPEC REPO' in the Podfile.lock; did you mean 'SPEC REPOS'?")
    }

    func testAMissingPodsSectionIsNamed() {
        XCTAssertEqual(error("DEPENDENCIES:\n  - Alamofire\n"), "Podfile.lock:1: error: missing section 'PODS'")
    }

    func testAGitSourceWithTwoReferencesNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nEXTERNAL SOURCES:\n  Kit:\n    :branch: main\n    :git: https://example.com/Kit.git\n    :tag: 1.0\n"
        XCTAssertEqual(error(text), "Podfile.lock:6: error: expected at most one of `:tag`, `:branch` or `:commit` for Kit")
    }

    func testAnExternalSourceWithoutALocationNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nEXTERNAL SOURCES:\n  Kit:\n    :tag: 1.0\n"
        XCTAssertEqual(error(text), "Podfile.lock:6: error: expected `:git`, `:path` or `:podspec` for Kit")
    }

    func testAnUnknownExternalSourceKeyNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nEXTERNAL SOURCES:\n  Kit:\n    :git: https://example.com/Kit.git\n    :tga: 1.0\n"
        XCTAssertEqual(error(text), "Podfile.lock:7: error: unknown key ':tga' in the source of Kit; did you mean ':tag'?")
    }

    func testACheckoutCommitThatIsNotHexadecimalNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nCHECKOUT OPTIONS:\n  Kit:\n    :commit: not-a-commit\n    :git: https://example.com/Kit.git\n"
        XCTAssertEqual(error(text), "Podfile.lock:6: error: invalid commit 'not-a-commit' for Kit; expected hexadecimal digits")
    }

    func testACheckoutWithoutGitNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nCHECKOUT OPTIONS:\n  Kit:\n    :commit: 0f506b1c45\n"
        XCTAssertEqual(error(text), "Podfile.lock:6: error: expected `:git` for Kit")
    }

    func testAnInvalidSubmodulesValueNamesItsLine() {
        let text = "PODS:\n  - Kit (1.0)\n\nEXTERNAL SOURCES:\n  Kit:\n    :git: https://example.com/Kit.git\n    :submodules: yes please\n"
        XCTAssertEqual(error(text), "Podfile.lock:7: error: invalid `:submodules` 'yes please' for Kit; expected true or false")
    }

    func testAMergeConflictNamesItsLine() {
        XCTAssertEqual(
            error("PODS:\n<<<<<<< HEAD\n  - Alamofire (5.9.1)\n=======\n  - Alamofire (5.9.0)\n>>>>>>> main\n"),
            "Podfile.lock:2: error: merge conflict marker '<<<<<<<'")
    }

    func testAnEmptyPodNamePartNamesItsLine() {
        XCTAssertEqual(error("PODS:\n  - Firebase//Core (10.0.0)\n"), "Podfile.lock:2: error: invalid pod name 'Firebase//Core'")
    }

    func testAShortCheckoutCommitIsReadAndRefusedByTheConversion() throws {
        let text = "PODS:\n  - Kit (1.0)\n\nDEPENDENCIES:\n  - Kit (from `https://example.com/Kit.git`, commit `0f506b1c45`)\n\n"
            + "EXTERNAL SOURCES:\n  Kit:\n    :commit: 0f506b1c45\n    :git: https://example.com/Kit.git\n\n"
            + "CHECKOUT OPTIONS:\n  Kit:\n    :commit: 0f506b1c45\n    :git: https://example.com/Kit.git\n"
        let podfileLock = try PodfileLockCodec().decode(Array(text.utf8))
        XCTAssertEqual(podfileLock.checkoutOptions["Kit"]?.pin, .commit("0f506b1c45"))
        XCTAssertThrowsError(try podfileLock.lockfile(depsfileChecksum: "")) { error in
            // EXTERNAL SOURCES may abbreviate, as the Podfile did; CHECKOUT OPTIONS is the commit
            // CocoaPods checked out, always in full, so a short one there is a damaged lock.
            XCTAssertEqual((error as? PodfileLockConversionError)?.problems, [
                .invalidCheckoutCommit(pod: "Kit", commit: "0f506b1c45"),
            ])
        }
    }
}
