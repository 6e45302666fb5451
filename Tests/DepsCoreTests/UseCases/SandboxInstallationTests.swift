import DepsCore
import DepsCoreFakes
import XCTest

/// BEHAVIOUR 8.1: install makes the sandbox match the lock, fetching only what differs, and keeps
/// Manifest.lock true; run against in-memory gateways.
final class SandboxInstallationTests: XCTestCase {
    var specs: InMemorySpecSource!
    var opener: InMemorySpecSourceOpener!
    var sandbox: InMemorySandbox!
    var fetcher: InMemoryCodeFetcher!

    override func setUp() {
        specs = InMemorySpecSource([
            "Alamofire": ["5.6.4": [:], "5.9.1": [:]],
            "Moya": ["15.0.0": ["Alamofire": "~> 5.0"]],
            "SnapKit": ["5.7.1": [:]],
        ])
        opener = InMemorySpecSourceOpener([specs])
        sandbox = InMemorySandbox(exists: false)
        fetcher = InMemoryCodeFetcher()
    }

    func install(_ store: InMemoryProjectStore, jobs: Int = 8, lockOnly: Bool = false) async throws -> LockfileUpdate {
        let interactor = InstallInteractor(
            store: store, opener: opener, installation: SandboxInstallation(sandbox: sandbox, fetcher: fetcher, jobs: jobs))
        return try await interactor.install(lockOnly: lockOnly)
    }

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func testAFirstInstallFetchesEveryPackageAndLocksEachCommit() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        let result = try await install(store)
        XCTAssertEqual(fetcher.fetched.sorted(), ["Alamofire 5.9.1", "Moya 15.0.0", "SnapKit 5.7.1"])
        XCTAssertEqual(Set(sandbox.folders.keys), [name("Alamofire"), name("Moya"), name("SnapKit")])
        let lock = try XCTUnwrap(store.lockfile)
        XCTAssertEqual(lock.checkoutOptions[name("Moya")],
                       CheckoutOption(git: "mem://Moya", commit: InMemoryCodeFetcher.commit(name("Moya"), try Version("15.0.0"))))
        XCTAssertEqual(sandbox.manifest, lock)
        XCTAssertEqual(result.changes.filter(\.isChange).count, 3)
    }

    /// A `podspec:` file gives the spec; the code is fetched from the spec's own source, and the
    /// lock records the file under EXTERNAL SOURCES with the spec's checksum.
    func testAPodspecFileGivesTheSpecAndItsSourceGivesTheCode() async throws {
        let kit = name("Kit")
        let file = ExternalSource.podspec("Vendor/Kit.podspec.json")
        let code = CodeSource.git(url: "https://example.com/Kit.git", .tag("1.2.0"))
        opener.external[kit] = Specification(
            name: kit, version: try Version("1.2.0"), codeSource: code,
            dependencies: [Dependency(name("Alamofire"), try Requirement("~> 5.0"))], checksum: "kit-spec")
        let store = InMemoryProjectStore(["SnapKit": ""])
        store.manifest = Manifest(
            sources: ["Specs"], dependencies: store.manifest.dependencies + [Dependency(kit, externalSource: file)], checksum: "m")
        _ = try await install(store)

        XCTAssertEqual(Set(opener.externalReads), [file])
        XCTAssertEqual(fetcher.fetched.sorted(), ["Alamofire 5.9.1", "Kit 1.2.0", "SnapKit 5.7.1"])
        XCTAssertEqual(fetcher.requests.first { $0.name == kit }?.source, code)
        XCTAssertNotNil(sandbox.folders[kit])
        let lock = try XCTUnwrap(store.lockfile)
        XCTAssertEqual(lock.externalSources, [kit: file])
        XCTAssertEqual(lock.specChecksums[kit], "kit-spec")
        XCTAssertEqual(lock.dependencies.first { $0.name == kit }?.externalSource, file)
        XCTAssertEqual(lock.specRepos.flatMap(\.packages).map(\.description).sorted(), ["Alamofire", "SnapKit"])

        // Another file for the package: the pin is released and the spec read there is installed.
        let moved = ExternalSource.podspec("Other/Kit.podspec.json")
        opener.external[kit] = Specification(
            name: kit, version: try Version("2.0.0"), codeSource: .http(url: "https://example.com/Kit-2.0.0.zip", sha256: nil),
            checksum: "kit-spec-2")
        store.manifest = Manifest(
            sources: ["Specs"], dependencies: store.manifest.dependencies.map { $0.name == kit ? Dependency(kit, externalSource: moved) : $0 },
            checksum: "m2")
        XCTAssertEqual(store.manifest.dependenciesReleasingPins(from: lock), [kit])
        _ = try await install(store)
        XCTAssertEqual(store.lockedVersions["Kit"], "2.0.0")
        XCTAssertEqual(fetcher.requests.last { $0.name == kit }?.source, .http(url: "https://example.com/Kit-2.0.0.zip", sha256: nil))
        XCTAssertEqual(store.lockfile?.externalSources, [kit: moved])
    }

    func testASecondInstallFetchesNothingAndARemovedFolderIsFetchedAgain() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        _ = try await install(store)
        let lock = store.lockfile
        let again = try await install(store)
        XCTAssertEqual(fetcher.fetched.count, 3)
        XCTAssertFalse(again.lockfileChanged)
        XCTAssertEqual(again.changes.filter(\.isChange), [])

        sandbox.deleteFolder("SnapKit")
        let repaired = try await install(store)
        XCTAssertEqual(fetcher.fetched.count, 4)
        XCTAssertEqual(fetcher.fetched.last, "SnapKit 5.7.1")
        XCTAssertEqual(repaired.changes.filter(\.isChange), [PackageChange(name: name("SnapKit"), kind: .installed(try Version("5.7.1")))])
        XCTAssertEqual(store.lockfile, lock, "the lock does not change when only the sandbox was repaired")
    }

    func testAFailedFetchWritesNoLockAndManifestLockListsOnlyWhatIsThere() async throws {
        let store = InMemoryProjectStore(["SnapKit": ""])
        _ = try await install(store)
        let lock = store.lockfile
        store.edit(["Moya": "~> 15.0"])
        fetcher.failing = ["Moya"]
        await assertThrowsAsync({ try await install(store) }) { error in
            let failure = error as? SandboxInstallError
            XCTAssertEqual(failure?.failures.map(\.name), [name("Moya")])
            XCTAssertEqual(failure?.failures.first, CodeFetchError(name: name("Moya"), url: "mem://Moya", kind: .unreachable, cause: .serverAnswered(503)))
        }
        XCTAssertEqual(store.lockfile, lock)
        // Alamofire, fetched beside Moya, is placed or stopped by Moya's failure: either way
        // Manifest.lock lists exactly the folders there.
        let manifest = try XCTUnwrap(sandbox.manifest)
        XCTAssertEqual(Set(manifest.packages.map(\.name)), Set(sandbox.folders.keys))
        XCTAssertNotNil(sandbox.folders[name("SnapKit")])
        XCTAssertNil(sandbox.folders[name("Moya")])
        // Once the source answers, the next install finishes the job.
        fetcher.failing = []
        _ = try await install(store)
        XCTAssertEqual(Set(sandbox.folders.keys), [name("Alamofire"), name("Moya"), name("SnapKit")])
        XCTAssertEqual(sandbox.manifest, store.lockfile)
    }

    /// BEHAVIOUR 7: a first install that fetches nothing leaves no sandbox and no Manifest.lock.
    func testAFailedFirstInstallLeavesNoSandbox() async throws {
        let store = InMemoryProjectStore(["SnapKit": ""])
        fetcher.failing = ["SnapKit"]
        await assertThrowsAsync({ try await install(store) }) { error in
            XCTAssertEqual((error as? SandboxInstallError)?.failures.map(\.name), [name("SnapKit")])
        }
        XCTAssertFalse(sandbox.exists)
        XCTAssertNil(sandbox.manifest)
        XCTAssertNil(store.lockfile)
    }

    /// Code that cannot be placed once fetched (the folder made, the copy failed) leaves no sandbox either.
    func testAFirstInstallThatCannotPlaceItsCodeLeavesNoSandbox() async throws {
        let store = InMemoryProjectStore(["SnapKit": ""])
        sandbox.failingPlacement = ["SnapKit"]
        await assertThrowsAsync({ try await install(store) }) { error in
            XCTAssertTrue(error is InMemorySandbox.PlacementFailure, "\(error)")
        }
        XCTAssertFalse(sandbox.exists)
        XCTAssertNil(sandbox.manifest)
        XCTAssertNil(store.lockfile)
    }

    /// An empty sandbox that was there before stays, and gets no Manifest.lock listing nothing.
    func testAFailedInstallKeepsAnEmptySandboxThatWasThere() async throws {
        sandbox = InMemorySandbox(exists: true)
        let store = InMemoryProjectStore(["SnapKit": ""])
        fetcher.failing = ["SnapKit"]
        await assertThrowsAsync({ try await install(store) })
        XCTAssertTrue(sandbox.exists)
        XCTAssertNil(sandbox.manifest)
        XCTAssertEqual(sandbox.folders, [:])
    }

    /// A first install that placed some packages before another failed keeps them, listed, for
    /// the next install to finish the job.
    func testAFirstInstallThatPlacedSomethingBeforeFailingKeepsItListed() async throws {
        let store = InMemoryProjectStore(["Alamofire": "", "SnapKit": ""])
        fetcher.failing = ["SnapKit"]
        await assertThrowsAsync({ try await install(store, jobs: 1) })
        XCTAssertTrue(sandbox.exists)
        XCTAssertEqual(Set(sandbox.folders.keys), [name("Alamofire")])
        XCTAssertEqual(sandbox.manifest?.packages.map(\.name), [name("Alamofire")])
        XCTAssertNil(store.lockfile)
    }

    func testAChangedPackageThatFailsToFetchStaysListedAtWhatItsFolderHolds() async throws {
        let store = InMemoryProjectStore(["Alamofire": "= 5.6.4", "SnapKit": ""])
        _ = try await install(store)
        let before = try XCTUnwrap(sandbox.manifest)
        let folder = sandbox.folders[name("Alamofire")]
        store.edit(["Alamofire": "~> 5.9"])
        fetcher.failing = ["Alamofire"]
        await assertThrowsAsync({ try await install(store) }) { error in
            XCTAssertEqual((error as? SandboxInstallError)?.failures.map(\.name), [name("Alamofire")])
        }
        XCTAssertEqual(sandbox.folders[name("Alamofire")], folder)
        let manifest = try XCTUnwrap(sandbox.manifest)
        XCTAssertEqual(manifest.packages, before.packages, "Manifest.lock still lists Alamofire 5.6.4, which its folder holds")
        XCTAssertEqual(manifest.checkoutOptions, before.checkoutOptions)
        XCTAssertEqual(manifest.specChecksums, before.specChecksums)
        XCTAssertEqual(manifest.specRepos, before.specRepos)
    }

    func testARemovedDependencyLeavesTheSandboxAndALockedCommitIsFetchedExactly() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        _ = try await install(store)
        store.edit(["SnapKit": nil])
        let result = try await install(store)
        XCTAssertNil(sandbox.folders[name("SnapKit")])
        XCTAssertTrue(result.changes.contains(PackageChange(name: name("SnapKit"), kind: .removed(try Version("5.7.1")))))

        // A fresh clone: no sandbox; the lock's commits are asked for.
        let pinned = try XCTUnwrap(store.lockfile?.checkoutOptions[name("Moya")])
        sandbox = InMemorySandbox(exists: false)
        fetcher = InMemoryCodeFetcher()
        _ = try await install(store)
        XCTAssertEqual(sandbox.folders[name("Moya")], "cache/Moya/15.0.0/\(pinned.commit)")
    }

    func testFetchesRunAtMostJobsAtOnce() async throws {
        specs.add(Dictionary(uniqueKeysWithValues: (0..<12).map { ("P\($0)", ["1.0": [String: String]()]) }))
        let store = InMemoryProjectStore(Dictionary(uniqueKeysWithValues: (0..<12).map { ("P\($0)", "") }))
        fetcher.startTogether = 3
        _ = try await install(store, jobs: 3)
        XCTAssertEqual(fetcher.fetched.count, 12)
        XCTAssertLessThanOrEqual(fetcher.mostAtOnce, 3)
        XCTAssertGreaterThan(fetcher.mostAtOnce, 1)
    }

    func testLockOnlyTouchesNoSandbox() async throws {
        let store = InMemoryProjectStore(["Moya": "~> 15.0"])
        _ = try await install(store, lockOnly: true)
        XCTAssertEqual(fetcher.fetched, [])
        XCTAssertNil(try sandbox.state(expecting: nil))
        XCTAssertEqual(store.lockfile?.checkoutOptions, [:])
    }

    // MARK: the comparison rule itself

    func lock(_ packages: [String: String], pins: [String: String] = [:]) -> Lockfile {
        Lockfile(
            packages: packages.map { LockedPackage(name: name($0.key), version: try! Version($0.value), dependencies: []) },
            dependencies: [], specRepos: [SpecRepoEntry(source: "Specs", packages: packages.keys.map(name))],
            externalSources: [:], specChecksums: Dictionary(uniqueKeysWithValues: packages.map { (name($0.key), "sum-\($0.key)") }),
            depsfileChecksum: "", depsVersion: "0.1.0",
            checkoutOptions: Dictionary(uniqueKeysWithValues: pins.map { (name($0.key), CheckoutOption(git: "g", commit: $0.value)) }))
    }

    func kinds(_ plan: SandboxPlan) -> [String] { plan.changes.map(\.description) }

    func testTheSandboxComparison() {
        let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)
        let held = lock(["A": "1.0", "B": "2.0", "C": "3.0", "Gone": "1.0"], pins: ["A": a, "B": a])
        let state = SandboxState(manifest: held, filledFolders: [name("A"), name("B"), name("C"), name("Gone")])
        let wanted = lock(["A": "1.0", "B": "2.0", "C": "3.1", "D": "1.0", "Path": "1.0"], pins: ["A": a, "B": b])
        XCTAssertEqual(kinds(state.changes(toMatch: wanted, usedInPlace: [name("Path")])),
                       ["= A", "M B", "M C", "A D", "R Gone", "A Path"])
        // A lock without a pin (written by --lock-only) accepts the pin the sandbox holds.
        XCTAssertEqual(kinds(state.changes(toMatch: lock(["A": "1.0"]), usedInPlace: [])), ["= A", "R B", "R C", "R Gone"])
        // A package used in place needs no folder; a version spelt otherwise is a change.
        let inPlace = SandboxState(manifest: lock(["Path": "1.0"]), filledFolders: [])
        XCTAssertEqual(kinds(inPlace.changes(toMatch: lock(["Path": "1.0"]), usedInPlace: [name("Path")])), ["= Path"])
        XCTAssertEqual(kinds(inPlace.changes(toMatch: lock(["Path": "1.0.0"]), usedInPlace: [name("Path")])), ["M Path"])
        XCTAssertTrue(SandboxState(manifest: nil, filledFolders: []).changes(toMatch: lock([:]), usedInPlace: []).isInSync)
    }

}

