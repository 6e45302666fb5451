import DepsCore
import DepsCoreFakes
import XCTest

/// The first `deps install` after a Podfile.lock became deps' lock keeps every version it
/// locked (BEHAVIOUR 10): PACKAGES equal PODS, although newer versions exist and CocoaPods' spec
/// checksums were not carried.
final class PodfileLockInstallTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    func firebase(_ versionText: String) -> Specification {
        Specification(
            name: name("Firebase"), version: version(versionText), checksum: "trunk:Firebase@\(versionText)",
            subspecs: [
                Subspec(name: "CoreOnly", dependencies: [Dependency(name("FirebaseCore"), try! Requirement("= \(versionText)"))]),
                Subspec(name: "Auth", dependencies: [Dependency(name("Firebase/CoreOnly")), Dependency(name("FirebaseAuth"), try! Requirement("~> \(versionText)"))]),
            ],
            defaultSubspecs: ["CoreOnly"])
    }

    func testTheNextInstallKeepsEveryPodVersion() async throws {
        let trunk = InMemorySpecSource(label: "trunk", [
            "FirebaseAuth": ["9.2.0": ["FirebaseCore": "~> 9.0"], "9.6.0": ["FirebaseCore": "~> 9.0"]],
            "FirebaseCore": ["9.2.0": [:], "9.6.0": [:]],
            "SnapKit": ["5.0.1": [:], "5.7.1": [:]],
            "WordPressKit": ["1.5.0": [:], "1.6.0-beta.1": [:], "1.6.0": [:]],
        ])
        trunk.add(specification: firebase("9.2.0"))
        trunk.add(specification: firebase("9.6.0"))
        let podfileLock = PodfileLock(
            pods: [
                PodfileLock.Pod(name: "Firebase/Auth", version: version("9.2.0"), dependencies: [
                    PodDependency(name: "Firebase/CoreOnly"), PodDependency(name: "FirebaseAuth", requirement: try Requirement("~> 9.2.0")),
                ]),
                PodfileLock.Pod(name: "Firebase/CoreOnly", version: version("9.2.0"), dependencies: [
                    PodDependency(name: "FirebaseCore", requirement: try Requirement("= 9.2.0")),
                ]),
                PodfileLock.Pod(name: "FirebaseAuth", version: version("9.2.0"), dependencies: [
                    PodDependency(name: "FirebaseCore", requirement: try Requirement("~> 9.0")),
                ]),
                PodfileLock.Pod(name: "FirebaseCore", version: version("9.2.0")),
                PodfileLock.Pod(name: "SnapKit", version: version("5.0.1")),
                PodfileLock.Pod(name: "WordPressKit", version: version("1.6.0-beta.1")),
            ],
            dependencies: [
                PodDependency(name: "Firebase/Auth"), PodDependency(name: "SnapKit"),
                PodDependency(name: "WordPressKit", requirement: try Requirement("~> 1.5")),
            ],
            specRepos: [PodfileLock.SpecRepo(source: "https://github.com/CocoaPods/Specs.git", pods: ["Firebase", "FirebaseAuth", "FirebaseCore", "SnapKit", "WordPressKit"])],
            specChecksums: ["Firebase": "4ba896cb8e5105d4b9e247e1c1b6222b548df55a"])

        let store = InMemoryProjectStore(sources: ["trunk"], ["Firebase/Auth": "", "SnapKit": "", "WordPressKit": "~> 1.5"])
        store.lockfile = try podfileLock.lockfile(depsfileChecksum: store.manifest.checksum)
        let interactor = InstallInteractor(store: store, opener: InMemorySpecSourceOpener([trunk]))
        let result = try await interactor.install()

        XCTAssertEqual(store.lockedVersions, Dictionary(uniqueKeysWithValues: podfileLock.pods.map { ($0.name, $0.version.description) }))
        XCTAssertEqual(result.changes.filter(\.isChange), [])
        XCTAssertEqual(store.lockfile?.specChecksums[name("Firebase")], "trunk:Firebase@9.2.0", "deps records its own spec checksums")
        XCTAssertEqual(store.lockfile?.source(of: name("SnapKit")), "trunk")
    }
}
