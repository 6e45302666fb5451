import DepsCore
import XCTest

/// How a CocoaPods Podfile.lock becomes deps' lock (BEHAVIOUR 10), on hand-built values.
final class PodfileLockConversionTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }
    func pod(_ name: String, _ version: String, _ dependencies: [PodDependency] = []) -> PodfileLock.Pod {
        PodfileLock.Pod(name: name, version: self.version(version), dependencies: dependencies)
    }
    func dependency(_ name: String, _ requirement: String = "", from location: String? = nil) -> PodDependency {
        PodDependency(name: name, requirement: requirement.isEmpty ? .any : try! Requirement(requirement), externalLocation: location)
    }

    /// `pod 'Firebase/Auth'` and `pod 'Mantle', :git => ..., :branch => 'signal-master'`, as CocoaPods locks them.
    func firebaseAndMantle(specRepos: [PodfileLock.SpecRepo]? = [PodfileLock.SpecRepo(source: "trunk", pods: ["Firebase", "FirebaseAuth", "FirebaseCore"])]) -> PodfileLock {
        PodfileLock(
            pods: [
                pod("Firebase/Auth", "9.2.0", [dependency("Firebase/CoreOnly"), dependency("FirebaseAuth", "~> 9.2.0")]),
                pod("Firebase/CoreOnly", "9.2.0", [dependency("FirebaseCore", "= 9.2.0")]),
                pod("FirebaseAuth", "9.2.0", [dependency("FirebaseCore", "< 10.0, >= 9.0")]),
                pod("FirebaseCore", "9.2.0"),
                pod("Mantle", "2.1.0", [dependency("Mantle/extobjc", "= 2.1.0")]),
                pod("Mantle/extobjc", "2.1.0"),
            ],
            dependencies: [dependency("Firebase/Auth"), dependency("Mantle", from: "https://github.com/signalapp/Mantle")],
            specRepos: specRepos,
            externalSources: ["Mantle": .git(url: "https://github.com/signalapp/Mantle", reference: .branch("signal-master"), submodules: false)],
            checkoutOptions: ["Mantle": PodCheckout(git: "https://github.com/signalapp/Mantle", pin: .commit("b72c2d1e6132501db906de2cffa8ded7803c54f4"))],
            specChecksums: ["Firebase": "4ba896cb8e5105d4b9e247e1c1b6222b548df55a"],
            podfileChecksum: "46d0374369346786136828838df16de40cb3f0db", cocoaPodsVersion: "1.10.0")
    }

    func testEveryPodBecomesALockedPackageAtItsVersionSubspecsIncluded() throws {
        let lock = try firebaseAndMantle().lockfile(depsfileChecksum: "depsfile")
        XCTAssertEqual(lock.packages.map { "\($0.name) (\($0.version))" }, [
            "Firebase/Auth (9.2.0)", "Firebase/CoreOnly (9.2.0)", "FirebaseAuth (9.2.0)", "FirebaseCore (9.2.0)",
            "Mantle (2.1.0)", "Mantle/extobjc (2.1.0)",
        ])
        XCTAssertEqual(lock.package(named: name("Firebase/Auth"))?.dependencies.map(\.description), ["Firebase/CoreOnly", "FirebaseAuth (~> 9.2.0)"])
        XCTAssertEqual(lock.package(named: name("FirebaseAuth"))?.dependencies.map(\.description), ["FirebaseCore (>= 9.0, < 10.0)"])
        XCTAssertEqual(lock.depsfileChecksum, "depsfile")
        XCTAssertEqual(lock.depsVersion, DepsRelease.version)
    }

    func testDependenciesKeepTheirRequirementsAndExternalSources() throws {
        let lock = try firebaseAndMantle().lockfile(depsfileChecksum: "")
        XCTAssertEqual(lock.dependencies, [
            Dependency(name("Firebase/Auth")),
            Dependency(name("Mantle"), externalSource: .git(url: "https://github.com/signalapp/Mantle", .branch("signal-master"))),
        ])
        XCTAssertEqual(lock.externalSources, [name("Mantle"): .git(url: "https://github.com/signalapp/Mantle", .branch("signal-master"))])
    }

    func testCheckoutCommitsBecomeTheCodePins() throws {
        let lock = try firebaseAndMantle().lockfile(depsfileChecksum: "")
        XCTAssertEqual(lock.contentPin(of: name("Mantle")), .commit("b72c2d1e6132501db906de2cffa8ded7803c54f4"))
        XCTAssertEqual(lock.checkoutOptions[name("Mantle")]?.git, "https://github.com/signalapp/Mantle")
        let source = lock.externalSources[name("Mantle")]!
        XCTAssertEqual(lock.lockedCommit(of: name("Mantle"), from: source), "b72c2d1e6132501db906de2cffa8ded7803c54f4")
    }

    func testTheNextResolutionKeepsTheCheckoutCommitsThoughCocoaPodsChecksumsAreNotCarried() throws {
        let imported = try firebaseAndMantle().lockfile(depsfileChecksum: "")
        // The next install resolves the same versions and records deps' own spec checksums.
        let resolved = Lockfile(
            packages: imported.packages, dependencies: imported.dependencies, specRepos: imported.specRepos,
            externalSources: imported.externalSources,
            specChecksums: Dictionary(uniqueKeysWithValues: imported.rootPackages.map { ($0.name, "deps-\($0.name)") }),
            depsfileChecksum: "", depsVersion: imported.depsVersion)
        let next = resolved.carryingContentPins(from: imported)
        XCTAssertEqual(next.contentPin(of: name("Mantle")), .commit("b72c2d1e6132501db906de2cffa8ded7803c54f4"))
        // A package the next resolution moves is pinned anew.
        XCTAssertNil(resolved.carryingContentPins(from: imported, releasing: [name("Mantle")]).contentPin(of: name("Mantle")))
    }

    func testACheckoutWithATagOnlyPinsNothing() throws {
        let podfileLock = PodfileLock(
            pods: [pod("RNSVG", "8.0.9")], dependencies: [dependency("RNSVG", from: "https://github.com/wordpress-mobile/react-native-svg.git")],
            specRepos: nil,
            externalSources: ["RNSVG": .git(url: "https://github.com/wordpress-mobile/react-native-svg.git", reference: .tag("8.0.9-gb.0"), submodules: false)],
            checkoutOptions: ["RNSVG": PodCheckout(git: "https://github.com/wordpress-mobile/react-native-svg.git", pin: .tag("8.0.9-gb.0"))])
        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        XCTAssertNil(lock.contentPin(of: name("RNSVG")))
        XCTAssertEqual(lock.externalSources[name("RNSVG")], .git(url: "https://github.com/wordpress-mobile/react-native-svg.git", .tag("8.0.9-gb.0")))
        XCTAssertEqual(lock.specRepos, [], "a pod from an external source comes from no spec repository")
    }

    func testSpecReposBecomeTheSourceOfEachPackage() throws {
        let podfileLock = firebaseAndMantle(specRepos: [
            PodfileLock.SpecRepo(source: "https://github.com/CocoaPods/Specs.git", pods: ["Firebase", "FirebaseAuth"]),
            PodfileLock.SpecRepo(source: "https://github.com/my-org/specs.git", pods: ["FirebaseCore"]),
        ])
        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        XCTAssertEqual(lock.source(of: name("Firebase")), "trunk")
        XCTAssertEqual(lock.source(of: name("FirebaseAuth")), "trunk")
        XCTAssertEqual(lock.source(of: name("FirebaseCore")), "https://github.com/my-org/specs.git")
        XCTAssertNil(lock.source(of: name("Mantle")))
    }

    func testEverySpellingOfTrunkIsTrunk() {
        for spelling in [
            "trunk", "https://github.com/CocoaPods/Specs.git", "https://github.com/cocoapods/specs.git",
            "https://github.com/CocoaPods/Specs", "https://GitHub.com/CocoaPods/Specs/", "https://cdn.cocoapods.org/",
            "https://cdn.cocoapods.org", "git@github.com:CocoaPods/Specs.git",
        ] {
            XCTAssertEqual(PodfileLock.specSourceLabel(spelling), "trunk", spelling)
        }
        for other in ["https://github.com/artsy/Specs.git", "https://cdn.example.com/", "../Specs", "master"] {
            XCTAssertEqual(PodfileLock.specSourceLabel(other), other)
        }
    }

    func testTwoSpellingsOfTrunkAreOneSource() throws {
        let podfileLock = PodfileLock(
            pods: [pod("Alamofire", "5.9.1"), pod("SnapKit", "5.7.1")],
            dependencies: [dependency("Alamofire"), dependency("SnapKit")],
            specRepos: [
                PodfileLock.SpecRepo(source: "https://cdn.cocoapods.org/", pods: ["Alamofire"]),
                PodfileLock.SpecRepo(source: "trunk", pods: ["SnapKit"]),
            ])
        XCTAssertEqual(try podfileLock.lockfile(depsfileChecksum: "").specRepos, [SpecRepoEntry(source: "trunk", packages: [name("Alamofire"), name("SnapKit")])])
    }

    func testALockWithoutSpecReposTookEveryPodWithoutAnExternalSourceFromTrunk() throws {
        let lock = try firebaseAndMantle(specRepos: nil).lockfile(depsfileChecksum: "")
        XCTAssertEqual(lock.specRepos, [SpecRepoEntry(source: "trunk", packages: [name("Firebase"), name("FirebaseAuth"), name("FirebaseCore")])])
    }

    /// A `:podspec:` naming a podspec.json file beside the Podfile becomes the Depsfile's
    /// `podspec:`; its package stays out of SPEC REPOS.
    func testAPodspecFileBecomesAPodspecSource() throws {
        let podfileLock = PodfileLock(
            pods: [pod("Kit", "1.0.0", [dependency("Alamofire", "~> 5.0")]), pod("Alamofire", "5.9.1")],
            dependencies: [dependency("Kit", from: "Specs/Kit.podspec.json")],
            specRepos: [PodfileLock.SpecRepo(source: "trunk", pods: ["Alamofire"])],
            externalSources: ["Kit": .podspec("Specs/Kit.podspec.json")])
        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        let file = ExternalSource.podspec("Specs/Kit.podspec.json")
        XCTAssertEqual(lock.dependencies, [Dependency(name("Kit"), externalSource: file)])
        XCTAssertEqual(lock.externalSources, [name("Kit"): file])
        XCTAssertEqual(lock.specRepos, [SpecRepoEntry(source: "trunk", packages: [name("Alamofire")])])
        XCTAssertEqual(lock.packages.map { "\($0.name) \($0.version)" }.sorted(), ["Alamofire 5.9.1", "Kit 1.0.0"])
    }

    func testCocoaPodsSpecChecksumsAreNotCarried() throws {
        XCTAssertEqual(try firebaseAndMantle().lockfile(depsfileChecksum: "").specChecksums, [:])
    }

    func testEverythingDepsCannotSayIsNamedInOneError() {
        let podfileLock = PodfileLock(
            pods: [
                pod("YapDatabase/SQLCipher", "3.1.1", [dependency("YapDatabase/SQLCipher/Core", "= 3.1.1")]),
                pod("YapDatabase/SQLCipher/Core", "3.1.1"),
                pod("YYImage", "1.0.4"), pod("React", "0.57.5"), pod("Kit", "1.0"), pod("Gutenberg", "0.3.2"), pod("Zip", "1.0"),
            ],
            dependencies: [
                dependency("YapDatabase/SQLCipher", from: "https://github.com/signalapp/YapDatabase.git"),
                dependency("YYImage", from: "https://github.com/signalapp/YYImage"),
                dependency("React", from: "https://example.com/React.podspec.json"),
                dependency("Kit", from: "https://example.com/Kit.git"),
                dependency("Gutenberg", from: "http://github.com/wordpress-mobile/gutenberg-mobile/"),
                dependency("Zip", from: "../Zip"),
            ],
            specRepos: [],
            externalSources: [
                "YapDatabase": .git(url: "https://github.com/signalapp/YapDatabase.git", reference: .branch("signal-release"), submodules: false),
                "YYImage": .git(url: "https://github.com/signalapp/YYImage", reference: nil, submodules: false),
                "React": .podspec("https://example.com/React.podspec.json"),
                "Kit": .git(url: "https://example.com/Kit.git", reference: .tag("1.0"), submodules: true),
                "Gutenberg": .git(url: "http://github.com/wordpress-mobile/gutenberg-mobile/", reference: .tag("-2a8fe1c"), submodules: false),
            ],
            checkoutOptions: ["YYImage": PodCheckout(git: "https://github.com/signalapp/YYImage", pin: .commit("D91910E6"))])
        XCTAssertThrowsError(try podfileLock.lockfile(depsfileChecksum: "")) { error in
            XCTAssertEqual((error as? PodfileLockConversionError)?.problems, [
                .invalidGitReference(pod: "Gutenberg", key: "tag", value: "-2a8fe1c"),
                .podspecSource(pod: "React", location: "https://example.com/React.podspec.json"),
                .externalSourceMissing(pod: "Zip"),
                .invalidCheckoutCommit(pod: "YYImage", commit: "D91910E6"),
            ])
        }
    }
}
