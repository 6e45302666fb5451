import DepsCore
import DepsCoreFakes
import XCTest

/// The rules of `deps install`, `deps update` and `deps outdated` (BEHAVIOUR 4.1–4.3),
/// run against in-memory gateways.
final class InstallUpdateOutdatedTests: XCTestCase {
    var specs: InMemorySpecSource!
    var opener: InMemorySpecSourceOpener!

    override func setUp() {
        specs = InMemorySpecSource([
            "Alamofire": ["4.9.0": [:], "4.9.1": [:], "5.0.0": [:], "5.6.4": [:], "5.9.1": [:]],
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "SnapKit": ["5.0.0": [:], "5.7.1": [:]],
            "AlamofireImage": ["4.2.0": ["Alamofire": "~> 5.1"], "4.3.0": ["Alamofire": "~> 5.8"]],
            "RxSwift": ["6.5.0": [:], "6.6.0": [:]],
            "RxRelay": ["6.5.0": ["RxSwift": "= 6.5.0"], "6.6.0": ["RxSwift": "= 6.6.0"]],
            "RxCocoa": ["6.5.0": ["RxSwift": "= 6.5.0", "RxRelay": "= 6.5.0"], "6.6.0": ["RxSwift": "= 6.6.0", "RxRelay": "= 6.6.0"]],
        ])
        opener = InMemorySpecSourceOpener([specs])
    }

    /// Install and update without a sandbox: resolution and the lock only.
    func install(_ store: InMemoryProjectStore, dryRun: Bool = false) async throws -> LockfileUpdate {
        let interactor = InstallInteractor(store: store, opener: opener)
        return try await interactor.install(dryRun: dryRun)
    }

    func update(_ store: InMemoryProjectStore, _ names: [String] = [], dryRun: Bool = false) async throws -> LockfileUpdate {
        let interactor = UpdateInteractor(store: store, opener: opener)
        let packages = try names.map { try PackageName($0) }
        return try await interactor.update(packages, dryRun: dryRun)
    }

    func outdated(_ store: InMemoryProjectStore, includePrerelease: Bool = false) async throws -> OutdatedReport {
        let interactor = OutdatedInteractor(store: store, opener: opener)
        return try await interactor.outdated(includePrerelease: includePrerelease)
    }

    func changes(_ update: LockfileUpdate) -> [String] {
        update.changes.compactMap { change in
            switch change.kind {
            case let .installed(v): "+\(change.name) \(v)"
            case let .updated(from, to): "\(change.name) \(from)->\(to)"
            case .removed: "-\(change.name)"
            case .unchanged: nil
            }
        }
    }

    /// A project locked at Moya 14.0.0 / Alamofire 4.9.1 and SnapKit 5.0.0.
    func lockedProject() async throws -> InMemoryProjectStore {
        let store = InMemoryProjectStore(["Moya": "~> 14.0", "SnapKit": "5.0.0"])
        _ = try await install(store)
        store.edit(["SnapKit": ""])
        _ = try await install(store)
        XCTAssertEqual(store.lockedVersions, ["Moya": "14.0.0", "Alamofire": "4.9.1", "SnapKit": "5.0.0"])
        return store
    }

