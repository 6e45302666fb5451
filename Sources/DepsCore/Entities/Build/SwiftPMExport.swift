/// What `deps export swiftpm` finds (BEHAVIOUR 12): the locked packages SwiftPM can take over,
/// each with the requirement and products a SwiftPM manifest needs, and the packages that stay on
/// deps, each with the reason.
public struct SwiftPMExport: Sendable, Equatable {
    /// The packages SwiftPM can fetch itself, sorted by name.
    public let exported: [ExportedPackage]
    /// The packages that stay on deps (through `Deps/Package.swift`), sorted by name.
    public let staying: [StayingPackage]

    public init(exported: [ExportedPackage], staying: [StayingPackage]) {
        self.exported = exported.sorted { $0.name < $1.name }
        self.staying = staying.sorted { $0.name < $1.name }
    }

    /// Every locked package, counted once with its subspecs.
    public var packageCount: Int { exported.count + staying.count }
}

/// A locked package SwiftPM can fetch from its git URL.
public struct ExportedPackage: Sendable, Equatable {
    public let name: PackageName
    public let version: Version
    public let url: String
    public let requirement: SwiftPMRequirement
    /// The products the package's own manifest declares, in its order.
    public let products: [SwiftPMProduct]
    /// The locked subspecs of the package: SwiftPM has none, they map to the package's products.
    public let subspecs: [PackageName]

    public init(
        name: PackageName, version: Version, url: String, requirement: SwiftPMRequirement, products: [SwiftPMProduct],
        subspecs: [PackageName]
    ) {
        self.name = name
        self.version = version
        self.url = url
        self.requirement = requirement
        self.products = products
        self.subspecs = subspecs
    }

    /// How SwiftPM names the package in `.product(name:package:)`: the last part of its URL
    /// without `.git` (SwiftPM's package identity, which it compares without regard to case).
    public var identity: String {
        var location = Substring(url)
        while location.hasSuffix("/") { location = location.dropLast() }
        var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? String(location)
        if last.hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.isEmpty ? name.description : last
    }

    /// The products a target can depend on (libraries), in the manifest's order.
    public var libraries: [SwiftPMProduct] { products.filter { $0.kind == .library } }
}

/// How a SwiftPM manifest pins a package: the exact version, where the tag is the version and
/// SwiftPM reads it as one, otherwise the commit.
public enum SwiftPMRequirement: Sendable, Hashable {
    case exact(Version)
    case revision(String)

    /// The requirement for code at `source` locked at `version`: `exact` when the spec fetches the
    /// tag spelt as the version and that spelling is a semantic version (SwiftPM reads no other
    /// tag as a version); otherwise the commit the code is pinned at; nil when no commit is known.
    public static func pinning(_ source: CodeSource, at version: Version, commit: String?) -> SwiftPMRequirement? {
        if case let .git(_, .tag(tag), _) = source, tag == version.description, isSemanticVersion(tag) {
            return .exact(version)
        }
        // The lock's commit is the full one an abbreviated `commit:` names.
        if case let .git(_, .commit(given), _) = source { return .revision(commit ?? given) }
        return commit.map { .revision($0) }
    }

    /// `MAJOR.MINOR.PATCH`, optionally with `-prerelease` and `+build`: what SwiftPM takes as a version.
    static func isSemanticVersion(_ text: String) -> Bool {
        let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = withoutBuild[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            return false
        }
        let identifiers = (parts.count > 1 ? [parts[1]] : []) + (withoutBuild.count > 1 ? [withoutBuild[1]] : [])
        return identifiers.allSatisfy { part in
            part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { identifier in
                !identifier.isEmpty && identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        }
    }
}

/// A product a package's `Package.swift` declares.
public struct SwiftPMProduct: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case library, executable, plugin
    }

    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// A package's own `Package.swift`, as read without building or running it.
public enum PackageManifestReading: Sendable, Equatable {
    /// The code has no `Package.swift`.
    case none
    /// The products it declares (none when it declares none).
    case products([SwiftPMProduct])
    /// It cannot be read without running it: why, and the line where that shows (1-based).
    case unreadable(reason: UnreadableManifest, line: Int?)
}

