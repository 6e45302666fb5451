import DepsFailures
/// The Depsfile's sources and external sources seen as one catalog, as the resolver reads it.
///
/// Which source each package comes from is the `SourceChoice` the catalog is opened with, decided
/// once from the Depsfile, the lock and the pins that stand; the catalog only looks it up.
public final class SpecCatalog: PackageCatalog {
    /// The sources searched for every package: the Depsfile's `sources:`, in order.
    private let sources: [SpecSource]
    /// Every open source by label: `sources:` and the sources only dependencies name.
    let sourcesByLabel: [String: SpecSource]
    private let externalSpecifications: [PackageName: (source: ExternalSource, specification: Specification)]
    /// The Swift packages (BEHAVIOUR 16): a package it knows is read from it before the sources.
    private let swiftPackages: (any SwiftPackageSource)?
    /// The Swift package registries (`registry:`), in the order of their URLs: a package one of
    /// them has is read from it before the sources.
    private let registries: [SpecSource]
    /// Where each package is looked for before (or instead of) the sources' order.
    private let choice: SourceChoice
    /// The source each package was found in, once looked up (the choice and the sources do not change).
    private var sourceOfPackage: [PackageName: SpecSource?] = [:]
    /// The platform the Depsfile builds for: versions that do not support it are not candidates,
    /// and its platform-specific dependencies apply.
    let platform: Platform?
    /// The platforms of the Xcode targets that link each package, where they are not just the
    /// Depsfile's (BEHAVIOUR 15): a version must support each, and each one's dependencies apply.
    private(set) var targetPlatforms: [PackageName: [Platform]] = [:]
    /// How `Deps/Package.swift` links each product (the Depsfile's `xcode: linkage:`).
    let linkage: ProductLinkage

    /// The Depsfile's packages that come from its sources: a source that fetches ahead starts from them.
    private let wanted: [PackageName]
    /// The sources asked to fetch ahead from the Depsfile's packages already, by label.
    private var fetchedAhead: Set<String> = []

    /// Opens what the manifest names (a git spec repository is cloned when the cache lacks it).
    /// External specs are read now: there are few, and each is one file.
    ///
    /// - Parameters:
    ///   - lockfile: the lock, whose commits pin the git external sources' specs.
    ///   - choice: which source each package comes from.
    ///   - releasing: the packages on a branch whose locked commit is let go, so that their
    ///     manifest is read at the branch's head (`deps update NAME`); nil lets every one go.
    public static func open(
        manifest: Manifest, lockfile: Lockfile?, choice: SourceChoice, opener: SpecSourceOpener, releasing: Set<PackageName>? = []
    ) async throws -> SpecCatalog {
        var opened: [String: SpecSource] = [:]
        for label in manifest.searchedSources { opened[label] = try await opener.openSource(label) }
        let sources = manifest.sources.map { opened[$0]! }
        let packageLocations = manifest.swiftPackageLocations + (lockfile?.swiftPackageLocations ?? [])
        // Opened whatever the Depsfile says: a spec may name a package too.
        let swiftPackages = try await opener.openSwiftPackages(locations: packageLocations)
        for dependency in manifest.dependencies {
            if case let .package(url)? = dependency.externalSource { swiftPackages?.learn(location: url, as: dependency.name.root) }
        }
        for (name, source) in lockfile?.externalSources ?? [:] {
            if case let .package(url) = source { swiftPackages?.learn(location: url, as: name) }
        }
        var registryPackages = manifest.swiftRegistryPackages
        for (url, names) in lockfile?.swiftRegistryPackages ?? [:] {
            registryPackages[url, default: []] += names.filter { !(registryPackages[url] ?? []).contains($0) }
        }
        var registries: [SpecSource] = []
        for (url, names) in registryPackages.sorted(by: { $0.key < $1.key }) {
            if let registry = try await opener.openSwiftRegistry(url: url, packages: names) { registries.append(registry) }
        }
        var external: [PackageName: (ExternalSource, Specification)] = [:]
        // Every external source is read before a failure is reported, so that one run names each
        // git repository that cannot be reached (or, offline, that the cache lacks).
        var failures: [CodeFetchError] = []
        for dependency in manifest.dependencies {
            // The spec is the package's (`Gadget.podspec` for `Gadget/Cache`): a subspec is a part
            // of it, and only the package part of a name ever names a file (BEHAVIOUR 2.3).
            let root = dependency.name.root
            guard let source = dependency.externalSource, !source.isSwiftPackage, external[root] == nil,
                  !failures.contains(where: { $0.name == root }) else { continue }
            let pinned = lockfile?.lockedCommit(of: root, from: source)
            do {
                external[root] = (source, try await opener.externalSpecification(of: root, from: source, pinnedTo: pinned))
            } catch let failure as CodeFetchError {
                failures.append(failure)
            }
        }
        // A Swift package on a branch or a revision is one spec, its manifest at the lock's commit
        // (at the branch's head when none is locked or the package is updated), as SwiftPM reads a
        // root package's unversioned dependency.
        for dependency in manifest.dependencies {
            guard case let .unversionedPackage(url, reference)? = dependency.externalSource, let swiftPackages else { continue }
            let root = dependency.name.root
            let released = releasing.map { $0.contains(root) } ?? true
            let pinned = released ? nil : lockfile?.lockedCommit(of: root, from: dependency.externalSource!)
            do {
                external[root] = (
                    dependency.externalSource!,
                    try await swiftPackages.unversionedSpecification(of: root, url: url, reference: reference, pinnedTo: pinned))
            } catch let failure as CodeFetchError {
                failures.append(failure)
            }
        }
        if failures.count == 1 { throw failures[0] }
        if failures.count > 1 { throw SandboxInstallError(failures: failures) }
        return SpecCatalog(
            manifest: manifest, choice: choice, sources: sources, externalSpecifications: external,
            otherSources: manifest.searchedSources.filter { !manifest.sources.contains($0) }.map { opened[$0]! },
            swiftPackages: swiftPackages, registries: registries)
    }

