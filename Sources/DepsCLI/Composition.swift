import DepsCache
import DepsCode
import DepsFiles
import DepsFileSystem
import DepsGit
import DepsPresenters
import DepsSpecSources
import DepsSwiftPM
import DepsSwiftPackages
import DepsCore
import DepsHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: builds the gateways for a project directory and decides how output looks.
/// It is made once per run, from the run's context (`RunContext`): the environment, the file
/// system and the output channels are the context's; what the gateways share for the run (the
/// HTTP client, the remote stores of code, the Depsfile as read) is made once and kept here.
struct Composition {
    /// `--project`, the folder holding the Depsfile.
    let project: String
    /// The run's environment, file system and output channels.
    let context: RunContext
    /// The project's Depsfile and lock, the Depsfile read once for the run.
    let store: DepsfileReadOnce
    /// What the gateways share for the run, made when first asked for.
    let shared = MadeOnce()

    init(project: ProjectOption, context: RunContext) {
        self.init(directory: project.project, context: context)
    }

    /// For the commands that work on no project (`deps cache`): they reach only the shared cache.
    init(context: RunContext) { self.init(directory: ".", context: context) }

    init(directory: String, context: RunContext) {
        project = directory
        self.context = context
        store = DepsfileReadOnce(FileProjectStore(directory: LocalPath(directory), fileSystem: context.fileSystem))
    }

    /// The file system every gateway reads and writes through.
    var fileSystem: any FileSystem { context.fileSystem }

    /// An environment variable as the run was given it.
    func environment(_ name: String) -> String? { context.environment[name] }

    var projectDirectory: LocalPath { LocalPath(project) }

    /// The project's files, for `deps import`, which writes the Depsfile.
    var projectFiles: FileProjectStore { store.files }

    /// The files that record Swift packages' versions, which `deps check` compares with the lock.
    var swiftPackagePins: SwiftPackagePinFiles { SwiftPackagePinFiles(projectDirectory: projectDirectory, fileSystem: fileSystem) }

    /// The project folder's own name (`App`), as `deps why` starts its paths.
    var projectName: String {
        guard let resolved = realpath(project.isEmpty ? "." : project, nil) else { return "Depsfile" }
        defer { free(resolved) }
        return String(cString: resolved).split(separator: "/").last.map(String.init) ?? "Depsfile"
    }
    /// The Depsfile's sources: directories, git spec repositories and CDNs (through the shared
    /// cache, without refreshing them).
    var opener: SpecRepositoryOpener {
        get throws { try opener(offline: false, refresh: false) }
    }

    /// The sources, read from the cache only when `offline`, refreshed first when `refresh`
    /// (`deps update`, `deps install --repo-update`, `deps repo update`). Warnings go to stderr.
    func opener(offline: Bool, refresh: Bool) throws -> SpecRepositoryOpener {
        let http = try http
        let network = GitNetworkLimits(http.configuration)
        let trunkURL = try trunkURL()
        let mirrorURL = try setting(Self.mirrorURLSetting)
        let opener = SpecRepositoryOpener(
            projectDirectory: projectDirectory, cache: cache, http: http, network: network,
            checkouts: try gitCheckouts(offline: offline, network: network), offline: offline, refresh: refresh,
            trunkURL: trunkURL, warn: { [standardError = context.standardError] in
                Output.write(SpecRepositoryWarningTextPresenter.line(for: $0) + "\n", to: standardError)
            })
        opener.mirrorURL = mirrorURL
        let cache = cache
        // A manifest is evaluated with PATH and HOME alone.
        let manifestEnvironment = ["PATH": environment("PATH") ?? "/usr/bin:/bin", "HOME": environment("HOME") ?? "/"]
        opener.swiftPackageSource = { locations in
            SwiftPackageSpecSource(
                label: SwiftPackageSpecSource.defaultLabel, locations: locations,
                loader: SwiftManifestLoader(cache: cache, environment: manifestEnvironment), cache: cache,
                network: network, offline: offline)
        }
        opener.swiftRegistrySource = { url, packages in
            SwiftRegistrySpecSource(
                label: url, client: SwiftRegistryClient(baseURL: url, http: http, cache: cache),
                loader: SwiftManifestLoader(cache: cache, environment: manifestEnvironment),
                packages: packages.compactMap { try? SwiftRegistryIdentity($0.description) })
        }
        return opener
    }

    /// The checkouts of `git:` external sources, through the shared cache; a checkout at the
    /// lock's commit is taken from the mirrors and the remote cache before its origin, as its
    /// code is (never offline).
    func gitCheckouts(offline: Bool, network: GitNetworkLimits) throws -> GitCodeFetcher {
        var fetcher = GitCodeFetcher(cache: cache, offline: offline, projectDirectory: projectDirectory, network: network)
        if !offline { fetcher.remote = try remoteCode() }
        return fetcher
    }

    /// The spec repositories `deps repo update` refreshes, through the shared cache.
    var refresher: SpecRepositoryRefresher {
        get throws { try opener(offline: false, refresh: true) }
    }

