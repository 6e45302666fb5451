import DepsCore
import DepsCoreFakes
import XCTest

/// Subspecs (BEHAVIOUR 2.4) and platforms (9) as the resolver sees them through the catalog,
/// on in-memory specs: `Name/Sub`, default subspecs, siblings, one version per package.
final class SubspecResolutionTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }
    /// The packages a resolution failure's derivation speaks of, as named there.
    func subjects(of error: Error) -> [String] {
        guard let failure = error as? ResolutionFailure else { return ["\(error)"] }
        return failure.derivation.steps.flatMap(\.terms).compactMap { term in
            if case let .package(name) = term.subject { name.description } else { nil }
        }
    }

    func dependencies(_ table: [String: String]) -> [Dependency] {
        table.map { Dependency(name($0.key), $0.value.isEmpty ? .any : try! Requirement($0.value)) }
    }

    /// RestKit's shape: `RestKit` defaults to `RestKit/Core`, which needs `RestKit/ObjectMapping`,
    /// which needs `RestKit/Network`; `Network` needs AFNetworking. Version 0.27 added `CoreData`.
    func restKit(_ versionText: String, afNetworking: String = "~> 1.3", platforms: [String: Version?] = [:]) -> Specification {
        var subspecs = [
            Subspec(name: "Core", dependencies: dependencies(["RestKit/ObjectMapping": ""])),
            Subspec(name: "ObjectMapping", dependencies: dependencies(["RestKit/Network": ""])),
            Subspec(name: "Network", dependencies: dependencies(["AFNetworking": afNetworking])),
        ]
        if versionText == "0.27.0" { subspecs.append(Subspec(name: "CoreData")) }
        return Specification(
            name: name("RestKit"), version: version(versionText), checksum: "RestKit@\(versionText)",
            subspecs: subspecs, defaultSubspecs: ["Core"], platforms: platforms)
    }

    func store(_ dependencies: [String: String], platform: Platform? = nil) -> InMemoryProjectStore {
        let store = InMemoryProjectStore(dependencies)
        if let platform {
            store.manifest = Manifest(sources: store.manifest.sources, dependencies: store.manifest.dependencies,
                                      checksum: store.manifest.checksum, platform: platform)
        }
        return store
    }

    func install(_ store: InMemoryProjectStore, _ source: InMemorySpecSource) async throws -> Lockfile {
        let interactor = InstallInteractor(store: store, opener: InMemorySpecSourceOpener([source]))
        _ = try await interactor.install()
        return try XCTUnwrap(store.lockfile)
    }

    func source() -> InMemorySpecSource {
        let source = InMemorySpecSource(["AFNetworking": ["1.3.4": [:], "2.0.0": [:]]])
        source.add(specification: restKit("0.26.0"))
        source.add(specification: restKit("0.27.0", afNetworking: "~> 2.0"))
        return source
    }

    func entries(_ lock: Lockfile) -> [String] {
        lock.packages.map { package in
            "\(package.name) \(package.version)" + package.dependencies.map { " <\($0)>" }.joined()
        }
    }

    func testAWholePackageMeansItsDefaultSubspecsAndTheirSiblingsAtOneVersion() async throws {
        let lock = try await install(store(["RestKit": ""]), source())
        XCTAssertEqual(entries(lock), [
            "AFNetworking 2.0.0",
            "RestKit 0.27.0 <RestKit/Core (= 0.27.0)>",
            "RestKit/Core 0.27.0 <RestKit/ObjectMapping>",
            "RestKit/Network 0.27.0 <AFNetworking (~> 2.0)>",
            "RestKit/ObjectMapping 0.27.0 <RestKit/Network>",
        ])
        // One entry per package in SPEC REPOS and SPEC CHECKSUMS.
        XCTAssertEqual(lock.specRepos.first?.packages, [name("AFNetworking"), name("RestKit")])
        XCTAssertEqual(lock.specChecksums[name("RestKit")], "RestKit@0.27.0")
        XCTAssertNil(lock.specChecksums[name("RestKit/Core")])
    }

    func testASubspecAloneDoesNotBringTheDefaultsAndAllSubspecsShareOneVersion() async throws {
        // AFNetworking held at 1.x: RestKit/Network 0.27 cannot be used, so every RestKit subspec is 0.26.
        let lock = try await install(store(["RestKit/Network": "", "AFNetworking": "~> 1.3"]), source())
        XCTAssertEqual(entries(lock), [
            "AFNetworking 1.3.4",
            "RestKit/Network 0.26.0 <AFNetworking (~> 1.3)>",
        ])
    }

    func testASubspecOnlyOneVersionHasNarrowsTheChoice() async throws {
        let lock = try await install(store(["RestKit/CoreData": "", "RestKit/Network": ""]), source())
        XCTAssertEqual(lock.packages.map { "\($0.name) \($0.version)" }, [
            "AFNetworking 2.0.0", "RestKit/CoreData 0.27.0", "RestKit/Network 0.27.0",
        ])
    }

    func testAConflictSpeaksOfTheSubspec() async throws {
        await assertThrowsAsync({ try await install(store(["RestKit/CoreData": "", "AFNetworking": "~> 1.3", "RestKit": ""]), source()) }) { error in
            let names = self.subjects(of: error)
            XCTAssertTrue(names.contains("RestKit/CoreData"), "\(names)")
            XCTAssertTrue(names.contains { $0.hasSuffix(", which has no subspec CoreData") } || names.contains("RestKit/Network"), "\(names)")
        }
    }

    func testSubspecsAskedForAtTwoVersionsAreExplainedWithThePackagesVersions() async throws {
        await assertThrowsAsync({ try await install(store(["RestKit/Core": "= 0.26.0", "RestKit/Network": "= 0.27.0"]), source()) }) { error in
            guard let steps = (error as? ResolutionFailure)?.derivation.steps else { return XCTFail("\(error)") }
            // "RestKit/Core 0.26.0 depends on RestKit 0.26.0": the stand-in is the package alone.
            XCTAssertTrue(steps.contains { step in
                step.cause == .dependency && step.terms.map(\.subject) == [.package(self.name("RestKit/Core")), .packageAlone(self.name("RestKit"))]
                    && step.terms.allSatisfy { $0.members == [self.version("0.26.0")] }
            }, "\(steps)")
            XCTAssertFalse(self.subjects(of: error).contains { $0.hasSuffix("/") }, "the resolver's stand-in leaked: \(steps)")
        }
    }

    func testThePlatformFiltersVersionsAndAddsItsOwnDependencies() async throws {
        let source = InMemorySpecSource(["Analytics": ["1.0": [:]], "Kit": ["1.0": [:]]])
        source.add(specification: Specification(
            name: name("Firebase"), version: version("10.0"),
            dependencies: dependencies(["Kit": ""]), checksum: "f10", platforms: ["ios": version("11.0"), "osx": version("10.13")],
            platformDependencies: ["ios": dependencies(["Analytics": ""])]))
        source.add(specification: Specification(
            name: name("Firebase"), version: version("11.0"), checksum: "f11",
            platforms: ["ios": version("13.0")]))
        let ios12 = try await install(store(["Firebase": ""], platform: Platform(name: "ios", deploymentTarget: version("12.0"))), source)
        XCTAssertEqual(ios12.packages.map { "\($0.name) \($0.version)" }, ["Analytics 1.0", "Firebase 10.0", "Kit 1.0"])
        let macOS = try await install(store(["Firebase": ""], platform: Platform(name: "macos", deploymentTarget: version("12.0"))), source)
        XCTAssertEqual(macOS.packages.map { "\($0.name) \($0.version)" }, ["Firebase 10.0", "Kit 1.0"])
        // Without a platform nothing is filtered and no platform-specific dependency applies.
        let any = try await install(store(["Firebase": ""]), source)
        XCTAssertEqual(any.packages.map { "\($0.name) \($0.version)" }, ["Firebase 11.0"])
        // A platform no version supports: the explanation names the platform.
        await assertThrowsAsync({ try await install(store(["Firebase": ""], platform: Platform(name: "tvos", deploymentTarget: version("15.0"))), source) }) { error in
            let names = self.subjects(of: error)
            XCTAssertTrue(names.contains("Firebase 11.0, which does not support tvos 15.0"), "\(names)")
        }
    }

    /// Xcode targets on platforms of their own (BEHAVIOUR 15): a package must support the platform of
    /// every target that links it, directly or through another package, and each platform's own
    /// dependencies apply; a package only an iOS target links is free of the watch's limits.
    func testEachPackageSupportsThePlatformOfEveryTargetThatLinksIt() async throws {
        let source = InMemorySpecSource(["Tools": ["1.0": [:]], "Charts": ["3.0": [:]]])
        for (text, platforms) in [("1.0", ["ios": version("12.0"), "watchos": version("6.0")]), ("2.0", ["ios": version("15.0")])] {
            source.add(specification: Specification(
                name: name("Kit"), version: version(text), checksum: "kit\(text)", platforms: platforms,
                platformDependencies: ["watchos": dependencies(["Tools": ""])]))
        }
        source.add(specification: Specification(name: name("Sync"), version: version("1.0"), dependencies: dependencies(["Kit": ""]), checksum: "sync"))
        let ios = Platform(name: "ios", deploymentTarget: version("15.0"))
        let watch = Platform(name: "watchos", deploymentTarget: version("8.0"))
        func install(app: [String], watchTarget: [String]) async throws -> [String] {
            let store = store(["Sync": "", "Charts": ""], platform: ios)
            store.manifest = Manifest(
                sources: store.manifest.sources, dependencies: store.manifest.dependencies, checksum: "x", platform: ios,
                xcode: XcodeSettings(projects: ["App.xcodeproj"], targets: [
                    XcodeTargetRequest(name: "App", packages: app.map(name)),
                    XcodeTargetRequest(name: "Watch", platform: watch, packages: watchTarget.map(name)),
                ]))
            return try await self.install(store, source).packages.map { "\($0.name) \($0.version)" }
        }
        // The watch links Sync, which needs Kit: Kit 2.0 is iOS-only, so 1.0, with its watchOS dependency.
        let linkingSync = try await install(app: ["Sync"], watchTarget: ["Sync"])
        XCTAssertEqual(linkingSync, ["Charts 3.0", "Kit 1.0", "Sync 1.0", "Tools 1.0"])
        // The watch links only Charts: Kit is built for iOS alone and takes its newest.
        let linkingCharts = try await install(app: ["Sync"], watchTarget: ["Charts"])
        XCTAssertEqual(linkingCharts, ["Charts 3.0", "Kit 2.0", "Sync 1.0"])
    }

    /// A pin in the way that is a package's subspecs: the remedy names the package, once, as
    /// `deps update` takes it (it named every locked subspec: `RestKit/Core RestKit/Network ...`).
    func testTheSuggestedUpdateNamesPackagesNotTheirSubspecs() async throws {
        let source = InMemorySpecSource(["AFNetworking": ["1.3.4": [:], "2.0.0": [:]]])
        source.add(specification: restKit("0.26.0"))
        let store = store(["RestKit": ""])
        let locked = try await install(store, source)
        XCTAssertTrue(locked.packages.contains { $0.name.description == "RestKit/Network" })
        source.add(specification: restKit("0.27.0", afNetworking: "~> 2.0"))
        store.edit(["AFNetworking": "~> 2.0"])
        store.lockfile = locked
        await assertThrowsAsync({ try await install(store, source) }) { error in
            let suggested = (error as? ResolutionFailure)?.suggestedUpdate.map(\.description) ?? []
            XCTAssertTrue(suggested.contains("RestKit"), "\(suggested)")
            XCTAssertFalse(suggested.contains { $0.contains("/") }, "\(suggested)")
        }
    }

    /// Right after `deps repo push` a git spec repository's cached copy lacks the version pushed:
    /// the failure says so, and names `deps repo update`, where it said only that no version matched.
    func testAVersionNotInACachedCopyNamesTheRefresh() async throws {
        let source = InMemorySpecSource(["JsonKit": ["1.0.0": [:]]])
        source.notesOnMissingPackages = [.cachedCopy(source: "https://git.example/specs.git")]
        await assertThrowsAsync({ try await install(store(["JsonKit": "2.0.0"]), source) }) { error in
            let failure = error as? ResolutionFailure
            XCTAssertEqual(failure?.missingVersionNotes, [
                ResolutionFailure.MissingVersionNote(package: self.name("JsonKit"), note: .cachedCopy(source: "https://git.example/specs.git")),
            ])
        }
    }

    /// Several of the Depsfile's pods missing from the sources are named in one run, not one a run.
    func testEveryMissingDependencyIsNamedAtOnce() async throws {
        let source = InMemorySpecSource(["Kit": ["1.0.0": [:]]])
        await assertThrowsAsync({ try await install(store(["Alamofir": "", "Kit": "", "Kingfishr": "", "Snapkit/Core": ""]), source) }) { error in
            let failure = error as? ResolutionFailure
            guard case let .missingPackage(name, _)? = failure?.kind else { return XCTFail("\(error)") }
            XCTAssertEqual(([name] + (failure?.otherMissingPackages ?? [])).map(\.root.description).sorted(), ["Alamofir", "Kingfishr", "Snapkit"])
        }
    }

    func testUpdatingAPackageReleasesItsSubspecs() async throws {
        let source = InMemorySpecSource(["AFNetworking": ["1.3.4": [:], "2.0.0": [:]]])
        source.add(specification: restKit("0.26.0"))
        let store = store(["RestKit/Network": ""])
        _ = try await install(store, source)
        source.add(specification: restKit("0.27.0", afNetworking: "~> 2.0"))
        let interactor = UpdateInteractor(store: store, opener: InMemorySpecSourceOpener([source]))
        _ = try await interactor.update([try PackageName("RestKit")])
        XCTAssertEqual(store.lockfile?.packages.map { "\($0.name) \($0.version)" }, ["AFNetworking 2.0.0", "RestKit/Network 0.27.0"])
    }
}
