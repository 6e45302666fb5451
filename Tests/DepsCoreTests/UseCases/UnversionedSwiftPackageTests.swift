import DepsCore
import DepsCoreFakes
import XCTest

/// A Swift package the Depsfile takes on a branch (BEHAVIOUR 16), as SwiftPM takes a root
/// package's unversioned dependency: one spec, its manifest at the branch's head or at the lock's
/// commit, overriding what other packages require of it; run against in-memory gateways.
final class UnversionedSwiftPackageTests: XCTestCase {
    let url = "mem://swift-foo"
    var packages: InMemorySwiftPackages!
    var opener: SwiftPackagesOpener!

    override func setUp() {
        // Greeting needs swift-foo from 2.0.0, which swift-foo's branch is not.
        let specs = InMemorySpecSource(["Greeting": ["1.0.0": ["swift-foo": ">= 2.0.0, < 3.0.0"]]])
        packages = InMemorySwiftPackages(heads: [url: ["main": "1111111111111111111111111111111111111111"]])
        packages.manifests["1111111111111111111111111111111111111111"] = [:]
        opener = SwiftPackagesOpener(specs: specs, packages: packages)
    }

    func project() throws -> InMemoryProjectStore {
        let store = InMemoryProjectStore(["Greeting": "~> 1.0"])
        store.manifest = Manifest(
            sources: ["Specs"],
            dependencies: [
                try Dependency(PackageName("Greeting"), Requirement("~> 1.0")),
                Dependency(try PackageName("swift-foo"), externalSource: .unversionedPackage(url: url, .branch("main"))),
            ],
            checksum: "c")
        return store
    }

    func testTheBranchHeadIsLockedAndOverridesOtherRequirements() async throws {
        let store = try project()
        _ = try await InstallInteractor(store: store, opener: self.opener).install()
        let lock = try XCTUnwrap(store.lockfile)
        XCTAssertEqual(store.lockedVersions, ["Greeting": "1.0.0", "swift-foo": "branch main"])
        XCTAssertEqual(lock.package(named: try PackageName("swift-foo"))?.version, .unversioned(.branch("main")))
        // The lock lists Greeting's need of swift-foo as overridden: any version.
        XCTAssertEqual(lock.package(named: try PackageName("Greeting"))?.dependencies, [Dependency(try PackageName("swift-foo"))])
        XCTAssertEqual(lock.checkoutOptions[try PackageName("swift-foo")], CheckoutOption(git: url, commit: "1111111111111111111111111111111111111111"))
        XCTAssertEqual(packages.reads, ["branch main at head"])
    }

    func testInstallKeepsTheLockedCommitAndUpdateMovesToTheNewHead() async throws {
        let store = try project()
        _ = try await InstallInteractor(store: store, opener: self.opener).install()
        let locked = store.lockfile
        packages.heads[url]!["main"] = "2222222222222222222222222222222222222222"
        packages.manifests["2222222222222222222222222222222222222222"] = [:]

        _ = try await InstallInteractor(store: store, opener: self.opener).install()
        XCTAssertEqual(store.lockfile, locked)
        XCTAssertEqual(packages.reads.last, "branch main at 1111111111111111111111111111111111111111")

        // Updating another package leaves swift-foo's commit alone; updating it moves it.
        _ = try await UpdateInteractor(store: store, opener: self.opener).update([try PackageName("Greeting")])
        XCTAssertEqual(store.lockfile?.checkoutOptions[try PackageName("swift-foo")]?.commit, "1111111111111111111111111111111111111111")
        _ = try await UpdateInteractor(store: store, opener: self.opener).update([try PackageName("swift-foo")])
        XCTAssertEqual(packages.reads.last, "branch main at head")
        XCTAssertEqual(store.lockfile?.checkoutOptions[try PackageName("swift-foo")]?.commit, "2222222222222222222222222222222222222222")
        XCTAssertEqual(store.lockedVersions, ["Greeting": "1.0.0", "swift-foo": "branch main"])
    }

    func testOutdatedDoesNotListAPackageWithoutVersions() async throws {
        let store = try project()
        _ = try await InstallInteractor(store: store, opener: self.opener).install()
        packages.heads[url]!["main"] = "2222222222222222222222222222222222222222"
        packages.manifests["2222222222222222222222222222222222222222"] = [:]
        let report = try await OutdatedInteractor(store: store, opener: self.opener).outdated()
        XCTAssertEqual(report.packages.map(\.name), [])
    }
}

/// Swift packages on branches held in memory: each URL's branch heads, and what each commit's
/// manifest depends on. It records each unversioned read as `branch main at <commit or head>`.
final class InMemorySwiftPackages: SwiftPackageSource {
    let label = "Swift packages"
    let isRemote = false
    var heads: [String: [String: String]]
    var manifests: [String: [String: String]] = [:]
    private(set) var reads: [String] = []

    init(heads: [String: [String: String]]) {
        self.heads = heads
    }

    func learn(location: String, as name: PackageName) {}

    func unversionedSpecification(
        of name: PackageName, url: String, reference: SwiftPackageReference, pinnedTo pinned: String?
    ) async throws -> Specification {
        reads.append("\(reference) at \(pinned ?? "head")")
        guard case let .branch(branch) = reference, let commit = pinned ?? heads[url]?[branch], let dependencies = manifests[commit] else {
            throw CodeFetchError(name: name, url: url, kind: .integrity, cause: .missingReference(reference.description))
        }
        return Specification(
            name: name, version: .unversioned(reference), codeSource: .git(url: url, .commit(commit)),
            dependencies: try dependencies.map { try Dependency(PackageName($0.key), Requirement($0.value)) }, checksum: commit)
    }

    func versions(of name: PackageName) throws -> [Version] { [] }

    func specification(of name: PackageName, version: Version) throws -> Specification {
        throw SpecCatalogError.noSource(name)
    }

    func packageNames() throws -> [PackageName] { [] }
}

/// Opens the in-memory spec repository and the in-memory Swift packages.
final class SwiftPackagesOpener: SpecSourceOpener {
    let specs: InMemorySpecSource
    let packages: InMemorySwiftPackages

    init(specs: InMemorySpecSource, packages: InMemorySwiftPackages) {
        self.specs = specs
        self.packages = packages
    }

    func openSource(_ label: String) throws -> SpecSource { specs }

    func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) throws -> Specification {
        throw SpecCatalogError.noSource(name)
    }

    func openSwiftPackages(locations: [String]) async throws -> (any SwiftPackageSource)? { packages }
}
