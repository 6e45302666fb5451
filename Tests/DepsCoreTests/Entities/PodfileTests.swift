import DepsCore
import XCTest

/// The rules a Podfile's meaning carries (BEHAVIOUR 10): the union of every target's pods, trunk's
/// spellings, the per-target listing, the platform, and what a Depsfile dependency can say.
final class PodfileTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func requirement(_ text: String) -> Requirement { try! Requirement(text) }

    func pod(_ text: String, _ requirements: [String] = [], line: Int, source: PodExternalSource? = nil, subspecs: [String]? = nil, repository: String? = nil) -> PodDeclaration {
        PodDeclaration(name: name(text), requirements: requirements.map(requirement), line: line, externalSource: source, subspecs: subspecs, specRepository: repository)
    }

    func podfile(root: [PodDeclaration] = [], _ targets: [PodfileTarget]) -> Podfile {
        var top = PodfileTarget.root
        top.pods = root
        top.children = targets
        return Podfile(root: top)
    }

    func testAPodInSeveralTargetsGetsEveryRequirement() {
        let file = podfile(root: [pod("Alamofire", [">= 5.0"], line: 1)], [
            PodfileTarget(name: "App", pods: [pod("Alamofire", ["~> 5.6"], line: 3), pod("SnapKit", line: 4)], line: 2),
            PodfileTarget(name: "Widget", pods: [pod("Alamofire", ["< 5.9", "!= 5.7.0"], line: 7)], line: 6),
        ])
        let (dependencies, conflicts) = file.dependencies()
        XCTAssertEqual(conflicts, [])
        XCTAssertEqual(dependencies.map(\.name), [name("Alamofire"), name("SnapKit")])
        XCTAssertTrue(dependencies[0].requirement.hasSameMeaning(as: requirement(">= 5.6, < 5.9, != 5.7.0")))
        XCTAssertEqual(dependencies[0].lines, [1, 3, 7])
        XCTAssertTrue(dependencies[1].requirement.isAny)
    }

    func testSubspecsGiveOneDependencyEach() {
        let moya = pod("Moya", ["~> 15.0"], line: 2, subspecs: ["Core", "RxSwift"])
        XCTAssertEqual(moya.packageNames, [name("Moya/Core"), name("Moya/RxSwift")])
        let file = podfile([PodfileTarget(name: "App", pods: [moya, pod("Moya/Core", ["< 15.0.2"], line: 3)], line: 1)])
        let dependencies = file.dependencies().dependencies
        XCTAssertEqual(dependencies.map(\.name), [name("Moya/Core"), name("Moya/RxSwift")])
        XCTAssertTrue(dependencies[0].requirement.hasSameMeaning(as: requirement("~> 15.0, < 15.0.2")))
        XCTAssertTrue(dependencies[1].requirement.hasSameMeaning(as: requirement("~> 15.0")))
    }

    func testOneExternalSourceForAPodAndItsSubspecs() {
        let git = PodExternalSource.git(url: "https://example.org/Yap.git", reference: .branch("release"), submodules: false)
        let file = podfile([
            PodfileTarget(name: "App", pods: [pod("Yap/SQLCipher", line: 2, source: git)], line: 1),
            PodfileTarget(name: "Share", pods: [pod("Yap/Core", line: 5), pod("Yap/SQLCipher", line: 6, source: git)], line: 4),
        ])
        let (dependencies, conflicts) = file.dependencies()
        XCTAssertEqual(conflicts, [])
        XCTAssertEqual(dependencies.map(\.externalSource), [git, git])
    }

    /// A pod's own `:source` becomes its Depsfile `source:`, for each of its subspecs, trunk's
    /// spellings as `trunk`; a pod without one names none.
    func testAPodsOwnSourceBecomesItsDependencySource() throws {
        let org = "https://github.com/my-org/specs.git"
        let file = podfile([PodfileTarget(name: "App", pods: [
            pod("SDWebImage", ["~> 5.18"], line: 2, repository: org),
            pod("Moya", line: 3, subspecs: ["Core", "RxSwift"], repository: "https://CDN.cocoapods.org/"),
            pod("Alamofire", line: 4),
        ], line: 1)])
        let manifest = try file.importedManifest().manifest(checksum: "c")
        XCTAssertEqual(manifest.dependencySources, [
            name("SDWebImage"): org, name("Moya/Core"): "trunk", name("Moya/RxSwift"): "trunk",
        ])
        XCTAssertEqual(manifest.namedSource(of: name("SDWebImage")), org)
        XCTAssertNil(manifest.namedSource(of: name("Alamofire")))
        XCTAssertEqual(manifest.searchedSources, ["trunk", org])
    }

    func testTwoSourcesForOnePodConflictAtTheLineThatDisagrees() {
        let file = podfile([
            PodfileTarget(name: "App", pods: [pod("Kit", line: 2, source: .path("../Kit"))], line: 1),
            PodfileTarget(name: "Share", pods: [pod("Kit/Extension", line: 5, source: .path("../Other"))], line: 4),
            PodfileTarget(name: "Tests", pods: [pod("Lib", line: 8, repository: "https://a.example/specs.git"), pod("Lib", line: 9, repository: "trunk")], line: 7),
        ])
        XCTAssertEqual(file.dependencies().conflicts, [
            PodfileError(line: 5, .conflictingSources(name("Kit"))), PodfileError(line: 9, .conflictingSources(name("Lib"))),
        ])
    }

    func testTrunkSpellings() {
        for url in [
            "https://cdn.cocoapods.org/", "https://cdn.cocoapods.org", "https://CDN.CocoaPods.org/",
            "https://github.com/CocoaPods/Specs.git", "https://github.com/cocoapods/specs", "https://github.com/CocoaPods/Specs/",
            "HTTPS://GITHUB.COM/COCOAPODS/SPECS.GIT", "https://github.com/CocoaPods/Specs.git/",
        ] {
            XCTAssertTrue(PodfileSource.isTrunk(url), url)
            XCTAssertEqual(PodfileSource(url: url, line: 1).depsName, "trunk")
        }
        for url in ["https://github.com/artsy/Specs.git", "https://cdn.cocoapods.org.example/", "git@github.com:me/Specs.git", "trunk2"] {
            XCTAssertFalse(PodfileSource.isTrunk(url), url)
        }
        let file = Podfile(sources: [
            PodfileSource(url: "https://github.com/CocoaPods/Specs.git", line: 1), PodfileSource(url: "https://github.com/artsy/Specs.git", line: 2),
            PodfileSource(url: "https://cdn.cocoapods.org/", line: 3),
        ])
        XCTAssertEqual(file.manifestSources, ["trunk", "https://github.com/artsy/Specs.git"])
    }

    func testListingFollowsInheritance() {
        let file = podfile(root: [pod("Top", line: 1)], [
            PodfileTarget(name: "Shared", isAbstract: true, pods: [pod("Rx", line: 3)], children: [
                PodfileTarget(name: "App", pods: [pod("Moya", line: 5, subspecs: ["RxSwift"]), pod("Rx", line: 6)], children: [
                    PodfileTarget(name: "AppTests", inheritance: .searchPaths, pods: [pod("Quick", line: 9)], line: 8),
                    PodfileTarget(name: "AppUITests", line: 11),
                ], line: 4),
                PodfileTarget(name: "Alone", inheritance: .none, line: 13),
            ], line: 2),
        ])
        XCTAssertEqual(file.targetListing.map(\.target), ["App", "AppTests", "AppUITests", "Alone"])
        XCTAssertEqual(file.targetListing.map { $0.pods.map(\.description) }, [
            ["Top", "Rx", "Moya/RxSwift"], ["Quick"], ["Top", "Rx", "Moya/RxSwift"], [],
        ])
    }

    func testPlatformIsTheTopLevelOneOrTheOneEveryTargetAgreesOn() {
        let ios = Platform(name: "ios", deploymentTarget: try! Version("13.0"))
        let watch = Platform(name: "watchos", deploymentTarget: try! Version("7.0"))
        var file = podfile([PodfileTarget(name: "A", platform: ios, line: 1), PodfileTarget(name: "B", platform: ios, line: 2)])
        XCTAssertEqual(file.platform, ios)
        file.root.children.append(PodfileTarget(name: "C", platform: watch, line: 3))
        XCTAssertNil(file.platform)
        file.root.platform = ios
        XCTAssertEqual(file.platform, ios)
        XCTAssertEqual(file.concreteTargets.map(\.platform), [ios, ios, watch])
    }

    func testManifestDependencies() {
        let commit = String(repeating: "a", count: 40)
        let file = podfile([PodfileTarget(name: "App", pods: [
            pod("Plain", ["~> 1.0"], line: 1),
            pod("Local", line: 2, source: .path("../Local")),
            pod("Tagged", line: 3, source: .git(url: "https://x.example/T.git", reference: .tag("1.0"), submodules: false)),
            pod("Pinned", line: 4, source: .git(url: "https://x.example/P.git", reference: .commit(commit), submodules: false)),
            pod("Head", line: 5, source: .git(url: "https://x.example/H.git", reference: nil, submodules: false)),
            // An abbreviated commit, as CocoaPods takes it; one that is not hexadecimal is a gap.
            pod("Short", line: 6, source: .git(url: "https://x.example/S.git", reference: .commit("78c3461"), submodules: false)),
            pod("NotHex", line: 6, source: .git(url: "https://x.example/N.git", reference: .commit("78c34z1"), submodules: false)),
            pod("Deep", line: 7, source: .git(url: "https://x.example/D.git", reference: .tag("2.0"), submodules: true)),
            pod("Spec", line: 8, source: .podspec("Specs/Spec.podspec")),
            pod("JSONSpec", line: 9, source: .podspec("Specs/JSONSpec.podspec.json")),
            pod("RemoteSpec", line: 10, source: .podspec("https://x.example/RemoteSpec.PODSPEC?raw=1")),
            pod("RemoteJSON", line: 11, source: .podspec("https://x.example/RemoteJSON.podspec.json")),
            pod("Plist", line: 12, source: .podspec("Specs/Plist.plist")),
        ], line: 1)])
        let (dependencies, gaps) = file.manifestDependencies()
        XCTAssertEqual(dependencies.map(\.description), [
            "Plain (~> 1.0)", "Local (from `../Local`)", "Tagged (from `https://x.example/T.git`, tag `1.0`)",
            "Pinned (from `https://x.example/P.git`, commit `\(commit)`)",
            "Head (from `https://x.example/H.git`, default branch)",
            "Short (from `https://x.example/S.git`, commit `78c3461`)",
            "Deep (from `https://x.example/D.git`, tag `2.0`, submodules)",
            "Spec (from `Specs/Spec.podspec`)", "JSONSpec (from `Specs/JSONSpec.podspec.json`)",
        ])
        XCTAssertEqual(dependencies.first { $0.name.description == "JSONSpec" }?.externalSource, .podspec("Specs/JSONSpec.podspec.json"))
        XCTAssertEqual(dependencies.first { $0.name.description == "Head" }?.externalSource,
                       .git(url: "https://x.example/H.git", .defaultBranch))
        XCTAssertEqual(dependencies.first { $0.name.description == "Deep" }?.externalSource,
                       .git(url: "https://x.example/D.git", .tag("2.0"), submodules: true))
        XCTAssertEqual(gaps.map(\.gap), [
            .invalidGitReference(url: "https://x.example/N.git", .commit("78c34z1")),
            .unreadablePodspec("https://x.example/RemoteSpec.PODSPEC?raw=1", .url),
            .unreadablePodspec("https://x.example/RemoteJSON.podspec.json", .url), .unreadablePodspec("Specs/Plist.plist", .unknownFormat),
        ])
    }

    func testDroppedOptionsBecomeWarningsAtTheirLine() {
        var declaration = pod("KIF", line: 4)
        declaration.droppedOptions = [.configurations(["Debug"]), .inhibitWarnings(true)]
        let file = podfile([PodfileTarget(name: "App", pods: [declaration], line: 1)])
        XCTAssertEqual(file.droppedOptionWarnings, [
            PodfileWarning(line: 4, .podOption(pod: name("KIF"), .configurations(["Debug"]))),
            PodfileWarning(line: 4, .podOption(pod: name("KIF"), .inhibitWarnings(true))),
        ])
        XCTAssertEqual(declaration.droppedOptions.map(\.key), ["configurations", "inhibit_warnings"])
    }
}
