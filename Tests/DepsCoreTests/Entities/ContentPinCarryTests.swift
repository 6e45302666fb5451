import DepsCore
import XCTest

/// Which code pins a new resolution keeps from the previous lock (BEHAVIOUR 8.2 and 14): the
/// same version of the same spec keeps its pin, from the same spec repository or, the spec bytes
/// being the same, from another one (a project moved onto a mirror); anything else is pinned anew.
final class ContentPinCarryTests: XCTestCase {
    let commit = String(repeating: "a", count: 40)
    let digest = String(repeating: "d", count: 64)

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    /// Kit (git) and Zip (an archive) locked from `source`, with these spec checksums.
    func lock(
        from source: String, kit: String = "1.0.0", checksums: (kit: String?, zip: String?) = ("k1", "z1"), pinned: Bool
    ) -> Lockfile {
        var specChecksums: [PackageName: String] = [:]
        specChecksums[name("Kit")] = checksums.kit
        specChecksums[name("Zip")] = checksums.zip
        return Lockfile(
            packages: [
                LockedPackage(name: name("Kit"), version: try! Version(kit), dependencies: []),
                LockedPackage(name: name("Zip"), version: try! Version("2.0.0"), dependencies: []),
            ],
            dependencies: [Dependency(name("Kit")), Dependency(name("Zip"))],
            specRepos: [SpecRepoEntry(source: source, packages: [name("Kit"), name("Zip")])],
            externalSources: [:], specChecksums: specChecksums, depsfileChecksum: "", depsVersion: DepsRelease.version,
            checkoutOptions: pinned ? [name("Kit"): CheckoutOption(git: "https://git.example/Kit.git", commit: commit)] : [:],
            sourceChecksums: pinned ? [name("Zip"): digest] : [:])
    }

    func testTheSameSpecReadFromAMirrorKeepsItsPins() {
        let previous = lock(from: "trunk", pinned: true)
        let next = lock(from: "https://mirror.example/", pinned: false).carryingContentPins(from: previous)
        XCTAssertEqual(next.contentPin(of: name("Kit")), .commit(commit))
        XCTAssertEqual(next.contentPin(of: name("Zip")), .archiveDigest(digest))
        // What `--dry-run` predicts for released packages follows the same rule.
        let predicted = lock(from: "https://mirror.example/", pinned: false).keepingUnmovedPins(
            from: previous, releasing: [name("Kit")],
            sources: [name("Kit"): .git(url: "https://git.example/Kit.git", .tag("1.0.0"))])
        XCTAssertEqual(predicted.contentPin(of: name("Kit")), .commit(commit))
    }

    func testAnotherSpecAnotherVersionOrAReleaseIsPinnedAnew() {
        let previous = lock(from: "trunk", pinned: true)
        let otherSpec = lock(from: "https://mirror.example/", checksums: ("k2", "z1"), pinned: false).carryingContentPins(from: previous)
        XCTAssertNil(otherSpec.contentPin(of: name("Kit")), "another spec may name other code")
        XCTAssertEqual(otherSpec.contentPin(of: name("Zip")), .archiveDigest(digest))
        let otherVersion = lock(from: "https://mirror.example/", kit: "1.1.0", pinned: false).carryingContentPins(from: previous)
        XCTAssertNil(otherVersion.contentPin(of: name("Kit")))
        let released = lock(from: "https://mirror.example/", pinned: false).carryingContentPins(from: previous, releasing: [name("Kit")])
        XCTAssertNil(released.contentPin(of: name("Kit")))
        XCTAssertEqual(released.contentPin(of: name("Zip")), .archiveDigest(digest))
        // Without a checksum to compare (a lock imported from a Podfile.lock), only the same source keeps a pin.
        let unrecorded = lock(from: "trunk", checksums: (nil, nil), pinned: true)
        let moved = lock(from: "https://mirror.example/", pinned: false).carryingContentPins(from: unrecorded)
        XCTAssertNil(moved.contentPin(of: name("Kit")))
    }
}
