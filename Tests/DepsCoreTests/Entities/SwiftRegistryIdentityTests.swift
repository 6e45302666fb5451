import DepsCore
import XCTest

/// A registry's identities and release lists (SE-0292, BEHAVIOUR 16): `scope.name` by SE-0292's
/// rules, compared case-insensitively, and the releases a list gives.
final class SwiftRegistryIdentityTests: XCTestCase {
    func testAnIdentityIsAScopeAndANameComparedCaseInsensitively() throws {
        let identity = try SwiftRegistryIdentity("mona.LinkedList")
        XCTAssertEqual(identity.scope, "mona")
        XCTAssertEqual(identity.name, "LinkedList")
        XCTAssertEqual(identity.description, "mona.LinkedList")
        XCTAssertEqual(identity, try SwiftRegistryIdentity("Mona.linkedlist"))
        XCTAssertEqual(Set([identity, try SwiftRegistryIdentity("MONA.LINKEDLIST")]).count, 1)
        XCTAssertEqual(identity.swiftPackageIdentity, SwiftPackageIdentity("mona.linkedlist"))
        XCTAssertNoThrow(try SwiftRegistryIdentity("a-b-1.swift_log-2"))
        XCTAssertNoThrow(try SwiftRegistryIdentity(String(repeating: "s", count: 39) + "." + String(repeating: "n", count: 100)))
    }

    func testAnIdentityOutsideSE0292sRulesIsRefusedSayingWhichPart() {
        func problem(_ text: String) -> SwiftRegistryIdentityError.Problem? {
            do {
                _ = try SwiftRegistryIdentity(text)
                return nil
            } catch {
                return error.problem
            }
        }
        XCTAssertEqual(problem("LinkedList"), .noScope)
        for scope in ["", "-mona", "mona-", "mo--na", "mo_na", "mo na", String(repeating: "s", count: 40)] {
            XCTAssertEqual(problem(scope + ".LinkedList"), .invalidScope, scope)
        }
        for name in ["", "_List", "List-", "Linked__List", "Linked-_List", "Linked.List", "Liñked", String(repeating: "n", count: 101)] {
            XCTAssertEqual(problem("mona." + name), .invalidName, name)
        }
    }

    func testAReleaseListGivesItsAvailableSemanticVersionsSorted() {
        let releases = SwiftRegistryRelease.releases(fromList: [
            ("1.1.1", true), ("1.0.0", true), ("2.0.0-beta.1", true), ("1.1.0", false), ("latest", true), ("v1.2.0", true),
        ])
        XCTAssertEqual(releases.map(\.name), ["1.0.0", "1.1.1", "2.0.0-beta.1"])
    }
}
