import DepsCache
import DepsCore
import DepsFailures
import DepsFileSystem
import DepsHTTP
@testable import DepsSwiftPackages
import Foundation
import LoopbackHTTPServer
import XCTest
import DepsPresenters

/// A Swift package registry (SE-0292, BEHAVIOUR 16) that a loopback server stands in for: the
/// release list (sorted, without a release that has a `problem`), the `Accept` header of each
/// endpoint, a release's manifest evaluated by the `swift` on PATH and kept by the archive's
/// checksum, the archive checked against that checksum, and a package the registry does not have.
/// Nothing leaves 127.0.0.1, and every request has a short timeout and deadline.
final class SwiftRegistryTests: XCTestCase {
    var root: String!
    var cache: CodeCache!
    var server: LoopbackHTTPServer!
    let package = try! SwiftRegistryIdentity("mona.LinkedList")
    let archive = Array("PK\u{3}\u{4} the source archive of mona.LinkedList 1.1.1".utf8)
    var checksum: String { SHA256Digest.hex(of: archive) }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "deps-registry-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        cache = CodeCache(root: LocalPath(root + "/cache"), fileSystem: POSIXFileSystem())
        try cache.prepare()
        server = try LoopbackHTTPServer()
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let root { try? FileManager.default.removeItem(atPath: root) }
    }

    func client() -> SwiftRegistryClient {
        let http = HTTPClient(configuration: .init(timeoutSeconds: 5, attempts: 1, deadlineSeconds: 20))
        return SwiftRegistryClient(baseURL: server.baseURL + "/", http: http, cache: cache)
    }

    func loader() async throws -> SwiftManifestLoader {
        let environment = ProcessInfo.processInfo.environment
        return SwiftManifestLoader(cache: cache, toolchain: try await SwiftManifestLoader.toolchain(environment: environment), environment: environment)
    }

    func serve(_ path: String, _ text: String) {
        server.serve(path, .body(Array(text.utf8)))
    }

    /// Four releases listed out of order, one of them taken down (a `problem`).
    func serveReleases() {
        let base = server.baseURL + "/mona/LinkedList"
        serve("/mona/LinkedList", """
            {
              "releases": {
                "1.1.1": {"url": "\(base)/1.1.1"},
                "1.0.0": {"url": "\(base)/1.0.0"},
                "1.1.0": {"url": "\(base)/1.1.0", "problem": {"status": 410, "title": "Gone", "detail": "this release was removed from the registry"}},
                "2.0.0-beta.1": {"url": "\(base)/2.0.0-beta.1"}
              }
            }
            """)
    }

    func serveRelease(_ version: String, manifest: String) {
        serve("/mona/LinkedList/\(version)", """
            {
              "id": "mona.LinkedList",
              "version": "\(version)",
              "resources": [
                {"name": "source-archive", "type": "application/zip", "checksum": "\(checksum)"}
              ],
              "metadata": {"description": "One thing links to another."},
              "publishedAt": "2023-02-16T04:00:00.000Z"
            }
            """)
        serve("/mona/LinkedList/\(version)/Package.swift", manifest)
        server.serve("/mona/LinkedList/\(version).zip", .body(archive))
    }

    /// A library that uses swift-log and the registry's mona.Node, and a test target that alone
    /// uses swift-numerics.
    let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "LinkedList",
            products: [.library(name: "LinkedList", targets: ["LinkedList"])],
            dependencies: [
                .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                .package(url: "https://github.com/apple/swift-numerics", exact: "1.0.2"),
                .package(id: "mona.Node", "1.2.0"..<"1.4.0"),
            ],
            targets: [
                .target(name: "LinkedList", dependencies: [
                    .product(name: "Logging", package: "swift-log"), .product(name: "Node", package: "mona.Node"),
                ]),
                .testTarget(name: "LinkedListTests", dependencies: ["LinkedList", .product(name: "Numerics", package: "swift-numerics")]),
            ]
        )

        """

    func accepts(_ path: String) -> [String?] {
        server.requestHeaders.filter { $0.path == path }.map { $0.headers["accept"] }
    }

    func registryError(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async -> SwiftRegistryError? {
        do {
            try await body()
            XCTFail("expected a SwiftRegistryError", file: file, line: line)
        } catch let error as SwiftRegistryError {
            return error
        } catch {
            XCTFail("expected a SwiftRegistryError, got \(error)", file: file, line: line)
        }
        return nil
    }

    func testReleasesAreListedSortedWithoutTheOnesWithAProblem() async throws {
        serveReleases()

        let releases = try await client().releases(of: package)

        XCTAssertEqual(releases.map(\.name), ["1.0.0", "1.1.1", "2.0.0-beta.1"])
        XCTAssertEqual(releases.map(\.version), [try Version("1.0.0"), try Version("1.1.1"), try Version("2.0.0-beta.1")])
        XCTAssertEqual(accepts("/mona/LinkedList"), ["application/vnd.swift.registry.v1+json"])
    }

    func testAnUnknownPackageIsAnErrorNamingTheURL() async throws {
        let unknown = try SwiftRegistryIdentity("mona.Nothing")
        let error = await registryError { _ = try await self.client().releases(of: unknown) }
        XCTAssertEqual(error, SwiftRegistryError(package: unknown, url: server.baseURL + "/mona/Nothing", cause: .notFound))
        XCTAssertEqual(error?.exitStatus, .inputOutput)

        server.serve("/mona/Private", .status(403))
        let forbidden = try SwiftRegistryIdentity("mona.Private")
        let refused = await registryError { _ = try await self.client().releases(of: forbidden) }
        XCTAssertEqual(refused, SwiftRegistryError(package: forbidden, url: server.baseURL + "/mona/Private", cause: .serverAnswered(403)))

        serve("/mona/Odd", "[\"not\", \"a release list\"]")
        let odd = try SwiftRegistryIdentity("mona.Odd")
        let unreadable = await registryError { _ = try await self.client().releases(of: odd) }
        guard case .unreadableAnswer? = unreadable?.cause else { return XCTFail("expected an unreadable answer, got \(String(describing: unreadable))") }
    }

    func testTheArchiveIsKeptOnlyWhenItsChecksumIsTheRegistrys() async throws {
        serveRelease("1.1.1", manifest: manifest)
        let release = SwiftRegistryRelease(version: try Version("1.1.1"), name: "1.1.1")
        let client = client()

        let expected = try await client.archiveChecksum(of: package, release: release)
        XCTAssertEqual(expected, checksum)
        let destination = LocalPath(root + "/LinkedList-1.1.1.zip")
        try await client.downloadArchive(of: package, release: release, checksum: expected, to: destination)
        XCTAssertEqual(FileManager.default.contents(atPath: destination.string).map(Array.init), archive)
        XCTAssertEqual(accepts("/mona/LinkedList/1.1.1"), ["application/vnd.swift.registry.v1+json"])
        XCTAssertEqual(accepts("/mona/LinkedList/1.1.1.zip"), ["application/vnd.swift.registry.v1+zip"])

        // An archive that is not the one the registry's checksum names is refused, and nothing is written.
        server.serve("/mona/LinkedList/1.1.1.zip", .body(archive + [0]))
        let refused = LocalPath(root + "/refused.zip")
        let error = await registryError { try await client.downloadArchive(of: self.package, release: release, checksum: expected, to: refused) }
        XCTAssertEqual(error, SwiftRegistryError(
            package: package, url: server.baseURL + "/mona/LinkedList/1.1.1.zip",
            cause: .checksumMismatch(expected: checksum, actual: SHA256Digest.hex(of: archive + [0]))))
        XCTAssertEqual(error?.exitStatus, .malformedInput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: refused.string))
    }

    func testMetadataWithoutASourceArchiveIsAnError() async throws {
        serve("/mona/LinkedList/1.0.0", #"{"id": "mona.LinkedList", "version": "1.0.0", "resources": [{"name": "source-archive", "type": "application/zip"}]}"#)
        let release = SwiftRegistryRelease(version: try Version("1.0.0"), name: "1.0.0")
        let error = await registryError { _ = try await self.client().archiveChecksum(of: self.package, release: release) }
        XCTAssertEqual(error, SwiftRegistryError(package: package, url: server.baseURL + "/mona/LinkedList/1.0.0", cause: .noSourceArchive))
    }

    func testTheSpecSourceReadsARegistrysReleasesAndEvaluatesEachManifestOnce() async throws {
        serveReleases()
        serveRelease("1.1.1", manifest: manifest)
        // Named as SwiftPM names a registry dependency (lower-cased); asked for as the Depsfile spells it.
        let name = try PackageName("mona.linkedlist")
        let source = SwiftRegistrySpecSource(label: server.baseURL, client: client(), loader: try await loader(), packages: [package])

        XCTAssertThrowsError(try source.versions(of: name)) { XCTAssertEqual($0 as? SpecsNotFetched, SpecsNotFetched(source: server.baseURL, needed: [.versions(name)])) }
        XCTAssertEqual(try source.versions(of: PackageName("mona.Other")), [])
        XCTAssertEqual(try source.versions(of: PackageName("swift-log")), [])
        try await source.fetch([.versions(name)])
        XCTAssertEqual(try source.versions(of: name), [try Version("1.0.0"), try Version("1.1.1"), try Version("2.0.0-beta.1")])

        // The newest release's spec came with the list, its manifest evaluated by swift.
        let version = try Version("1.1.1")
        let spec = try source.specification(of: name, version: version)
        XCTAssertEqual(source.loader.evaluations, 1)
        XCTAssertEqual(spec.dependencies, [
            Dependency(try PackageName("mona.node"), try Requirement(">= 1.2.0, < 1.4.0")),
            Dependency(try PackageName("swift-log"), try Requirement(">= 1.5.0, < 2.0.0")),
        ])
        // The registry package it uses is this source's to read from now on (spelt as the manifest spells it).
        XCTAssertThrowsError(try source.versions(of: PackageName("mona.node"))) {
            XCTAssertEqual($0 as? SpecsNotFetched, SpecsNotFetched(source: server.baseURL, needed: [.versions(try! PackageName("mona.node"))]))
        }
        XCTAssertEqual(try source.packageNames().map(\.description), ["mona.LinkedList", "mona.Node"])
        XCTAssertEqual(spec.codeSource, .http(url: server.baseURL + "/mona/LinkedList/1.1.1.zip", sha256: checksum))
        XCTAssertEqual(spec.checksum, checksum)
        XCTAssertEqual(accepts("/mona/LinkedList/1.1.1/Package.swift"), ["application/vnd.swift.registry.v1+swift"])
        XCTAssertThrowsError(try source.specification(of: name, version: try Version("1.0.0"))) {
            XCTAssertEqual($0 as? SpecsNotFetched, SpecsNotFetched(source: server.baseURL, needed: [.specification(name, try! Version("1.0.0"))]))
        }

        // Another run reads the manifest from the cache, by the archive's checksum: no swift, and
        // no request for the manifest.
        let again = SwiftRegistrySpecSource(label: server.baseURL, client: client(), loader: try await loader(), packages: [package])
        try await again.fetch([.versions(name)])
        XCTAssertEqual(try again.specification(of: name, version: version), spec)
        XCTAssertEqual(again.loader.evaluations, 0)
        XCTAssertEqual(server.requestCount("/mona/LinkedList/1.1.1/Package.swift"), 1)

        // A release asked for that the registry lost is thrown, naming its URL.
        let error = await registryError { try await again.fetch([.specification(name, try Version("1.0.0"))]) }
        XCTAssertEqual(error, SwiftRegistryError(package: package, url: server.baseURL + "/mona/LinkedList/1.0.0", cause: .notFound))
    }

    func testAManifestThatDoesNotEvaluateNamesTheReleasesVersion() async throws {
        serveReleases()
        serveRelease("1.0.0", manifest: "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: 1)\n")
        let name = try PackageName("mona.LinkedList")
        let source = SwiftRegistrySpecSource(label: server.baseURL, client: client(), loader: try await loader(), packages: [package])
        try await source.fetch([.versions(name)])
        do {
            try await source.fetch([.specification(name, try Version("1.0.0"))])
            XCTFail("expected a SwiftManifestError")
        } catch let error as SwiftManifestError {
            XCTAssertEqual(error.package, SwiftPackageIdentity("mona.linkedlist"))
            XCTAssertEqual(error.tag, "1.0.0")
            guard case let .evaluationFailed(line) = error.cause else { return XCTFail("\(error)") }
            XCTAssertTrue(line.hasPrefix("Package.swift:3:"), line)
        }
    }
}