    /// Where `trunk` is read: `DEPS_TRUNK_URL` (a mirror of trunk's frozen CDN, an http(s) URL),
    /// else CocoaPods' CDN.
    func trunkURL() throws -> String {
        try setting(Self.trunkURLSetting, else: CDNSpecSource.trunkURL)
    }

    /// The Depsfile's dependencies when the project has a `Package.swift` that does not build with
    /// `Deps/` yet (an install then says what to add); nil otherwise. The Depsfile is the one the
    /// install read (`DepsfileReadOnce`).
    func dependenciesMissingFromPackageSwift() -> [PackageName]? {
        guard ProjectSandboxUse.usesSandbox(projectDirectory: projectDirectory, fileSystem: fileSystem) == false,
              let manifest = try? store.readManifest(), !manifest.dependencies.isEmpty else { return nil }
        return manifest.dependencies.map(\.name)
    }

    /// What the shared cache holds, for `deps cache`.
    var cacheInventory: CodeCacheInventory { CacheInventory(cache: cache) }

    /// The shared cache: `DEPS_CACHE_DIR`, else `XDG_CACHE_HOME/deps`, else `~/.cache/deps`.
    var cache: CodeCache {
        CodeCache(
            root: CodeCache.defaultRoot(environment: { [environment = context.environment] in environment[$0] }), fileSystem: fileSystem,
            preparations: shared.cachePreparations)
    }

    /// How the sandbox is filled: git and archives through the shared cache, `jobs` at once.
    func installation(_ fetch: FetchOptions, progress: FetchProgress?) throws -> SandboxInstallation {
        try installation(offline: fetch.offline, jobs: fetch.jobs, progress: progress)
    }

    /// The HTTP client: `DEPS_HTTP_TIMEOUT`, `DEPS_HTTP_ATTEMPTS` and `DEPS_HTTP_BACKOFF` tune it,
    /// `DEPS_DOWNLOAD_TIMEOUT` bounds one download, `NETRC` names the logins and `CURL_CA_BUNDLE`
    /// (else `SSL_CERT_FILE`) the CA certificates. Made once for the run.
    var http: HTTPClient {
        get throws { try shared.http { HTTPClient(configuration: try httpConfiguration()) } }
    }

    private func httpConfiguration() throws -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.deadlineSeconds = try setting(Self.downloadDeadlineSetting, else: configuration.deadlineSeconds)
        configuration.deadlineSetting = Self.downloadDeadlineSetting.name
        configuration.timeoutSeconds = try setting(Self.httpTimeoutSetting, else: configuration.timeoutSeconds)
        configuration.attempts = try setting(Self.httpAttemptsSetting, else: configuration.attempts)
        configuration.initialBackoffSeconds = try setting(Self.httpBackoffSetting, else: configuration.initialBackoffSeconds)
        configuration.netrcFile = try setting(Self.netrcSetting)
        configuration.caBundle = try setting(Self.caBundleSetting) ?? setting(Self.sslCertFileSetting)
        return configuration
    }

    /// Offline, nothing is fetched, so no `Fetching` progress is shown.
    func installation(offline: Bool, jobs: Int, progress: FetchProgress?) throws -> SandboxInstallation {
        let fetcher = try codeFetcher(offline: offline)
        return SandboxInstallation(
            sandbox: FileSandbox(projectDirectory: projectDirectory, fileSystem: fileSystem), fetcher: fetcher,
            progress: offline ? nil : progress,
            jobs: jobs, integration: SwiftPMIntegration(projectDirectory: projectDirectory, fileSystem: fileSystem))
    }

    /// The sandbox to compare with the lock, for `deps check` (it never fetches).
    var sandboxOnly: SandboxInstallation {
        get throws { try installation(offline: true, jobs: 1, progress: nil) }
    }

    /// Progress of fetches on stderr, unless `--quiet`.
    func progress(_ output: OutputOptions) -> FetchProgressPresenter? {
        guard !output.quiet else { return nil }
        let standardError = context.standardError
        let onTerminal = standardError.isTerminal
        return FetchProgressPresenter(onTerminal: onTerminal) {
            _ = onTerminal ? Output.writeRaw($0, to: standardError) : Output.write($0, to: standardError)
        }
    }

    /// Holds the project's advisory lock for a command that writes. The wait is
    /// `DEPS_LOCK_TIMEOUT` seconds (60 by default).
    func lockProject(for command: String) throws -> ProjectLock? {
        let timeout = try setting(Self.lockTimeoutSetting, else: 60)
        return try ProjectLock.acquire(directory: projectDirectory, command: command, timeoutSeconds: timeout)
    }

    /// Colour on a terminal, unless `--no-color` or `NO_COLOR` says otherwise.
    func style(_ colour: ColourOption) -> TextStyle {
        let noColorVariable = environment("NO_COLOR") ?? ""
        return TextStyle(colored: !colour.noColor && noColorVariable.isEmpty && context.standardOutput.isTerminal)
    }
}

/// `git:` external sources are checked out as git code is fetched: through the shared cache.
extension GitCodeFetcher: GitCheckoutFetcher {}
