import DepsCore
import DepsCoreFakes
import XCTest

/// `deps spec lint` as the core sees it: what reading found, dependencies against the sources,
/// and the fetched code against `source_files`, all as data.
final class SpecLintInteractorTests: XCTestCase {
    /// Spec files and fetched trees in memory.
    final class InMemorySpecFiles: SpecFileReader {
        var readings: [String: SpecFileReading] = [:]
        var trees: [String: [String]] = [:]

        func readSpecFile(_ path: String) throws -> SpecFileReading { readings[path]! }
        func files(inTree tree: String) throws -> [String] { trees[tree] ?? [] }
    }

    let files = InMemorySpecFiles()
    let fetcher = InMemoryCodeFetcher()
    lazy var opener = InMemorySpecSourceOpener([InMemorySpecSource(label: "org", ["Alamofire": ["5.9.1": [:], "6.0.0-beta.1": [:]]])])

    func spec(_ name: String, sourceFiles: [String]? = nil, subspecs: [Subspec] = []) throws -> Specification {
        Specification(
            name: try PackageName(name), version: try Version("1.0.0"), summary: "s", license: "MIT",
            codeSource: .git(url: "mem://\(name)", .tag("1.0.0")), checksum: "c",
            sourceFiles: try sourceFiles?.map { try SourceFileGlob($0) }, subspecs: subspecs)
    }

    func lint(_ paths: [String], quick: Bool = false) async throws -> SpecLintReport {
        let interactor = SpecLintInteractor(reader: files, opener: opener, fetcher: fetcher)
        return try await interactor.lint(paths, sources: ["org"], quick: quick)
    }

    func testProblemsFromReadingAreKeptAndEachUnresolvableDependencyIsNamedWithItsLine() async throws {
        let missing = SpecLintProblem(file: "A.yaml", line: nil, .missingField("license"))
        let alamofire = try PackageName("Alamofire")
        files.readings["A.yaml"] = SpecFileReading(
            file: "A.yaml", specification: nil,
            dependencies: [
                LineDependency(Dependency(alamofire, try Requirement("~> 5.0")), line: 7),
                LineDependency(Dependency(alamofire, try Requirement("~> 6.0")), line: 8),
                LineDependency(Dependency(alamofire, try Requirement("~> 6.0.0-beta")), line: 9),
                LineDependency(Dependency(try PackageName("Nope")), line: 10),
            ],
            sourceLine: nil, sourceFilesLine: nil, problems: [missing])
        let report = try await lint(["A.yaml"])
        XCTAssertEqual(report.problems, [
            missing,
            SpecLintProblem(file: "A.yaml", line: 8, .unresolvable(Dependency(alamofire, try Requirement("~> 6.0")), sources: ["org"])),
            SpecLintProblem(file: "A.yaml", line: 10, .unresolvable(Dependency(try PackageName("Nope")), sources: ["org"])),
        ])
        XCTAssertFalse(report.passed)
        XCTAssertTrue(fetcher.fetched.isEmpty, "a spec that does not read has no code to fetch")
    }

    func testTheCodeIsFetchedAndEveryPatternMustMatchAFileUnlessQuick() async throws {
        let core = Subspec(name: "Core", dependencies: [], sourceFiles: [try SourceFileGlob("Core/*.swift")], subspecs: [])
        let specification = try spec("Kit", sourceFiles: ["Sources/**/*.swift", "Extra/*.swift"], subspecs: [core])
        files.readings["Kit.yaml"] = SpecFileReading(
            file: "Kit.yaml", specification: specification, dependencies: [], sourceLine: 4, sourceFilesLine: 7, problems: [])
        let tree = "cache/Kit/1.0.0/\(InMemoryCodeFetcher.commit(specification.name, specification.version))"
        files.trees[tree] = ["Sources/Kit/Kit.swift", "README.md"]
        let report = try await lint(["Kit.yaml"])
        XCTAssertEqual(report.problems, [
            SpecLintProblem(file: "Kit.yaml", line: 7, .noMatchingFiles(pattern: "Extra/*.swift", subspec: nil)),
            SpecLintProblem(file: "Kit.yaml", line: nil, .noMatchingFiles(pattern: "Core/*.swift", subspec: "Core")),
        ])
        XCTAssertEqual(fetcher.fetched, ["Kit 1.0.0"])
        let quick = try await lint(["Kit.yaml"], quick: true)
        XCTAssertTrue(quick.passed)
        XCTAssertEqual(fetcher.fetched.count, 1, "--quick fetches nothing")
    }

    func testCodeThatCannotBeFetchedIsOneProblemOnTheSourceLine() async throws {
        files.readings["Gone.yaml"] = SpecFileReading(
            file: "Gone.yaml", specification: try spec("Gone"), dependencies: [], sourceLine: 5, sourceFilesLine: nil, problems: [])
        fetcher.failing = ["Gone"]
        let report = try await lint(["Gone.yaml"])
        XCTAssertEqual(report.problems, [SpecLintProblem(
            file: "Gone.yaml", line: 5,
            .sourceUnavailable(CodeFetchError(name: try PackageName("Gone"), url: "mem://Gone", kind: .unreachable, cause: .serverAnswered(503))))])
    }
}
