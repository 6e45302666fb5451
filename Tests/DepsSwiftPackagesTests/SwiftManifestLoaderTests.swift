import DepsCache
import DepsCore
import DepsFailures
import DepsFileSystem
import DepsGit
@testable import DepsSwiftPackages
import Foundation
import XCTest
import DepsPresenters

/// A Swift package's releases and manifests (BEHAVIOUR 16) from a real git repository made here,
/// read through the cache's mirror and evaluated by the `swift` on PATH: the requirement kinds and
/// traits SwiftPM reports, a version-specific manifest chosen as SwiftPM chooses it, the cache hit
/// on the second read (no `swift` process), and a manifest that does not evaluate.
final class SwiftManifestLoaderTests: XCTestCase {
    var root: String!
    var cache: CodeCache!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "deps-swiftpm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/repo", withIntermediateDirectories: true)
        cache = CodeCache(root: LocalPath(root + "/cache"), fileSystem: POSIXFileSystem())
        try cache.prepare()
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(atPath: root) }
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root + "/repo", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ path: String, _ text: String) throws {
        let file = root + "/repo/" + path
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func commit(tag: String) throws {
        try git(["add", "-A"])
        try git(["commit", "--quiet", "-m", tag])
        try git(["tag", tag])
    }

    /// A manifest with every requirement kind, a trait-gated and a test-only dependency.
    let configuration = """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(
            name: "Config",
            products: [.library(name: "Configuration", targets: ["Configuration"])],
            traits: [.trait(name: "YAML"), .default(enabledTraits: [])],
            dependencies: [
                .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                .package(url: "https://github.com/apple/swift-collections", .upToNextMinor(from: "1.1.0")),
                .package(url: "https://github.com/jpsim/Yams.git", exact: "5.1.0"),
                .package(url: "https://github.com/apple/swift-algorithms", "1.0.0"..<"1.3.0"),
                .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", branch: "main"),
                .package(url: "https://github.com/apple/swift-numerics", revision: "0123456789abcdef0123456789abcdef01234567"),
            ],
            targets: [
                .target(name: "Configuration", dependencies: [
                    .product(name: "Logging", package: "swift-log"),
                    .product(name: "Yams", package: "Yams", condition: .when(traits: ["YAML"])),
                    "Support",
                ]),
                .target(name: "Support", dependencies: [
                    .product(name: "Collections", package: "swift-collections"), .product(name: "Algorithms", package: "swift-algorithms"),
                ]),
                .testTarget(name: "ConfigurationTests", dependencies: [
                    "Configuration", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                    .product(name: "Numerics", package: "swift-numerics"),
                ]),
            ]
        )

        """

    func mirror() async throws -> any GitMirroring {
        let mirror = SystemGitMirrors().mirror(at: LocalPath(root + "/mirror.git"), fileSystem: POSIXFileSystem(), network: GitNetworkLimits())
        try await mirror.clone(root + "/repo", through: LocalPath(root + "/mirror.tmp"), shownAs: "mirror")
        return mirror
    }

    func loader() async throws -> SwiftManifestLoader {
        let environment = ProcessInfo.processInfo.environment
        return SwiftManifestLoader(cache: cache, toolchain: try await SwiftManifestLoader.toolchain(environment: environment), environment: environment)
    }

    func testAManifestIsEvaluatedOnceAndReadAsSwiftPMResolvesIt() async throws {
        try git(["init", "--quiet", "--initial-branch=main"])
        try write("Package.swift", configuration)
        try commit(tag: "1.0.0")
        try write("README.md", "Config\n")
        try commit(tag: "not-a-version")
        let mirror = try await mirror()

        let releases = SwiftPackageRelease.releases(fromTags: try await mirror.tags())
        XCTAssertEqual(releases.map(\.tag), ["1.0.0"])
        let loader = try await loader()
        let identity = SwiftPackageIdentity(location: root + "/repo")
        let manifest = try await loader.manifest(of: identity, at: releases[0], in: mirror)
        XCTAssertEqual(loader.evaluations, 1)
        XCTAssertEqual(manifest.name, "Config")
        XCTAssertEqual(manifest.dependencies.map(\.requirement), [
            .range(lower: try Version("1.5.0"), upper: try Version("2.0.0")),
            .range(lower: try Version("1.1.0"), upper: try Version("1.2.0")),
            .exact(try Version("5.1.0")),
            .range(lower: try Version("1.0.0"), upper: try Version("1.3.0")),
            .branch("main"),
            .revision("0123456789abcdef0123456789abcdef01234567"),
        ])
        XCTAssertEqual(manifest.dependencies.map(\.identity.description), [
            "swift-log", "swift-collections", "yams", "swift-algorithms", "swift-snapshot-testing", "swift-numerics",
        ])
        let required = manifest.requiredDependencies(enabledTraits: manifest.enabledTraits())
        XCTAssertEqual(required.map(\.dependency.identity.description), ["swift-log", "swift-collections", "swift-algorithms"])
        let withYAML = manifest.requiredDependencies(enabledTraits: manifest.enabledTraits(requested: ["YAML"]))
        XCTAssertEqual(withYAML.map(\.dependency.identity.description), ["swift-log", "swift-collections", "yams", "swift-algorithms"])

        // A second loader (another run) reads it from the cache: no swift process.
        let again = try await self.loader()
        let cached = try await again.manifest(of: identity, at: releases[0], in: mirror)
        XCTAssertEqual(cached, manifest)
        XCTAssertEqual(again.evaluations, 0)
    }

    func testAVersionSpecificManifestIsChosenAsSwiftPMChoosesIt() async throws {
        try git(["init", "--quiet", "--initial-branch=main"])
        try write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Old\")\n")
        try write("Package@swift-5.10.swift", "// swift-tools-version:5.10\nimport PackageDescription\nlet package = Package(name: \"Newer\")\n")
        try write("Package@swift-99.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Future\")\n")
        try commit(tag: "2.0.0")
        let mirror = try await mirror()
        let tags = try await mirror.tags()
        let release = try XCTUnwrap(SwiftPackageRelease.releases(fromTags: tags).first)
        let loader = try await loader()
        let manifest = try await loader.manifest(of: SwiftPackageIdentity("kit"), at: release, in: mirror)
        XCTAssertEqual(manifest.name, "Newer")
        let toolchain = try await loader.toolchain()
        XCTAssertEqual(
            SwiftManifestLoader.chosenManifest(among: ["Package.swift", "Package@swift-5.10.swift", "Package@swift-99.swift"], toolchain: toolchain),
            "Package@swift-5.10.swift")
        XCTAssertEqual(SwiftManifestLoader.chosenManifest(among: ["Package.swift", "Package@swift-6.swift"], toolchain: "Swift version 5.10 (swift-5.10-RELEASE)"),
                       "Package.swift")
    }

    func testAManifestThatDoesNotEvaluateNamesThePackageTheTagAndTheFirstError() async throws {
        try git(["init", "--quiet", "--initial-branch=main"])
        try write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: undefinedName)\n")
        try commit(tag: "1.2.0")
        try write("Package.swift", "// swift-tools-version:99.0\nimport PackageDescription\nlet package = Package(name: \"Later\")\n")
        try commit(tag: "1.3.0")
        try FileManager.default.removeItem(atPath: root + "/repo/Package.swift")
        try write("Sources/Kit/Kit.swift", "")
        try commit(tag: "1.4.0")
        let mirror = try await mirror()
        let releases = SwiftPackageRelease.releases(fromTags: try await mirror.tags())
        let loader = try await loader()
        for (release, expected) in zip(releases, ["undefinedName", "99.0", ""]) {
            do {
                _ = try await loader.manifest(of: SwiftPackageIdentity("kit"), at: release, in: mirror)
                XCTFail("\(release.tag) evaluated")
            } catch let error as SwiftManifestError {
                XCTAssertEqual(error.package, SwiftPackageIdentity("kit"))
                XCTAssertEqual(error.tag, release.tag)
                switch error.cause {
                case let .evaluationFailed(line):
                    XCTAssertTrue(line.contains("error:") && line.contains(expected), line)
                case .noManifest:
                    XCTAssertEqual(release.tag, "1.4.0")
                case .unreadableDump, .unversionedDependency:
                    XCTFail("\(error)")
                }
            }
        }
        XCTAssertEqual(exitStatus(of: SwiftManifestError(package: SwiftPackageIdentity("kit"), tag: "1.2.0", cause: .noManifest)), .malformedInput)
    }

    func exitStatus(of error: some ExitStatusError) -> ExitStatus { error.exitStatus }
}
