import DepsCore
import DepsCoreFakes
import XCTest

/// A spec read from a remote spec repository names code only on the network; a spec from a local
/// repository, or a `podspec:` file of the project, may name local places.
final class RemoteCodeReachTests: XCTestCase {
    func testNetworkLocationsAreGitAndHTTPURLsWithAHost() {
        for url in [
            "https://github.com/Alamofire/Alamofire.git", "HTTPS://example.com/a.git", "http://127.0.0.1:8080/Kit.git",
            "ssh://git@example.com/org/Kit.git", "git://example.com/Kit.git", "git@github.com:org/Kit.git",
            "https://user@example.com/Kit.git",
        ] {
            XCTAssertTrue(NetworkLocation.isGitRemote(url), url)
        }
        for url in [
            "file:///home/me/secret", "FILE:///etc", "/home/me/secret.git", "../../secret.git", "Kit.git", "~/secret.git",
            "https:///no-host", "https://", "ext::sh -c touch% /tmp/x", "fd::3", "a/b@host:path", "host:path", "@host:path",
            "user@:path", "git@github.com:", "-uhost:path", "ftp://example.com/Kit.git", "https://@/x", "https://:443/x",
            "ssh://-oProxyCommand=touch%20x/Kit.git", "user@-oProxyCommand=x:Kit.git",
        ] {
            XCTAssertFalse(NetworkLocation.isGitRemote(url), url)
        }
        XCTAssertTrue(NetworkLocation.isHTTP("https://example.com/Kit-1.0.0.tar.gz"))
        XCTAssertTrue(NetworkLocation.isHTTP("http://127.0.0.1:8080/Kit.zip"))
        for url in ["file:///home/me/Kit.zip", "/home/me/Kit.zip", "Kit.zip", "../Kit.zip", "git@example.com:Kit.zip", "ssh://example.com/Kit.zip"] {
            XCTAssertFalse(NetworkLocation.isHTTP(url), url)
        }
    }

    func testARemoteSpecMayNameGitAndArchivesOnTheNetworkButNoPathOrFileURL() {
        XCTAssertTrue(CodeSource.git(url: "https://example.com/Kit.git", .tag("1.0.0")).isReachableFromRemoteSpec)
        XCTAssertTrue(CodeSource.git(url: "git@example.com:org/Kit.git", .defaultBranch, submodules: true).isReachableFromRemoteSpec)
        XCTAssertTrue(CodeSource.http(url: "https://example.com/Kit.tar.gz", sha256: nil).isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.path("Kit").isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.path("/home/me/secret").isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.git(url: "file:///home/me/secret", .branch("main")).isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.git(url: "../../secret.git", .tag("1.0.0")).isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.http(url: "file:///home/me/secret.tar.gz", sha256: nil).isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.http(url: "../secret.tar.gz", sha256: nil).isReachableFromRemoteSpec)
        XCTAssertFalse(CodeSource.http(url: "git://example.com/Kit.tar.gz", sha256: nil).isReachableFromRemoteSpec)
    }

    // MARK: Installing

    var sandbox: InMemorySandbox!
    var fetcher: InMemoryCodeFetcher!

    override func setUp() {
        sandbox = InMemorySandbox(exists: false)
        fetcher = InMemoryCodeFetcher()
    }

    func name(_ text: String) -> PackageName { try! PackageName(text) }

    /// A source holding `Kit 1.0.0`, whose code is `code`, and `Lib 1.0.0` on the network.
    func source(label: String, remote: Bool, kitCode code: CodeSource) throws -> InMemorySpecSource {
        let source = InMemorySpecSource(label: label, [:])
        source.isRemote = remote
        source.add(specification: Specification(name: name("Kit"), version: try Version("1.0.0"), codeSource: code, checksum: "kit"))
        source.add(specification: Specification(
            name: name("Lib"), version: try Version("1.0.0"),
            codeSource: .git(url: "https://example.com/Lib.git", .tag("1.0.0")), checksum: "lib"))
        return source
    }

    func install(_ store: InMemoryProjectStore, _ opener: SpecSourceOpener, dryRun: Bool = false) async throws -> LockfileUpdate {
        let interactor = InstallInteractor(
            store: store, opener: opener, installation: SandboxInstallation(sandbox: sandbox, fetcher: fetcher))
        return try await interactor.install(dryRun: dryRun)
    }

