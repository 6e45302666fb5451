import DepsCore
import XCTest

/// Package names (BEHAVIOUR 2.3): what is accepted before any path is built, and the lockfile order.
final class PackageNameTests: XCTestCase {
    func testValidNames() throws {
        let valid = [
            "Alamofire", "Socket.IO-Client-Swift", "a+b", "R_1", "lottie-ios", "libwebp", "0day", "A",
            "Firebase.Core", "x-", "name.", String(repeating: "a", count: 128),
            // Trunk's names that start with `_` (SwiftNIO's pods), as a package and a subspec.
            "_NIODataStructures", "_NIOBase64", "Kit/_Internal", "_",
        ]
        for text in valid {
            XCTAssertTrue(PackageName.isValid(text), text)
            XCTAssertEqual(try PackageName(text).description, text)
        }
        XCTAssertEqual(PackageName.maximumLength, 128)
    }

    /// The sandbox's own entries (`Deps/_local`, `Deps/_targets`, `Deps/Package.swift`,
    /// `Deps/Manifest.lock`) are no package's folder, in any case.
    func testTheSandboxsOwnNamesAreNoPackagesName() {
        for text in ["_local", "_targets", "_Targets", "Package.swift", "manifest.lock"] {
            XCTAssertFalse(PackageName.isValid(text), text)
        }
        XCTAssertTrue(PackageName.isValid("Kit/_local"), "a subspec names no folder")
    }

    func testInvalidNames() {
        let invalid = [
            "/", "..", "a/b//c", "a/b/", "a/", "/b", "a//b", "a/.b", "a b", ".hidden", "-flag", "+plus", String(repeating: "a", count: 129), "",
            "Alamöfire", "名前", "a..b", "../Moya", "Moya/..", "a\\b", "a\tb", "a\nb", "Moya:", "~Moya", "Moya@1.0", ".",
        ]
        for text in invalid {
            XCTAssertFalse(PackageName.isValid(text), "'\(text)' is not a package name")
            XCTAssertThrowsError(try PackageName(text), text) { error in
                XCTAssertEqual((error as? PackageNameError)?.text, text)
            }
        }
        XCTAssertThrowsError(try PackageName("a/b/.c")) { error in
            XCTAssertEqual((error as? PackageNameError)?.text, "a/b/.c")
        }
        // A subspec's own subspec, as CocoaPods allows (BEHAVIOUR 2.3): its package is the first part.
        let nested = try? PackageName("YapDatabase/SQLCipher/Standard")
        XCTAssertEqual(nested?.root.description, "YapDatabase")
        XCTAssertEqual(nested?.subspec, "SQLCipher/Standard")
    }

    func testASubspecNameHasOneSlashAndItsPackageNamesTheFolder() throws {
        let name = try PackageName("Moya/Core")
        XCTAssertEqual(name.root, try PackageName("Moya"))
        XCTAssertEqual(name.subspec, "Core")
        XCTAssertTrue(name.isSubspec)
        XCTAssertEqual(try PackageName("Moya").subspec("Combine"), try PackageName("Moya/Combine"))
        XCTAssertNil(try PackageName("Moya").subspec)
    }

    func testLengthLimitCountsBytes() {
        XCTAssertTrue(PackageName.isValid(String(repeating: "ab", count: 64)))
        XCTAssertFalse(PackageName.isValid(String(repeating: "ab", count: 64) + "c"))
    }

    func testNamesAreCaseSensitiveValues() throws {
        XCTAssertNotEqual(try PackageName("alamofire"), try PackageName("Alamofire"))
        XCTAssertEqual(try PackageName("Moya"), try PackageName("Moya"))
        XCTAssertEqual(Set([try PackageName("Moya"), try PackageName("Moya"), try PackageName("moya")]).count, 2)
        XCTAssertEqual(try PackageName("RealmSwift").folded, "realmswift")
    }

    func testLockfileOrderIgnoresCaseFirstThenComparesBytes() throws {
        let upper = try PackageName("Alamofire")
        let lower = try PackageName("alamofire")
        XCTAssertLessThan(upper, lower)
        XCTAssertFalse(lower < upper)
        XCTAssertLessThan(try PackageName("Moya"), try PackageName("moya-core"))
        XCTAssertLessThan(try PackageName("moya"), try PackageName("Moya-Core"))
        XCTAssertLessThan(try PackageName("libwebp"), try PackageName("Moya"))
        XCTAssertLessThan(try PackageName("Kingfisher"), try PackageName("KingfisherWebP"))
        XCTAssertLessThan(try PackageName("KingfisherWebP"), try PackageName("libwebp"))
        XCTAssertFalse(try PackageName("Moya") < PackageName("Moya"))
    }

    func testSortingAMixedListGivesTheLockfileOrder() throws {
        let expected = [
            "Alamofire", "alamofire", "AlamofireImage", "Kingfisher", "KingfisherWebP", "libwebp", "lottie-ios",
            "Moya", "moya-core", "nanopb", "RxCocoa", "RxSwift", "Socket.IO-Client-Swift", "SwiftyBeaver",
        ]
        let names = try expected.map { try PackageName($0) }
        XCTAssertEqual(names.shuffled().sorted().map(\.description), expected)
        XCTAssertEqual(names.reversed().sorted().map(\.description), expected)
    }
}
