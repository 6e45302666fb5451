import Foundation
import LoopbackHTTPServer
import XCTest

/// A Swift package registry beside pods (BEHAVIOUR 16), through the built binary: a loopback
/// server answers SE-0292's release list, release metadata, `Package.swift` and source archive
/// for `mona.linkedlist`; a pod comes from a directory spec repository. One resolution and one
/// lock, `Deps/Package.swift` naming the package by its registry identity, and the archive
/// checked against the registry's checksum. Nothing leaves 127.0.0.1, and every request has a
/// short timeout and deadline.
final class SwiftRegistryInstallTests: XCTestCase {
    var project: TemporaryProject!
    var server: LoopbackHTTPServer!
    var cache: String { project.root + "/cache" }
    var registry: String { server.baseURL + "/registry" }
    /// Bounded requests: a registry that does not answer fails the test quickly.
    let limits = ["DEPS_HTTP_TIMEOUT": "5", "DEPS_HTTP_ATTEMPTS": "1", "DEPS_DOWNLOAD_TIMEOUT": "30"]

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish(["Kit": ["1.0.0": [:]]])
        server = try loopbackServer()
    }

    func deps(_ arguments: String...) throws -> DepsBinary.Outcome {
        try project.deps(arguments, cache: cache, environment: limits)
    }

    let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "LinkedList",
            products: [.library(name: "LinkedList", targets: ["LinkedList"])],
            targets: [.target(name: "LinkedList")]
        )

        """

    /// The release's source archive as SwiftPM's registries make it: the package in one top folder.
    func makeArchive(_ code: String) throws -> [UInt8] {
        let staging = project.root + "/archive-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try FileManager.default.createDirectory(atPath: staging + "/LinkedList/Sources/LinkedList", withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: staging + "/LinkedList/Package.swift"))
        try Data(code.utf8).write(to: URL(fileURLWithPath: staging + "/LinkedList/Sources/LinkedList/LinkedList.swift"))
        try tool(["zip", "-q", "-r", "-X", staging + "/source.zip", "LinkedList"], in: staging)
        return Array(try Data(contentsOf: URL(fileURLWithPath: staging + "/source.zip")))
    }

    /// Releases 1.0.0 and 1.1.1 listed; 1.1.1's metadata gives the SHA-256 of `archive`, which is
    /// what its archive URL serves unless `served` says otherwise.
    func serveRegistry(archive: [UInt8], served: [UInt8]? = nil) throws {
        let base = registry + "/mona/linkedlist"
        server.serve("/registry/mona/linkedlist", .body(Array("""
            {"releases": {"1.0.0": {"url": "\(base)/1.0.0"}, "1.1.1": {"url": "\(base)/1.1.1"}}}
            """.utf8)))
        server.serve("/registry/mona/linkedlist/1.1.1", .body(Array("""
            {"id": "mona.linkedlist", "version": "1.1.1",
             "resources": [{"name": "source-archive", "type": "application/zip", "checksum": "\(try sha256Hex(archive))"}]}
            """.utf8)))
        server.serve("/registry/mona/linkedlist/1.1.1/Package.swift", .body(Array(manifest.utf8)))
        server.serve("/registry/mona/linkedlist/1.1.1.zip", .body(served ?? archive))
    }

    func depsfile() throws {
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Kit: "1.0.0"
              mona.linkedlist:
                registry: \(registry)
                version: "~> 1.1"

            """)
    }

    func testARegistryPackageResolvesBesideAPodAndItsArchiveIsCheckedByTheRegistrysChecksum() throws {
        let archive = try makeArchive("public let linked = true\n")
        try serveRegistry(archive: archive)
        try depsfile()

        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("PACKAGES:\n  - Kit (1.0.0)\n  - mona.linkedlist (1.1.1)\n"), lock)
        XCTAssertTrue(lock.contains("  - mona.linkedlist (from `\(registry)`, ~> 1.1)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  mona.linkedlist:\n    registry: \(registry)\n"), lock)
        XCTAssertTrue(lock.contains("SOURCE CHECKSUMS:\n  mona.linkedlist: \(try sha256Hex(archive))\n"), lock)
        XCTAssertFalse(lock.contains("CHECKOUT OPTIONS"), lock)
        // The archive's top folder is the package's root.
        XCTAssertEqual(try project.read("App/Deps/mona.linkedlist/Sources/LinkedList/LinkedList.swift"), "public let linked = true\n")

        let packageManifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(packageManifest.contains("""
                dependencies: [
                    .package(id: "mona.linkedlist", exact: "1.1.1"),
                ],

            """), packageManifest)
        XCTAssertTrue(packageManifest.contains(".library(name: \"Kit\""), packageManifest)

        let check = try deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let deployment = try deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 0, deployment.stdout + deployment.stderr)
        XCTAssertEqual(project.lockfile, lock, "installing again keeps the lock")

        // A Deps/Package.swift at another version of the registry package is reported.
        try project.write("App/Deps/Package.swift", packageManifest.replacingOccurrences(of: "exact: \"1.1.1\"", with: "exact: \"1.0.0\""))
        let stale = try deps("check")
        XCTAssertEqual(stale.status, 1, stale.stdout + stale.stderr)
        XCTAssertTrue(stale.stdout.contains("Deps/Package.swift records mona.linkedlist at 1.0.0, Depsfile.lock at 1.1.1"), stale.stdout)
    }

    func testAPodsSpecMayDependOnARegistryPackageAndLinksItsProduct() throws {
        try serveRegistry(archive: try makeArchive("public let linked = true\n"))
        try project.write("Code/Linker-1.0.0/Sources/Linker/Linker.swift", "import LinkedList\n\npublic let linker = linked\n")
        try project.write("Specs/Linker/1.0.0.yaml", """
            name: Linker
            version: 1.0.0
            source:
              path: ../Code/Linker-1.0.0
            dependencies:
              mona.linkedlist:
                registry: \(registry)
                version: "~> 1.0"

            """)
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Linker: "1.0.0"
              mona.linkedlist:
                registry: \(registry)

            """)
        let install = try deps("install")
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - mona.linkedlist (1.1.1)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  mona.linkedlist:\n    registry: \(registry)\n"), lock)
        let packageManifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(packageManifest.contains(".product(name: \"LinkedList\", package: \"mona.linkedlist\")"), packageManifest)
        XCTAssertEqual(try deps("check").status, 0)
    }

    func testATamperedArchiveIsRefusedNamingItsURL() throws {
        let archive = try makeArchive("public let linked = true\n")
        try serveRegistry(archive: archive, served: try makeArchive("public let linked = false // tampered\n"))
        try depsfile()

        let install = try deps("install")
        XCTAssertNotEqual(install.status, 0, install.stdout + install.stderr)
        XCTAssertTrue(install.stderr.contains(registry + "/mona/linkedlist/1.1.1.zip"), install.stderr)
        XCTAssertTrue(install.stderr.contains(try sha256Hex(archive)), install.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps/mona.linkedlist"))
    }

    func testAKeyThatIsNotTheRegistryIdentityIsRefusedAtItsLine() throws {
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              LinkedList:
                registry: \(registry)

            """)
        let install = try deps("install")
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertTrue(install.stderr.contains("Depsfile:5:"), install.stderr)
        XCTAssertTrue(install.stderr.contains("named by its identity `scope.name`"), install.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertEqual(server.requests.count, 0, "nothing is asked of the registry")
    }
}