/// A build integration in memory: fetched code whose tree path contains one of `emptyTrees` holds
/// no file, which the core's build rules refuse.
final class InMemoryIntegration: ProjectIntegration, @unchecked Sendable {
    let emptyTrees: [String]
    private let lock = NSLock()
    private(set) var written: [SandboxPackageManifest] = []

    init(emptyTrees: [String]) { self.emptyTrees = emptyTrees }

    func isWritten(for _: Lockfile) -> Bool { lock.withLock { !written.isEmpty } }
    func files(in folder: SandboxFolder) throws -> [String] { ["Sources/\(folder.name)/Code.swift"] }
    func files(inTree tree: String) throws -> [String] {
        emptyTrees.contains { tree.contains($0) } ? [] : ["Sources/Code.swift"]
    }
    func write(_ manifest: SandboxPackageManifest) throws -> Bool {
        lock.withLock { written.append(manifest) }
        return true
    }
}

extension SandboxInstallationTests {
    /// Code the integration refuses is never placed: the folder keeps the old code, Manifest.lock
    /// goes on listing it, and the failure names the package and where its code is.
    func testChangedCodeTheIntegrationRefusesIsNotPlaced() async throws {
        let integration = InMemoryIntegration(emptyTrees: ["Alamofire/5.9.1"])
        let store = InMemoryProjectStore(["Alamofire": "= 5.6.4", "SnapKit": ""])
        let installation = { SandboxInstallation(sandbox: self.sandbox, fetcher: self.fetcher, integration: integration) }
        _ = try await InstallInteractor(store: store, opener: self.opener, installation: installation()).install(lockOnly: false)
        let before = try XCTUnwrap(sandbox.manifest)
        let folder = try XCTUnwrap(sandbox.folders[name("Alamofire")])
        store.edit(["Alamofire": "~> 5.9"])
        await assertThrowsAsync({ try await InstallInteractor(store: store, opener: self.opener, installation: installation()).install(lockOnly: false) }) { error in
            let failures = (error as? SandboxInstallError)?.failures ?? []
            XCTAssertEqual(failures.map(\.name), [self.name("Alamofire")], "\(error)")
            XCTAssertEqual(failures.first?.kind, .integrity)
            XCTAssertEqual(
                failures.first?.cause, .unbuildable(SandboxIntegrationError(name: self.name("Alamofire"), .sourcesMatchNothing(patterns: ["Sources/**/*.swift"]))))
        }
        XCTAssertEqual(sandbox.folders[name("Alamofire")], folder, "the old code stays in place")
        XCTAssertEqual(try XCTUnwrap(sandbox.manifest).packages, before.packages)
    }
}