/// Why a `Package.swift`'s products can only be told by running it.
public enum UnreadableManifest: Sendable, Equatable {
    case productsChangedAfterDeclaration
    case noPackageDeclaration
    case productsBuiltInCode
    case productsUnderConditions
    case productBuiltInCode
    case productNotClosed
    /// A product of that kind (`library`) without `name:`.
    case productWithoutName(kind: String)
    case productNameNotALiteral(kind: String)
    case productNameInterpolated(kind: String)
    case productsListNotClosed
    /// An operator or a method applied to the written list.
    case productsListThroughCode
}

/// A locked package that stays on deps.
public struct StayingPackage: Sendable, Equatable {
    public let name: PackageName
    public let version: Version
    public let reason: StayReason

    public init(name: PackageName, version: Version, reason: StayReason) {
        self.name = name
        self.version = version
        self.reason = reason
    }
}

/// Why a package cannot move to SwiftPM.
public enum StayReason: Sendable, Equatable {
    /// Its code at the locked version has no `Package.swift`.
    case noManifest
    /// Its `Package.swift` cannot be read without running it.
    case unreadableManifest(reason: UnreadableManifest, line: Int?)
    /// Its `Package.swift` declares no library a target could depend on.
    case noLibraries
    /// Its code is an archive, and no git URL is known for it.
    case archive(url: String)
    /// Its code is a folder used in place, not a git repository.
    case usedInPlace(path: String)
    /// Its code follows a branch and no commit is known to pin it.
    case noCommit(url: String)
    /// Packages that stay need it, directly or through others: `Deps/Package.swift` builds them
    /// with their dependencies, so it stays with them.
    case neededBy([PackageName])
}

extension SwiftPMExport {
    /// Where a locked package's code can come from in SwiftPM: its git URL, or why it stays.
    public enum Route: Sendable, Equatable {
        case git(url: String)
        case stays(StayReason)
    }

    /// The export of a lock's packages, from each one's own outcome: a package that could move
    /// stays when a package that stays needs it, directly or through others, since
    /// `Deps/Package.swift` builds a staying package with its dependencies (and the same module
    /// from SwiftPM beside it would be declared twice).
    public init(_ outcomes: [PackageExport], in lock: Lockfile) {
        var needs: [PackageName: Set<PackageName>] = [:]
        for package in lock.packages {
            for dependency in package.dependencies where dependency.name.root != package.name.root {
                needs[package.name.root, default: []].insert(dependency.name.root)
            }
        }
        var holders: [PackageName: Set<PackageName>] = [:]
        var staying: [StayingPackage] = []
        for case let .staying(package) in outcomes {
            staying.append(package)
            var seen: Set<PackageName> = [package.name]
            var pending = Array(needs[package.name] ?? [])
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                holders[next, default: []].insert(package.name)
                pending += needs[next] ?? []
            }
        }
        var exported: [ExportedPackage] = []
        for case let .exported(package) in outcomes {
            if let held = holders[package.name] {
                staying.append(StayingPackage(name: package.name, version: package.version, reason: .neededBy(held.sorted())))
            } else {
                exported.append(package)
            }
        }
        self.init(exported: exported, staying: staying)
    }

    /// A git source moves with its URL; an archive or a folder stays on deps.
    public static func route(for source: CodeSource) -> Route {
        switch source {
        case let .git(url, _, _): .git(url: url)
        case let .http(url, _): .stays(.archive(url: url))
        case let .path(path): .stays(.usedInPlace(path: path))
        }
    }

    /// The export of one package whose code SwiftPM can fetch from `url`, given what its manifest
    /// says: exported with its products, or staying with the reason.
    public static func package(
        _ name: PackageName, version: Version, source: CodeSource, url: String, commit: String?,
        manifest: PackageManifestReading, subspecs: [PackageName]
    ) -> PackageExport {
        let stay = { (reason: StayReason) in PackageExport.staying(StayingPackage(name: name, version: version, reason: reason)) }
        switch manifest {
        case .none: return stay(.noManifest)
        case let .unreadable(reason, line): return stay(.unreadableManifest(reason: reason, line: line))
        case let .products(products):
            guard products.contains(where: { $0.kind == .library }) else { return stay(.noLibraries) }
            guard let requirement = SwiftPMRequirement.pinning(source, at: version, commit: commit) else { return stay(.noCommit(url: url)) }
            return .exported(ExportedPackage(
                name: name, version: version, url: url, requirement: requirement, products: products, subspecs: subspecs))
        }
    }
}

/// One package's outcome: exported, or staying on deps.
public enum PackageExport: Sendable, Equatable {
    case exported(ExportedPackage)
    case staying(StayingPackage)
}
