import DepsCore
import XCTest

/// Which source each package's specs come from (BEHAVIOUR 11), decided from the Depsfile, the lock
/// and the pins that stand, on hand-built values.
final class SourceChoiceTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    /// A Depsfile listing `org` then `trunk`, with `named` giving dependencies their own source.
    func manifest(_ dependencies: [String], named: [String: String] = [:]) -> Manifest {
        Manifest(
            sources: ["org", "trunk"], dependencies: dependencies.map { Dependency(name($0)) }, checksum: "depsfile",
            dependencySources: Dictionary(uniqueKeysWithValues: named.map { (name($0.key), $0.value) }))
    }

    /// SDWebImage and Kit (its Core subspec locked) from trunk, Alamofire from org, and
    /// Orphan, which nothing depends on any more, from trunk.
    let lockfile = Lockfile(
        packages: [
            LockedPackage(name: try! PackageName("SDWebImage"), version: try! Version("5.20.0"), dependencies: []),
            LockedPackage(name: try! PackageName("Alamofire"), version: try! Version("5.9.1"), dependencies: []),
            LockedPackage(name: try! PackageName("Kit/Core"), version: try! Version("1.0.0"), dependencies: []),
            LockedPackage(name: try! PackageName("Orphan"), version: try! Version("1.0.0"), dependencies: []),
        ],
        dependencies: [Dependency(try! PackageName("SDWebImage")), Dependency(try! PackageName("Alamofire")),
                       Dependency(try! PackageName("Kit/Core"))],
        specRepos: [
            SpecRepoEntry(source: "trunk", packages: [try! PackageName("SDWebImage"), try! PackageName("Kit"), try! PackageName("Orphan")]),
            SpecRepoEntry(source: "org", packages: [try! PackageName("Alamofire")]),
        ],
        externalSources: [:], specChecksums: [:], depsfileChecksum: "depsfile", depsVersion: "1.0.0")

    func testAPinnedPackageKeepsTheSourceItsLockRecorded() {
        let choice = SourceChoice(
            manifest: manifest(["SDWebImage", "Alamofire"]), lockfile: lockfile,
            pins: [name("SDWebImage"): version("5.20.0"), name("Alamofire"): version("5.9.1")])
        XCTAssertEqual(choice.preference(for: name("SDWebImage")), .recorded("trunk"))
        XCTAssertEqual(choice.preference(for: name("Alamofire")), .recorded("org"))
    }

    func testAPackageLetMoveIsSearchedInTheSourcesOrderAgain() {
        let choice = SourceChoice(
            manifest: manifest(["SDWebImage", "Alamofire"]), lockfile: lockfile, pins: [name("Alamofire"): version("5.9.1")])
        XCTAssertNil(choice.preference(for: name("SDWebImage")), "updated by name")
        XCTAssertEqual(choice.preference(for: name("Alamofire")), .recorded("org"))

        let everything = SourceChoice(manifest: manifest(["SDWebImage", "Alamofire"]), lockfile: lockfile, pins: [:])
        XCTAssertNil(everything.preference(for: name("SDWebImage")), "a full update")
        XCTAssertNil(everything.preference(for: name("Alamofire")), "a full update")
    }

    func testAPinnedSubspecKeepsItsPackagesRecordedSourceForEverySubspec() {
        let choice = SourceChoice(manifest: manifest(["Kit/Core"]), lockfile: lockfile, pins: [name("Kit/Core"): version("1.0.0")])
        XCTAssertEqual(choice.preference(for: name("Kit")), .recorded("trunk"))
        XCTAssertEqual(choice.preference(for: name("Kit/UI")), .recorded("trunk"))
    }

    func testWithoutALockOnlyTheSourcesDependenciesNameHoldPackages() {
        let choice = SourceChoice(
            manifest: manifest(["SDWebImage", "Alamofire"], named: ["Alamofire": "trunk"]), lockfile: nil,
            pins: [name("SDWebImage"): version("5.20.0")])
        XCTAssertNil(choice.preference(for: name("SDWebImage")))
        XCTAssertEqual(choice.preference(for: name("Alamofire")), .only("trunk"))
    }

    /// A dependency's own `source:` holds its package there, pinned or not, and whatever the lock recorded.
    func testADependencysOwnSourceComesBeforeTheRecordedOne() {
        let depsfile = manifest(["SDWebImage", "Alamofire", "Kit/Core"], named: ["SDWebImage": "org", "Kit/Core": "org"])
        let pinned = SourceChoice(
            manifest: depsfile, lockfile: lockfile,
            pins: [name("SDWebImage"): version("5.20.0"), name("Kit/Core"): version("1.0.0")])
        XCTAssertEqual(pinned.preference(for: name("SDWebImage")), .only("org"))
        XCTAssertEqual(pinned.preference(for: name("Kit/UI")), .only("org"), "a subspec's source holds the whole package")
        XCTAssertEqual(SourceChoice(manifest: depsfile, lockfile: lockfile, pins: [:]).preference(for: name("SDWebImage")), .only("org"))
        XCTAssertEqual(
            SourceChoice.keepingEveryRecordedSource(manifest: depsfile, lockfile: lockfile).preference(for: name("SDWebImage")),
            .only("org"))
    }

    /// A check reads the lock as it stands: every package it records, an orphan among them, stays where it came from.
    func testReadingALockAsItStandsKeepsEveryRecordedSource() {
        let choice = SourceChoice.keepingEveryRecordedSource(manifest: manifest(["SDWebImage"]), lockfile: lockfile)
        XCTAssertEqual(choice.preference(for: name("SDWebImage")), .recorded("trunk"))
        XCTAssertEqual(choice.preference(for: name("Alamofire")), .recorded("org"))
        XCTAssertEqual(choice.preference(for: name("Orphan")), .recorded("trunk"))
        XCTAssertEqual(choice.preference(for: name("Kit/Core")), .recorded("trunk"))
        XCTAssertNil(choice.preference(for: name("NeverLocked")))
        XCTAssertEqual(SourceChoice.keepingEveryRecordedSource(manifest: manifest(["SDWebImage"]), lockfile: nil),
                       SourceChoice(manifest: manifest(["SDWebImage"]), lockfile: nil, pins: [:]))
    }
}