    func testASpecFromARemoteRepositoryNamingLocalCodeIsRefusedBeforeAnythingChanges() async throws {
        for code in [
            CodeSource.path("../secret"), .path("/home/me/secret"), .git(url: "file:///home/me/secret", .tag("1.0.0")),
            .git(url: "../../secret.git", .tag("1.0.0")), .http(url: "file:///home/me/secret.tar.gz", sha256: nil),
        ] {
            let cdn = try source(label: "https://cdn.example.com/", remote: true, kitCode: code)
            let store = InMemoryProjectStore(sources: [cdn.label], ["Kit": "", "Lib": ""])
            for dryRun in [true, false] {
                await assertThrowsAsync({ try await install(store, InMemorySpecSourceOpener([cdn]), dryRun: dryRun) }, "\(code)") { error in
                    XCTAssertEqual(
                        error as? RemoteSpecReachError,
                        RemoteSpecReachError(name: name("Kit"), version: try! Version("1.0.0"), source: cdn.label, codeSource: code))
                }
            }
            XCTAssertNil(store.lockfile, "\(code)")
            XCTAssertEqual(fetcher.fetched, [], "nothing is fetched, not even the package the rule allows: \(code)")
            XCTAssertNil(sandbox.manifest, "\(code)")
            XCTAssertTrue(sandbox.folders.isEmpty, "\(code)")
        }
    }

    func testASpecFromARemoteRepositoryNamingCodeOnTheNetworkInstalls() async throws {
        let code = CodeSource.http(url: "https://cdn.example.com/Kit-1.0.0.tar.gz", sha256: nil)
        let cdn = try source(label: "https://cdn.example.com/", remote: true, kitCode: code)
        let store = InMemoryProjectStore(sources: [cdn.label], ["Kit": "", "Lib": ""])
        _ = try await install(store, InMemorySpecSourceOpener([cdn]))
        XCTAssertEqual(fetcher.requests.first { $0.name == name("Kit") }?.source, code)
        XCTAssertEqual(store.lockedVersions, ["Kit": "1.0.0", "Lib": "1.0.0"])
    }

    func testTheSameSpecFromALocalRepositoryMayNameALocalFolder() async throws {
        let specs = try source(label: "../Specs", remote: false, kitCode: .path("../Specs/Kit"))
        let store = InMemoryProjectStore(sources: [specs.label], ["Kit": "", "Lib": ""])
        _ = try await install(store, InMemorySpecSourceOpener([specs]))
        XCTAssertEqual(store.lockedVersions, ["Kit": "1.0.0", "Lib": "1.0.0"])
        XCTAssertEqual(fetcher.requests.first { $0.name == name("Kit") }?.source, .path("../Specs/Kit"))
    }

    /// Installs `Lib` from a remote repository (whose Kit names a local folder) and `Own`, whose
    /// spec (naming `code`) comes from `external`; returns the source Own's code was asked of.
    func installBesideARemoteRepository(_ external: ExternalSource, specNaming code: CodeSource) async throws -> CodeSource? {
        let cdn = try source(label: "https://cdn.example.com/", remote: true, kitCode: .path("../secret"))
        let own = name("Own")
        let opener = InMemorySpecSourceOpener([cdn], external: [
            own: Specification(name: own, version: try Version("2.0.0"), codeSource: code, checksum: "own"),
        ])
        let store = InMemoryProjectStore(sources: [cdn.label], ["Lib": ""])
        store.manifest = Manifest(
            sources: [cdn.label], dependencies: store.manifest.dependencies + [Dependency(own, externalSource: external)], checksum: "m")
        _ = try await install(store, opener)
        XCTAssertEqual(store.lockedVersions, ["Own": "2.0.0", "Lib": "1.0.0"])
        return fetcher.requests.first { $0.name == own }?.source
    }

    /// A `podspec:` file is the project's own: its spec may name a local folder even when every
    /// spec repository the Depsfile lists is remote.
    func testAPodspecFileOfTheProjectMayNameALocalFolderBesideARemoteRepository() async throws {
        let used = try await installBesideARemoteRepository(.podspec("Vendor/Own.podspec.json"), specNaming: .path("Vendor/Own"))
        XCTAssertEqual(used, .path("Vendor/Own"))
    }

    /// The Depsfile's own `path:` dependency (what `deps import` writes for a Podfile's `:path`) is
    /// the project's choice, not a remote spec's: it is used in place beside a remote repository.
    func testTheDepsfilesOwnPathDependencyIsUsedInPlaceBesideARemoteRepository() async throws {
        let used = try await installBesideARemoteRepository(.path("../Own"), specNaming: .path("/elsewhere"))
        XCTAssertEqual(used, .path("../Own"))
    }
}
