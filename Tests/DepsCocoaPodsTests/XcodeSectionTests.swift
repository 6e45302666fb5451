import DepsCocoaPods
import DepsCore
import DepsFailures
import DepsFiles
import XCTest
import DepsPresenters

/// The Depsfile's `xcode:` section (BEHAVIOUR 15): what `deps import` makes of real Podfiles'
/// targets, and how the Depsfile codec reads, refuses and writes it.
final class XcodeSectionTests: XCTestCase {
    let codec = DepsfileCodec()

    func decode(_ text: String) throws -> Manifest {
        try codec.decode(Array(text.utf8), checksum: "c")
    }

    func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(text), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    /// Simplenote: an abstract target around two targets, a test target with `inherit! :search_paths`
    /// and no pods of its own (not listed), `use_frameworks!` at the top, the workspace named.
    func testSimplenotesTargetsBecomeXcodeTargets() throws {
        let podfile = try PodfileReader().read(try CocoaPodsFixtures.podfile("simplenote-ios")).podfile
        let (settings, warnings) = podfile.xcodeSettings(defaultProject: "Simplenote.xcodeproj")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(settings?.projects, ["Simplenote.xcodeproj"])
        XCTAssertEqual(settings?.linkage, .dynamic)
        XCTAssertEqual(settings?.targets.map(\.name), ["Simplenote", "SimplenoteShare"])
        XCTAssertEqual(settings?.targets.first?.packages.map(\.description), [
            "Gridicons", "AppCenter", "AppCenter/Distribute", "Automattic-Tracks-iOS", "Simperium", "WordPress-Ratings-iOS",
        ])
        XCTAssertEqual(settings?.targets.first?.products, [
            "AppCenter", "Automattic-Tracks-iOS", "Gridicons", "Simperium", "WordPress-Ratings-iOS",
        ])
        XCTAssertEqual(settings?.targets.map(\.platform), [nil, nil], "the Depsfile's platform covers them")
        XCTAssertEqual(podfile.workspacePath(projects: ["Simplenote.xcodeproj"]), "Simplenote.xcworkspace")
        // Without a project beside the Podfile and none named, there is nothing to wire.
        XCTAssertNil(podfile.xcodeSettings(defaultProject: nil).settings)
    }

    /// CouchTracker: each target sets its own platform and `use_frameworks!`; a `def` group of pods
    /// in two targets; one target's pods are only `SwiftLint` and the group.
    func testCouchTrackersTargetsKeepTheirPodsAndPlatform() throws {
        let podfile = try PodfileReader().read(try CocoaPodsFixtures.podfile("CouchTracker")).podfile
        let settings = try XCTUnwrap(podfile.xcodeSettings(defaultProject: "CouchTracker.xcodeproj").settings)
        XCTAssertEqual(settings.linkage, .dynamic)
        XCTAssertEqual(settings.targets.map(\.name), [
            "CouchTrackerApp", "CouchTrackerAppTestable", "CouchTracker", "CouchTrackerUITests", "CouchTrackerDebug",
        ])
        XCTAssertEqual(settings.targets[2].packages.first?.description, "SwiftLint")
    }

    /// Targets that disagree on linkage: `dynamic` wins, and the target that loses is warned at its line.
    func testDisagreeingLinkageKeepsDynamicWithAWarning() throws {
        let podfile = try PodfileReader().read(Array("""
            platform :ios, '15.0'
            target 'App' do
              use_frameworks!
              pod 'Alamofire'
            end
            target 'Widget' do
              use_frameworks! :linkage => :static
              pod 'Kingfisher'
            end
            target 'Watch' do
              platform :watchos, '8.0'
              project 'Watch/Watch'
              pod 'Alamofire'
            end
            """.utf8)).podfile
        let (settings, warnings) = podfile.xcodeSettings(defaultProject: "App.xcodeproj")
        XCTAssertEqual(settings?.linkage, .dynamic)
        XCTAssertEqual(warnings, [
            PodfileWarning(line: 7, .linkage(dropped: .static, kept: .dynamic)),
            PodfileWarning(line: 10, .linkage(dropped: .automatic, kept: .dynamic)),
        ])
        XCTAssertEqual(settings?.projects, ["App.xcodeproj", "Watch/Watch.xcodeproj"])
        XCTAssertEqual(settings?.targets.map(\.project), ["App.xcodeproj", "App.xcodeproj", "Watch/Watch.xcodeproj"])
        XCTAssertEqual(settings?.targets.last?.platform, Platform(name: "watchos", deploymentTarget: try Version("8.0")))
        XCTAssertNil(settings?.targets.first?.platform, "the Depsfile's platform is App's")
        XCTAssertEqual(PodfileWording.message(for: warnings[0]), "static linkage dropped: each product of Deps/ has one linkage, and another target's dynamic linkage wins")
    }