    /// A catalog over sources already open, with the external sources' specs already read.
    /// `sources` are the Depsfile's `sources:`; `otherSources` the sources that only dependencies
    /// name. A source the choice names is looked up by label among both. `swiftPackages` is read
    /// before them for the packages it knows, and so are the `registries`.
    public init(
        manifest: Manifest, choice: SourceChoice, sources: [SpecSource],
        externalSpecifications: [PackageName: (source: ExternalSource, specification: Specification)] = [:],
        otherSources: [SpecSource] = [], swiftPackages: (any SwiftPackageSource)? = nil, registries: [SpecSource] = []
    ) {
        self.sources = sources
        self.swiftPackages = swiftPackages
        self.registries = registries
        sourcesByLabel = Dictionary(
            (sources + otherSources + (swiftPackages.map { [$0] } ?? []) + registries).map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        self.externalSpecifications = externalSpecifications
        self.choice = choice
        platform = manifest.platform
        linkage = manifest.xcode?.linkage ?? .automatic
        wanted = manifest.dependencies.filter { $0.externalSource == nil }.map(\.name.root)
    }

    /// Runs synchronous reads of the catalog (a resolution, a check) to their end: whatever a
    /// source had not fetched is fetched, and the reads run again. The first time, the sources
    /// also fetch ahead from the Depsfile's packages, so that most of what a resolution reads
    /// arrives in a few rounds rather than one request at a time. Reads of sources that never
    /// fetch (a directory, a git checkout) run once and never suspend.
    public func reading<T>(_ body: () throws -> T) async throws -> T {
        var lastNeeded: SpecsNotFetched?
        while true {
            do {
                return try body()
            } catch let missing as SpecsNotFetched {
                guard missing != lastNeeded,
                      let source = sourcesByLabel[missing.source] else {
                    throw SpecCatalogError.notFetched(missing.source)
                }
                lastNeeded = missing
                var needed = missing.needed
                if fetchedAhead.insert(source.label).inserted {
                    needed += wanted.map { .versions($0) }.filter { !missing.needed.contains($0) }
                }
                try await source.fetch(needed)
            }
        }
    }

    /// The labels of the sources, as the Depsfile lists them (`../../Specs, ../Other`).
    public var sourceLabels: [String] { sources.map(\.label) }

    /// A subspec (`Moya/Core`) has its package's versions; whether a version has that subspec is
    /// answered with its dependencies, so that listing never reads a spec.
    public func versions(of name: PackageName) throws -> [Version] {
        if name.isStandIn && !name.isVersionAnchor { return [] }
        let root = name.root
        if let external = externalSpecifications[root] { return [external.specification.version] }
        return try source(of: root)?.versions(of: root) ?? []
    }

    /// The platforms a package is built for: its Xcode targets' where they are known, else the Depsfile's.
    func platforms(of root: PackageName) -> [Platform] {
        targetPlatforms[root] ?? (platform.map { [$0] } ?? [])
    }

    /// Builds each package for the platforms of the targets that link it from now on; answers
    /// whether that changes what the resolver sees.
    func buildFor(_ platforms: [PackageName: [Platform]]) -> Bool {
        guard platforms != targetPlatforms else { return false }
        targetPlatforms = platforms
        return true
    }

    /// What the resolver sees of one version (BEHAVIOUR 2.4, 9):
    /// - a package without subspecs: its dependencies;
    /// - a package with subspecs: its version anchor and its default subspecs, at this version;
    /// - a subspec: the anchor at this version and the subspec's own dependencies;
    /// - the anchor: the spec's own dependencies.
    /// A version that does not support the Depsfile's platform, or lacks the subspec, depends on
    /// a package that does not exist, named for the reason.
    public func dependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        var dependencies = try resolverDependencies(of: name, at: version)
        // A package the Depsfile takes on a branch or a revision overrides what any package
        // requires of it, as SwiftPM overrides a root package's unversioned dependency.
        dependencies = dependencies.map { dependency in
            guard !dependency.requirement.isAny, externalSpecifications[dependency.name.root]?.source.swiftPackageReference != nil else {
                return dependency
            }
            return Dependency(dependency.name, .any, externalSource: dependency.externalSource)
        }
        // A spec may name a Swift package by URL: the package is read from there.
        if let swiftPackages {
            for dependency in dependencies {
                if case let .package(url)? = dependency.externalSource { swiftPackages.learn(location: url, as: dependency.name.root) }
            }
        }
        return dependencies
    }

