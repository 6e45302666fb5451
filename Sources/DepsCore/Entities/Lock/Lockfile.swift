/// One resolved package in the lockfile, with the dependencies its spec declares.
public struct LockedPackage: Sendable, Hashable {
    public let name: PackageName
    public let version: Version
    public let dependencies: [Dependency]

    public init(name: PackageName, version: Version, dependencies: [Dependency]) {
        self.name = name
        self.version = version
        self.dependencies = dependencies.sorted { $0.name < $1.name }
    }
}

/// The spec repository a set of packages came from.
public struct SpecRepoEntry: Sendable, Hashable {
    public let source: String
    public let packages: [PackageName]

    public init(source: String, packages: [PackageName]) {
        self.source = source
        self.packages = packages.sorted()
    }
}

/// A project's Depsfile.lock: the exact versions chosen and where they came from.
/// Every list is kept in the lockfile's order (by name, case-insensitively, then bytes).
public struct Lockfile: Sendable, Hashable {
    public let packages: [LockedPackage]
    /// The Depsfile's dependencies as they were when the lock was written.
    public let dependencies: [Dependency]
    public let specRepos: [SpecRepoEntry]
    public let externalSources: [PackageName: ExternalSource]
    public let specChecksums: [PackageName: String]
    public let depsfileChecksum: String
    /// The version of deps that wrote the lock.
    public let depsVersion: String
    /// The commit each git-sourced package's code was fetched at (CHECKOUT OPTIONS).
    public let checkoutOptions: [PackageName: CheckoutOption]
    /// The SHA-256 of each archive-sourced package's archive (SOURCE CHECKSUMS).
    public let sourceChecksums: [PackageName: String]
    /// Where each package is in `packages`, and which spec repository it came from: both derived
    /// from the fields above, so that looking a package up does not scan the lists.
    private let packageIndex: [PackageName: Int]
    private let sourceIndex: [PackageName: String]

    public init(
        packages: [LockedPackage],
        dependencies: [Dependency],
        specRepos: [SpecRepoEntry],
        externalSources: [PackageName: ExternalSource],
        specChecksums: [PackageName: String],
        depsfileChecksum: String,
        depsVersion: String,
        checkoutOptions: [PackageName: CheckoutOption] = [:],
        sourceChecksums: [PackageName: String] = [:]
    ) {
        self.packages = packages.sorted { $0.name < $1.name }
        self.dependencies = dependencies.sorted { $0.name < $1.name }
        self.specRepos = specRepos.sorted { a, b in
            let (x, y) = (a.source.lowercased(), b.source.lowercased())
            return x != y ? x < y : a.source.utf8.lexicographicallyPrecedes(b.source.utf8)
        }
        self.externalSources = externalSources
        self.specChecksums = specChecksums
        self.depsfileChecksum = depsfileChecksum
        self.depsVersion = depsVersion
        self.checkoutOptions = checkoutOptions
        self.sourceChecksums = sourceChecksums
        var packageIndex: [PackageName: Int] = [:]
        packageIndex.reserveCapacity(self.packages.count)
        for (index, package) in self.packages.enumerated() where packageIndex[package.name] == nil {
            packageIndex[package.name] = index
        }
        self.packageIndex = packageIndex
        var sourceIndex: [PackageName: String] = [:]
        for repo in self.specRepos {
            for name in repo.packages where sourceIndex[name] == nil { sourceIndex[name] = repo.source }
        }
        self.sourceIndex = sourceIndex
    }

    /// Whether a newer release of deps than `release` wrote this lock (its `DEPS:` line): an older
    /// deps must not rewrite what it may not understand.
    public func isWrittenByNewerDeps(than release: String) -> Bool {
        guard let written = try? Version(depsVersion), let running = try? Version(release) else { return false }
        return written > running
    }

    /// The lock of a project that has none yet: every package of the next one is new.
    public static let empty = Lockfile(
        packages: [], dependencies: [], specRepos: [], externalSources: [:], specChecksums: [:],
        depsfileChecksum: "", depsVersion: "")

    public func package(named name: PackageName) -> LockedPackage? {
        packageIndex[name].map { packages[$0] }
    }

    /// Each package once (a package whose subspecs are locked counts once), with its version:
    /// what the sandbox holds a folder for.
    public var rootPackages: [(name: PackageName, version: Version)] {
        var seen: Set<PackageName> = []
        var roots: [(name: PackageName, version: Version)] = []
        for package in packages where seen.insert(package.name.root).inserted {
            roots.append((package.name.root, package.version))
        }
        return roots.sorted { $0.name < $1.name }
    }

    /// The version of a package, whether the lock lists it or only its subspecs.
    public func version(ofRoot name: PackageName) -> Version? {
        package(named: name)?.version ?? packages.first { $0.name.root == name }?.version
    }

    /// The URLs of the Swift packages the lock records (EXTERNAL SOURCES `package:`), by name.
    public var swiftPackageLocations: [String] {
        externalSources.sorted { $0.key < $1.key }.compactMap { _, source in
            if case let .package(url) = source { return url }
            return nil
        }
    }

    /// The packages the lock records from Swift package registries (EXTERNAL SOURCES
    /// `registry:`), by registry URL.
    public var swiftRegistryPackages: [String: [PackageName]] {
        var packages: [String: [PackageName]] = [:]
        for (name, source) in externalSources.sorted(by: { $0.key < $1.key }) {
            if case let .registry(url) = source { packages[url, default: []].append(name) }
        }
        return packages
    }

    /// The source a package was recorded as coming from.
    public func source(of name: PackageName) -> String? {
        sourceIndex[name]
    }
}
