import DepsCore
import DepsCoreFakes
import XCTest

/// Xcode projects in memory: each a list of targets and, per target, the products it links.
final class InMemoryXcodeProjects: XcodeProjects {
    var targets: [String: [String]]
    var linked: [String: [String: [String]]] = [:]
    /// What the fake was asked, in order: `integrate`, `drift`, `deintegrate`, `removeCocoaPods`.
    private(set) var calls: [String] = []
    var topLevel: [String] = []

    init(_ targets: [String: [String]]) { self.targets = targets }

    func projectsAtTopLevel() -> [String] { topLevel }

    func targetNames(in project: String) throws -> [String] { targets[project] ?? [] }

    func integrate(_ integration: XcodeIntegration) throws -> [XcodeProjectEdit] {
        calls.append("integrate")
        return integration.projects.map { project in
            let before = linked[project.path] ?? [:]
            var after: [String: [String]] = [:]
            for target in project.targets { after[target.name] = target.products }
            linked[project.path] = after
            let edits = project.targets.compactMap { target -> XcodeTargetEdit? in
                let had = Set(before[target.name] ?? [])
                let linked = Set(target.products).subtracting(had).sorted()
                return linked.isEmpty ? nil : XcodeTargetEdit(target: target.name, linked: linked, unlinked: [])
            }
            return XcodeProjectEdit(project: project.path, written: before != after, objectsAdded: 0, objectsRemoved: 0, linesChanged: 0, targets: edits)
        }
    }

    func drift(from integration: XcodeIntegration) throws -> [XcodeDrift] {
        calls.append("drift")
        var drift: [XcodeDrift] = []
        for project in integration.projects {
            for target in project.targets {
                let has = linked[project.path]?[target.name] ?? []
                for product in target.products where !has.contains(product) {
                    drift.append(XcodeDrift(project: project.path, target: target.name, kind: .missingProduct(product)))
                }
            }
        }
        return drift
    }

    func deintegrate(_ projects: [String]) throws -> [XcodeProjectEdit] {
        calls.append("deintegrate")
        return projects.map { XcodeProjectEdit(project: $0, written: linked.removeValue(forKey: $0) != nil, objectsAdded: 0, objectsRemoved: 0, linesChanged: 0, targets: []) }
    }

    func removeCocoaPods(from projects: [String], workspace: String?, dryRun: Bool) throws -> CocoaPodsRemoval {
        calls.append("removeCocoaPods")
        return CocoaPodsRemoval(projects: [], workspaceEdited: false)
    }
}

/// Install, update and check keep the Depsfile's Xcode projects wired (BEHAVIOUR 15), on in-memory
/// gateways: targets and packages are checked before anything is written, the projects are edited
/// after the sandbox and the lock, `--lock-only` and dry runs touch none, and check reports drift.
final class XcodeWiringTests: XCTestCase {
    var opener: InMemorySpecSourceOpener!
    var sandbox: InMemorySandbox!
    var xcode: InMemoryXcodeProjects!

    override func setUp() {
        opener = InMemorySpecSourceOpener([InMemorySpecSource([
            "Alamofire": ["5.9.1": [:]], "Moya": ["15.0.0": ["Alamofire": "~> 5.0"]], "SnapKit": ["5.7.1": [:]],
        ])])
        sandbox = InMemorySandbox(exists: false)
        xcode = InMemoryXcodeProjects(["App.xcodeproj": ["App", "AppTests", "Widget"]])
    }

    func store(_ targets: [XcodeTargetRequest]) -> InMemoryProjectStore {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        store.manifest = Manifest(
            sources: store.manifest.sources, dependencies: store.manifest.dependencies, checksum: "x",
            xcode: XcodeSettings(projects: ["App.xcodeproj"], targets: targets))
        return store
    }

    func target(_ name: String, _ packages: [String], line: Int = 7) -> XcodeTargetRequest {
        XcodeTargetRequest(name: name, packages: packages.map { try! PackageName($0) }, line: line)
    }

    func install(_ store: InMemoryProjectStore, lockOnly: Bool = false, dryRun: Bool = false) async throws -> LockfileUpdate {
        let interactor = InstallInteractor(
            store: store, opener: opener, installation: SandboxInstallation(sandbox: sandbox, fetcher: InMemoryCodeFetcher()),
            xcode: XcodeWiring(projects: xcode, sandboxFolder: "Deps"))
        return try await interactor.install(dryRun: dryRun, lockOnly: lockOnly)
    }

    func testInstallWiresEachTargetWithItsProductsAfterTheLock() async throws {
        // A transitive package (Alamofire, through Moya) may be linked too: it is in the lock.
        let store = store([target("App", ["Moya", "Alamofire"]), target("Widget", ["SnapKit"])])
        let result = try await install(store)
        XCTAssertNotNil(store.lockfile)
        XCTAssertEqual(xcode.linked["App.xcodeproj"], ["App": ["Alamofire", "Moya"], "Widget": ["SnapKit"]])
        XCTAssertEqual(result.xcodeEdits.first?.targets.map(\.target), ["App", "Widget"])
        let again = try await install(store)
        XCTAssertEqual(again.xcodeEdits.first?.written, false)
    }

    func testUnknownTargetsAndPackagesStopTheInstallBeforeAnythingIsWritten() async throws {
        let store = store([target("Ap", ["Moya"], line: 9), target("Widget", ["Kingfisher"], line: 10)])
        await assertThrowsAsync({ try await install(store) }) { error in
            XCTAssertEqual(error as? XcodeSettingsError, XcodeSettingsError(problems: [
                .unknownTarget(project: "App.xcodeproj", target: "Ap", line: 9, projectTargets: ["App", "AppTests", "Widget"], closest: "App"),
                .unknownPackage(target: "Widget", package: try! PackageName("Kingfisher"), line: 10),
            ]))
        }
        XCTAssertNil(store.lockfile)
        XCTAssertTrue(sandbox.folders.isEmpty)
        XCTAssertEqual(xcode.calls, [])
    }

    func testLockOnlyAndDryRunTouchNoProject() async throws {
        let store = store([target("App", ["Moya"])])
        _ = try await install(store, lockOnly: true)
        _ = try await install(store, dryRun: true)
        XCTAssertEqual(xcode.calls, [])
    }

    func testCheckReportsAProjectOutOfStep() async throws {
        let store = store([target("App", ["Moya"])])
        _ = try await install(store)
        let check = CheckInteractor(store: store, opener: opener, xcode: XcodeWiring(projects: xcode, sandboxFolder: "Deps"))
        let inStep = try await check.check()
        XCTAssertTrue(inStep.isInSync)
        xcode.linked["App.xcodeproj"]?["App"] = []
        let outOfStep = try await check.check()
        XCTAssertEqual(outOfStep.problems, [
            .xcodeProjectOutOfStep(XcodeDrift(project: "App.xcodeproj", target: "App", kind: .missingProduct("Moya"))),
        ])
    }

    func testAProjectBesideADepsfileWithoutXcodeIsLeftAloneAndNamed() async throws {
        let store = InMemoryProjectStore(["SnapKit": ""])
        xcode.topLevel = ["App.xcodeproj"]
        let result = try await install(store)
        XCTAssertEqual(result.xcodeProjectsLeftAlone, ["App.xcodeproj"])
        XCTAssertEqual(xcode.calls, [])
        XCTAssertEqual(try DeintegrateInteractor(store: store, projects: xcode).deintegrate().map(\.project), ["App.xcodeproj"])
    }
}
