import DepsCore
import DepsGit
import DepsHTTP
import DepsCache
import DepsFiles
import DepsFileSystem

/// What a Depsfile's `sources:` entry names (BEHAVIOUR 1.1, 9).
public enum SpecRepositoryKind: Sendable, Equatable {
    /// A directory relative to the Depsfile.
    case directory(String)
    /// A git repository: ends in `.git`, starts with `git@`, or is a `file://` URL.
    case git(url: String)
    /// A CocoaPods CDN: `trunk` (at `trunkURL`), or another http(s) URL that is not git.
    case cdn(url: String)
    /// A URL of a scheme deps does not read.
    case unsupported

    /// What `label` names; `trunk` is the CDN at `trunkURL` (CocoaPods' own, or a mirror of it).
    public init(label: String, trunkURL: String = CDNSpecSource.trunkURL) {
        let lowered = label.lowercased()
        if label == "trunk" {
            self = .cdn(url: trunkURL)
        } else if lowered.hasSuffix(".git") || lowered.hasSuffix(".git/") || label.hasPrefix("git@") || lowered.hasPrefix("file://") {
            self = .git(url: label)
        } else if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            self = .cdn(url: label)
        } else if label.contains("://") {
            self = .unsupported
        } else {
            self = .directory(label)
        }
    }
}

/// Opens directories as `LocalSpecSourceOpener` does, git URLs as `GitSpecSource` and CDN URLs
/// (and `trunk`) as `CDNSpecSource`, through the shared cache. Each source is opened once per
/// opener, so a refresh happens at most once per run.
public final class SpecRepositoryOpener: SpecSourceOpener, SpecRepositoryRefresher {
    public let local: LocalSpecSourceOpener
    public let cache: CodeCache
    public let http: HTTPClient
    /// How long git may take over the network, for git spec repositories.
    public let network: GitNetworkLimits
    /// Checks out the repositories `git:` external sources name.
    public let checkouts: any GitCheckoutFetcher
    public let offline: Bool
    public let refresh: Bool
    /// Where `trunk` is read: CocoaPods' CDN, or a mirror of its frozen CDN. The label stays
    /// `trunk` in every lock.
    public let trunkURL: String
    /// Told each warning (a plain-http CDN), once per source; the caller decides where it goes.
    public let warn: (SpecRepositoryWarning) -> Void
    /// A mirror made by `deps mirror` (BEHAVIOUR 14) that every remote spec source (trunk, a
    /// CDN, a git spec repository) is read from instead, under its own label: the lock names
    /// its sources as before, and installs with their origins gone. Directories are read in place.
    public var mirrorURL: String?
    /// Opens the source of Swift packages (BEHAVIOUR 16) for the package URLs it is given; nil
    /// when the project reads no Swift packages through this opener.
    public var swiftPackageSource: (([String]) async throws -> any SwiftPackageSource)?
    /// Opens the Swift package registry at a URL (BEHAVIOUR 16) knowing the packages named from
    /// it; nil when the project reads no registries through this opener.
    public var swiftRegistrySource: ((_ url: String, _ packages: [PackageName]) async throws -> SpecSource)?

    private var opened: [String: SpecSource] = [:]
    private var openedRegistries: [String: SpecSource] = [:]
    /// The warnings given so far.
    public private(set) var warnings: [SpecRepositoryWarning] = []

    public init(
        projectDirectory: LocalPath, cache: CodeCache, http: HTTPClient, network: GitNetworkLimits, checkouts: any GitCheckoutFetcher,
        offline: Bool, refresh: Bool, trunkURL: String = CDNSpecSource.trunkURL, warn: @escaping (SpecRepositoryWarning) -> Void = { _ in }
    ) {
        local = LocalSpecSourceOpener(projectDirectory: projectDirectory)
        self.cache = cache
        self.http = http
        self.network = network
        self.checkouts = checkouts
        self.offline = offline
        self.refresh = refresh
        self.trunkURL = trunkURL
        self.warn = warn
    }

