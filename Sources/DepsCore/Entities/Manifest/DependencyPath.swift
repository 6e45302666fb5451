/// One way the Depsfile reaches a locked package (`deps why`, BEHAVIOUR 4.5): each step names a
/// package, the requirement on the edge that led to it, and its locked version.
public struct DependencyPath: Sendable, Hashable {
    public struct Step: Sendable, Hashable {
        public let name: PackageName
        public let requirement: Requirement
        public let version: Version
    }

    public let steps: [Step]

    /// The order paths are listed in (after the shortest first): by their names, requirements and
    /// versions, as `deps why` has always listed them.
    fileprivate var orderingKey: String {
        steps.map { $0.requirement.isAny ? "\($0.name) \($0.version)" : "\($0.name) (\($0.requirement)) \($0.version)" }
            .joined(separator: " -> ")
    }
}

extension Lockfile {
    /// Whether the lock holds `name`, or, for a package whose subspecs it holds, any of them.
    public func locks(_ name: PackageName) -> Bool {
        packages.contains { Self.answers(name, $0.name) }
    }

    private static func answers(_ name: PackageName, _ candidate: PackageName) -> Bool {
        candidate == name || (!name.isSubspec && candidate.root == name)
    }

    /// Every path from the lock's DEPENDENCIES to `name` (or, for a package whose subspecs are
    /// locked, to any of them), shortest first, then by text; at most `limit` of them.
    public func paths(to name: PackageName, limit: Int = 100) -> (paths: [DependencyPath], more: Int) {
        let target = { (candidate: PackageName) in Self.answers(name, candidate) }
        var found: [DependencyPath] = []
        var count = 0
        func walk(_ dependency: Dependency, _ trail: [DependencyPath.Step], _ visited: Set<PackageName>) {
            guard let package = package(named: dependency.name), !visited.contains(package.name) else { return }
            let step = DependencyPath.Step(name: package.name, requirement: dependency.requirement, version: package.version)
            let here = trail + [step]
            if target(package.name) {
                count += 1
                if found.count < limit * 4 { found.append(DependencyPath(steps: here)) }
                return
            }
            for next in package.dependencies { walk(next, here, visited.union([package.name])) }
        }
        for dependency in dependencies { walk(dependency, [], []) }
        let sorted = found.sorted { ($0.steps.count, $0.orderingKey) < ($1.steps.count, $1.orderingKey) }
        return (Array(sorted.prefix(limit)), max(0, count - limit))
    }
}
