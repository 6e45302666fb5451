import DepsCore
import XCTest

/// A CocoaPods project held in memory.
final class InMemoryCocoaPodsProject: CocoaPodsProject {
    var podfile: ReadPodfile?
    var podfileLock: PodfileLock?
    var podfileFailure: Error?

    init(podfile: ReadPodfile?, podfileLock: PodfileLock? = nil) {
        self.podfile = podfile
        self.podfileLock = podfileLock
    }

    func readPodfile() throws -> ReadPodfile? {
        if let podfileFailure { throw podfileFailure }
        return podfile
    }

    func readPodfileLock() throws -> PodfileLock? { podfileLock }
}

/// Where an import writes, in memory: the Depsfile as its dependencies' descriptions, the lock as
/// its packages; the checksum is the text's length, enough to see that the lock records it.
final class InMemoryImportDestination: ImportDestination {
    var files: [String: String] = [:]
    var lockfileWriteFailure: Error?

    func existingFiles() -> [String] {
        ["Depsfile", "Depsfile.lock"].filter { files[$0] != nil }
    }

    func manifestFile(_ manifest: ImportedManifest) -> ManifestFile {
        let text = (manifest.sources + manifest.dependencies.map(\.description)).joined(separator: "\n")
        return ManifestFile(text: text, checksum: "checksum-\(text.count)")
    }

    func lockfileText(_ lockfile: Lockfile) -> String {
        (lockfile.packages.map { "\($0.name) (\($0.version))" } + [lockfile.depsfileChecksum]).joined(separator: "\n")
    }

    func write(manifest: String, lockfile: String?) throws {
        files["Depsfile"] = manifest
        guard let lockfile else { return }
        if let lockfileWriteFailure {
            files["Depsfile"] = nil
            throw lockfileWriteFailure
        }
        files["Depsfile.lock"] = lockfile
    }
}

final class ImportInteractorTests: XCTestCase {
    struct WriteFailure: Error {}

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func declaration(_ pod: String, _ requirements: [String] = [], line: Int, source: PodExternalSource? = nil) -> PodDeclaration {
        PodDeclaration(name: name(pod), requirements: requirements.map { try! Requirement($0) }, line: line, externalSource: source)
    }

    /// Two targets sharing Alamofire with different requirements, a git pod on the default branch
    /// with submodules, trunk's git URL, and a hook dropped with a warning.
    var podfile: ReadPodfile {
        let app = PodfileTarget(name: "App", pods: [
            declaration("Alamofire", ["~> 5.6"], line: 4),
            declaration("Kit", line: 5, source: .git(url: "https://example.com/Kit.git", reference: nil, submodules: true)),
        ], children: [PodfileTarget(name: "AppTests", pods: [declaration("Alamofire", ["< 5.9"], line: 7)], line: 6)], line: 3)
        var root = PodfileTarget.root
        root.platform = Platform(name: "ios", deploymentTarget: try! Version("15.0"))
        root.children = [app]
        return ReadPodfile(
            podfile: Podfile(sources: [PodfileSource(url: "https://github.com/CocoaPods/Specs.git", line: 1)], root: root),
            warnings: [PodfileWarning(line: 9, .hook("post_install"))])
    }

    var podfileLock: PodfileLock {
        PodfileLock(
            pods: [PodfileLock.Pod(name: "Alamofire", version: try! Version("5.8.1")), PodfileLock.Pod(name: "Kit", version: try! Version("1.0"))],
            dependencies: [PodDependency(name: "Alamofire", requirement: try! Requirement("~> 5.6, < 5.9")),
                           PodDependency(name: "Kit", externalLocation: "https://example.com/Kit.git")],
            specRepos: [PodfileLock.SpecRepo(source: "trunk", pods: ["Alamofire"])],
            externalSources: ["Kit": .git(url: "https://example.com/Kit.git", reference: nil, submodules: true)],
            checkoutOptions: ["Kit": PodCheckout(git: "https://example.com/Kit.git", pin: .commit(String(repeating: "b", count: 40)), submodules: true)])
    }