    func testEveryFormIsReadAndWrittenBack() throws {
        let text = """
            dependencies:
              Alamofire: ~> 5.8
              Firebase/Analytics: ~> 10.0

            platform: ios 15.0

            xcode:
              project: App.xcodeproj
              linkage: static
              targets:
                App:
                  - Alamofire
                  - Firebase/Analytics
                Watch:
                  platform: watchos 8.0
                  packages:
                    - Alamofire

            """
        let manifest = try decode(text)
        let xcode = try XCTUnwrap(manifest.xcode)
        XCTAssertEqual(xcode.projects, ["App.xcodeproj"])
        XCTAssertEqual(xcode.linkage, .static)
        XCTAssertEqual(xcode.targets.map(\.name), ["App", "Watch"])
        XCTAssertEqual(xcode.targets.map(\.line), [11, 14])
        XCTAssertEqual(xcode.targets[0].products, ["Alamofire", "Firebase"])
        XCTAssertEqual(xcode.targets[1].platform?.description, "watchos 8.0")
        XCTAssertEqual(codec.encode(manifest), text)
        // Flow lists read the same.
        let flow = try decode("""
            dependencies:
              Alamofire:
            xcode:
              project: [App.xcodeproj, Widget/Widget.xcodeproj]
              targets:
                App.xcodeproj/App: [Alamofire]
                Widget/Widget.xcodeproj/Widget: {packages: [Alamofire]}
            """)
        XCTAssertEqual(flow.xcode?.targets.map(\.project), ["App.xcodeproj", "Widget/Widget.xcodeproj"])
        XCTAssertEqual(flow.xcode?.targets.map(\.name), ["App", "Widget"])
        let reread = try XCTUnwrap(try decode(codec.encode(flow)).xcode)
        XCTAssertEqual(reread.targets.map { [$0.project, $0.name] + $0.packages.map(\.description) }, flow.xcode?.targets.map { [$0.project, $0.name] + $0.packages.map(\.description) })
    }

    func testBadSectionsNameTheLineAndTheValue() {
        assertError("xcode:\n  targets:\n    App: [A]\n", "Depsfile:2: error: `xcode:` needs `project:`, the Xcode project to integrate (e.g. `project: App.xcodeproj`)")
        assertError("xcode:\n  project: App\n", "Depsfile:2: error: invalid Xcode project 'App'; expected the path of an `.xcodeproj` folder, relative to the Depsfile")
        assertError("xcode:\n  project: ../App.xcodeproj\n", "Depsfile:2: error: invalid Xcode project '../App.xcodeproj'; it must be inside the Depsfile's folder, written relative to it")
        assertError("xcode:\n  project: App.xcodeproj\n  linkage: shared\n", "Depsfile:3: error: invalid linkage 'shared'; expected one of: automatic, dynamic, static")
        assertError("xcode:\n  project: App.xcodeproj\n  target:\n", "Depsfile:3: error: unknown key 'target' in `xcode:`; did you mean 'targets'?")
        assertError("xcode:\n  project: App.xcodeproj\n  targets:\n    App: [A, A]\n", "Depsfile:4: error: A is listed twice for target 'App'")
        assertError("xcode:\n  project: App.xcodeproj\n  targets:\n    App: [../A]\n", "Depsfile:4: error: invalid package name '../A'")
        assertError("xcode:\n  project: App.xcodeproj\n  targets:\n    App: {platfrom: ios 15.0}\n", "Depsfile:4: error: unknown key 'platfrom' in target 'App'; did you mean 'platform'?")
        assertError("xcode:\n  project: App.xcodeproj\n  targets:\n    App: {platform: android 9}\n", "Depsfile:4: error: invalid platform of target 'App' 'android 9'; expected a platform and a deployment target, e.g. `ios 15.0` (one of ios, osx, macos, tvos, watchos, visionos)")
        assertError("xcode:\n  project: [A.xcodeproj, B.xcodeproj]\n  targets:\n    App: []\n", "Depsfile:4: error: target 'App' names none of the projects; with several projects write `PROJECT/TARGET`, e.g. `A.xcodeproj/App`")
    }

    /// Install checks `xcode:` against the lock and the projects before anything is written: every
    /// problem at once, with the Depsfile line and the closest target name.
    func testTheIntegrationNamesUnknownTargetsAndPackages() throws {
        let manifest = try decode("""
            dependencies:
              Alamofire:
              Firebase/Analytics:
            xcode:
              project: Shop/Shop.xcodeproj
              targets:
                Shop: [Alamofire, Firebase/Analytics, Firebase/Crashlytics]
                ShopWidgt: [Alamofire, Moya]
            """)
        let xcode = try XCTUnwrap(manifest.xcode)
        XCTAssertThrowsError(try xcode.integration(
            dependencies: manifest.dependencies, lockfile: nil,
            targetNames: ["Shop/Shop.xcodeproj": ["Shop", "ShopWidget", "ShopTests"]], sandboxFolder: "Deps")
        ) { error in
            XCTAssertEqual(error as? XcodeSettingsError, XcodeSettingsError(problems: [
                .unknownTarget(project: "Shop/Shop.xcodeproj", target: "ShopWidgt", line: 8, projectTargets: ["Shop", "ShopWidget", "ShopTests"], closest: "ShopWidget"),
                .unknownPackage(target: "ShopWidgt", package: try! PackageName("Moya"), line: 8),
            ]))
        }
        let fixed = XcodeSettings(projects: xcode.projects, targets: [xcode.targets[0]])
        XCTAssertEqual(try fixed.integration(
            dependencies: manifest.dependencies, lockfile: nil, targetNames: ["Shop/Shop.xcodeproj": ["Shop"]], sandboxFolder: "Deps"),
            XcodeIntegration(projects: [XcodeProjectIntegration(
                path: "Shop/Shop.xcodeproj", packagePath: "../Deps",
                targets: [XcodeTargetIntegration(name: "Shop", products: ["Alamofire", "Firebase"])])]))
    }
}
