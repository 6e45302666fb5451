import DepsCore
import DepsCoreFakes
import XCTest

/// Which source a package comes from (BEHAVIOUR 11): the first source in the Depsfile's order that
/// has it gives all of its versions, and a dependency's own `source:` holds its package there.
final class SourceOrderTests: XCTestCase {
    var org: InMemorySpecSource!
    var trunk: InMemorySpecSource!
    var opener: InMemorySpecSourceOpener!

    override func setUp() {
        org = InMemorySpecSource(label: "org", ["SDWebImage": ["5.18.0": [:]], "OrgKit": ["1.0.0": ["SDWebImage": ""]]])
        trunk = InMemorySpecSource(label: "trunk", [
            "SDWebImage": ["5.18.0": [:], "5.19.0": [:], "5.20.0": [:]],
            "Alamofire": ["5.9.1": [:]],
        ])
        opener = InMemorySpecSourceOpener([org, trunk])
    }

    func install(_ store: InMemoryProjectStore) async throws {
        let interactor = InstallInteractor(store: store, opener: opener)
        _ = try await interactor.install(dryRun: false)
    }

    func check(_ store: InMemoryProjectStore) async throws -> SyncReport {
        let interactor = CheckInteractor(store: store, opener: opener)
        return try await interactor.check()
    }

    /// What check finds beyond the code pins a lock written without fetching lacks (these
    /// installs fetch nothing, so no commit is recorded; BEHAVIOUR 4.4 counts that as drift).
    func sourceProblems(_ store: InMemoryProjectStore) async throws -> [SyncProblem] {
        try await check(store).problems.filter { if case .codeNotPinned = $0 { false } else { true } }
    }

    /// A project with the given sources and dependencies; `named` gives dependencies their own source.
    func project(sources: [String], _ dependencies: [String: String], named: [String: String] = [:]) -> InMemoryProjectStore {
        let store = InMemoryProjectStore(sources: sources, dependencies)
        store.manifest = Manifest(
            sources: sources, dependencies: store.manifest.dependencies, checksum: "depsfile",
            dependencySources: Dictionary(uniqueKeysWithValues: named.map { (try! PackageName($0.key), $0.value) }))
        return store
    }

    func source(_ name: String, _ store: InMemoryProjectStore) -> String? {
        store.lockfile?.source(of: try! PackageName(name))
    }

