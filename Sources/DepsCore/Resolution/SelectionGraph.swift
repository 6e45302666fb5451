/// The versions a finished search selected, as a graph of their dependencies: which of
/// them the root reaches, and the first dependency cycle among those, if any.
struct SelectionGraph {
    typealias Node = (package: PackageID, versionIndex: Int)

    /// The packages the root reaches (the root excluded), in the order first reached.
    private(set) var reachable: [Node] = []
    /// A cycle, each node depending on the next and the last on the first.
    private(set) var cycle: [Node]?

    init(decisions: [Node], registry: PackageRegistry) {
        var selected = [Int?](repeating: nil, count: registry.count)
        for decision in decisions { selected[decision.package.index] = decision.versionIndex }

        // Depth-first from the root, with the path kept on a stack to recognise a back edge.
        enum Mark { case unseen, onPath, done }
        var marks = [Mark](repeating: .unseen, count: registry.count)
        marks[PackageID.root.index] = .onPath
        var path: [(package: PackageID, targets: ArraySlice<PackageID>, next: Int)] = [
            (.root, registry.targets(of: .root, at: 0), registry.targets(of: .root, at: 0).startIndex),
        ]
        while !path.isEmpty {
            let top = path.count - 1
            guard path[top].next < path[top].targets.endIndex else {
                marks[path[top].package.index] = .done
                path.removeLast()
                continue
            }
            let child = path[top].targets[path[top].next]
            path[top].next += 1
            guard let versionIndex = selected[child.index] else { continue }
            switch marks[child.index] {
            case .done:
                continue
            case .onPath:
                if cycle == nil, let start = path.firstIndex(where: { $0.package == child }) {
                    cycle = path[start...].map { ($0.package, selected[$0.package.index]!) }
                }
            case .unseen:
                marks[child.index] = .onPath
                reachable.append((child, versionIndex))
                let targets = registry.targets(of: child, at: versionIndex)
                path.append((child, targets, targets.startIndex))
            }
        }
    }
}
