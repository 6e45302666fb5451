import DepsCore
import DepsCocoaPods
import DepsFiles
import Foundation
import XCTest
import DepsPresenters

/// Real Podfile.lock files (Tests/Fixtures/CocoaPods, see its README) read and turned into deps' lock.
final class PodfileLockCodecTests: XCTestCase {
    let codec = PodfileLockCodec()

    func fixture(_ project: String) throws -> PodfileLock {
        try codec.decode(try CocoaPodsFixtures.podfileLock(project))
    }

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    /// The deps lock keeps every PODS entry at its version, and nothing else.
    func assertKeepsEveryVersion(_ podfileLock: PodfileLock, _ lock: Lockfile, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            lock.packages.map { "\($0.name) \($0.version)" }.sorted(),
            podfileLock.pods.map { "\($0.name) \($0.version)" }.sorted(), file: file, line: line)
        for pod in podfileLock.pods {
            XCTAssertEqual(lock.package(named: name(pod.name))?.version.description, pod.version.description, pod.name, file: file, line: line)
        }
    }

    /// SwiftNIO's pods on trunk start with `_` (`_NIODataStructures`, as an app's Podfile.lock
    /// locks them): read, locked and written back like any other name (BEHAVIOUR 2.3).
    func testPodsWhoseNamesStartWithAnUnderscoreAreLocked() throws {
        let podfileLock = try codec.decode(Array("""
            PODS:
              - _NIODataStructures (2.40.0)
              - SwiftNIOCore (2.40.0):
                - _NIODataStructures (= 2.40.0)

            DEPENDENCIES:
              - SwiftNIOCore (= 2.40.0)

            SPEC REPOS:
              trunk:
                - _NIODataStructures
                - SwiftNIOCore

            SPEC CHECKSUMS:
              _NIODataStructures: 1a2b
              SwiftNIOCore: 3c4d

            PODFILE CHECKSUM: 5e6f

            COCOAPODS: 1.15.2

            """.utf8))
        let lock = try podfileLock.lockfile(depsfileChecksum: String(repeating: "a", count: 64))
        XCTAssertEqual(lock.packages.map(\.name.description), ["_NIODataStructures", "SwiftNIOCore"])
        let text = LockfileCodec().encode(lock)
        XCTAssertTrue(text.contains("  - _NIODataStructures (2.40.0)\n"), text)
        XCTAssertEqual(try LockfileCodec().decode(Array(text.utf8)), lock)
    }

    /// One pod required differently by several targets: CocoaPods' Podfile.lock has a DEPENDENCIES
    /// line per requirement; the import's lock has one dependency with all of them, as the
    /// Depsfile has, so a lock whose Podfile is unchanged is not reported as older than it.
    func testOnePodRequiredByEveryTargetDifferentlyIsOneDependency() throws {
        let podfile = try PodfileReader().read(Array("""
            target 'App' do
              pod 'Alamofire', '!= 5.4.0'
              pod 'Kingfisher', '~> 7.0'
            end
            target 'Widget' do
              pod 'Alamofire', '< 5.9'
              pod 'Kingfisher', '>= 7.2'
            end
            target 'Watch' do
              pod 'Alamofire', '>= 5.0'
            end
            """.utf8)).podfile
        let podfileLock = try codec.decode(Array("""
            PODS:
              - Alamofire (5.8.1)
              - Kingfisher (7.10.0)

            DEPENDENCIES:
              - Alamofire (!= 5.4.0)
              - Alamofire (< 5.9)
              - Alamofire (>= 5.0)
              - Kingfisher (>= 7.2)
              - Kingfisher (~> 7.0)

            SPEC REPOS:
              trunk:
                - Alamofire
                - Kingfisher

            SPEC CHECKSUMS:
              Alamofire: 1a
              Kingfisher: 2b

            PODFILE CHECKSUM: 3c

            COCOAPODS: 1.15.2

            """.utf8))
        let lock = try podfileLock.lockfile(depsfileChecksum: "x")
        XCTAssertEqual(lock.dependencies.map(\.description), ["Alamofire (>= 5.0, != 5.4.0, < 5.9)", "Kingfisher (~> 7.0, >= 7.2)"])
        let drift = try podfile.importedManifest().manifest(checksum: "x").drift(from: lock)
        XCTAssertTrue(drift.added.isEmpty && drift.removed.isEmpty && drift.modified.isEmpty, "\(drift)")
    }

    func testAuthFirebaseTrunkAndSubspecs() throws {
        let podfileLock = try fixture("Auth-Firebase")
        XCTAssertEqual(podfileLock.pods.count, 18)
        XCTAssertEqual(podfileLock.pod(named: "Firebase/Auth")?.version.description, "9.2.0")
        XCTAssertEqual(podfileLock.pod(named: "GoogleUtilities/NSData+zlib")?.version.description, "7.7.0")
        XCTAssertEqual(podfileLock.pod(named: "FirebaseAuth")?.dependencies.map(\.name), [
            "FirebaseCore", "GoogleUtilities/AppDelegateSwizzler", "GoogleUtilities/Environment", "GTMSessionFetcher/Core",
        ])
        XCTAssertEqual(podfileLock.pod(named: "FirebaseAuth")?.dependencies.last?.requirement, try Requirement(">= 1.7, < 3.0"))
        XCTAssertEqual(podfileLock.dependencies.map(\.name), ["Firebase/Auth"])
        XCTAssertEqual(podfileLock.specRepos?.map(\.source), ["trunk"])
        XCTAssertEqual(podfileLock.specChecksums.count, 10)
        XCTAssertEqual(podfileLock.podfileChecksum, "46d0374369346786136828838df16de40cb3f0db")
        XCTAssertEqual(podfileLock.cocoaPodsVersion, "1.8.4")

        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(podfileLock, lock)
        XCTAssertEqual(lock.specRepos.map(\.source), ["trunk"])
        XCTAssertEqual(lock.source(of: name("GTMSessionFetcher")), "trunk")
        XCTAssertEqual(lock.rootPackages.count, 10)
        XCTAssertTrue(lock.checkoutOptions.isEmpty)
    }

    func testFirebaseQuickstartLowerCaseSpecsRepositoryIsTrunk() throws {
        let podfileLock = try fixture("quickstart-ios-analytics")
        XCTAssertEqual(podfileLock.pods.count, 18)
        XCTAssertEqual(podfileLock.pod(named: "nanopb")?.version.description, "0.3.901")
        XCTAssertEqual(podfileLock.pod(named: "Firebase/Core")?.dependencies.map(\.name), ["Firebase/CoreOnly", "FirebaseAnalytics"])
        XCTAssertEqual(podfileLock.specRepos?.map(\.source), ["https://github.com/cocoapods/specs.git"])

        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(podfileLock, lock)
        XCTAssertEqual(lock.specRepos, [SpecRepoEntry(source: "trunk", packages: [
            "Firebase", "FirebaseAnalytics", "FirebaseCore", "FirebaseInstanceID", "GoogleAppMeasurement", "GoogleUtilities", "nanopb",
        ].map(name))])
        XCTAssertEqual(lock.dependencies.map(\.description), ["Firebase/Analytics", "Firebase/Core"])
    }

    func testMoyaOldLockWithGitBranchesAndCheckoutCommits() throws {
        let podfileLock = try fixture("Moya")
        XCTAssertEqual(podfileLock.pods.count, 8)
        XCTAssertNil(podfileLock.specRepos)
        XCTAssertNil(podfileLock.podfileChecksum)
        XCTAssertEqual(podfileLock.cocoaPodsVersion, "0.35.0")
        XCTAssertEqual(podfileLock.externalSources["Alamofire"], .git(url: "https://github.com/mrackwitz/Alamofire.git", reference: .branch("podspec"), submodules: false))
        XCTAssertEqual(podfileLock.dependencies.first?.externalLocation, "https://github.com/mrackwitz/Alamofire.git")

        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(podfileLock, lock)
        XCTAssertEqual(lock.specRepos, [], "every pod came from git, none from trunk")
        XCTAssertEqual(lock.externalSources.count, 5)
        XCTAssertEqual(lock.contentPin(of: name("ReactiveCocoa")), .commit("53d7c15eaa4d2a3410a992283a80832d934cf83c"))
        XCTAssertEqual(lock.contentPin(of: name("Quick")), .commit("3fd413dd4fb1ab250a37aa766c60004d2ee03fac"))
        XCTAssertEqual(lock.checkoutOptions[name("Nimble")]?.git, "https://github.com/ashfurrow/Nimble")
        XCTAssertEqual(lock.dependencies.first { $0.name == name("LlamaKit") }?.externalSource, .git(url: "https://github.com/AshFurrow/LlamaKit", .branch("rac_podspec")))
        XCTAssertEqual(lock.package(named: name("ReactiveCocoa/Core"))?.dependencies.map(\.description), ["LlamaKit", "ReactiveCocoa/no-arc"])
    }

    func testRocketChatLockWithoutSpecReposTookItsPodsFromTrunk() throws {
        let podfileLock = try fixture("Rocket.Chat.iOS-2017-07")
        XCTAssertEqual(podfileLock.pods.count, 31)
        XCTAssertNil(podfileLock.specRepos)
        XCTAssertEqual(podfileLock.pod(named: "Google/SignIn")?.version.description, "3.1.0")
        XCTAssertEqual(podfileLock.pod(named: "SideMenuController")?.version.description, "0.2.4.1")
        XCTAssertEqual(podfileLock.externalSources["SideMenuController"], .git(url: "https://github.com/rafaelks/SideMenuController.git", reference: nil, submodules: false))
        XCTAssertEqual(podfileLock.checkoutOptions["SideMenuController"]?.pin, .commit("a3a55e08f4752b5a4e169c6a8b2ceee0096649f5"))

        // A git external source with no reference follows the default branch; the lock's commit pins it.
        let lock = try podfileLock.lockfile(depsfileChecksum: "")
        XCTAssertEqual(lock.externalSources[name("SideMenuController")], .git(url: "https://github.com/rafaelks/SideMenuController.git", .defaultBranch))
        assertKeepsEveryVersion(podfileLock, lock)
        XCTAssertEqual(lock.specRepos.map(\.source), ["trunk"])
        XCTAssertEqual(lock.specRepos.first?.packages.count, 21)
        XCTAssertEqual(lock.source(of: name("1PasswordExtension")), "trunk")
        XCTAssertNil(lock.source(of: name("SideMenuController")))
        XCTAssertEqual(lock.contentPin(of: name("SideMenuController")), .commit("a3a55e08f4752b5a4e169c6a8b2ceee0096649f5"))
    }

    func testSignalCapitalisedSpecsRepositoryGitPodsAndNestedSubspecs() throws {
        let podfileLock = try fixture("Signal-iOS")
        XCTAssertEqual(podfileLock.pods.count, 55)
        XCTAssertEqual(podfileLock.pod(named: "GRKOpenSSLFramework")?.version.description, "1.0.2.20")
        XCTAssertEqual(podfileLock.pod(named: "YapDatabase/SQLCipher/Extensions/View")?.version.description, "3.1.1")
        XCTAssertEqual(podfileLock.specRepos?.map(\.source), ["https://github.com/CocoaPods/Specs.git"])
        XCTAssertEqual(podfileLock.specRepo(of: "PromiseKit/CorePromise"), "https://github.com/CocoaPods/Specs.git")
        XCTAssertEqual(podfileLock.externalSources.count, 4)
        XCTAssertEqual(podfileLock.checkoutOptions["YapDatabase"], PodCheckout(git: "https://github.com/signalapp/YapDatabase.git", pin: .commit("e43ab163b2dcb4c817339c819b07dac545f05fea")))
        XCTAssertEqual(podfileLock.cocoaPodsVersion, "1.10.0.rc.1")

        // Subspecs of subspecs (18 of YapDatabase's) convert as they are, as CocoaPods locks them.
        let whole = try podfileLock.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(podfileLock, whole)
        XCTAssertEqual(whole.package(named: name("YapDatabase/SQLCipher/Extensions/View"))?.version.description, "3.1.1")
        // Without YapDatabase and YYImage, the rest converts pod for pod.
        let rest = PodfileLock(
            pods: podfileLock.pods.filter { !["YapDatabase", "YYImage"].contains(PodfileLock.root(of: $0.name)) },
            dependencies: podfileLock.dependencies.filter { !["YapDatabase", "YYImage"].contains(PodfileLock.root(of: $0.name)) },
            specRepos: podfileLock.specRepos,
            externalSources: podfileLock.externalSources.filter { !["YapDatabase", "YYImage"].contains($0.key) },
            checkoutOptions: podfileLock.checkoutOptions.filter { !["YapDatabase", "YYImage"].contains($0.key) })
        let lock = try rest.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(rest, lock)
        XCTAssertEqual(lock.specRepos.map(\.source), ["trunk"])
        XCTAssertEqual(lock.source(of: name("SQLCipher")), "trunk")
        XCTAssertEqual(lock.contentPin(of: name("Mantle")), .commit("b72c2d1e6132501db906de2cffa8ded7803c54f4"))
        XCTAssertEqual(lock.contentPin(of: name("Starscream")), .commit("b09ea163c3cb305152c65b299cb024610f52e735"))
        XCTAssertEqual(lock.externalSources[name("Starscream")], .git(url: "https://github.com/signalapp/Starscream.git", .branch("signal-release")))
    }

    func testWordPressPodspecSourcesTagCheckoutsAndPrereleases() throws {
        let podfileLock = try fixture("WordPress-iOS")
        XCTAssertEqual(podfileLock.pods.count, 93)
        XCTAssertEqual(podfileLock.pod(named: "WordPressKit")?.version.description, "1.6.0-beta.1")
        XCTAssertEqual(podfileLock.pod(named: "yoga")?.version.description, "0.57.5.React")
        XCTAssertEqual(podfileLock.pod(named: "NSURL+IDN")?.version.description, "0.3")
        XCTAssertEqual(podfileLock.externalSources["Folly"], .podspec("https://raw.githubusercontent.com/wordpress-mobile/gutenberg-mobile/develop/react-native-gutenberg-bridge/third-party-podspecs/Folly.podspec.json"))
        XCTAssertEqual(podfileLock.externalSources["Gutenberg"], .git(url: "http://github.com/wordpress-mobile/gutenberg-mobile/", reference: .commit("2a8fe1cf81dcd3469c03aa871293bb454377528e"), submodules: false))
        XCTAssertEqual(podfileLock.checkoutOptions["RNSVG"]?.pin, .tag("8.0.9-gb.0"))
        XCTAssertEqual(podfileLock.dependencies.first { $0.name == "WordPressKit" }?.requirement, try Requirement("~> 1.6.0-beta"))

        XCTAssertThrowsError(try podfileLock.lockfile(depsfileChecksum: "")) { error in
            XCTAssertEqual((error as? PodfileLockConversionError)?.problems.map(\.podspecPod), ["Folly", "React", "react-native-safe-area", "yoga"])
        }
        // Without the pods whose podspec comes from a URL, the rest converts pod for pod.
        let fromURL: Set<String> = ["Folly", "React", "react-native-safe-area", "yoga"]
        let rest = PodfileLock(
            pods: podfileLock.pods.filter { !fromURL.contains(PodfileLock.root(of: $0.name)) },
            dependencies: podfileLock.dependencies.filter { !fromURL.contains($0.name) },
            specRepos: podfileLock.specRepos,
            externalSources: podfileLock.externalSources.filter { !fromURL.contains($0.key) },
            checkoutOptions: podfileLock.checkoutOptions)
        let lock = try rest.lockfile(depsfileChecksum: "")
        assertKeepsEveryVersion(rest, lock)
        XCTAssertEqual(lock.source(of: name("NSURL+IDN")), "trunk")
        XCTAssertEqual(lock.contentPin(of: name("Gutenberg")), .commit("2a8fe1cf81dcd3469c03aa871293bb454377528e"))
        XCTAssertNil(lock.contentPin(of: name("RNSVG")), "a checkout by tag pins no commit")
        XCTAssertEqual(lock.externalSources[name("RNTAztecView")], .git(url: "https://github.com/wordpress-mobile/react-native-aztec.git", .tag("v0.1.3")))
    }
}

private extension PodfileLockConversionProblem {
    var podspecPod: String? {
        if case let .podspecSource(pod, _) = self { return pod }
        return nil
    }
}