    func testTheFirstSourceThatHasAPackageGivesAllItsVersionsThoughALaterOneHasAHigherVersion() async throws {
        let store = project(sources: ["org", "trunk"], ["SDWebImage": "", "Alamofire": ""])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["SDWebImage": "5.18.0", "Alamofire": "5.9.1"])
        XCTAssertEqual(source("SDWebImage", store), "org")
        XCTAssertEqual(source("Alamofire", store), "trunk")
    }

    func testARequirementOnlyALaterSourceCouldMeetFailsRatherThanCrossingSources() async throws {
        let store = project(sources: ["org", "trunk"], ["SDWebImage": "~> 5.19"])
        await assertThrowsAsync({ try await install(store) })
        XCTAssertNil(store.lockfile)
    }

    func testTheSameOrderHoldsForATransitivePackage() async throws {
        let store = project(sources: ["trunk", "org"], ["OrgKit": ""])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["OrgKit": "1.0.0", "SDWebImage": "5.20.0"])
        XCTAssertEqual(source("SDWebImage", store), "trunk")
        XCTAssertEqual(source("OrgKit", store), "org")
    }

    func testADependencysOwnSourceHoldsItThereBeforeAnEarlierSource() async throws {
        let store = project(sources: ["trunk", "org"], ["SDWebImage": "~> 5.0", "Alamofire": ""], named: ["SDWebImage": "org"])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["SDWebImage": "5.18.0", "Alamofire": "5.9.1"])
        XCTAssertEqual(source("SDWebImage", store), "org")
        let problems = try await sourceProblems(store)
        XCTAssertEqual(problems, [])
    }

    func testASourceOnlyADependencyNamesIsSearchedForThatDependencyAlone() async throws {
        let store = project(sources: ["trunk"], ["SDWebImage": "", "OrgKit": ""], named: ["SDWebImage": "org"])
        await assertThrowsAsync({ try await install(store) }, "OrgKit is only in org, which only SDWebImage names")
        store.edit(["OrgKit": nil])
        store.manifest = Manifest(
            sources: ["trunk"], dependencies: store.manifest.dependencies, checksum: "depsfile",
            dependencySources: [try PackageName("SDWebImage"): "org"])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["SDWebImage": "5.18.0"])
        XCTAssertEqual(source("SDWebImage", store), "org")
        let problems = try await sourceProblems(store)
        XCTAssertEqual(problems, [], "a source a dependency names is one the Depsfile lists")
    }

    func testANamedSourceThatLacksThePackageIsAnErrorNotAFallBack() async throws {
        let store = project(sources: ["org", "trunk"], ["Alamofire": ""], named: ["Alamofire": "org"])
        await assertThrowsAsync({ try await install(store) })
        XCTAssertNil(store.lockfile)
    }

    /// A team lists its own repository first after the package was locked from trunk: install
    /// keeps the locked package where it came from, `deps update NAME` searches the sources in
    /// order again and takes the team's version, and a full update does the same.
    func testALockedPackageStaysWithItsSourceUntilItIsUpdated() async throws {
        let store = project(sources: ["trunk"], ["SDWebImage": "~> 5.18", "Alamofire": ""])
        try await install(store)
        XCTAssertEqual(source("SDWebImage", store), "trunk")
        XCTAssertEqual(store.lockedVersions["SDWebImage"], "5.20.0")

        org.add(["SDWebImage": ["5.20.1": [:]]])
        store.manifest = Manifest(sources: ["org", "trunk"], dependencies: store.manifest.dependencies, checksum: "depsfile")
        try await install(store)
        XCTAssertEqual(source("SDWebImage", store), "trunk", "a pin that stands keeps its source")
        XCTAssertEqual(store.lockedVersions["SDWebImage"], "5.20.0")

        _ = try await UpdateInteractor(store: store, opener: self.opener).update([try PackageName("SDWebImage")])
        XCTAssertEqual(source("SDWebImage", store), "org")
        XCTAssertEqual(store.lockedVersions["SDWebImage"], "5.20.1")
        XCTAssertEqual(source("Alamofire", store), "trunk")
        let problems = try await sourceProblems(store)
        XCTAssertEqual(problems, [])

        let everything = project(sources: ["trunk"], ["SDWebImage": ""])
        try await install(everything)
        everything.manifest = Manifest(sources: ["org", "trunk"], dependencies: everything.manifest.dependencies, checksum: "depsfile")
        _ = try await UpdateInteractor(store: everything, opener: self.opener).update([])
        XCTAssertEqual(source("SDWebImage", everything), "org")
    }

    func testNamingAnotherSourceForALockedPackageMovesItThere() async throws {
        let store = project(sources: ["trunk", "org"], ["SDWebImage": ""])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["SDWebImage": "5.20.0"])
        store.manifest = Manifest(
            sources: ["trunk", "org"], dependencies: store.manifest.dependencies, checksum: "depsfile2",
            dependencySources: [try PackageName("SDWebImage"): "org"])
        let report = try await check(store)
        let sdWebImage = try PackageName("SDWebImage")
        XCTAssertEqual(report.problems.filter { $0 == .modified(sdWebImage) }.count, 1)
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["SDWebImage": "5.18.0"])
        XCTAssertEqual(source("SDWebImage", store), "org")
    }

    func testADependencyOnASubspecThatNamesASourceHoldsTheWholePackageThere() async throws {
        for (source, version) in [(org!, "1.0.0"), (trunk!, "2.0.0")] {
            source.add(specification: Specification(
                name: try PackageName("Kit"), version: try Version(version), checksum: "\(source.label)",
                subspecs: [Subspec(name: "Core", dependencies: [], sourceFiles: nil, subspecs: []),
                           Subspec(name: "UI", dependencies: [], sourceFiles: nil, subspecs: [])]))
        }
        let store = project(sources: ["trunk", "org"], ["Kit/Core": "", "Kit/UI": ""], named: ["Kit/Core": "org"])
        try await install(store)
        XCTAssertEqual(store.lockedVersions, ["Kit/Core": "1.0.0", "Kit/UI": "1.0.0"])
        XCTAssertEqual(source("Kit", store), "org")
    }
}
