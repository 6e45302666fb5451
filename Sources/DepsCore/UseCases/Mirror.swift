/// Where `deps mirror` writes (BEHAVIOUR 14): a folder any static server can serve, holding a
/// CDN-layout spec repository and the `code/` of locked packages. Every addition leaves what is
/// there as it is.
public protocol MirrorDestination: AnyObject {
    /// Adds one version's spec, as `source` gave it; false when the mirror holds it already.
    func addSpecification(of name: PackageName, version: Version, from source: SpecSource) async throws -> Bool
    /// Adds a package's code at its pin; false when the mirror holds it already.
    func addCode(_ request: CodeRequest) async throws -> Bool
    /// Writes what lists the specs added (the shard indexes), once every spec is in.
    func finish() throws
}

/// What `deps mirror` did.
public struct MirrorReport: Sendable, Equatable {
    public var specsAdded = 0
    public var specsPresent = 0
    public var codeAdded = 0
    public var codePresent = 0
    /// Locked packages whose spec is not in a spec repository but in the package itself (a `git:`
    /// or `podspec:` external source): their code is mirrored, and a `git:` one's spec with it.
    public var externalPackages: [PackageName] = []
    /// Packages used in place (`path:`): nothing of them is mirrored.
    public var inPlacePackages: [PackageName] = []

    public init() {}
}

/// `deps mirror DIR`: the specs and the code of everything the project's lock installs, added to
/// a mirror folder.
public final class MirrorInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let destination: MirrorDestination

    public init(store: ProjectStore, opener: SpecSourceOpener, destination: MirrorDestination) {
        self.store = store
        self.opener = opener
        self.destination = destination
    }

    /// Mirrors each locked package's spec (every version of it with `allVersions`), then its code.
    public func mirror(allVersions: Bool) async throws -> MirrorReport {
        let manifest = try store.readManifest()
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        let catalog = try await SpecCatalog.open(
            manifest: manifest, lockfile: lockfile, choice: .keepingEveryRecordedSource(manifest: manifest, lockfile: lockfile),
            opener: opener)
        let codeSources = try await catalog.reading { try catalog.codeSources(of: lockfile) }
        var report = MirrorReport()
        for (name, version) in lockfile.rootPackages {
            guard lockfile.externalSources[name] == nil, let label = lockfile.source(of: name) else {
                report.externalPackages.append(name)
                continue
            }
            let source = try await opener.openSource(label)
            let versions = allVersions ? try await catalog.reading { try source.versions(of: name) } : [version]
            for wanted in versions {
                _ = try await catalog.reading { try source.specification(of: name, version: wanted) }
                if try await destination.addSpecification(of: name, version: wanted, from: source) {
                    report.specsAdded += 1
                } else {
                    report.specsPresent += 1
                }
            }
        }
        try destination.finish()
        for (name, version) in lockfile.rootPackages {
            guard let source = codeSources[name] else { continue }
            if source.isUsedInPlace {
                report.inPlacePackages.append(name)
                report.externalPackages.removeAll { $0 == name }
                continue
            }
            let request = CodeRequest(name: name, version: version, source: source, pin: lockfile.contentPin(of: name))
            if try await destination.addCode(request) {
                report.codeAdded += 1
            } else {
                report.codePresent += 1
            }
        }
        return report
    }
}
