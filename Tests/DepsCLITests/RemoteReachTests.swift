import Foundation
import LoopbackHTTPServer
import XCTest

/// A spec served by a remote spec repository names code only on the network: a podspec.json on a
/// CDN whose `source` is a `path`, a `file://` git URL or a `file://` archive is refused (65),
/// nothing is fetched and no file changes; the same podspec.json in a directory repository of the
/// project installs.
final class RemoteReachTests: XCTestCase {
    var project: TemporaryProject!
    var cdn: RemoteSpecSourceTests.CDN!
    var cache: String { project.root + "/cache" }
    /// A git repository on this machine holding Kit's code, tagged 1.0.0.
    var secretRepository: TestGitRepository!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try cdn.publish("Lib", "1.0.0")
        try project.write("secret/Sources/Kit/Kit.swift", "public let secret = \"local\"\n")
        secretRepository = try TestGitRepository(name: "Kit", at: project.root + "/secret-git")
        try secretRepository.commitVersion("1.0.0")
        _ = try makeTarGz(["Sources/Kit/Kit.swift": "public let secret = \"archive\"\n"], topFolder: "Kit", at: project.root + "/secret.tar.gz")
    }

    func deps(_ arguments: String...) throws -> DepsBinary.Outcome {
        try project.deps(arguments, cache: cache)
    }

    /// Kit 1.0.0's podspec.json with this `source`.
    func podspec(source: String) -> String {
        "{\"name\": \"Kit\", \"version\": \"1.0.0\", \"summary\": \"Kit\", \"source\": {\(source)}, \"source_files\": \"Sources/**/*.swift\"}"
    }

    /// The sources a remote spec may not name: a path climbing out of the project, an absolute
    /// path, a `file://` git repository, a `file://` archive.
    var localSources: [(json: String, shown: String)] {
        [
            ("\"path\": \"../secret\"", "`path: ../secret`"),
            ("\"path\": \"\(project.root)/secret\"", "`path: \(project.root)/secret`"),
            ("\"git\": \"file://\(secretRepository.path)\", \"tag\": \"1.0.0\"", "`git: file://\(secretRepository.path)`"),
            ("\"http\": \"file://\(project.root)/secret.tar.gz\"", "`http: file://\(project.root)/secret.tar.gz`"),
        ]
    }

    func testACDNSpecNamingCodeOnThisMachineIsRefusedAndNothingChanges() throws {
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Lib:\n")
        let first = try deps("install")
        XCTAssertEqual(first.status, 0, first.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        let sandbox = project.files(under: "App/Deps")
        XCTAssertTrue(sandbox.contains("Lib/Sources/Lib/Lib.swift"), "\(sandbox)")

        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Lib:\n  Kit:\n")
        for (index, (json, shown)) in localSources.enumerated() {
            try cdn.publish("Kit", "1.0.0", podspec: podspec(source: json))
            // A cache of its own, so that install reads this podspec rather than one cached before.
            let variantCache = "cache-\(index)"
            for arguments in [["install"], ["install", "--dry-run"], ["update"]] {
                let refused = try project.deps(arguments, cache: project.root + "/" + variantCache)
                XCTAssertEqual(refused.status, 65, "\(arguments) \(json): \(refused.stdout)\(refused.stderr)")
                XCTAssertTrue(
                    refused.stderr.contains("error: Kit 1.0.0 from \(cdn.url): its spec's source \(shown) is not on the network"),
                    refused.stderr)
                XCTAssertTrue(refused.stderr.contains("never a path or a file:// URL"), refused.stderr)
                XCTAssertEqual(project.lockfile, lock, "\(arguments) \(json)")
                XCTAssertEqual(project.files(under: "App/Deps"), sandbox, "\(arguments) \(json)")
            }
            // Nothing was fetched: no git mirror, no archive, no tree in the cache.
            let fetched = project.files(under: variantCache).filter { path in
                ["v1/git/", "v1/archives/", "v1/trees/"].contains(where: path.hasPrefix)
            }
            XCTAssertEqual(fetched, [], json)
        }

        // The same CDN naming Kit's code on the network installs it.
        try cdn.publish("Kit", "1.0.0")
        let networked = try project.deps(["install"], cache: project.root + "/cache-network")
        XCTAssertEqual(networked.status, 0, networked.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
    }

    func testJSONGivesTheRefusalWithItsStatus() throws {
        try cdn.publish("Kit", "1.0.0", podspec: podspec(source: "\"path\": \"../secret\""))
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Kit:\n")
        let refused = try deps("install", "--json")
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stdout.contains("\"status\" : 65"), refused.stdout)
        XCTAssertTrue(refused.stdout.contains("`path: ..\\/secret`") || refused.stdout.contains("`path: ../secret`"), refused.stdout)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))
    }

    /// `--lock-only` fetches no code, so it locks such a spec; every command that would fetch or
    /// place its code then refuses it (install, check with a sandbox, export), changing nothing.
    func testALockedSpecNamingLocalCodeIsRefusedByWhatWouldFetchIt() throws {
        try cdn.publish("Kit", "1.0.0", podspec: podspec(source: "\"path\": \"../secret\""))
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  Lib:\n  Kit:\n")
        let locked = try deps("install", "--lock-only")
        XCTAssertEqual(locked.status, 0, locked.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))
        try project.write("App/Deps/Manifest.lock", lock)
        for arguments in [["install"], ["install", "--deployment"], ["check"], ["export", "swiftpm"]] {
            let refused = try project.deps(arguments, cache: cache)
            XCTAssertEqual(refused.status, 65, "\(arguments): \(refused.stdout)\(refused.stderr)")
            XCTAssertTrue(refused.stderr.contains("Kit 1.0.0 from \(cdn.url): its spec's source `path: ../secret`"), refused.stderr)
            XCTAssertEqual(project.lockfile, lock, "\(arguments)")
            XCTAssertEqual(project.files(under: "App/Deps"), ["Manifest.lock"], "\(arguments)")
        }
    }

    /// The same podspec.json in a directory spec repository of the project (CocoaPods' layout)
    /// may name local code: a path relative to the repository's root, a `file://` git repository.
    func testTheSameSpecFromALocalDirectoryRepositoryInstalls() throws {
        try project.write("Local/Specs/Kit/1.0.0/Kit.podspec.json", podspec(source: "\"path\": \"../secret\""))
        try project.write("App/Depsfile", "sources:\n  - ../Local\ndependencies:\n  Kit:\n")
        let path = try deps("install")
        XCTAssertEqual(path.status, 0, path.stderr)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("Kit (1.0.0)"))
        // The folder is used in place: the sandbox links it.
        XCTAssertEqual(try project.read("App/Deps/_local/Kit/Sources/Kit/Kit.swift"), "public let secret = \"local\"\n")

        try project.write(
            "Local/Specs/Kit/1.0.0/Kit.podspec.json",
            podspec(source: "\"git\": \"file://\(secretRepository.path)\", \"tag\": \"1.0.0\""))
        let git = try deps("update")
        XCTAssertEqual(git.status, 0, git.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
    }

    // MARK: A git spec repository on the network

    /// Serves the bare repository at `bare` under `prefix` with git's dumb HTTP protocol.
    func serveOverHTTP(_ bare: String, as prefix: String) throws {
        try tool(["git", "update-server-info"], in: bare)
        guard let files = FileManager.default.enumerator(atPath: bare)?.allObjects as? [String] else { return }
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: bare + "/" + file, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: bare + "/" + file)))
            cdn.server.serve("\(prefix)/\(file)", .body(bytes))
        }
        let refs = Array(try Data(contentsOf: URL(fileURLWithPath: bare + "/info/refs")))
        cdn.server.serve("\(prefix)/info/refs?service=git-upload-pack", .body(refs))
    }

    /// A git spec repository at an http URL is remote: a spec in it may not name a path, even one
    /// inside the repository (kept as written, not joined to the clone), while one naming an archive
    /// on the network installs. The same repository as a `file://` URL may name the path.
    func testASpecInAGitRepositoryOnTheNetworkMayNotNameAPath() throws {
        let specs = try TestGitRepository(name: "Specs", at: project.root + "/specwork")
        try project.write("specwork/Kit/1.0.0.yaml", "name: Kit\nversion: 1.0.0\nsource:\n  path: Kit-code\n")
        try project.write("specwork/Kit-code/Sources/Kit/Kit.swift", "public let kit = 1\n")
        let digest = try sha256Hex(Array(try Data(contentsOf: URL(fileURLWithPath: project.root + "/Lib-1.0.0.tar.gz"))))
        try project.write(
            "specwork/Lib/1.0.0.yaml", "name: Lib\nversion: 1.0.0\nsource:\n  http: \(cdn.server.baseURL)/Lib-1.0.0.tar.gz\n  sha256: \(digest)\n")
        try specs.git(["add", "-A"])
        try specs.git(["commit", "--quiet", "-m", "Kit and Lib"])
        try tool(["git", "clone", "--quiet", "--bare", specs.path, project.root + "/served/specs.git"])
        try serveOverHTTP(project.root + "/served/specs.git", as: "/specs.git")
        let url = cdn.server.baseURL + "/specs.git"

        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Kit:\n")
        let refused = try deps("install")
        XCTAssertEqual(refused.status, 65, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("error: Kit 1.0.0 from \(url): its spec's source `path: Kit-code` is not on the network"), refused.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))

        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib:\n")
        let networked = try deps("install")
        XCTAssertEqual(networked.status, 0, networked.stderr)
        XCTAssertEqual(try project.read("App/Deps/Lib/Sources/Lib/Lib.swift"), "public let version = \"1.0.0\"\n")

        try project.write("App/Depsfile", "sources:\n  - file://\(specs.path)\ndependencies:\n  Kit:\n  Lib:\n")
        let local = try deps("install")
        XCTAssertEqual(local.status, 0, local.stderr)
        XCTAssertEqual(try project.read("App/Deps/_local/Kit/Sources/Kit/Kit.swift"), "public let kit = 1\n")
    }
}
