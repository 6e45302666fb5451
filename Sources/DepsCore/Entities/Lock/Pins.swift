extension Lockfile {
    /// The locked versions that hold in the next resolution.
    ///
    /// Every locked package keeps its version except the `released` ones and the packages
    /// that were reachable only through them: a package stays pinned when the lock's graph
    /// reaches it from a kept root without passing through a released package.
    ///
    /// - Parameters:
    ///   - roots: the Depsfile's dependencies now (a newly added one that was locked as a
    ///     transitive package keeps its version).
    ///   - released: the packages to let move. All subspecs of a package share its version, so
    ///     releasing a package (or one of its subspecs) releases the package and every subspec.
    public func pins(roots: [PackageName], releasing released: Set<PackageName>) -> [PackageName: Version] {
        let releasedPackages = Set(released.map(\.root))
        func isReleased(_ name: PackageName) -> Bool { releasedPackages.contains(name.root) }
        var pins: [PackageName: Version] = [:]
        var queue = roots.filter { !isReleased($0) }
        while let name = queue.popLast() {
            guard pins[name] == nil, let package = package(named: name) else { continue }
            pins[name] = package.version
            for dependency in package.dependencies where !isReleased(dependency.name) {
                queue.append(dependency.name)
            }
        }
        return pins
    }

    /// What changed between this lock and the next one, sorted by name.
    public func changes(to next: Lockfile) -> [PackageChange] {
        let old = Dictionary(packages.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(next.packages.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        var changes: [PackageChange] = []
        for (name, version) in new {
            if let previous = old[name] {
                changes.append(PackageChange(name: name, kind: previous == version && previous.description == version.description
                    ? .unchanged(version) : .updated(from: previous, to: version)))
            } else {
                changes.append(PackageChange(name: name, kind: .installed(version)))
            }
        }
        for (name, version) in old where new[name] == nil {
            changes.append(PackageChange(name: name, kind: .removed(version)))
        }
        return changes.sorted { $0.name < $1.name }
    }


}

/// What happened to one package between two lockfiles.
public struct PackageChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case installed(Version)
        case updated(from: Version, to: Version)
        case removed(Version)
        case unchanged(Version)
    }

    public let name: PackageName
    public let kind: Kind

    public init(name: PackageName, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public var isChange: Bool {
        if case .unchanged = kind { return false }
        return true
    }
}
