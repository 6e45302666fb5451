import DepsCore
import DepsCoreFakes
import XCTest

/// A source that must fetch before it can answer (a CDN): its reads throw `SpecsNotFetched`, and
/// the catalog awaits its `fetch` and reads again (BEHAVIOUR 9).
final class FetchingSpecSourceTests: XCTestCase {
    /// Answers only what was fetched; a fetch of a package's versions brings its listing alone, a
    /// fetch of a spec that one spec. Every fetch is recorded.
    final class RemoteSpecSource: SpecSource {
        let backing: InMemorySpecSource
        var label: String { backing.label }
        var isRemote: Bool { backing.isRemote }
        private(set) var listed: Set<PackageName> = []
        private(set) var fetchedSpecs: Set<String> = []
        private(set) var fetches: [[SpecToFetch]] = []

        init(_ backing: InMemorySpecSource) { self.backing = backing }

        func versions(of name: PackageName) throws -> [Version] {
            guard listed.contains(name) else { throw SpecsNotFetched(source: label, needed: [.versions(name)]) }
            return try backing.versions(of: name)
        }

        func specification(of name: PackageName, version: Version) throws -> Specification {
            guard fetchedSpecs.contains("\(name)@\(version)") else {
                throw SpecsNotFetched(source: label, needed: [.specification(name, version)])
            }
            return try backing.specification(of: name, version: version)
        }

        func packageNames() throws -> [PackageName] { try backing.packageNames() }

        func fetch(_ needed: [SpecToFetch]) async throws {
            fetches.append(needed)
            for need in needed {
                switch need {
                case let .versions(name): listed.insert(name)
                case let .specification(name, version): fetchedSpecs.insert("\(name)@\(version)")
                case .packageNames: break
                }
            }
        }
    }

    /// Fetches nothing, whatever it is asked: a source that does not keep its word.
    final class ForgetfulSpecSource: SpecSource {
        let label = "Specs"
        let isRemote = true
        func versions(of name: PackageName) throws -> [Version] { throw SpecsNotFetched(source: label, needed: [.versions(name)]) }
        func specification(of name: PackageName, version: Version) throws -> Specification {
            throw SpecsNotFetched(source: label, needed: [.specification(name, version)])
        }
        func packageNames() throws -> [PackageName] { [] }
    }

    func testResolutionReadsAgainAfterEachFetchAndAsksAheadForTheDepsfilesPackagesFirst() async throws {
        let source = RemoteSpecSource(InMemorySpecSource([
            "Moya": ["14.0.0": ["Alamofire": "~> 4.9"], "15.0.0": ["Alamofire": "~> 5.0"]],
            "Alamofire": ["4.9.1": [:], "5.9.1": [:]],
            "SnapKit": ["5.7.1": [:]],
        ]))
        let store = InMemoryProjectStore(["Moya": "~> 15.0", "SnapKit": ""])
        let interactor = InstallInteractor(store: store, opener: SingleSourceOpener(source))
        _ = try await interactor.install()

        XCTAssertEqual(store.lockedVersions, ["Moya": "15.0.0", "Alamofire": "5.9.1", "SnapKit": "5.7.1"])
        // The first fetch carries what the resolver missed and the Depsfile's packages.
        let first = try XCTUnwrap(source.fetches.first)
        XCTAssertTrue(first.contains(.versions(try PackageName("Moya"))), "\(first)")
        XCTAssertTrue(first.contains(.versions(try PackageName("SnapKit"))), "\(first)")
        // Nothing is fetched twice.
        let asked = source.fetches.flatMap { $0 }
        XCTAssertEqual(Set(asked).count, asked.count, "\(source.fetches)")
        XCTAssertEqual(source.fetches.filter { $0.contains(.specification(try! PackageName("Moya"), try! Version("15.0.0"))) }.count, 1)
        XCTAssertLessThanOrEqual(source.fetches.count, 6, "\(source.fetches)")
    }

    func testASourceThatFetchesNothingIsAnErrorRatherThanALoop() async throws {
        let store = InMemoryProjectStore(["Lib": ""])
        let interactor = InstallInteractor(store: store, opener: SingleSourceOpener(ForgetfulSpecSource()))
        await assertThrowsAsync({ try await interactor.install() }) { error in
            XCTAssertEqual(error as? SpecCatalogError, .notFetched("Specs"))
        }
        XCTAssertNil(store.lockfile)
    }

    /// Opens one source, whatever the label.
    final class SingleSourceOpener: SpecSourceOpener {
        let source: SpecSource
        init(_ source: SpecSource) { self.source = source }
        func openSource(_ label: String) throws -> SpecSource { source }
        func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) throws -> Specification {
            throw SpecCatalogError.noSource(name)
        }
    }
}
