/// Fetched code checked as the build integration will take it (its spec's `source_files` must
/// match sources SwiftPM can build), before it replaces what the sandbox holds: code that fails
/// is a failed fetch, and the package's folder keeps its old code, still listed.
struct PlacementCheck: Sendable {
    let lock: Lockfile
    /// The spec of each package to place.
    let specifications: [PackageName: Specification]
    let sources: [PackageName: CodeSource]
    let integration: ProjectIntegration?
    /// The Depsfile's platform, whose parts of each spec apply.
    let platform: Platform?

    /// Throws a `CodeFetchError` naming the package, its code's location and what the
    /// integration refuses; nothing for code used in place, which is not placed.
    func check(_ code: FetchedCode, for request: CodeRequest) throws {
        guard let integration, !code.usedInPlace, let specification = specifications[request.name] else { return }
        do {
            _ = try SandboxPackageManifest(
                lock: lock, specifications: [request.name: specification], codeSources: sources, platform: platform,
                files: { folder in folder == .fetched(request.name) ? try integration.files(inTree: code.tree) : [] },
                contents: { folder, file in folder == .fetched(request.name) ? integration.contents(of: file, inTree: code.tree) : nil })
        } catch let error as SandboxIntegrationError {
            throw CodeFetchError(name: request.name, url: request.source.location, kind: .integrity, cause: .unbuildable(error))
        }
    }
}
