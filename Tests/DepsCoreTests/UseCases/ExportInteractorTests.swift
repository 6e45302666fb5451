import DepsCore
import DepsCoreFakes
import Foundation
import XCTest

/// Manifests in memory: what each package's Package.swift says; read from the sandbox when told
/// the sandbox holds the code, else "from the cache" through a fetcher (which pins and may fail).
final class InMemoryPackageManifests: PackageManifestSource, @unchecked Sendable {
    private let lock = NSLock()
    let readings: [String: PackageManifestReading]
    let fetcher: InMemoryCodeFetcher
    private var _reads: [String] = []

    init(_ readings: [String: PackageManifestReading], fetcher: InMemoryCodeFetcher) {
        self.readings = readings
        self.fetcher = fetcher
    }

    /// `Name sandbox` or `Name cache`, in the order read.
    var reads: [String] { lock.withLock { _reads } }

    func manifest(of request: CodeRequest, inSandbox: Bool) async throws -> FoundPackageManifest {
        lock.withLock { _reads.append("\(request.name) \(inSandbox ? "sandbox" : "cache")") }
        let reading = readings[request.name.description] ?? .none
        if inSandbox { return FoundPackageManifest(reading: reading, pin: nil) }
        let code = try await fetcher.fetch(request)
        return FoundPackageManifest(reading: reading, pin: code.pin)
    }
}

