import DepsPresenters
import DepsCore

import DepsFailures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An environment variable that tunes deps: its name, what a usable value is, and how its text
/// is read. Every `DEPS_*` variable the composition root reads goes through one, so each is
/// treated alike: unset or empty, the default holds; a value deps cannot use is refused with
/// exit status 64, naming the variable and the value (`InvalidSettingError`), before the
/// command changes anything that depends on it.
struct EnvironmentSetting<Value>: Sendable {
    let name: String
    /// What the value must be, as the refusal says it: `a whole number above 0`.
    let expected: String
    /// The value the text gives; nil when deps cannot use it.
    let read: @Sendable (String) -> Value?

    /// The value set in `environment`; nil when the variable is unset or empty.
    func value(in environment: [String: String]) throws -> Value? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = read(text) else { throw InvalidSettingError(name: name, value: text, expected: expected) }
        return value
    }
}

/// An environment variable deps cannot use (exit status 64).
struct InvalidSettingError: ExitStatusError, CustomStringConvertible {
    var exitStatus: ExitStatus { .usage }
    let name: String
    let value: String
    let expected: String

    var description: String { "\(name) must be \(expected), not '\(MessageText.escaped(value))'" }
}

/// Every setting the composition root reads from the environment (`DEPS_CACHE_DIR`, a folder
/// that any text names, is read where the cache is found).
extension Composition {
    /// The setting's value in the run's environment; nil when it is unset or empty.
    func setting<Value>(_ setting: EnvironmentSetting<Value>) throws -> Value? {
        try setting.value(in: context.environment)
    }

    /// The setting's value in the run's environment, else `fallback`.
    func setting<Value>(_ setting: EnvironmentSetting<Value>, else fallback: Value) throws -> Value {
        try setting.value(in: context.environment) ?? fallback
    }

    /// Where `trunk` is read: a mirror of trunk's frozen CDN.
    static let trunkURLSetting = EnvironmentSetting<String>(
        name: "DEPS_TRUNK_URL", expected: "an http(s) URL of a CocoaPods CDN", read: httpURL)
    /// The remote cache of code (BEHAVIOUR 14): an http(s) URL whose `code/` is asked before origins.
    static let remoteCacheSetting = EnvironmentSetting<String>(
        name: "DEPS_REMOTE_CACHE", expected: "an http(s) URL of a remote cache", read: httpURL)
    /// Whether code fetched from its origin is uploaded to the remote cache (1, the default) or not (0).
    static let remoteCachePushSetting = EnvironmentSetting<Bool>(
        name: "DEPS_REMOTE_CACHE_PUSH", expected: "0 or 1", read: { $0 == "1" ? true : $0 == "0" ? false : nil })
    /// Seconds the remote cache and mirrors may take to connect, or stall, before the origin is used.
    static let remoteCacheTimeoutSetting = EnvironmentSetting<Double>(
        name: "DEPS_REMOTE_CACHE_TIMEOUT", expected: "a number of seconds above 0", read: { seconds($0).flatMap { $0 > 0 ? $0 : nil } })
    /// A mirror made by `deps mirror` that every remote spec source is read from (names kept in the lock).
    static let mirrorURLSetting = EnvironmentSetting<String>(
        name: "DEPS_MIRROR", expected: "an http(s) URL of a mirror made by deps mirror", read: httpURL)
    /// Seconds a download may go without progress before it is tried again.
    static let httpTimeoutSetting = EnvironmentSetting<Double>(
        name: "DEPS_HTTP_TIMEOUT", expected: "a number of seconds above 0", read: { seconds($0).flatMap { $0 > 0 ? $0 : nil } })
    /// How many times a download is tried.
    static let httpAttemptsSetting = EnvironmentSetting<Int>(
        name: "DEPS_HTTP_ATTEMPTS", expected: "a whole number above 0", read: positiveWholeNumber)
    /// Seconds before the first retry.
    static let httpBackoffSetting = EnvironmentSetting<Double>(
        name: "DEPS_HTTP_BACKOFF", expected: "a number of seconds, 0 or more", read: seconds)
    /// Seconds one download may take in all; 0 for no limit.
    static let downloadDeadlineSetting = EnvironmentSetting<Double>(
        name: "DEPS_DOWNLOAD_TIMEOUT", expected: "a number of seconds (0 for no limit)", read: seconds)
    /// Bytes one archive may unpack to.
    static let unpackedBytesSetting = EnvironmentSetting<UInt64>(
        name: "DEPS_MAX_UNPACKED_BYTES", expected: "a number of bytes above 0, such as 4294967296 or 4G",
        read: { byteCount($0).flatMap { $0 > 0 ? $0 : nil } })
    /// Files, folders and links one archive may hold.
    static let unpackedEntriesSetting = EnvironmentSetting<Int>(
        name: "DEPS_MAX_UNPACKED_FILES", expected: "a whole number above 0", read: positiveWholeNumber)
    /// The netrc file that gives logins for HTTP(S) hosts, as curl reads it; `~/.netrc` when unset.
    static let netrcSetting = EnvironmentSetting<String>(
        name: "NETRC", expected: "the path of a readable netrc file", read: readableFile)
    /// The CA certificates HTTPS servers are checked against, as curl reads them.
    static let caBundleSetting = EnvironmentSetting<String>(
        name: "CURL_CA_BUNDLE", expected: "the path of a readable file of CA certificates", read: readableFile)
    /// The same for OpenSSL's users, read when `CURL_CA_BUNDLE` is unset.
    static let sslCertFileSetting = EnvironmentSetting<String>(
        name: "SSL_CERT_FILE", expected: "the path of a readable file of CA certificates", read: readableFile)
    /// Seconds a command that writes waits for another deps process to release the project.
    static let lockTimeoutSetting = EnvironmentSetting<Double>(
        name: "DEPS_LOCK_TIMEOUT", expected: "a number of seconds, 0 or more", read: seconds)

    /// A finite number, 0 or more (`2`, `0.5`).
    @Sendable static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A path to a file this process can read.
    @Sendable static func readableFile(_ text: String) -> String? {
        access(text, R_OK) == 0 ? text : nil
    }

    @Sendable static func positiveWholeNumber(_ text: String) -> Int? {
        guard let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// `https://…` or `http://…` with something after the scheme.
    @Sendable static func httpURL(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), text.count > "https://".count else { return nil }
        return text
    }

    /// `123`, `64K`, `512M`, `4G` (powers of 1024); nil for anything else or a number too large.
    @Sendable static func byteCount(_ text: String) -> UInt64? {
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
