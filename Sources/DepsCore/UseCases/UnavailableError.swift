import DepsFailures

/// What a source, a file or the project cannot give this run, for a reason a command, a flag or
/// a setting would change (exit status 74; 65 for a spec a mirror cannot serve, which is bad
/// input for it). The core and the adapters say which reason; the
/// presenters word it and name what helps.
public struct UnavailableError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus {
        switch reason {
        case .notServableByCDN: .malformedInput
        default: .inputOutput
        }
    }

    public enum Reason: Sendable, Equatable {
        /// Offline, and the cache lacks it (`lacking`: where it would be, or what is missing).
        case notCachedWhileOffline(lacking: CacheLack?)
        /// Offline, and the git spec repository was never cloned into the cache.
        case neverClonedWhileOffline
        /// Offline, and the command is to refresh a spec repository.
        case refreshWhileOffline
        /// The source cannot give spec files byte for byte (only what it parsed), so it cannot be mirrored.
        case notMirrorable
        /// The project has no Depsfile (`directory`: the folder looked in).
        case noManifest(directory: String)
        /// A directory or CDN source has no spec at this path.
        case noSuchSpec
        /// A CDN's index lists this version, but the server has no podspec for it (404).
        case specMissingFromServer(name: String, version: String)
        /// The URL answers 404 where a CocoaPods CDN has its `CocoaPods-version.yml`.
        case notACocoaPodsCDN
        /// The server answered this status where a file was expected.
        case serverAnswered(Int)
        /// A spec repository named in the Depsfile that is not there (a directory relative to it).
        case noSuchSpecRepository
        /// A spec repository named in the Depsfile that is not a directory.
        case specRepositoryNotADirectory
        /// A git external source, which is checked out into the shared cache, without one.
        case needsCache
        /// A checkout of a `git:` external source without the package's spec at its root.
        case noSpecInCheckout(name: String, reference: String)
        /// A spec in deps' YAML, where a mirror serves only CocoaPods' podspec.json.
        case notServableByCDN
        /// The cache lacks it and this process cannot write the cache.
        case cacheReadOnly(root: String, lacking: CacheLack, reason: FileProblem)
        /// git failed on the repository (it could not start, a command failed, or it ran too long).
        case gitFailed(GitFailure)
        /// The spec repository's server could not be reached (`cause`: the download's failure);
        /// `networkDown` when no connection could be made at all.
        case unreachable(cause: HTTPError, networkDown: Bool)
    }

    /// The file, folder or URL, as shown to the user.
    public let location: String
    public let reason: Reason

    public init(location: String, reason: Reason) {
        self.location = location
        self.reason = reason
    }
}