    func testImportWritesTheDepsfileAndTheLockThatRecordsItsChecksum() async throws {
        let destination = InMemoryImportDestination()
        let result = try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: self.podfile, podfileLock: self.podfileLock), destination: destination
        ).importProject(dryRun: false)
        XCTAssertTrue(result.written)
        XCTAssertEqual(result.manifest.sources, ["trunk"])
        XCTAssertEqual(result.manifest.platform?.description, "ios 15.0")
        XCTAssertEqual(result.manifest.dependencies.map(\.description), [
            "Alamofire (~> 5.6, < 5.9)", "Kit (from `https://example.com/Kit.git`, default branch, submodules)",
        ])
        XCTAssertEqual(result.manifest.targets.map(\.target), ["App", "AppTests"])
        XCTAssertEqual(result.manifest.targets.last?.pods.map(\.description), ["Alamofire", "Kit"])
        XCTAssertEqual(result.warnings, [PodfileWarning(line: 9, .hook("post_install"))])
        XCTAssertEqual(destination.files["Depsfile"], result.manifestText)
        XCTAssertEqual(destination.files["Depsfile.lock"], result.lockfileText)
        let checksum = destination.manifestFile(result.manifest).checksum
        XCTAssertEqual(result.lockfile?.depsfileChecksum, checksum)
        XCTAssertEqual(result.lockfile?.packages.map(\.version.description), ["5.8.1", "1.0"])
        XCTAssertEqual(result.lockfile?.contentPin(of: name("Kit")), .commit(String(repeating: "b", count: 40)))
        XCTAssertEqual(result.lockfile?.checkoutOptions[name("Kit")]?.submodules, true)
        XCTAssertNil(result.staleLock)
    }

    /// A Podfile edited since its lock: the import goes on, and says what install resolves again.
    func testAPodfileLockOlderThanThePodfileIsImportedAsAStaleLock() async throws {
        var read = podfile
        read.podfile.root.children[0].pods[0] = declaration("Alamofire", ["~> 5.9"], line: 4)
        read.podfile.root.children[0].pods.append(declaration("Quick", line: 8))
        let result = try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: read, podfileLock: self.podfileLock), destination: InMemoryImportDestination()
        ).importProject(dryRun: true)
        XCTAssertEqual(result.staleLock?.added, [name("Quick")])
        XCTAssertEqual(result.staleLock?.modified, [name("Alamofire")])
        XCTAssertEqual(result.staleLock?.removed, [])
        XCTAssertEqual(result.lockfile?.packages.map(\.version.description), ["5.8.1", "1.0"])
    }

    /// `pod 'Local', :path => 'Local', :testspecs => ['Tests']`: CocoaPods locks the test spec
    /// (`Local/Tests`) in PODS and DEPENDENCIES, with what only it needs (`Quick`). deps drops the
    /// test spec with a warning, and the lock drops it too: no drift, no package nothing requires.
    func testATestspecIsDroppedFromTheLockAsFromTheDepsfile() async throws {
        var read = podfile
        var local = declaration("Local", line: 8, source: .path("Local"))
        local.droppedOptions = [.testspecs(["Tests"])]
        read.podfile.root.children[0].pods.append(local)
        read.warnings.insert(PodfileWarning(line: 8, .podOption(pod: name("Local"), .testspecs(["Tests"]))), at: 0)
        let lock = podfileLock
        let podfileLock = PodfileLock(
            pods: lock.pods + [
                PodfileLock.Pod(name: "Local", version: try Version("0.1.0"), dependencies: [PodDependency(name: "Alamofire")]),
                PodfileLock.Pod(name: "Local/Tests", version: try Version("0.1.0"), dependencies: [
                    PodDependency(name: "Alamofire"), PodDependency(name: "Quick", requirement: try Requirement("~> 7.0")),
                ]),
                PodfileLock.Pod(name: "Quick", version: try Version("7.3.0")),
            ],
            dependencies: lock.dependencies + [
                PodDependency(name: "Local", externalLocation: "Local"), PodDependency(name: "Local/Tests", externalLocation: "Local"),
            ],
            specRepos: [PodfileLock.SpecRepo(source: "trunk", pods: ["Alamofire", "Quick"])],
            externalSources: lock.externalSources.merging(["Local": .path("Local")]) { first, _ in first },
            checkoutOptions: lock.checkoutOptions)
        let result = try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: read, podfileLock: podfileLock), destination: InMemoryImportDestination()
        ).importProject(dryRun: true)
        XCTAssertNil(result.staleLock)
        XCTAssertEqual(result.manifest.dependencies.map(\.name), [name("Alamofire"), name("Kit"), name("Local")])
        let lockfile = try XCTUnwrap(result.lockfile)
        XCTAssertEqual(lockfile.packages.map { "\($0.name) (\($0.version))" }, ["Alamofire (5.8.1)", "Kit (1.0)", "Local (0.1.0)"])
        XCTAssertEqual(lockfile.dependencies.map(\.name), [name("Alamofire"), name("Kit"), name("Local")])
        XCTAssertEqual(lockfile.specRepos, [SpecRepoEntry(source: "trunk", packages: [name("Alamofire")])])
        XCTAssertEqual(lockfile.externalSources[name("Local")], .path("Local"))
        XCTAssertEqual(result.warnings.first, PodfileWarning(line: 8, .podOption(pod: name("Local"), .testspecs(["Tests"]))))
    }

    func testWithoutAPodfileLockOnlyTheDepsfileIsWritten() async throws {
        let destination = InMemoryImportDestination()
        let result = try await ImportInteractor(cocoaPods: InMemoryCocoaPodsProject(podfile: self.podfile), destination: destination)
            .importProject(dryRun: false)
        XCTAssertNil(result.lockfile)
        XCTAssertEqual(destination.existingFiles(), ["Depsfile"])
    }

    func testDryRunWritesNothingAndSaysWhatItWouldWrite() async throws {
        let destination = InMemoryImportDestination()
        let result = try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: self.podfile, podfileLock: self.podfileLock), destination: destination
        ).importProject(dryRun: true)
        XCTAssertFalse(result.written)
        XCTAssertTrue(destination.files.isEmpty)
        XCTAssertNotNil(result.lockfileText)
        XCTAssertFalse(result.manifestText.isEmpty)
    }

    func testNeverOverwritesADepsfileOrItsLock() async {
        for existing in [["Depsfile"], ["Depsfile.lock"], ["Depsfile", "Depsfile.lock"]] {
            let destination = InMemoryImportDestination()
            for file in existing { destination.files[file] = "mine" }
            await assertThrowsAsync({ try await ImportInteractor(
                cocoaPods: InMemoryCocoaPodsProject(podfile: self.podfile, podfileLock: self.podfileLock), destination: destination
            ).importProject(dryRun: false) }) { error in
                XCTAssertEqual(error as? ImportWouldOverwriteError, ImportWouldOverwriteError(files: existing))
            }
            XCTAssertEqual(destination.files.values.sorted(), existing.map { _ in "mine" })
        }
    }

    func testNoPodfileIsRefused() async {
        await assertThrowsAsync({ try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: nil), destination: InMemoryImportDestination()
        ).importProject(dryRun: false) }) { error in
            XCTAssertTrue(error is PodfileMissingError)
        }
    }

    func testAPodfileThatCannotBeReadWritesNothing() async {
        struct Refusal: Error {}
        let project = InMemoryCocoaPodsProject(podfile: podfile)
        project.podfileFailure = Refusal()
        let destination = InMemoryImportDestination()
        await assertThrowsAsync({ try await ImportInteractor(cocoaPods: project, destination: destination).importProject(dryRun: false) }) {
            XCTAssertTrue($0 is Refusal)
        }
        XCTAssertTrue(destination.files.isEmpty)
    }

    func testEveryGapOfThePodfileAndItsLockIsNamedAndNothingIsWritten() async {
        var read = podfile
        read.podfile.root.children[0].pods.append(declaration("Spec", line: 8, source: .podspec("Spec.plist")))
        var lock = podfileLock
        lock = PodfileLock(
            pods: lock.pods + [PodfileLock.Pod(name: "Deep/A B", version: try! Version("1.0"))], dependencies: lock.dependencies,
            specRepos: lock.specRepos, externalSources: lock.externalSources, checkoutOptions: lock.checkoutOptions)
        let destination = InMemoryImportDestination()
        await assertThrowsAsync({ try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: read, podfileLock: lock), destination: destination
        ).importProject(dryRun: false) }) { error in
            XCTAssertEqual(error as? PodfileImportError, PodfileImportError(
                podfileGaps: [PodfileDependencyGap(name: name("Spec"), lines: [8], gap: .unreadablePodspec("Spec.plist", .unknownFormat))],
                lockProblems: [.invalidName("Deep/A B")]))
        }
        XCTAssertTrue(destination.files.isEmpty)
    }

    func testALockThatCannotBeWrittenTakesTheDepsfileWithIt() async {
        let destination = InMemoryImportDestination()
        destination.lockfileWriteFailure = WriteFailure()
        await assertThrowsAsync({ try await ImportInteractor(
            cocoaPods: InMemoryCocoaPodsProject(podfile: self.podfile, podfileLock: self.podfileLock), destination: destination
        ).importProject(dryRun: false) })
        XCTAssertTrue(destination.files.isEmpty)
    }
}
