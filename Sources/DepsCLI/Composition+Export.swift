import DepsCode
import DepsCore
import DepsSwiftPM
import DepsSpecSources
import DepsFileSystem

extension Composition {
    /// `deps export swiftpm`: each locked package's own `Package.swift`, from `Deps/` where it holds
    /// the locked code, else through the shared cache (only from it when `offline`), `jobs` at once.
    func exportInteractor(offline: Bool, jobs: Int, progress: FetchProgress?) throws -> ExportInteractor {
        let sandbox = FileSandbox(projectDirectory: projectDirectory, fileSystem: fileSystem)
        let fetcher = try codeFetcher(offline: offline)
        return ExportInteractor(
            store: store, opener: try opener(offline: offline, refresh: false), sandbox: sandbox,
            manifests: PackageManifestFiles(projectDirectory: projectDirectory, fetcher: fetcher, fileSystem: fileSystem),
            progress: offline ? nil : progress, jobs: jobs)
    }
}

/// A mirror folder's `code/` is written by `CodeMirrorWriter`, through the shared cache.
extension CodeMirrorWriter: CodeMirroring {}

extension Composition {
    /// `deps mirror DIR`: the lock's specs from the Depsfile's sources, its code through the
    /// shared cache from the origins, written into the folder.
    func mirrorInteractor(into folder: LocalPath) throws -> MirrorInteractor {
        let fetcher = SourceCodeFetcher(
            cache: cache, projectDirectory: projectDirectory, offline: false, http: try http, limits: try archiveLimits())
        let destination = FolderMirror(folder: folder, code: CodeMirrorWriter(fetcher: fetcher, folder: folder), fileSystem: fileSystem)
        return MirrorInteractor(store: store, opener: try opener(offline: false, refresh: false), destination: destination)
    }
}