    private func resolverDependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        if name.isStandIn && !name.isVersionAnchor { return [] }
        let root = name.root
        let specification = try specification(of: root, version: version)
        let platforms = platforms(of: root)
        if let unsupported = platforms.first(where: { !specification.supports($0) }) {
            return [Dependency(.unavailable("\(root) \(version), which does not support \(unsupported)"))]
        }
        /// The dependencies that apply on every platform the package is built for, each once.
        func onPlatforms(_ dependencies: (Platform?) -> [Dependency]) -> [Dependency] {
            guard platforms.count > 1 else { return dependencies(platforms.first) }
            var all: [Dependency] = []
            for platform in platforms { for dependency in dependencies(platform) where !all.contains(dependency) { all.append(dependency) } }
            return all
        }
        if name.isVersionAnchor { return onPlatforms(specification.dependencies(on:)) }
        // A pod taken from a Swift package (`swiftpm:`): each of its subspecs is the whole package.
        // (Asked of that source alone: looking the package up in the others may reach the network.)
        if name.isSubspec, let swiftPackages, externalSpecifications[root] == nil, try !swiftPackages.versions(of: root).isEmpty {
            return [Dependency(root, .exactly(version))]
        }
        // Most packages have no subspecs; only those pay for the anchor.
        var anchor: Dependency { Dependency(.versionAnchor(of: root), .exactly(version)) }
        if let subspecName = name.subspec {
            guard let path = specification.subspecPath(named: subspecName), let subspec = path.last else {
                return [Dependency(.unavailable("\(root) \(version), which has no subspec \(subspecName)"))]
            }
            // A nested subspec inherits the dependencies of the subspecs that hold it; one with
            // subspecs of its own brings them all, as CocoaPods has it.
            var dependencies = [anchor] + path.flatMap { subspec in onPlatforms(subspec.dependencies(on:)) }
            for nested in subspec.subspecs {
                guard let nestedName = try? root.subspec(subspecName + "/" + nested.name) else { continue }
                dependencies.append(Dependency(nestedName, .exactly(version)))
            }
            return dependencies
        }
        guard !specification.subspecs.isEmpty else { return onPlatforms(specification.dependencies(on:)) }
        var dependencies = [anchor]
        for subspecName in specification.defaultSubspecNames {
            guard let subspec = try? root.subspec(subspecName) else { continue }
            dependencies.append(Dependency(subspec, .exactly(version)))
        }
        return dependencies
    }

    /// The dependencies a lock lists under a package: what it needs, with the resolver's
    /// stand-ins replaced by what they stand for (a subspec lists its package's own dependencies).
    func lockedDependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        var listed: [Dependency] = []
        for dependency in try dependencies(of: name, at: version) {
            if dependency.name.isVersionAnchor {
                if name.isSubspec { listed += try dependencies(of: dependency.name, at: version) }
            } else if !dependency.name.isStandIn {
                listed.append(dependency)
            }
        }
        var seen: Set<PackageName> = []
        return listed.filter { seen.insert($0.name).inserted }
    }

    public func notesOnMissing(_ name: PackageName) -> [MissingPackageNote] {
        sources.flatMap { $0.notesOnMissing(name.root) }
    }

    public func allPackageNames() throws -> [PackageName] {
        var names = Set(externalSpecifications.keys)
        for source in sources { names.formUnion(try source.packageNames()) }
        return names.sorted()
    }

    /// The spec of a package's version; a subspec's name reads its package's spec.
    public func specification(of name: PackageName, version: Version) throws -> Specification {
        let root = name.root
        if let external = externalSpecifications[root] { return external.specification }
        guard let source = try source(of: root) else {
            throw SpecCatalogError.noSource(root)
        }
        return try source.specification(of: root, version: version)
    }

    public func origin(of name: PackageName) throws -> PackageOrigin? {
        let root = name.root
        if let external = externalSpecifications[root] { return .external(external.source) }
        return try source(of: root).map { source in source.externalSource(of: root).map(PackageOrigin.external) ?? .repository(source.label) }
    }

    /// The chosen versions with their specs and origins, for writing the lock: every package and
    /// subspec chosen, without the resolver's stand-ins.
    public func resolvedPackages(_ resolution: Resolution) throws -> [ResolvedPackage] {
        try resolution.versions.keys.filter { !$0.isStandIn }.sorted().map { name in
            guard let origin = try origin(of: name) else { throw SpecCatalogError.noSource(name) }
            let version = resolution.versions[name]!
            return ResolvedPackage(
                name: name, specification: try specification(of: name, version: version), origin: origin,
                dependencies: try lockedDependencies(of: name, at: version))
        }
    }

    /// The spec repository a package's specs are read from; nil for an external source's package.
    func repository(of name: PackageName) throws -> SpecSource? {
        externalSpecifications[name.root] == nil ? try source(of: name.root) : nil
    }

    private func source(of name: PackageName) throws -> SpecSource? {
        if let known = sourceOfPackage[name] { return known }
        var chosen: SpecSource?
        if let swiftPackages, try !swiftPackages.versions(of: name).isEmpty {
            sourceOfPackage[name] = swiftPackages
            return swiftPackages
        }
        for registry in registries where try !registry.versions(of: name).isEmpty {
            sourceOfPackage[name] = registry
            return registry
        }
        switch choice.preference(for: name) {
        case let .only(label):
            if let named = sourcesByLabel[label], try !named.versions(of: name).isEmpty { chosen = named }
        case let .recorded(label):
            if let recorded = sources.first(where: { $0.label == label }), try !recorded.versions(of: name).isEmpty {
                chosen = recorded
            } else {
                chosen = try firstSource(having: name)
            }
        case nil:
            chosen = try firstSource(having: name)
        }
        sourceOfPackage[name] = chosen
        return chosen
    }

    /// Whether the source a locked package's choice names has its locked version, asked of that
    /// source alone (a CDN answers from the spec fetched by its version, with no index); the
    /// package is then taken from there. Nil when that cannot be told so (no such choice, or the
    /// source lacks the version): the caller looks the package up as usual.
    func locateLocked(_ name: PackageName, version: Version) throws -> Bool? {
        let root = name.root
        guard externalSpecifications[root] == nil else { return nil }
        // Another subspec of the package located it already.
        if let located = sourceOfPackage[root] {
            guard let located else { return nil }
            return try located.hasSpecification(of: root, version: version) ? true : nil
        }
        let candidate: SpecSource?
        switch choice.preference(for: root) {
        case let .only(label): candidate = sourcesByLabel[label]
        case let .recorded(label): candidate = sources.first { $0.label == label }
        case nil: return nil
        }
        guard let candidate, try candidate.hasSpecification(of: root, version: version) else { return nil }
        sourceOfPackage[root] = candidate
        return true
    }

    /// Asks each source for the specs a lock pins in it, all at once and before any read, so that
    /// reading a lock that still holds needs no other round (BEHAVIOUR 13).
    public func fetchLocked(_ lockfile: Lockfile) async {
        var pinnedBySource: [String: [(name: PackageName, version: Version)]] = [:]
        var seen: Set<PackageName> = []
        for package in lockfile.packages where externalSpecifications[package.name.root] == nil {
            let root = package.name.root
            guard seen.insert(root).inserted, let label = lockfile.source(of: root) else { continue }
            pinnedBySource[label, default: []].append((root, package.version))
        }
        for (label, pinned) in pinnedBySource.sorted(by: { $0.key < $1.key }) {
            await sourcesByLabel[label]?.fetchPinned(pinned)
        }
    }

    private func firstSource(having name: PackageName) throws -> SpecSource? {
        try sources.first { try !$0.versions(of: name).isEmpty }
    }
}

/// A spec asked of the catalog for a package no source has.
public enum SpecCatalogError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    case noSource(PackageName)
    /// A source still lacked what it was asked to fetch.
    case notFetched(String)
}
