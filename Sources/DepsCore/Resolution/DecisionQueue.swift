/// The packages waiting for a decision, best first: the fewest candidate versions, then
/// the Depsfile's direct dependencies, then by name (the lockfile's order).
///
/// A binary heap with lazy invalidation: an entry records the package's generation when
/// it was pushed, and every change to the package's assignments bumps the generation,
/// so outdated entries are recognised and dropped when they surface.
struct DecisionQueue {
    private struct Entry {
        let candidates: Int
        let isDirect: Bool
        let sortKey: [UInt8]
        let package: PackageID
        let generation: UInt32

        func precedes(_ other: Entry) -> Bool {
            if candidates != other.candidates { return candidates < other.candidates }
            if isDirect != other.isDirect { return isDirect }
            return sortKey.lexicographicallyPrecedes(other.sortKey)
        }
    }

    private var heap: [Entry] = []
    private var generations: [UInt32] = []

    /// Notes that the package's assignments changed; queues it again when it needs a decision.
    mutating func update(_ package: PackageID, in solution: PartialSolution, registry: PackageRegistry) {
        while generations.count <= package.index { generations.append(0) }
        generations[package.index] &+= 1
        guard package != .root, solution.needsDecision(package), let known = solution.known(package) else { return }
        push(Entry(
            candidates: known.versions.count, isDirect: registry.isDirect(package), sortKey: registry.sortKey(of: package),
            package: package, generation: generations[package.index]
        ))
    }

    /// The best package that needs a decision, removed from the queue; nil when none does.
    mutating func popBest(in solution: PartialSolution) -> PackageID? {
        while let entry = popFirst() {
            if entry.generation == generations[entry.package.index], solution.needsDecision(entry.package) {
                return entry.package
            }
        }
        return nil
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < heap.count, heap[left].precedes(heap[best]) { best = left }
            if right < heap.count, heap[right].precedes(heap[best]) { best = right }
            if best == parent { break }
            heap.swapAt(parent, best)
            parent = best
        }
        return first
    }
}