    func testFirstInstallResolvesEverythingToTheNewestVersions() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        let result = try await install(store)
        XCTAssertEqual(changes(result), ["+Alamofire 5.9.1", "+Moya 15.0.0", "+SnapKit 5.7.1"])
        XCTAssertEqual(result.directDependencyCount, 2)
        XCTAssertEqual(result.lockedPackageCount, 3)
        XCTAssertTrue(result.lockfileChanged)
        XCTAssertEqual(store.lockfile?.source(of: try PackageName("Moya")), "Specs")
        XCTAssertEqual(store.lockfile?.specChecksums[try PackageName("Moya")], "Specs:Moya@15.0.0")
        XCTAssertEqual(store.lockfile?.dependencies.map(\.description), ["Moya (~> 15.0)", "SnapKit"])
    }

    func testNewVersionsInTheRepositoryMoveNothingAndTheLockIsNotRewritten() async throws {
        let store = try await lockedProject()
        let writes = store.writes
        specs.add(["Alamofire": ["4.9.2": [:]], "Moya": ["14.0.1": ["Alamofire": "~> 4.9"]], "SnapKit": ["5.8.0": [:]]])
        let result = try await install(store)
        XCTAssertEqual(changes(result), [])
        XCTAssertFalse(result.lockfileChanged)
        XCTAssertEqual(store.writes, writes)
    }

    func testANewDependencyResolvesAloneAndASharedPinHolds() async throws {
        let store = InMemoryProjectStore(["AlamofireImage": "4.2.0"])
        _ = try await install(store)
        XCTAssertEqual(store.lockedVersions["Alamofire"], "5.9.1")
        specs.add(["Alamofire": ["5.10.0": [:]]])
        store.edit(["Moya": "~> 15.0"])
        let result = try await install(store)
        XCTAssertEqual(changes(result), ["+Moya 15.0.0"])
        XCTAssertEqual(store.lockedVersions["Alamofire"], "5.9.1")
    }

    func testARequirementEditedSoItStillAdmitsThePinMovesNothing() async throws {
        let store = try await lockedProject()
        store.edit(["Moya": ">= 14.0, < 16"])
        let result = try await install(store)
        XCTAssertEqual(changes(result), [])
        XCTAssertTrue(result.lockfileChanged, "DEPENDENCIES records the new requirement")
        XCTAssertEqual(store.lockfile?.dependencies.first?.description, "Moya (>= 14.0, < 16)")
    }

    func testARequirementEditedSoItNoLongerAdmitsThePinMovesItAndItsOrphans() async throws {
        let store = try await lockedProject()
        store.edit(["Moya": "~> 15.0"])
        let result = try await install(store)
        XCTAssertEqual(changes(result), ["Alamofire 4.9.1->5.9.1", "Moya 14.0.0->15.0.0"])
    }

    func testARemovedDependencyLeavesWithItsOrphansAndSharedPackagesStay() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "AlamofireImage": "~> 4.2"])
        _ = try await install(store)
        store.edit(["Moya": nil])
        let withoutMoya = try await install(store)
        XCTAssertEqual(changes(withoutMoya), ["-Moya"])
        store.edit(["AlamofireImage": nil, "SnapKit": ""])
        let withoutAlamofireImage = try await install(store)
        XCTAssertEqual(changes(withoutAlamofireImage), ["-Alamofire", "-AlamofireImage", "+SnapKit 5.7.1"])
    }

    func testANewlyDirectDependencyKeepsTheVersionItWasLockedAtTransitively() async throws {
        let store = try await lockedProject()
        store.edit(["Alamofire": ""])
        let result = try await install(store)
        XCTAssertEqual(changes(result), [])
        XCTAssertEqual(store.lockedVersions["Alamofire"], "4.9.1")
    }

    func testAPinThatBlocksANewDependencyFailsWithTheUpdateThatLiftsItAndWritesNothing() async throws {
        let store = try await lockedProject()
        let before = store.lockfile
        let writes = store.writes
        // Moya may be any version, but the lock pins 14.0.0, which needs Alamofire ~> 4.9.
        store.edit(["AlamofireImage": "~> 4.2", "Moya": ""])
        await assertThrowsAsync({ try await install(store) }) { error in
            guard let failure = error as? ResolutionFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.kind, .noSolution)
            XCTAssertEqual(failure.suggestedUpdate.map(\.description), ["Alamofire", "Moya"])
            XCTAssertTrue(failure.derivation.steps.contains { if case .pin = $0.cause { true } else { false } }, "\(failure.derivation)")
        }
        XCTAssertEqual(store.lockfile, before)
        XCTAssertEqual(store.writes, writes)
    }

    func testUpdateWithoutNamesIgnoresTheLock() async throws {
        let store = try await lockedProject()
        store.edit(["Moya": ""])
        _ = try await install(store)
        let result = try await update(store)
        XCTAssertEqual(changes(result), ["Alamofire 4.9.1->5.9.1", "Moya 14.0.0->15.0.0", "SnapKit 5.0.0->5.7.1"])
    }

    func testUpdateNameMovesItAndItsOrphansWhileSharedDependenciesStay() async throws {
        let store = InMemoryProjectStore(["RxCocoa": "", "RxSwift": "", "SnapKit": ""])
        _ = try await install(store)
        // Pin everything at the older release by resolving against a repository that had only it.
        store.lockfile = try await lockAt(["RxCocoa": "6.5.0", "RxRelay": "6.5.0", "RxSwift": "6.5.0", "SnapKit": "5.0.0"], store)
        let result = try await update(store, ["SnapKit"])
        XCTAssertEqual(changes(result), ["SnapKit 5.0.0->5.7.1"])
        XCTAssertEqual(result.heldBack, [])
        // RxRelay is shared with nobody but RxCocoa; naming RxCocoa frees it, but RxSwift is a direct dependency pinned at 6.5.0.
        let held = try await update(store, ["RxCocoa"])
        XCTAssertEqual(changes(held), [])
        XCTAssertEqual(held.heldBack, [HeldBackPackage(
            name: try PackageName("RxCocoa"),
            reason: .pinnedDependency(try Version("6.6.0"), try PackageName("RxSwift"), try Requirement("= 6.6.0"), try Version("6.5.0")),
            remedy: [try PackageName("RxCocoa"), try PackageName("RxSwift")])])
        let both = try await update(store, ["RxCocoa", "RxSwift"])
        XCTAssertEqual(changes(both), ["RxCocoa 6.5.0->6.6.0", "RxRelay 6.5.0->6.6.0", "RxSwift 6.5.0->6.6.0"])
    }

    func testUpdateOfANameAPinnedPackageHoldsBackSaysWhichAndWhatToRun() async throws {
        let store = try await lockedProject()
        let result = try await update(store, ["Alamofire"])
        XCTAssertEqual(changes(result), [])
        XCTAssertEqual(result.heldBack.count, 1)
        let held = try XCTUnwrap(result.heldBack.first)
        XCTAssertEqual(held.reason, .pinnedDependent(try PackageName("Moya"), try Version("14.0.0"), try Requirement("~> 4.9")))
        // Moya ~> 14.0 has no version that takes Alamofire 5: updating Moya too would move nothing,
        // so no command is offered.
        XCTAssertEqual(held.remedy.map(\.description), [])
        let both = try await update(store, ["Alamofire", "Moya"])
        XCTAssertEqual(changes(both), [])
    }

    func testUpdateOfUnknownNamesFailsAndWritesNothing() async throws {
        let store = try await lockedProject()
        let writes = store.writes
        await assertThrowsAsync({ try await update(store, ["Moya", "Nope", "Zilch"]) }) { error in
            XCTAssertEqual(error as? UnknownPackagesError, UnknownPackagesError(names: [try! PackageName("Nope"), try! PackageName("Zilch")]))
        }
        XCTAssertEqual(store.writes, writes)
    }

    func testDryRunReportsTheChangesAndWritesNothing() async throws {
        let store = InMemoryProjectStore(["SnapKit": ""])
        let result = try await install(store, dryRun: true)
        XCTAssertEqual(changes(result), ["+SnapKit 5.7.1"])
        XCTAssertTrue(result.lockfileChanged)
        XCTAssertTrue(result.dryRun)
        XCTAssertNil(store.lockfile)
        XCTAssertEqual(store.writes, 0)
    }

    func testOutdatedComparesCurrentUpdateAndLatestWithWhatHoldsBack() async throws {
        let store = try await lockedProject()
        store.edit(["Moya": "~> 14.0"])
        _ = try await install(store)
        specs.add(["Moya": ["14.0.1": ["Alamofire": "~> 4.9"]], "Alamofire": ["6.0.0-beta.1": [:]]])
        let report = try await outdated(store)
        let rows = report.packages.map { "\($0.name) \($0.current) \($0.update?.description ?? "-") \($0.latest?.description ?? "-")" }
        XCTAssertEqual(rows, [
            "Alamofire 4.9.1 4.9.1 5.9.1",
            "Moya 14.0.0 14.0.1 15.0.0",
            "SnapKit 5.0.0 5.7.1 5.7.1",
        ])
        XCTAssertEqual(report.packages.map(\.heldBackBy), [
            [.package(try PackageName("Moya"), try Version("14.0.1"), requires: try PackageName("Alamofire"), try Requirement("~> 4.9"))],
            [.depsfile(try PackageName("Moya"), try Requirement("~> 14.0"))],
            [],
        ])
        XCTAssertTrue(report.hasUpdates)
        let withPrereleases = try await outdated(store, includePrerelease: true)
        XCTAssertEqual(withPrereleases.packages.first?.latest?.description, "6.0.0-beta.1")
    }

    func testOutdatedWithNothingToUpdateHasNoUpdates() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 14.0"])
        _ = try await install(store)
        let report = try await outdated(store)
        XCTAssertFalse(report.hasUpdates)
        XCTAssertEqual(report.packages.map(\.name.description), ["Alamofire", "Moya"], "held back rows are listed")
    }

    func testOutdatedNeedsALockfile() async {
        let store = InMemoryProjectStore(["Moya": ""])
        await assertThrowsAsync({ try await outdated(store) }) { error in
            XCTAssertEqual(error as? MissingLockfileError, MissingLockfileError())
        }
    }

    /// A locked package keeps its source while its pin stands; updated, it is searched in the
    /// sources' order again (BEHAVIOUR 11), unless its dependency names its source.
    func testAPackageStaysWithTheSourceTheLockRecordedUntilItIsUpdated() async throws {
        let other = InMemorySpecSource(label: "Other", ["Internal": ["1.0.0": [:]]])
        opener = InMemorySpecSourceOpener([specs, other])
        let store = InMemoryProjectStore(sources: ["Specs", "Other"], ["Internal": ""])
        _ = try await install(store)
        XCTAssertEqual(store.lockfile?.source(of: try PackageName("Internal")), "Other")
        specs.add(["Internal": ["9.9.9": [:]]])
        let reinstalled = try await install(store)
        XCTAssertEqual(changes(reinstalled), [])
        XCTAssertEqual(store.lockfile?.source(of: try PackageName("Internal")), "Other")

        let held = InMemoryProjectStore(sources: ["Specs", "Other"], ["Internal": ""])
        held.lockfile = store.lockfile
        held.manifest = Manifest(
            sources: ["Specs", "Other"], dependencies: held.manifest.dependencies, checksum: held.manifest.checksum,
            dependencySources: [try PackageName("Internal"): "Other"])
        let heldUpdate = try await update(held, ["Internal"])
        XCTAssertEqual(changes(heldUpdate), [])
        XCTAssertEqual(held.lockfile?.source(of: try PackageName("Internal")), "Other")

        let freedUpdate = try await update(store, ["Internal"])
        XCTAssertEqual(changes(freedUpdate), ["Internal 1.0.0->9.9.9"])
        XCTAssertEqual(store.lockfile?.source(of: try PackageName("Internal")), "Specs")
    }

    func testAnExternalPathSourceServesItsOneSpec() async throws {
        let local = try PackageName("LocalKit")
        opener.external[local] = Specification(
            name: local, version: try Version("0.3.0"),
            dependencies: [Dependency(try PackageName("SnapKit"), try Requirement("~> 5.0"))], checksum: "local")
        let store = InMemoryProjectStore(["SnapKit": ""])
        store.manifest = Manifest(
            sources: ["Specs"],
            dependencies: store.manifest.dependencies + [Dependency(local, externalSource: .path("../LocalKit"))],
            checksum: "m")
        let result = try await install(store)
        XCTAssertEqual(changes(result), ["+LocalKit 0.3.0", "+SnapKit 5.7.1"])
        XCTAssertEqual(store.lockfile?.externalSources, [local: .path("../LocalKit")])
        XCTAssertEqual(store.lockfile?.specRepos.first?.packages.map(\.description), ["SnapKit"])
    }

    /// A lock for the store's manifest with the given versions, built through a resolution pinned to them.
    private func lockAt(_ versions: [String: String], _ store: InMemoryProjectStore) async throws -> Lockfile {
        let pinned = InMemoryProjectStore(["SnapKit": ""])
        pinned.manifest = Manifest(
            sources: store.manifest.sources,
            dependencies: store.manifest.dependencies.map { Dependency($0.name, try! Requirement("= \(versions[$0.name.description]!)")) },
            checksum: store.manifest.checksum)
        _ = try await install(pinned)
        let lock = try XCTUnwrap(pinned.lockfile)
        return Lockfile(
            packages: lock.packages, dependencies: store.manifest.dependencies, specRepos: lock.specRepos,
            externalSources: lock.externalSources, specChecksums: lock.specChecksums,
            depsfileChecksum: store.manifest.checksum, depsVersion: lock.depsVersion)
    }
}
