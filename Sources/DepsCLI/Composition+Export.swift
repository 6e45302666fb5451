import DepsCode
import DepsCore
import DepsSwiftPM

extension Composition {
    /// `deps export swiftpm`: each locked package's own `Package.swift`, from `Deps/` where it holds
    /// the locked code, else through the shared cache (only from it when `offline`), `jobs` at once.
    func exportInteractor(offline: Bool, jobs: Int, progress: FetchProgress?) throws -> ExportInteractor {
        let sandbox = FileSandbox(projectDirectory: projectDirectory, fileSystem: fileSystem)
        let fetcher = try codeFetcher(offline: offline)
        return ExportInteractor(
            store: store, opener: try opener(offline: offline, refresh: false), sandbox: sandbox,
            manifests: PackageManifestFiles(sandbox: sandbox, fetcher: fetcher, fileSystem: fileSystem),
            progress: offline ? nil : progress, jobs: jobs)
    }
}
