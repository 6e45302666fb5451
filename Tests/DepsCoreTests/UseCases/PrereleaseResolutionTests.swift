import DepsCore
import DepsCoreFakes
import ResolutionFixtures
import XCTest

/// BEHAVIOUR 2.2 as `pod install` answers it, on the shapes that meet it in real Podfiles: a
/// prerelease is a candidate when the lockfile pins it or a requirement on its package (any of
/// its subspecs) names a prerelease, from the Depsfile or from a chosen version outside the
/// package; then it is a candidate for every requirement on that package.
final class PrereleaseResolutionTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }
    func dependencies(_ table: [String: String]) -> [Dependency] {
        table.map { Dependency(name($0.key), $0.value.isEmpty ? .any : try! Requirement($0.value)) }
    }

    func install(_ dependencies: [String: String], _ source: InMemorySpecSource) async throws -> [String] {
        let store = InMemoryProjectStore(dependencies)
        let interactor = InstallInteractor(store: store, opener: InMemorySpecSourceOpener([source]))
        _ = try await interactor.install()
        return try XCTUnwrap(store.lockfile).packages.map { "\($0.name) \($0.version)" }
    }

    // MARK: A requirement from a chosen version admits the package's prereleases

    /// Firebase's shape: the subspec `Firebase/MLModelDownloader` of each Firebase release asks
    /// for `FirebaseMLModelDownloader ~> 12.x.0-beta`, a pod published only as betas.
    func firebase() -> InMemorySpecSource {
        let source = InMemorySpecSource([
            "FirebaseMLModelDownloader": ["12.18.0-beta": [:], "12.19.0-beta": [:]],
            "FirebaseCore": ["12.18.0": [:], "12.19.0": [:]],
        ])
        for release in ["12.18.0", "12.19.0"] {
            let minor = release.dropLast(2)
            source.add(specification: Specification(
                name: name("Firebase"), version: version(release), checksum: "Firebase@\(release)",
                subspecs: [
                    Subspec(name: "CoreOnly", dependencies: dependencies(["FirebaseCore": "= \(release)"])),
                    Subspec(name: "MLModelDownloader", dependencies: dependencies([
                        "Firebase/CoreOnly": "", "FirebaseMLModelDownloader": "~> \(minor).0-beta",
                    ])),
                ], defaultSubspecs: ["CoreOnly"]))
        }
        return source
    }

    func testABareRequirementTakesThePrereleaseThatAChosenSubspecNames() async throws {
        let lock = try await install(["Firebase/MLModelDownloader": "", "FirebaseMLModelDownloader": ""], firebase())
        XCTAssertEqual(lock, [
            "Firebase/CoreOnly 12.19.0", "Firebase/MLModelDownloader 12.19.0", "FirebaseCore 12.19.0",
            "FirebaseMLModelDownloader 12.19.0-beta",
        ])
    }

    func testTheRequirementThatNamesThePrereleaseMustBeInTheSelection() async throws {
        // Nothing chosen names a prerelease of FirebaseMLModelDownloader: its betas are no candidates.
        let source = firebase()
        await assertThrowsAsync({ try await install(["FirebaseMLModelDownloader": ""], source) }) { error in
            let failure = error as? ResolutionFailure
            XCTAssertEqual(failure?.unnamedPrereleases, [.init(package: name("FirebaseMLModelDownloader"), version: version("12.19.0-beta"))])
        }
        // Firebase alone (its default subspec) names none either, so the bare requirement still fails.
        await assertThrowsAsync({ try await install(["Firebase": "", "FirebaseMLModelDownloader": ""], source) })
    }

    func testANamingRequirementAdmitsPrereleasesOnlyWithinEveryRequirementsBounds() async throws {
        // Firebase/MLModelDownloader names the betas, but the Depsfile's `< 12.18.1` holds the pod to
        // 12.18.0-beta, and Firebase with it. (`< 12.19` would admit 12.19.0-beta, as in RubyGems.)
        let lock = try await install(["Firebase/MLModelDownloader": "", "FirebaseMLModelDownloader": "< 12.18.1"], firebase())
        XCTAssertEqual(lock, [
            "Firebase/CoreOnly 12.18.0", "Firebase/MLModelDownloader 12.18.0", "FirebaseCore 12.18.0",
            "FirebaseMLModelDownloader 12.18.0-beta",
        ])
    }

    // MARK: All subspecs of a package share its prereleases

    /// Moya's shape: 14.0.0 and 15.0.0-alpha.1, with `Core`, and `RxSwift` and `ReactiveSwift`
    /// that each need `Moya/Core` (no version: the sibling at the same version).
    func moya() -> InMemorySpecSource {
        let source = InMemorySpecSource([
            "RxSwift": ["5.1.1": [:], "6.0.0": [:]],
            "ReactiveSwift": ["6.1.0": [:]],
            "RxMoyaUser": ["1.0.0": ["Moya/RxSwift": "~> 15.0.0-alpha.1"]],
        ])
        for release in ["14.0.0", "15.0.0-alpha.1"] {
            source.add(specification: Specification(
                name: name("Moya"), version: version(release), checksum: "Moya@\(release)",
                subspecs: [
                    Subspec(name: "Core"),
                    Subspec(name: "RxSwift", dependencies: dependencies([
                        "Moya/Core": "", "RxSwift": release == "14.0.0" ? "~> 5.0" : "~> 6.0",
                    ])),
                    Subspec(name: "ReactiveSwift", dependencies: dependencies(["Moya/Core": "", "ReactiveSwift": "~> 6.0"])),
                ], defaultSubspecs: ["Core"]))
        }
        return source
    }

    func testASubspecAtAPrereleaseBringsItsSiblingsAtThatPrerelease() async throws {
        let rxSwift = try await install(["Moya/RxSwift": "15.0.0-alpha.1"], moya())
        XCTAssertEqual(rxSwift, [
            "Moya/Core 15.0.0-alpha.1", "Moya/RxSwift 15.0.0-alpha.1", "RxSwift 6.0.0",
        ])
        let reactiveSwift = try await install(["Moya/ReactiveSwift": "<= 15.0.0-alpha.1"], moya())
        XCTAssertEqual(reactiveSwift, [
            "Moya/Core 15.0.0-alpha.1", "Moya/ReactiveSwift 15.0.0-alpha.1", "ReactiveSwift 6.1.0",
        ])
    }

    func testARequirementOnOneSubspecAdmitsThePrereleasesOfTheOthers() async throws {
        // RxMoyaUser names a prerelease of Moya/RxSwift; the Depsfile's bare Moya/ReactiveSwift follows.
        let locked = try await install(["RxMoyaUser": "", "Moya/ReactiveSwift": ""], moya())
        XCTAssertEqual(locked, [
            "Moya/Core 15.0.0-alpha.1", "Moya/ReactiveSwift 15.0.0-alpha.1", "Moya/RxSwift 15.0.0-alpha.1",
            "ReactiveSwift 6.1.0", "RxMoyaUser 1.0.0", "RxSwift 6.0.0",
        ])
    }

    func testAPackageDoesNotAdmitItsOwnPrereleases() async throws {
        // Each subspec pins its siblings to its own version (`= 15.0.0-alpha.1`): that names no
        // prerelease for the package, so bare requirements stay on the release.
        let locked = try await install(["Moya/RxSwift": "", "Moya/ReactiveSwift": ""], moya())
        XCTAssertEqual(locked, [
            "Moya/Core 14.0.0", "Moya/ReactiveSwift 14.0.0", "Moya/RxSwift 14.0.0", "ReactiveSwift 6.1.0", "RxSwift 5.1.1",
        ])
    }

    // MARK: Prereleases left out are named in the failure

    func testAFailureNamesThePrereleaseThatWouldHaveSatisfiedTheRequirement() throws {
        let catalog = TableCatalog(["RxSwift": ["5.1.1": [:], "6.0.0-rc.2": [:], "6.1.0": [:]]])
        let failure = try ResolutionFixture.failure(catalog, ["RxSwift": "> 5.1.1, < 6.1"])
        XCTAssertEqual(failure.kind, .noSolution)
        XCTAssertEqual(failure.unnamedPrereleases, [.init(package: name("RxSwift"), version: version("6.0.0-rc.2"))])
        // Where no prerelease is in the way, none is named.
        let plain = try ResolutionFixture.failure(catalog, ["RxSwift": "> 6.1"])
        XCTAssertEqual(plain.unnamedPrereleases, [])
    }
}