    public func openSource(_ label: String) async throws -> SpecSource {
        if let known = opened[label] { return known }
        let source: SpecSource
        var kind = SpecRepositoryKind(label: label, trunkURL: trunkURL)
        if let mirrorURL {
            switch kind {
            case .git, .cdn: kind = .cdn(url: mirrorURL)
            case .directory, .unsupported: break
            }
        }
        switch kind {
        case .directory, .unsupported:
            source = try local.openSource(label)
        case let .git(url):
            source = try await GitSpecSource.open(
                label: label, url: url, cache: cache, network: network, offline: offline, refresh: refresh).0
        case let .cdn(url):
            if let warning = CDNSpecSource.insecureWarning(for: url) {
                warnings.append(warning)
                warn(warning)
            }
            source = CDNSpecSource(label: label, url: url, cache: cache, http: http, offline: offline, refresh: refresh)
        }
        opened[label] = source
        return source
    }

    public func openSwiftPackages(locations: [String]) async throws -> (any SwiftPackageSource)? {
        try await swiftPackageSource?(locations)
    }

    /// Each registry is opened once, whatever names it again.
    public func openSwiftRegistry(url: String, packages: [PackageName]) async throws -> SpecSource? {
        if let known = openedRegistries[url] { return known }
        let source = try await swiftRegistrySource?(url, packages)
        openedRegistries[url] = source
        return source
    }

    /// A `path:` folder or a `podspec:` file is read in place; a `git:` source is checked out by
    /// `checkouts` (at the commit the lock records, else where its reference points) and its spec
    /// read from the checkout's root: `<Name>.yaml`, else `<Name>.podspec.json`.
    public func externalSpecification(of name: PackageName, from source: ExternalSource, pinnedTo commit: String?) async throws -> Specification {
        guard case let .git(url, reference, _) = source else { return try await local.externalSpecification(of: name, from: source, pinnedTo: nil) }
        let checkout = try await checkouts.checkout(name: name, url: url, reference: reference, pin: commit)
        guard let file = PackageSpecFile(of: name, in: checkout.tree, fileSystem: cache.fileSystem) else {
            throw UnavailableError(location: url, reason: .noSpecInCheckout(name: name.description, reference: "\(reference)"))
        }
        return try await file.read(
            name, at: checkout.tree / file.fileName(of: name), shownAs: "\(url) (\(reference)): \(file.fileName(of: name))",
            fileSystem: cache.fileSystem)
    }

    /// Refreshes one source (a directory has nothing to refresh). Use an opener made with `refresh`.
    public func refresh(_ label: String) async throws -> SpecRepositoryRefresh {
        switch SpecRepositoryKind(label: label, trunkURL: trunkURL) {
        case .directory, .unsupported:
            _ = try local.openSource(label)
            return .directory(label)
        case let .git(url):
            guard !offline else { throw UnavailableError(location: url, reason: .refreshWhileOffline) }
            let (_, refreshed) = try await GitSpecSource.open(
                label: label, url: url, cache: cache, network: network, offline: false, refresh: true)
            let result = refreshed!
            return SpecRepositoryRefresh(
                source: label, kind: .git, changed: result.filesChanged, unchanged: 0, removed: 0,
                previousCommit: result.previousCommit, commit: result.commit.isEmpty ? nil : result.commit)
        case let .cdn(url):
            guard !offline else { throw UnavailableError(location: url, reason: .refreshWhileOffline) }
            if let warning = CDNSpecSource.insecureWarning(for: url), !warnings.contains(warning) {
                warnings.append(warning)
                warn(warning)
            }
            let cdn = CDNSpecSource(label: label, url: url, cache: cache, http: http, offline: false, refresh: true)
            let counts = try await cdn.refreshCachedFiles()
            return SpecRepositoryRefresh(
                source: label, kind: .cdn, changed: counts.downloaded, unchanged: counts.notModified, removed: counts.removed,
                previousCommit: nil, commit: nil)
        }
    }
}
