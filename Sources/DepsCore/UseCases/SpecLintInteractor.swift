/// `deps spec lint PATH ...` (BEHAVIOUR 11): every problem of each spec in one run. Reading the
/// file finds missing fields and values that do not read; the sources say whether each dependency
/// resolves; unless `quick`, the code is fetched (through the shared cache) and every
/// `source_files` pattern must match one of its files.
public final class SpecLintInteractor {
    private let reader: SpecFileReader
    private let opener: SpecSourceOpener
    private let fetcher: CodeFetcher

    public init(reader: SpecFileReader, opener: SpecSourceOpener, fetcher: CodeFetcher) {
        self.reader = reader
        self.opener = opener
        self.fetcher = fetcher
    }

    /// Lints each file against the sources, in the order given.
    public func lint(_ paths: [String], sources: [String], quick: Bool) async throws -> SpecLintReport {
        var problems: [SpecLintProblem] = []
        var catalog: SpecCatalog?
        var specifications: [String: Specification] = [:]
        for path in paths {
            let reading = try reader.readSpecFile(path)
            problems += reading.problems
            specifications[path] = reading.specification
            if !reading.dependencies.isEmpty {
                if catalog == nil {
                    let manifest = Manifest(sources: sources, dependencies: [], checksum: "")
                    catalog = try await SpecCatalog.open(
                        manifest: manifest, lockfile: nil, choice: SourceChoice(manifest: manifest, lockfile: nil, pins: [:]), opener: opener)
                }
                problems += try await unresolvable(reading, in: catalog!, sources: sources)
            }
            if !quick, let specification = reading.specification, let codeSource = specification.codeSource {
                problems += try await codeProblems(reading, specification, codeSource)
            }
        }
        return SpecLintReport(files: paths, problems: problems, specifications: specifications)
    }

    /// The dependencies no version in the sources satisfies.
    private func unresolvable(_ reading: SpecFileReading, in catalog: SpecCatalog, sources: [String]) async throws -> [SpecLintProblem] {
        let own = reading.specification?.name
        return try await catalog.reading {
            try reading.dependencies.filter { $0.dependency.name.root != own }.compactMap { entry in
                let dependency = entry.dependency
                let admitted = try catalog.versions(of: dependency.name).contains {
                    dependency.requirement.admits($0)
                }
                return admitted ? nil : SpecLintProblem(file: reading.file, line: entry.line, .unresolvable(dependency, sources: sources))
            }
        }
    }

    /// Fetches the code: a missing tag or commit, an unreachable archive or one whose SHA-256
    /// differs is one problem; otherwise each `source_files` pattern must match a file.
    private func codeProblems(
        _ reading: SpecFileReading, _ specification: Specification, _ codeSource: CodeSource
    ) async throws -> [SpecLintProblem] {
        let fetched: FetchedCode
        do {
            fetched = try await fetcher.fetch(CodeRequest(
                name: specification.name, version: specification.version, source: codeSource, pin: nil))
        } catch let failure as CodeFetchError {
            return [SpecLintProblem(file: reading.file, line: reading.sourceLine, .sourceUnavailable(failure))]
        }
        let files = try reader.files(inTree: fetched.tree)
        return specification.sourceFilePatterns(ownWritten: reading.sourceFilesLine != nil).compactMap { entry in
            files.contains(where: entry.pattern.matches) ? nil : SpecLintProblem(
                file: reading.file, line: entry.subspec == nil ? reading.sourceFilesLine : nil,
                .noMatchingFiles(pattern: entry.pattern.description, subspec: entry.subspec))
        }
    }
}
