/// The versions a finished search selected, as a graph of their dependencies: which of
/// them the root reaches, and the first dependency cycle among those, if any.
struct SelectionGraph {
    typealias Node = (package: PackageID, versionIndex: Int)

    /// The packages the root reaches (the root excluded), in the order first reached.
    private(set) var reachable: [Node] = []
    /// A cycle, each node depending on the next and the last on the first.
    private(set) var cycle: [Node]?

    init(decisions: [Node], registry: PackageRegistry) {
        var selected: [PackageID: Int] = [:]
        for decision in decisions { selected[decision.package] = decision.versionIndex }

        func children(of package: PackageID) -> [PackageID] {
            let dependencies = registry.loadedDependencies(of: package, at: selected[package]!) ?? []
            return dependencies.compactMap { registry.existingID(of: $0.name) }.filter { selected[$0] != nil }
        }

        // Depth-first from the root, with the path kept on a stack to recognise a back edge.
        enum Mark { case onPath, done }
        var marks: [PackageID: Mark] = [.root: .onPath]
        var path: [(package: PackageID, children: [PackageID], next: Int)] = [(.root, children(of: .root), 0)]
        while !path.isEmpty {
            let top = path.count - 1
            guard path[top].next < path[top].children.count else {
                marks[path[top].package] = .done
                path.removeLast()
                continue
            }
            let child = path[top].children[path[top].next]
            path[top].next += 1
            switch marks[child] {
            case .done:
                continue
            case .onPath:
                if cycle == nil, let start = path.firstIndex(where: { $0.package == child }) {
                    cycle = path[start...].map { ($0.package, selected[$0.package]!) }
                }
            case nil:
                marks[child] = .onPath
                reachable.append((child, selected[child]!))
                path.append((child, children(of: child), 0))
            }
        }
    }
}