/// BEHAVIOUR 12: which locked packages can move to SwiftPM, pinned how, and why the others stay.
final class ExportInteractorTests: XCTestCase {
    var specs: InMemorySpecSource!
    var sandbox: InMemorySandbox!
    var fetcher: InMemoryCodeFetcher!

    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }
    func library(_ name: String) -> SwiftPMProduct { SwiftPMProduct(name: name, kind: .library) }

    override func setUp() {
        specs = InMemorySpecSource(["Alamofire": ["5.9.1": [:]], "Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]])
        specs.add(specification: Specification(
            name: name("Tagged"), version: version("2.0.0"), codeSource: .git(url: "mem://Tagged.git", .tag("v2.0.0")), checksum: "t"))
        specs.add(specification: Specification(
            name: name("Short"), version: version("1.1"), codeSource: .git(url: "mem://Short", .tag("1.1")), checksum: "s"))
        specs.add(specification: Specification(
            name: name("Pinned"), version: version("0.1.0"),
            codeSource: .git(url: "mem://Pinned", .commit(String(repeating: "ab", count: 20))), checksum: "p"))
        specs.add(specification: Specification(
            name: name("Zipped"), version: version("3.0.0"), codeSource: .http(url: "https://example.com/Zipped.zip", sha256: nil),
            checksum: "z"))
        specs.add(specification: Specification(
            name: name("Kit"), version: version("1.0.0"), codeSource: .git(url: "mem://Kit", .tag("1.0.0")), checksum: "k",
            subspecs: [Subspec(name: "Core"), Subspec(name: "Extra")]))
        sandbox = InMemorySandbox(exists: false)
        fetcher = InMemoryCodeFetcher()
    }

    let readings: [String: PackageManifestReading] = [
        "Alamofire": .products([
            SwiftPMProduct(name: "Alamofire", kind: .library), SwiftPMProduct(name: "AlamofireDynamic", kind: .library),
        ]),
        "Moya": .unreadable(reason: .productsBuiltInCode, line: 12),
        "Tagged": .products([SwiftPMProduct(name: "Tagged", kind: .library), SwiftPMProduct(name: "tagger", kind: .executable)]),
        "Short": .products([SwiftPMProduct(name: "Short", kind: .library)]),
        "Pinned": .products([SwiftPMProduct(name: "pin", kind: .executable)]),
        "Kit": .products([SwiftPMProduct(name: "Kit", kind: .library)]),
    ]

    func store() -> InMemoryProjectStore {
        InMemoryProjectStore([
            "Moya": "~> 15.0", "Tagged": "", "Short": "", "Pinned": "", "Zipped": "", "Kit/Core": "", "Kit/Extra": "",
        ])
    }

    func install(_ store: InMemoryProjectStore) async throws {
        let interactor = InstallInteractor(
            store: store, opener: InMemorySpecSourceOpener([specs]), installation: SandboxInstallation(sandbox: sandbox, fetcher: fetcher))
        _ = try await interactor.install()
    }

    func export(_ store: InMemoryProjectStore, manifests: InMemoryPackageManifests) async throws -> SwiftPMExport {
        let interactor = ExportInteractor(store: store, opener: InMemorySpecSourceOpener([specs]), sandbox: sandbox, manifests: manifests)
        return try await interactor.export()
    }

    func testEachPackageIsExportedAtItsVersionOrCommitOrStaysWithItsReason() async throws {
        let store = store()
        try await install(store)
        let manifests = InMemoryPackageManifests(readings, fetcher: fetcher)
        let export = try await export(store, manifests: manifests)
        let lock = try XCTUnwrap(store.lockfile)
        func commit(_ text: String) -> String { lock.checkoutOptions[name(text)]!.commit }

        XCTAssertEqual(export.exported.map(\.name.description), ["Kit", "Short", "Tagged"])
        XCTAssertEqual(export.exported.map(\.requirement), [.exact(version("1.0.0")), .revision(commit("Short")), .revision(commit("Tagged"))])
        XCTAssertEqual(export.exported[0].subspecs, [name("Kit/Core"), name("Kit/Extra")])
        XCTAssertEqual(export.exported[0].products, [library("Kit")])
        XCTAssertEqual(export.exported[2].identity, "Tagged")
        XCTAssertEqual(export.exported[2].libraries, [library("Tagged")])
        XCTAssertEqual(export.staying, [
            // Alamofire has a manifest of its own, but Moya stays and needs it.
            StayingPackage(name: name("Alamofire"), version: version("5.9.1"), reason: .neededBy([name("Moya")])),
            StayingPackage(name: name("Moya"), version: version("15.0.0"),
                           reason: .unreadableManifest(reason: .productsBuiltInCode, line: 12)),
            StayingPackage(name: name("Pinned"), version: version("0.1.0"), reason: .noLibraries),
            StayingPackage(name: name("Zipped"), version: version("3.0.0"), reason: .archive(url: "https://example.com/Zipped.zip")),
        ])
        XCTAssertEqual(export.packageCount, 7)
        // The sandbox holds every git package's locked code: nothing is fetched again; an archive is not read at all.
        XCTAssertEqual(manifests.reads.sorted(), [
            "Alamofire sandbox", "Kit sandbox", "Moya sandbox", "Pinned sandbox", "Short sandbox", "Tagged sandbox",
        ])
    }

    func testWithoutTheSandboxTheCodeComesThroughTheFetcherAndItsPinIsTheRevision() async throws {
        let store = store()
        try await install(store)
        sandbox.deleteFolder("Tagged")
        // A lock without code pins (as --lock-only writes): the commit the fetch found pins it.
        store.lockfile = store.lockfile!.replacingContentPins(checkoutOptions: [:], sourceChecksums: [:])
        let manifests = InMemoryPackageManifests(readings, fetcher: fetcher)
        let export = try await export(store, manifests: manifests)
        XCTAssertTrue(manifests.reads.contains("Tagged cache"), "\(manifests.reads)")
        XCTAssertTrue(manifests.reads.contains("Short sandbox"), "\(manifests.reads)")
        let tagged = try XCTUnwrap(export.exported.first { $0.name == name("Tagged") })
        XCTAssertEqual(tagged.requirement, .revision(InMemoryCodeFetcher.commit(name("Tagged"), version("2.0.0"))))
        let short = try XCTUnwrap(export.exported.first { $0.name == name("Short") })
        XCTAssertEqual(short.requirement, .revision(InMemoryCodeFetcher.commit(name("Short"), version("1.1"))), "the sandbox's Manifest.lock pins it")
    }

    func testWithoutASandboxEveryGitPackageIsFetchedAtMostJobsAtOnce() async throws {
        let store = store()
        let interactor = InstallInteractor(store: store, opener: InMemorySpecSourceOpener([specs]), installation: nil)
        _ = try await interactor.install(lockOnly: true)
        fetcher.startTogether = 2
        let manifests = InMemoryPackageManifests(readings, fetcher: fetcher)
        let exporter = ExportInteractor(
            store: store, opener: InMemorySpecSourceOpener([specs]), sandbox: sandbox, manifests: manifests, jobs: 2)
        let export = try await exporter.export()
        XCTAssertEqual(fetcher.fetched.sorted(), ["Alamofire 5.9.1", "Kit 1.0.0", "Moya 15.0.0", "Pinned 0.1.0", "Short 1.1", "Tagged 2.0.0"])
        XCTAssertLessThanOrEqual(fetcher.mostAtOnce, 2)
        XCTAssertGreaterThan(fetcher.mostAtOnce, 1)
        XCTAssertEqual(export.exported.map(\.name.description), ["Kit", "Short", "Tagged"])
        XCTAssertNil(try sandbox.state(expecting: nil), "export places nothing in the sandbox")
    }

    func testCodeThatCannotBeHadIsNamedForEveryPackageAtOnce() async throws {
        let store = store()
        try await install(store)
        sandbox.deleteFolder("Moya")
        sandbox.deleteFolder("Short")
        fetcher.failing = ["Moya", "Short"]
        await assertThrowsAsync({ try await export(store, manifests: InMemoryPackageManifests(readings, fetcher: fetcher)) }) { error in
            XCTAssertEqual((error as? ExportFetchError)?.failures.map(\.name), [name("Moya"), name("Short")])
        }
    }

    func testNoLockfileIsAnError() async throws {
        await assertThrowsAsync({ try await export(store(), manifests: InMemoryPackageManifests(readings, fetcher: fetcher)) }) { error in
            XCTAssertTrue(error is MissingLockfileError, "\(error)")
        }
    }

    func testAPackageThatStaysKeepsWhatItNeedsThroughOthersOnDeps() throws {
        func locked(_ text: String, _ dependencies: [String]) -> LockedPackage {
            LockedPackage(name: name(text), version: version("1.0.0"), dependencies: dependencies.map { Dependency(name($0)) })
        }
        let lock = Lockfile(
            packages: [locked("App", ["Net/Core"]), locked("Net/Core", ["Log"]), locked("Log", []), locked("Free", ["Log"]), locked("Solo", [])],
            dependencies: [], specRepos: [], externalSources: [:], specChecksums: [:], depsfileChecksum: "", depsVersion: "")
        func moving(_ text: String) -> PackageExport {
            .exported(ExportedPackage(name: name(text), version: version("1.0.0"), url: "u/\(text)", requirement: .revision("c"),
                                      products: [library(text)], subspecs: []))
        }
        let export = SwiftPMExport([
            .staying(StayingPackage(name: name("App"), version: version("1.0.0"), reason: .noManifest)),
            moving("Net"), moving("Log"), moving("Free"), moving("Solo"),
        ], in: lock)
        XCTAssertEqual(export.exported.map(\.name), [name("Free"), name("Solo")])
        XCTAssertEqual(export.staying.map(\.name), [name("App"), name("Log"), name("Net")])
        XCTAssertEqual(export.staying[1].reason, .neededBy([name("App")]))
        XCTAssertEqual(export.staying[2].reason, .neededBy([name("App")]))
    }

    func testExactOnlyWhereTheTagIsTheVersionAndASemanticVersion() throws {
        let commit = String(repeating: "0f", count: 20)
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .tag("1.2.3")), at: version("1.2.3"), commit: commit), .exact(version("1.2.3")))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .tag("1.2.3-beta.1")), at: version("1.2.3-beta.1"), commit: nil),
                       .exact(version("1.2.3-beta.1")))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .tag("v1.2.3")), at: version("1.2.3"), commit: commit), .revision(commit))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .tag("1.2")), at: version("1.2"), commit: commit), .revision(commit))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .tag("1.2.3.4")), at: version("1.2.3.4"), commit: commit), .revision(commit))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .commit(commit)), at: version("1.0.0"), commit: nil), .revision(commit))
        XCTAssertEqual(SwiftPMRequirement.pinning(.git(url: "u", .branch("main")), at: version("1.0.0"), commit: commit), .revision(commit))
        XCTAssertNil(SwiftPMRequirement.pinning(.git(url: "u", .branch("main")), at: version("1.0.0"), commit: nil))
    }

    func testAPackageIsNamedInSwiftPMByTheLastPartOfItsURL() {
        func identity(_ url: String) -> String {
            ExportedPackage(name: name("Fallback"), version: version("1.0.0"), url: url, requirement: .revision("x"), products: [], subspecs: []).identity
        }
        XCTAssertEqual(identity("https://github.com/Alamofire/Alamofire.git"), "Alamofire")
        XCTAssertEqual(identity("https://github.com/SnapKit/SnapKit/"), "SnapKit")
        XCTAssertEqual(identity("git@github.com:onevcat/Kingfisher.git"), "Kingfisher")
        XCTAssertEqual(identity("file:///tmp/repos/swift-numerics"), "swift-numerics")
    }
}
