/// The Depsfile's sources and external sources seen as one catalog, as the resolver reads it.
///
/// A package comes from the first source that has it, unless the lockfile recorded another
/// of the Depsfile's sources for it: a later source never shadows the one a package came from.
public final class SpecCatalog: PackageCatalog {
    private let sources: [SpecSource]
    private let externalSpecifications: [PackageName: (source: ExternalSource, specification: Specification)]
    private let recordedSources: [PackageName: String]
    private var sourceOfPackage: [PackageName: SpecSource?] = [:]

    /// Opens what the manifest names. External specs are read now (there are few, and each is one file).
    public init(manifest: Manifest, lockfile: Lockfile?, opener: SpecSourceOpener) throws {
        sources = try manifest.sources.map { try opener.openSource($0) }
        var external: [PackageName: (ExternalSource, Specification)] = [:]
        for dependency in manifest.dependencies {
            guard let source = dependency.externalSource else { continue }
            external[dependency.name] = (source, try opener.externalSpecification(of: dependency.name, from: source))
        }
        externalSpecifications = external
        var recorded: [PackageName: String] = [:]
        for repo in lockfile?.specRepos ?? [] {
            for name in repo.packages { recorded[name] = repo.source }
        }
        recordedSources = recorded
    }

    /// The labels of the sources, as the Depsfile lists them (`../../Specs, ../Other`).
    public var sourceLabels: [String] { sources.map(\.label) }

    public func versions(of name: PackageName) throws -> [Version] {
        if let external = externalSpecifications[name] { return [external.specification.version] }
        return try source(of: name)?.versions(of: name) ?? []
    }

    public func dependencies(of name: PackageName, at version: Version) throws -> [Dependency] {
        try specification(of: name, version: version).dependencies
    }

    public func allPackageNames() throws -> [PackageName] {
        var names = Set(externalSpecifications.keys)
        for source in sources { names.formUnion(try source.packageNames()) }
        return names.sorted()
    }

    public func specification(of name: PackageName, version: Version) throws -> Specification {
        if let external = externalSpecifications[name] { return external.specification }
        guard let source = try source(of: name) else {
            throw SpecCatalogError.noSource(name)
        }
        return try source.specification(of: name, version: version)
    }

    public func origin(of name: PackageName) throws -> PackageOrigin? {
        if let external = externalSpecifications[name] { return .external(external.source) }
        return try source(of: name).map { .repository($0.label) }
    }

    /// The chosen versions with their specs and origins, for writing the lock.
    public func resolvedPackages(_ resolution: Resolution) throws -> [ResolvedPackage] {
        try resolution.versions.keys.sorted().map { name in
            guard let origin = try origin(of: name) else { throw SpecCatalogError.noSource(name) }
            return ResolvedPackage(specification: try specification(of: name, version: resolution.versions[name]!), origin: origin)
        }
    }

    private func source(of name: PackageName) throws -> SpecSource? {
        if let known = sourceOfPackage[name] { return known }
        var chosen: SpecSource?
        if let label = recordedSources[name], let recorded = sources.first(where: { $0.label == label }),
           try !recorded.versions(of: name).isEmpty {
            chosen = recorded
        } else {
            for source in sources where try !source.versions(of: name).isEmpty {
                chosen = source
                break
            }
        }
        sourceOfPackage[name] = chosen
        return chosen
    }
}

/// A spec asked of the catalog for a package no source has.
public enum SpecCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSource(PackageName)

    public var description: String {
        switch self {
        case let .noSource(name): "no source has \(name)"
        }
    }
}
