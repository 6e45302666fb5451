import DepsCode
import DepsFiles
import DepsCore

/// The gateways of `deps spec lint` and `deps repo push`.
extension Composition {
    /// Spec files read from the command line's paths; dependencies resolve from the sources, code
    /// is fetched through the shared cache.
    var specLint: SpecLintInteractor {
        SpecLintInteractor(
            reader: SpecFileLinter(fileSystem: fileSystem),
            opener: opener,
            fetcher: SourceCodeFetcher(cache: cache, projectDirectory: projectDirectory, offline: false, http: http))
    }

    /// The sources given, else the project's Depsfile's, else trunk.
    func lintSources(_ given: [String]) throws -> [String] {
        if !given.isEmpty { return given }
        guard store.hasManifest() else { return ["trunk"] }
        return try store.readManifest().searchedSources
    }
}
