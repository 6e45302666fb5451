import DepsCore
import DepsCoreFakes
import XCTest

/// `deps repo push` in the core: a failed lint publishes nothing; otherwise each spec is published
/// in the order given, and a refusal stops the rest.
final class RepoPushInteractorTests: XCTestCase {
    final class RecordingPublisher: SpecRepositoryPublisher {
        var published: [SpecToPublish] = []
        var existing: Set<String> = []

        func publish(_ spec: SpecToPublish, to repository: String) async throws -> PublishedSpec {
            guard !existing.contains(spec.name.description) else {
                throw VersionAlreadyPublishedError(name: spec.name, version: spec.version, repository: repository, path: "\(spec.name)/\(spec.version).yaml")
            }
            published.append(spec)
            return PublishedSpec(name: spec.name, version: spec.version, path: "\(spec.name)/\(spec.version).yaml", commit: "c", attempts: 1)
        }
    }

    let files = SpecLintInteractorTests.InMemorySpecFiles()
    let publisher = RecordingPublisher()

    func add(_ name: String, problems: [SpecLintProblem.Kind] = []) throws {
        let specification = Specification(
            name: try PackageName(name), version: try Version("1.0.0"), summary: "s", license: "MIT",
            codeSource: .git(url: "mem://\(name)", .tag("1.0.0")), checksum: "c")
        files.readings["\(name).yaml"] = SpecFileReading(
            file: "\(name).yaml", specification: specification, dependencies: [], sourceLine: nil, sourceFilesLine: nil,
            problems: problems.map { SpecLintProblem(file: "\(name).yaml", line: 3, $0) })
        let tree = "cache/\(name)/1.0.0/\(InMemoryCodeFetcher.commit(specification.name, specification.version))"
        files.trees[tree] = ["Sources/\(name)/\(name).swift"]
    }

    func push(_ paths: [String]) async throws -> RepoPushReport {
        let fetcher = InMemoryCodeFetcher()
        let lint = SpecLintInteractor(reader: files, opener: InMemorySpecSourceOpener([]), fetcher: fetcher)
        let interactor = RepoPushInteractor(lint: lint, publisher: publisher)
        return try await interactor.push(paths, to: "file:///specs.git", sources: [])
    }

    func testAFailedLintPublishesNothing() async throws {
        try add("Good")
        try add("Bad", problems: [.missingField("license")])
        let report = try await push(["Good.yaml", "Bad.yaml"])
        XCTAssertFalse(report.lint.passed)
        XCTAssertEqual(report.published, [])
        XCTAssertEqual(publisher.published, [])
    }

    func testEachSpecIsPublishedInOrderAndARefusalStopsTheRest() async throws {
        try add("A")
        try add("B")
        try add("C")
        let report = try await push(["B.yaml", "A.yaml"])
        XCTAssertEqual(report.published.map(\.path), ["B/1.0.0.yaml", "A/1.0.0.yaml"])
        publisher.existing = ["A"]
        await assertThrowsAsync({ try await push(["A.yaml", "C.yaml"]) }) { error in
            XCTAssertEqual((error as? VersionAlreadyPublishedError)?.path, "A/1.0.0.yaml")
        }
        XCTAssertEqual(publisher.published.map(\.name.description), ["B", "A"])
    }
}
