import DepsCache
import DepsCore
import DepsGit
import DepsHTTP
import DepsFiles
import DepsFileSystem

/// The `CodeFetcher` deps uses: git and archives through the shared cache, folders in place.
public struct SourceCodeFetcher: CodeFetcher {
    let git: GitCodeFetcher
    var archives: ArchiveCodeFetcher
    let projectDirectory: LocalPath

    /// - Parameters:
    ///   - projectDirectory: relative locations (paths) are taken from here.
    ///   - offline: use only what the cache holds.
    ///   - limits: how much one archive may unpack to.
    ///   - remote: mirrors and the remote cache, asked for pinned code before its origin (never offline).
    public init(
        cache: CodeCache, projectDirectory: LocalPath, offline: Bool, http: HTTPClient, limits: ArchiveLimits = ArchiveLimits(),
        remote: RemoteCode? = nil
    ) {
        self.init(
            cache: cache, projectDirectory: projectDirectory, offline: offline, http: http, network: GitNetworkLimits(http.configuration),
            limits: limits, remote: remote)
    }

    /// - Parameters:
    ///   - http: downloads archives.
    ///   - network: how long git may take over the network.
    ///   - mirrors: opens the cache's git mirrors.
    public init(
        cache: CodeCache, projectDirectory: LocalPath, offline: Bool, http: any HTTPTransport, network: GitNetworkLimits,
        mirrors: any GitMirrorOpener = SystemGitMirrors(), limits: ArchiveLimits = ArchiveLimits(), remote: RemoteCode? = nil
    ) {
        var git = GitCodeFetcher(cache: cache, offline: offline, projectDirectory: projectDirectory, network: network, mirrors: mirrors)
        git.remote = remote
        self.git = git
        var archives = ArchiveCodeFetcher(cache: cache, offline: offline, projectDirectory: projectDirectory, http: http, limits: limits)
        archives.remote = remote
        self.archives = archives
        self.projectDirectory = projectDirectory
        self.cache = cache
    }

    let cache: CodeCache

    /// This fetcher, downloading each archive from its URL even when a copy of its digest is at
    /// hand (the cache, a mirror, the remote cache), for `deps spec lint`.
    public func provingOrigins() -> SourceCodeFetcher {
        var fetcher = self
        fetcher.archives.provingOrigin = true
        return fetcher
    }

    public func fetch(_ request: CodeRequest) async throws -> FetchedCode {
        if !request.source.isUsedInPlace { try cache.prepareOnce() }
        switch request.source {
        case let .git(url, reference, submodules):
            return try await cache.reportingReadOnly(request, url) {
                try await git.fetch(request, url: url, reference: reference, submodules: submodules)
            }
        case let .http(url, digest):
            return try await cache.reportingReadOnly(request, url) {
                try await archives.fetch(request, url: url, declaredDigest: digest)
            }
        case let .path(path):
            let folder = projectDirectory / path
            guard cache.fileSystem.kind(of: folder) == .directory else {
                throw CodeFetchError(name: request.name, url: path, kind: .unreachable, cause: .noSuchFolder)
            }
            return FetchedCode(tree: folder.string, pin: nil)
        }
    }
}

extension GitNetworkLimits {
    /// The limits HTTP downloads have, for git: a stall as long as HTTP's timeout, one operation
    /// as long as one download may take.
    public init(_ http: HTTPClient.Configuration) {
        self.init(stallSeconds: http.timeoutSeconds, deadlineSeconds: http.deadlineSeconds, deadlineSetting: http.deadlineSetting)
    }
}
