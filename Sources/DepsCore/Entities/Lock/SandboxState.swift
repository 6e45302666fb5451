/// What the project's sandbox `Deps/` holds: the lock it was last made to match
/// (`Deps/Manifest.lock`) and which package folders are really there (BEHAVIOUR 8.1).
public struct SandboxState: Sendable, Equatable {
    /// Manifest.lock; nil when the sandbox has none (a fresh clone, or a first install).
    public let manifest: Lockfile?
    /// The packages whose folder exists and is not empty.
    public let filledFolders: Set<PackageName>

    public init(manifest: Lockfile?, filledFolders: Set<PackageName>) {
        self.manifest = manifest
        self.filledFolders = filledFolders
    }

    /// How the sandbox must change to match `lock`. A package is added when Manifest.lock does
    /// not list it or its folder is missing or empty (a package used in place needs no folder),
    /// changed when its version, spec checksum, source or code pin differs, removed when the
    /// lock no longer has it, and unchanged otherwise. A lock without a code pin for a package
    /// (written by `--lock-only`) accepts whatever pin the sandbox recorded.
    public func changes(toMatch lock: Lockfile, usedInPlace: Set<PackageName>) -> SandboxPlan {
        var changes: [SandboxChange] = []
        for package in lock.rootPackages {
            let name = package.name
            guard let manifest, manifest.version(ofRoot: name) != nil,
                  usedInPlace.contains(name) || filledFolders.contains(name) else {
                changes.append(SandboxChange(name: name, kind: .added))
                continue
            }
            let pin = lock.contentPin(of: name)
            let same = lock.locksAlike(name, manifest) && (pin == nil || pin == manifest.contentPin(of: name))
            changes.append(SandboxChange(name: name, kind: same ? .unchanged : .changed))
        }
        let wanted = Set(lock.rootPackages.map(\.name))
        var gone = Set(manifest?.rootPackages.map(\.name) ?? []).union(filledFolders).subtracting(wanted)
        // A package that is now used in place leaves no folder behind.
        gone.formUnion(usedInPlace.intersection(filledFolders))
        for name in gone where !changes.contains(where: { $0.name == name && $0.kind != .unchanged }) {
            changes.removeAll { $0.name == name }
            changes.append(SandboxChange(name: name, kind: wanted.contains(name) ? .changed : .removed))
        }
        return SandboxPlan(changes: changes.sorted { $0.name < $1.name })
    }
}

/// What must happen to one package's folder in the sandbox.
public struct SandboxChange: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable { case added, changed, removed, unchanged }

    public let name: PackageName
    public let kind: Kind

    public init(name: PackageName, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// `A Alamofire`, `M Moya`, `R SnapKit`, as `deps check` writes drift.
    public var description: String {
        switch kind {
        case .added: "A \(name)"
        case .changed: "M \(name)"
        case .removed: "R \(name)"
        case .unchanged: "= \(name)"
        }
    }
}

/// Every package's sandbox change, sorted by name.
public struct SandboxPlan: Sendable, Equatable {
    public let changes: [SandboxChange]

    public init(changes: [SandboxChange]) {
        self.changes = changes
    }

    /// The packages whose code must be fetched and placed: added and changed ones.
    public var toPlace: [PackageName] { changes.filter { $0.kind == .added || $0.kind == .changed }.map(\.name) }
    public var toRemove: [PackageName] { changes.filter { $0.kind == .removed }.map(\.name) }
    public var unchanged: Set<PackageName> { Set(changes.filter { $0.kind == .unchanged }.map(\.name)) }
    /// Whether the sandbox already matches.
    public var isInSync: Bool { changes.allSatisfy { $0.kind == .unchanged } }
}
