import DepsCache
import DepsCode
import DepsCore
import DepsFiles
import DepsFileSystem
import DepsSandboxLayout
import DepsSpecSources
import DepsSwiftPM
import InMemoryFileSystem
import XCTest
import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import DepsPresenters
#endif

/// The adapters that take a `FileSystem`, on one held in memory: their logic without the disk.
final class InMemoryAdapterTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    func spec(_ name: String, _ version: String, dependencies: String = "") -> String {
        "name: \(name)\nversion: \(version)\nsummary: s\nsource:\n  git: https://example.com/\(name).git\n  tag: \(version)\n" + dependencies
    }

    func lockfile(_ packages: [String: String]) -> Lockfile {
        Lockfile(
            packages: packages.map { LockedPackage(name: name($0.key), version: version($0.value), dependencies: []) },
            dependencies: [], specRepos: [], externalSources: [:], specChecksums: [:], depsfileChecksum: String(repeating: "0", count: 64), depsVersion: "0.1.0")
    }

    // MARK: DirectorySpecSource

    func testDirectorySpecSourceListsPackageFoldersAndVersionFilesOnly() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write(spec("Moya", "15.0.0", dependencies: "dependencies:\n  Alamofire: ~> 5.0\n"), to: "/specs/Moya/15.0.0.yaml")
        fileSystem.write(spec("Moya", "14.0"), to: "/specs/Moya/14.0.yaml")
        fileSystem.write("ignored", to: "/specs/Moya/.draft.yaml")
        fileSystem.write("ignored", to: "/specs/Moya/README.md")
        fileSystem.write(spec("Alamofire", "5.9.1"), to: "/specs/Alamofire/5.9.1.yaml")
        fileSystem.write("not a package", to: "/specs/NOTES")
        let source = DirectorySpecSource(label: "Specs", root: "/specs", fileSystem: fileSystem)

        XCTAssertEqual(try source.packageNames(), [name("Alamofire"), name("Moya")])
        XCTAssertEqual(try source.versions(of: name("Moya")).map(\.description), ["14.0", "15.0.0"])
        XCTAssertEqual(try source.versions(of: name("Missing")), [])
        let moya = try source.specification(of: name("Moya"), version: version("15.0.0"))
        XCTAssertEqual(moya.dependencies.map(\.description), ["Alamofire (~> 5.0)"])
        XCTAssertEqual(moya.checksum, SHA256Digest.hex(of: Array(spec("Moya", "15.0.0", dependencies: "dependencies:\n  Alamofire: ~> 5.0\n").utf8)))
    }

    func testDirectorySpecSourceReadsASpecOnceAndNamesUnreadableOnesAsShown() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write(spec("Moya", "15.0.0"), to: "/specs/Moya/15.0.0.yaml")
        try fileSystem.makeDirectories("/specs/Moya/16.0.0.yaml", shownAs: "16.0.0.yaml")
        let source = DirectorySpecSource(label: "../Specs", root: "/specs", fileSystem: fileSystem)

        let first = try source.specification(of: name("Moya"), version: version("15.0.0"))
        fileSystem.write("garbage: [", to: "/specs/Moya/15.0.0.yaml")
        XCTAssertEqual(try source.specification(of: name("Moya"), version: version("15.0.0")), first)
        XCTAssertThrowsError(try source.specification(of: name("Moya"), version: version("16.0.0"))) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["../Specs/Moya/16.0.0.yaml", "is a directory, not a file"])
        }
        XCTAssertThrowsError(try source.specification(of: name("Moya"), version: version("17.0.0"))) { error in
            XCTAssertEqual(error as? UnavailableError, UnavailableError(location: "../Specs/Moya/17.0.0.yaml", reason: .noSuchSpec))
        }
    }

    func testDirectorySpecSourceFollowsALinkedPackageFolder() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write(spec("Kingfisher", "7.10.0"), to: "/elsewhere/Kingfisher/7.10.0.yaml")
        try fileSystem.makeDirectories("/specs", shownAs: "specs")
        try fileSystem.makeSymbolicLink(at: "/specs/Kingfisher", to: "../elsewhere/Kingfisher", shownAs: "Kingfisher")
        let source = DirectorySpecSource(label: "Specs", root: "/specs", fileSystem: fileSystem)
        XCTAssertEqual(try source.packageNames(), [name("Kingfisher")])
        XCTAssertEqual(try source.versions(of: name("Kingfisher")).map(\.description), ["7.10.0"])
    }

    // MARK: FileSandbox

    func testSandboxPlacesCopiesReplacesAndListsTheManifest() async throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("old", to: "/cache/A-1/Sources/Old.swift")
        fileSystem.write("new", to: "/cache/A-2/Sources/New.swift", mode: 0o755)
        let sandbox = FileSandbox(projectDirectory: "/project", fileSystem: fileSystem)
        XCTAssertNil(try sandbox.state(expecting: nil))

        let first = lockfile(["A": "1.0.0"])
        try await sandbox.place(FetchedCode(tree: "/cache/A-1", pin: .commit("1")), as: name("A"), listing: first)
        XCTAssertEqual(try sandbox.state(expecting: first), SandboxState(manifest: first, filledFolders: [name("A")]))

        let second = lockfile(["A": "2.0.0"])
        try await sandbox.place(FetchedCode(tree: "/cache/A-2", pin: .commit("2")), as: name("A"), listing: second)
        // The old folder is gone whole, no temporary folder is left, and the cache is untouched.
        XCTAssertEqual(fileSystem.walk("/project/Deps/A").map(\.relativePath), ["Sources", "Sources/New.swift"])
        XCTAssertEqual(fileSystem.permissions(of: "/project/Deps/A/Sources/New.swift"), 0o755)
        XCTAssertEqual(try fileSystem.directoryEntries("/project/Deps", shownAs: "Deps"), ["A", "Manifest.lock"])
        XCTAssertEqual(fileSystem.kind(of: "/cache/A-1/Sources/Old.swift"), .file)
        XCTAssertEqual(try sandbox.state(expecting: nil)?.manifest, second)

        try sandbox.remove(name("A"), listing: lockfile([:]))
        XCTAssertEqual(try sandbox.state(expecting: nil)?.filledFolders, [])
    }

    func testSandboxLeavesAnUnchangedManifestAlone() throws {
        let fileSystem = InMemoryFileSystem()
        let sandbox = FileSandbox(projectDirectory: "/project", fileSystem: fileSystem)
        let lock = lockfile(["A": "1.0.0"])
        try sandbox.writeManifest(lock)
        let written = fileSystem.modificationCount(of: "/project/Deps/Manifest.lock")
        try sandbox.writeManifest(lock)
        XCTAssertEqual(fileSystem.modificationCount(of: "/project/Deps/Manifest.lock"), written)
        // A damaged manifest only means the sandbox is not known to hold anything.
        fileSystem.write("not a lockfile: [", to: "/project/Deps/Manifest.lock")
        XCTAssertEqual(try sandbox.state(expecting: lock), SandboxState(manifest: nil, filledFolders: []))
    }

    func testSandboxRefusesAReadOnlyFolderOrManifest() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("x", to: "/project/Deps/Manifest.lock", mode: 0o444)
        let sandbox = FileSandbox(projectDirectory: "/project", fileSystem: fileSystem)
        XCTAssertThrowsError(try sandbox.checkWritable()) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps/Manifest.lock", "cannot write: it is read-only"])
        }
        fileSystem.setPermissions(0o555, of: "/project/Deps")
        XCTAssertThrowsError(try sandbox.checkWritable()) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Deps", "cannot write: the folder is read-only"])
        }
    }

    /// A fetcher that hands out one tree, and counts the fetches.
    final class OneTreeFetcher: CodeFetcher, @unchecked Sendable {
        let tree: String
        var fetched: [PackageName] = []
        init(tree: String) { self.tree = tree }
        func fetch(_ request: CodeRequest) async throws -> FetchedCode {
            fetched.append(request.name)
            return FetchedCode(tree: tree, pin: .commit("c"))
        }
    }

    func testTheSandboxAndTheSwiftPMIntegrationShareOneLayout() async throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write(#"let package = Package(name: "A", products: [.library(name: "A", targets: ["A"])])"#, to: "/cache/A-1/Package.swift")
        fileSystem.write("a", to: "/cache/A-1/Sources/A/A.swift")
        let layout = SandboxLayout(projectDirectory: "/project")
        XCTAssertEqual(layout.root, "/project/Deps")
        XCTAssertEqual(layout.folder(of: name("A")), "/project/Deps/A")
        XCTAssertEqual(layout.manifestPath, "/project/Deps/Manifest.lock")
        XCTAssertEqual(SandboxLayout.shownFolder(of: name("A")), "Deps/A")

        // What the sandbox places, the integration and the manifest files read from Deps/<Name>/.
        try await FileSandbox(projectDirectory: "/project", fileSystem: fileSystem)
            .place(FetchedCode(tree: "/cache/A-1", pin: .commit("1")), as: name("A"), listing: lockfile(["A": "1.0.0"]))
        let integration = SwiftPMIntegration(projectDirectory: "/project", fileSystem: fileSystem)
        XCTAssertEqual(try integration.files(in: .fetched(name("A"))).sorted(), ["Package.swift", "Sources/A/A.swift"])
        let fetcher = OneTreeFetcher(tree: "/cache/A-1")
        let manifests = PackageManifestFiles(projectDirectory: "/project", fetcher: fetcher, fileSystem: fileSystem)
        let request = CodeRequest(name: name("A"), version: version("1.0.0"), source: .path("../A"), pin: nil)
        let placed = try await manifests.manifest(of: request, inSandbox: true)
        XCTAssertEqual(placed, FoundPackageManifest(reading: .products([SwiftPMProduct(name: "A", kind: .library)]), pin: nil))
        XCTAssertEqual(fetcher.fetched, [])
        fileSystem.removeTree("/project/Deps/A")
        // No folder in Deps/ holds no Package.swift; outside the sandbox the fetcher gives the code.
        let gone = try await manifests.manifest(of: request, inSandbox: true)
        XCTAssertEqual(gone.reading, PackageManifestReading.none)
        let fetched = try await manifests.manifest(of: request, inSandbox: false)
        XCTAssertEqual(fetched.pin, .commit("c"))
        XCTAssertEqual(fetcher.fetched, [name("A")])
    }

    // MARK: FileProjectStore

    func testProjectStoreWritesTheLockThroughALinkOnlyWhenItChanges() throws {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.makeDirectories("/project", shownAs: "project")
        try fileSystem.makeDirectories("/shared", shownAs: "shared")
        try fileSystem.makeSymbolicLink(at: "/project/Depsfile.lock", to: "../shared/Depsfile.lock", shownAs: "Depsfile.lock")
        let store = FileProjectStore(directory: "/project", fileSystem: fileSystem)
        XCTAssertNil(try store.readLockfile())

        let lock = lockfile(["A": "1.0.0"])
        XCTAssertTrue(try store.writeLockfile(lock))
        XCTAssertEqual(fileSystem.linkTarget(of: "/project/Depsfile.lock"), "../shared/Depsfile.lock")
        XCTAssertEqual(try store.readLockfile(), lock)
        XCTAssertFalse(try store.writeLockfile(lock))

        fileSystem.setPermissions(0o444, of: "/shared/Depsfile.lock")
        XCTAssertThrowsError(try store.checkLockfileCanBeWritten()) { error in
            XCTAssertEqual((error as? FileAccessError).map { [$0.path, $0.reason] }, ["Depsfile.lock", "cannot write: it is read-only"])
        }
    }

    func testProjectStoreWithoutADepsfileSaysWhatWritesOne() {
        let fileSystem = InMemoryFileSystem()
        let store = FileProjectStore(directory: "/project", fileSystem: fileSystem)
        XCTAssertFalse(store.hasManifest())
        XCTAssertThrowsError(try store.readManifest()) { error in
            XCTAssertEqual((error as? UnavailableError)?.location, "Depsfile")
        }
    }

    // MARK: CodeCache and CacheInventory

    func testCachePreparationMakesItsFoldersAndRemovesOnlyWhatEndedProcessesLeft() throws {
        let fileSystem = InMemoryFileSystem()
        // No process has this number (it is above any system's limit); this process has the other.
        fileSystem.write("", to: "/cache/v1/tmp/999999999.1.tree.tmp/tree/a")
        fileSystem.write("", to: LocalPath("/cache/v1/tmp/\(getpid()).1.tree.tmp/tree/a"))
        let cache = CodeCache(root: "/cache", fileSystem: fileSystem)
        try cache.prepare()
        XCTAssertEqual(try fileSystem.directoryEntries("/cache/v1", shownAs: "v1"), ["archives", "git", "tmp", "trees"])
        XCTAssertEqual(try fileSystem.directoryEntries("/cache/v1/tmp", shownAs: "tmp"), ["\(getpid()).1.tree.tmp"])

        XCTAssertNil(cache.writeFailure())
        fileSystem.problem = .full
        XCTAssertEqual(cache.writeFailure()?.description, "/cache: error: cannot write in the cache: no space left on device")
    }

    func testCacheInventoryListsOnlyWholeTreeEntries() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("name: A\n", to: "/cache/v1/trees/A/1.0.0/abc/entry")
        fileSystem.write("code", to: "/cache/v1/trees/A/1.0.0/abc/tree/A.swift")
        // Made but never renamed into place whole: no record.
        fileSystem.write("code", to: "/cache/v1/trees/A/2.0.0/def/tree/A.swift")
        // A tree replaced by a link is never taken for code.
        fileSystem.write("name: B\n", to: "/cache/v1/trees/B/1.0.0/abc/entry")
        try fileSystem.makeSymbolicLink(at: "/cache/v1/trees/B/1.0.0/abc/tree", to: "/elsewhere", shownAs: "tree")
        try fileSystem.makeDirectories("/elsewhere", shownAs: "elsewhere")
        fileSystem.write("name: c\n", to: "/cache/v1/trees/c/0.1/9/entry")
        try fileSystem.makeDirectories("/cache/v1/trees/c/0.1/9/tree", shownAs: "tree")

        let listing = try CacheInventory(cache: CodeCache(root: "/cache", fileSystem: fileSystem)).list()
        XCTAssertEqual(listing.root, "/cache")
        XCTAssertEqual(listing.entries.map { "\($0.name) \($0.version) \($0.pin)" }, ["A 1.0.0 abc", "c 0.1 9"])
        // Sizes are the files' bytes below each entry ("name: A\n" and "code"), read through the file system.
        XCTAssertEqual(listing.entries.map(\.bytes), [12, 8])
        XCTAssertEqual(listing.totalBytes, 12 + 4 + 8 + 8)
    }

    /// A file's digest is read in pieces through the file system: the same as the digest of its
    /// bytes whole, for a file longer than several pieces; a missing file is named as shown.
    func testAFileDigestIsReadInPiecesThroughTheFileSystem() throws {
        let fileSystem = InMemoryFileSystem()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        fileSystem.write(bytes, to: "/cache/v1/archives/big")

        XCTAssertEqual(
            try SHA256Digest.hex(ofFileAt: "/cache/v1/archives/big", shownAs: "big", fileSystem: fileSystem),
            SHA256Digest.hex(of: bytes))
        XCTAssertThrowsError(try SHA256Digest.hex(ofFileAt: "/cache/v1/archives/none", shownAs: "https://x/none.zip", fileSystem: fileSystem)) {
            XCTAssertTrue("\($0)".hasPrefix("https://x/none.zip: "), "\($0)")
        }
    }
}
