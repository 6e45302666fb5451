import DepsFailures
/// What code a spec may name, by where the spec was read.
///
/// A spec read from a remote spec repository (a CDN; a git spec repository at a network URL) was
/// written by whoever serves it, so it may name code only on the network: git over https, http,
/// ssh or git (or `user@host:path`), an archive over https or http. A `path:`, a `file://` URL,
/// an absolute path or a relative location (which would be taken from the project directory or the
/// cache) would let a server reach the files of the machine that installs, and is refused. A spec
/// from a local repository (a directory, a git repository on this machine) may name local places,
/// as a directory repository that carries its packages' code does.
extension CodeSource {
    /// Whether a spec read from a remote spec repository may name this code.
    public var isReachableFromRemoteSpec: Bool {
        switch self {
        case let .git(url, _, _): NetworkLocation.isGitRemote(url)
        case let .http(url, _): NetworkLocation.isHTTP(url)
        case .path: false
        }
    }
}

/// Locations on the network, as git and an HTTP client reach them; everything else is a place on
/// this machine (a path, relative or absolute, or a `file://` URL) or a transport deps does not use.
public enum NetworkLocation {
    /// The URL schemes of git's network transports.
    public static let gitSchemes = ["https", "http", "ssh", "git"]

    /// An `https`, `http`, `ssh` or `git` URL with a host, or `user@host:path` (git's scp-like
    /// syntax: the first `:` before any `/`).
    public static func isGitRemote(_ location: String) -> Bool {
        if hasHost(location, schemes: gitSchemes) { return true }
        guard !location.hasPrefix("-"), !location.contains("://"), !location.contains("::"),
              let colon = location.firstIndex(of: ":") else { return false }
        let userAndHost = location[..<colon]
        guard !userAndHost.contains("/"), let at = userAndHost.firstIndex(of: "@") else { return false }
        let user = userAndHost[..<at], host = userAndHost[userAndHost.index(after: at)...]
        return !user.isEmpty && !host.isEmpty && !host.hasPrefix("-") && !host.contains("@")
            && location.index(after: colon) < location.endIndex
    }

    /// An `https` or `http` URL with a host.
    public static func isHTTP(_ location: String) -> Bool {
        hasHost(location, schemes: ["https", "http"])
    }

    /// Whether `location` is `<scheme>://host…` for one of `schemes` (in any case), with a host
    /// that is not empty and does not start with `-` (which ssh would take as an option).
    private static func hasHost(_ location: String, schemes: [String]) -> Bool {
        guard let separator = location.firstRange(of: "://") else { return false }
        let scheme = location[..<separator.lowerBound].lowercased()
        guard schemes.contains(scheme) else { return false }
        let authority = location[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return !host.isEmpty && !host.hasPrefix(":") && !host.hasPrefix("-")
    }
}

/// A locked package whose spec, read from a remote spec repository, names code on this machine
/// (a `path:`, a `file://` URL, a path): nothing is fetched, linked or written.
public struct RemoteSpecReachError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let name: PackageName
    public let version: Version
    /// The label of the spec repository the spec was read from.
    public let source: String
    /// The code source the spec names.
    public let codeSource: CodeSource

    public init(name: PackageName, version: Version, source: String, codeSource: CodeSource) {
        self.name = name
        self.version = version
        self.source = source
        self.codeSource = codeSource
    }
}
