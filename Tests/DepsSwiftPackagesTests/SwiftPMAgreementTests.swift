import DepsCache
import DepsCore
import DepsFileSystem
import DepsGit
import DepsSwiftPackages
import Foundation
import XCTest
import DepsPresenters

/// deps resolves a graph of Swift packages as SwiftPM does (BEHAVIOUR 16): real repositories
/// made here (tags, manifests with each requirement kind, a test-only and a trait-gated
/// dependency on packages that do not exist), resolved by deps' resolver through
/// `SwiftPackageSpecSource` and by `swift package resolve` for a root package that depends on the
/// same; both give the same packages at the same versions and revisions.
final class SwiftPMAgreementTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "deps-swiftpm-agree-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(atPath: root) }
    }

    @discardableResult
    func run(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let environment = ProcessInfo.processInfo.environment
        process.arguments = ["-i", "PATH=\(environment["PATH"] ?? "/usr/bin:/bin")", "HOME=\(environment["HOME"] ?? "/")",
                             "GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
                             "GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw NSError(domain: "\(arguments.joined(separator: " ")): \(text)", code: Int(process.terminationStatus)) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Commits a release of the package `name` (a library of one target using `uses`, and `products`
    /// besides) and tags it.
    func release(
        _ name: String, _ tag: String, dependencies: String = "", uses: String = "", extra: String = "", products: String = ""
    ) throws {
        let folder = root + "/" + name
        try FileManager.default.createDirectory(atPath: folder + "/Sources/\(name)", withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder + "/.git") {
            try run(["git", "init", "--quiet", "--initial-branch=main"], in: folder)
        }
        try "public let \(name.lowercased())Version = \"\(tag)\"\n".write(toFile: folder + "/Sources/\(name)/\(name).swift", atomically: true, encoding: .utf8)
        try """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])\(products)],
                traits: [.trait(name: "Extra"), .default(enabledTraits: [])],
                dependencies: [\(dependencies)],
                targets: [
                    .target(name: "\(name)", dependencies: [\(uses)]),\(extra)
                ]
            )

            """.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try run(["git", "add", "-A"], in: folder)
        try run(["git", "commit", "--quiet", "--allow-empty", "-m", tag], in: folder)
        try run(["git", "tag", tag], in: folder)
    }

    func url(_ name: String) -> String { "file://" + root + "/" + name }

    final class Opener: SpecSourceOpener {
        let source: SwiftPackageSpecSource
        init(_ source: SwiftPackageSpecSource) { self.source = source }
        func openSource(_ label: String) async throws -> SpecSource { source }
        func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) async throws -> Specification {
            throw CocoaError(.featureUnsupported)
        }
    }

    func testAGraphOfPackagesResolvesAsSwiftPMResolvesIt() async throws {
        // C: plain releases. B needs C within 1.1 from 1.1.0. A 1.1.0 needs B from 1.1.0 and C from
        // 1.0.0, and declares a test-only and a trait-gated dependency on packages that do not exist.
        for tag in ["1.0.0", "1.1.0", "1.1.3", "1.2.0", "2.0.0"] { try release("C", tag) }
        try release("B", "1.0.0", dependencies: #".package(url: "\#(url("C"))", from: "1.0.0")"#, uses: #""C""#)
        try release("B", "v1.1.0", dependencies: #".package(url: "\#(url("C"))", .upToNextMinor(from: "1.1.0"))"#, uses: #""C""#)
        try release("B", "1.2.0-beta.1", dependencies: #".package(url: "\#(url("C"))", exact: "2.0.0")"#, uses: #""C""#)
        try release("A", "1.0.0", dependencies: #".package(url: "\#(url("B"))", from: "1.0.0"), .package(url: "\#(url("C"))", "1.0.0"..<"1.2.0")"#,
                    uses: #""B", "C""#)
        try release(
            "A", "1.1.0",
            dependencies: #".package(url: "\#(url("B"))", from: "1.1.0"), .package(url: "\#(url("C"))", from: "1.0.0"), "#
                + #".package(url: "\#(url("Missing"))", from: "1.0.0"), .package(url: "\#(url("Gated"))", from: "1.0.0")"#,
            uses: #""B", "C", .product(name: "Gated", package: "Gated", condition: .when(traits: ["Extra"]))"#,
            extra: #"\#n        .testTarget(name: "ATests", dependencies: ["A", .product(name: "Missing", package: "Missing")]),"#)

        // P has two products, and A 1.2.0 uses only one; but SwiftPM resolves what every product of
        // a dependency needs (only tests and traits that are off are left out), and P's other
        // product needs a B that A 1.2.0 excludes: so A 1.2.0 is not a solution, for SwiftPM and deps.
        try FileManager.default.createDirectory(atPath: root + "/P/Sources/PExtra", withIntermediateDirectories: true)
        try "public let extra = 1\n".write(toFile: root + "/P/Sources/PExtra/PExtra.swift", atomically: true, encoding: .utf8)
        try release(
            "P", "3.0.0", dependencies: #".package(url: "\#(url("B"))", "1.0.0"..<"1.1.0")"#,
            extra: #"\#n        .target(name: "PExtra", dependencies: [.product(name: "B", package: "B")]),"#,
            products: #", .library(name: "PExtra", targets: ["PExtra"])"#)
        try release(
            "A", "1.2.0",
            dependencies: #".package(url: "\#(url("B"))", from: "1.1.0"), .package(url: "\#(url("C"))", from: "1.0.0"), "#
                + #".package(url: "\#(url("P"))", from: "3.0.0")"#,
            uses: #""B", "C", .product(name: "P", package: "P")"#)

        // SwiftPM, for a root package that depends on A.
        let app = root + "/App"
        try FileManager.default.createDirectory(atPath: app + "/Sources/App", withIntermediateDirectories: true)
        try "import A\n".write(toFile: app + "/Sources/App/main.swift", atomically: true, encoding: .utf8)
        try """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(url: "\(url("A"))", from: "1.0.0")],
                targets: [.executableTarget(name: "App", dependencies: ["A"])]
            )

            """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try run(["swift", "package", "--scratch-path", root + "/scratch", "resolve"], in: app)
        let resolved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: app + "/Package.resolved"))) as? [String: Any]
        var swiftPM: [String: String] = [:]
        for pin in resolved?["pins"] as? [[String: Any]] ?? [] {
            let state = pin["state"] as? [String: Any]
            swiftPM[pin["identity"] as? String ?? "?"] = "\(state?["version"] as? String ?? "?") \(state?["revision"] as? String ?? "?")"
        }

        // deps, through the same repositories.
        let cache = CodeCache(root: LocalPath(root + "/cache"), fileSystem: POSIXFileSystem())
        try cache.prepare()
        let environment = ProcessInfo.processInfo.environment
        let loader = SwiftManifestLoader(cache: cache, toolchain: try await SwiftManifestLoader.toolchain(environment: environment), environment: environment)
        let source = SwiftPackageSpecSource(label: "swiftpm", locations: [url("A")], loader: loader, cache: cache)
        let manifest = Manifest(sources: ["swiftpm"], dependencies: [Dependency(try PackageName("a"), try Requirement(">= 1.0.0, < 2.0.0"))], checksum: "")
        let catalog = try await SpecCatalog.open(
            manifest: manifest, lockfile: nil, choice: SourceChoice(manifest: manifest, lockfile: nil, pins: [:]), opener: Opener(source))
        let packages = try await catalog.reading {
            try catalog.resolvedPackages(try Resolver(catalog: catalog).resolve(manifest.dependencies, pins: [:]))
        }
        var deps: [String: String] = [:]
        for package in packages {
            deps[package.name.description] = "\(package.version) \(source.release(of: package.name, version: package.version)?.commit ?? "?")"
        }
        XCTAssertEqual(deps, swiftPM)
        XCTAssertEqual(Set(deps.keys), ["a", "b", "c"])
        XCTAssertEqual(deps["a"]?.hasPrefix("1.1.0 "), true, "A 1.2.0's P needs a B that A 1.2.0 excludes: \(deps)")
        XCTAssertEqual(deps["c"]?.hasPrefix("1.1.3 "), true, "\(deps)")
    }
}
