import DepsCode

/// The bounds on what fetching may cost, read from the environment (`Composition+Settings`): how
/// long one download may take, and how much one archive may unpack to.
extension Composition {
    /// The code fetcher of every command: git and archives through the shared cache, from the
    /// cache alone when `offline`.
    func codeFetcher(offline: Bool) throws -> SourceCodeFetcher {
        SourceCodeFetcher(cache: cache, projectDirectory: projectDirectory, offline: offline, http: try http, limits: try Self.archiveLimits())
    }

    /// `DEPS_MAX_UNPACKED_BYTES` (a number of bytes, or with K, M or G for KiB, MiB or GiB) and
    /// `DEPS_MAX_UNPACKED_FILES`, else the defaults.
    static func archiveLimits() throws -> ArchiveLimits {
        var limits = ArchiveLimits(bytesSetting: unpackedBytesSetting.name, entriesSetting: unpackedEntriesSetting.name)
        limits.maxUnpackedBytes = try unpackedBytesSetting.value(else: limits.maxUnpackedBytes)
        limits.maxEntries = try unpackedEntriesSetting.value(else: limits.maxEntries)
        return limits
    }
}
