import DepsCode
import DepsHTTP

/// The bounds on what fetching may cost, read from the environment: how long one download may
/// take, and how much one archive may unpack to. A value deps cannot use is refused (exit 64).
extension Composition {
    static let downloadDeadlineSetting = "DEPS_DOWNLOAD_TIMEOUT"
    static let unpackedBytesSetting = "DEPS_MAX_UNPACKED_BYTES"
    static let unpackedEntriesSetting = "DEPS_MAX_UNPACKED_FILES"

    /// The code fetcher of every command: git and archives through the shared cache, from the
    /// cache alone when `offline`.
    func codeFetcher(offline: Bool) throws -> SourceCodeFetcher {
        SourceCodeFetcher(cache: cache, projectDirectory: projectDirectory, offline: offline, http: try http, limits: try Self.archiveLimits())
    }

    /// `DEPS_DOWNLOAD_TIMEOUT` seconds (0 for no limit), else half an hour.
    static func downloadDeadline() throws -> Double {
        guard let text = environment(downloadDeadlineSetting) else { return HTTPClient.Configuration.defaultDeadlineSeconds }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw InvalidSettingError(name: downloadDeadlineSetting, value: text, expected: "a number of seconds (0 for no limit)")
        }
        return seconds
    }

    /// `DEPS_MAX_UNPACKED_BYTES` (a number of bytes, or with K, M or G for KiB, MiB or GiB) and
    /// `DEPS_MAX_UNPACKED_FILES`, else the defaults.
    static func archiveLimits() throws -> ArchiveLimits {
        var limits = ArchiveLimits(bytesSetting: unpackedBytesSetting, entriesSetting: unpackedEntriesSetting)
        if let text = environment(unpackedBytesSetting) {
            guard let bytes = byteCount(text), bytes > 0 else {
                throw InvalidSettingError(name: unpackedBytesSetting, value: text, expected: "a number of bytes above 0, such as 4294967296 or 4G")
            }
            limits.maxUnpackedBytes = bytes
        }
        if let text = environment(unpackedEntriesSetting) {
            guard let entries = Int(text), entries > 0 else {
                throw InvalidSettingError(name: unpackedEntriesSetting, value: text, expected: "a whole number above 0")
            }
            limits.maxEntries = entries
        }
        return limits
    }

    /// `123`, `64K`, `512M`, `4G` (powers of 1024); nil for anything else or a number too large.
    static func byteCount(_ text: String) -> UInt64? {
        let shifts: [Character: UInt64] = ["K": 10, "M": 20, "G": 30]
        var digits = Substring(text)
        var shift: UInt64 = 0
        if let last = digits.last, let found = shifts[Character(last.uppercased())] {
            shift = found
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt64(digits),
              value <= UInt64.max >> shift else { return nil }
        return value << shift
    }
}
