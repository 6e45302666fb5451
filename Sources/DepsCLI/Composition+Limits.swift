import DepsCode
import DepsCore
import DepsHTTP
import DepsPresenters
import DepsSpecSources

/// The bounds on what fetching may cost, read from the environment (`Composition+Settings`): how
/// long one download may take, and how much one archive may unpack to.
extension Composition {
    /// The code fetcher of every command: git and archives through the shared cache, from the
    /// cache alone when `offline`.
    func codeFetcher(offline: Bool) throws -> SourceCodeFetcher {
        SourceCodeFetcher(
            cache: cache, projectDirectory: projectDirectory, offline: offline, http: try http, limits: try archiveLimits(),
            remote: offline ? nil : try remoteCode())
    }

    /// The stores asked for code before its origins (BEHAVIOUR 14), in order: the mirrors the
    /// project's specs come from (`DEPS_MIRROR`, `DEPS_TRUNK_URL`, a CDN source of the Depsfile),
    /// then the remote cache (`DEPS_REMOTE_CACHE`); nil when there are none.
    func remoteCode() throws -> RemoteCode? {
        // One per run: what a run learns of a store (it does not answer) holds for its specs' and its code's fetches alike.
        try shared.remoteCode { try makeRemoteCode() }
    }

    private func makeRemoteCode() throws -> RemoteCode? {
        var stores: [RemoteCodeStore] = []
        func add(_ store: RemoteCodeStore) {
            if !stores.contains(where: { $0.baseURL == store.baseURL }) { stores.append(store) }
        }
        if let mirror = try setting(Self.mirrorURLSetting) {
            // Every remote spec source is read from it: the other CDNs are not asked.
            add(RemoteCodeStore(baseURL: mirror, role: .mirror))
        } else {
            if let trunk = try setting(Self.trunkURLSetting) { add(RemoteCodeStore(baseURL: trunk, role: .mirror)) }
            let trunkURL = try trunkURL()
            for label in (try? store.readManifest())?.searchedSources ?? [] where label != "trunk" {
                if case let .cdn(url) = SpecRepositoryKind(label: label, trunkURL: trunkURL) { add(RemoteCodeStore(baseURL: url, role: .mirror)) }
            }
        }
        if let cache = try setting(Self.remoteCacheSetting) {
            let push = try setting(Self.remoteCachePushSetting, else: true)
            stores.removeAll { $0.baseURL == RemoteCodeStore(baseURL: cache, role: .mirror).baseURL }
            stores.append(RemoteCodeStore(baseURL: cache, role: .remoteCache(push: push)))
        }
        guard !stores.isEmpty else { return nil }
        var configuration = try http.configuration
        configuration.timeoutSeconds = try setting(Self.remoteCacheTimeoutSetting, else: 10)
        // A store that is down costs one timeout; the origin is the retry.
        configuration.attempts = 1
        let standardError = context.standardError
        return RemoteCode(stores: stores, http: HTTPClient(configuration: configuration)) { warning in
            _ = Output.write(RemoteCodeWarningTextPresenter.render(warning), to: standardError)
        }
    }

    /// `DEPS_MAX_UNPACKED_BYTES` (a number of bytes, or with K, M or G for KiB, MiB or GiB) and
    /// `DEPS_MAX_UNPACKED_FILES`, else the defaults.
    func archiveLimits() throws -> ArchiveLimits {
        var limits = ArchiveLimits(bytesSetting: Self.unpackedBytesSetting.name, entriesSetting: Self.unpackedEntriesSetting.name)
        limits.maxUnpackedBytes = try setting(Self.unpackedBytesSetting, else: limits.maxUnpackedBytes)
        limits.maxEntries = try setting(Self.unpackedEntriesSetting, else: limits.maxEntries)
        return limits
    }
}
