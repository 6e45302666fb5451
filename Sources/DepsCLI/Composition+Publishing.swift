import DepsCocoaPods
import DepsCode
import DepsFiles
import DepsSpecSources
import DepsCore

/// The gateways of `deps spec lint` and `deps repo push`.
extension Composition {
    /// Spec files read from the command line's paths; dependencies resolve from the sources, code
    /// is fetched through the shared cache, each archive from its URL even when the cache holds one
    /// of its digest (lint proves the source can be fetched).
    var specLint: SpecLintInteractor {
        get throws {
            SpecLintInteractor(
                reader: SpecFileLinter(fileSystem: fileSystem, decodingJSON: PodspecJSONCodec.decodeSpecFile),
                opener: try opener,
                fetcher: try codeFetcher(offline: false).provingOrigins())
        }
    }

    /// Lint, then publish through the git spec repository's mirror in the shared cache.
    var repoPush: RepoPushInteractor {
        get throws {
            RepoPushInteractor(
                lint: try specLint,
                publisher: GitSpecPublisher(cache: cache))
        }
    }

    /// The sources given, else the project's Depsfile's, else trunk.
    func lintSources(_ given: [String]) throws -> [String] {
        if !given.isEmpty { return given }
        guard store.hasManifest() else { return ["trunk"] }
        return try store.readManifest().searchedSources
    }
}
