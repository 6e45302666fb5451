/// The packages waiting for a decision, best first (BEHAVIOUR 3, docs/ARCHITECTURE.md):
/// 1. the Depsfile's direct dependencies, so that each takes its newest version before any
///    transitive package can hold it back;
/// 2. a transitive package whose candidates kept being rejected because of earlier decisions
///    (promoted after a few conflicts, as uv does), so that it is decided before them next time;
/// 3. nearer the Depsfile before deeper (its distance when the solver first met it), except that
///    a package with a single candidate left goes first, since deciding it chooses nothing;
/// 4. asked for by more of the versions considered (two direct dependencies that both pull a
///    large package decide it before a package one of them pulls, whose newest version could
///    otherwise hold the large one at an ancient major only because it has fewer versions);
/// 5. the fewest candidate versions (the conflicts show sooner);
/// 6. the order the solver first met them in (which the canonical order of the catalog's
///    answers fixes, so it is the same on every run).
/// After rule 1 and before the others, a package whose newest candidate is a prerelease that
/// only a chosen version could admit waits until the others of its kind (direct or transitive)
/// are decided, so that the versions that may name one are chosen first (`PrereleaseAdmission`);
/// of those, the ones that no decided version names yet (which take their newest release) go
/// before the ones that will take a prerelease, so that no package moves to a prerelease at the
/// cost of another's newest release. A direct dependency still goes before every transitive one.
///
/// A binary heap with lazy invalidation: an entry records the package's generation when
/// it was pushed, and every change to the package's assignments bumps the generation,
/// so outdated entries are recognised and dropped when they surface.
struct DecisionQueue {
    /// Plain values, so that moving entries through the heap costs no reference counting.
    private struct Entry {
        /// 0 for most; 1 for a newest candidate that needs naming and has none yet, 2 for one
        /// that is named already.
        let deferral: UInt8
        let isDirect: Bool
        let isPromoted: Bool
        let depth: Int32
        let demand: Int32
        /// 32 bits, so that an entry stays 32 bytes with the fields above.
        let candidates: Int32
        let package: PackageID
        let generation: UInt32
    }

    private var heap: [Entry] = []
    private var generations: [UInt32] = []

    private func precedes(_ entry: Entry, _ other: Entry) -> Bool {
        if entry.isDirect != other.isDirect { return entry.isDirect }
        if entry.deferral != other.deferral { return entry.deferral < other.deferral }
        if entry.isPromoted != other.isPromoted { return entry.isPromoted }
        // A needed package with one candidate left has no choice to make: deciding it first only
        // propagates sooner, whatever its depth.
        if (entry.candidates == 1) != (other.candidates == 1) { return entry.candidates == 1 }
        if entry.depth != other.depth { return entry.depth < other.depth }
        if entry.demand != other.demand { return entry.demand > other.demand }
        if entry.candidates != other.candidates { return entry.candidates < other.candidates }
        return entry.package.index < other.package.index
    }

    /// Notes that the package's assignments changed; queues it again when it needs a decision.
    mutating func update(
        _ package: PackageID, in solution: PartialSolution, registry: PackageRegistry, depth: Int32, demand: Int32,
        isPromoted: Bool
    ) {
        while generations.count <= package.index {
            generations.append(0)
        }
        generations[package.index] &+= 1
        guard package != .root, solution.needsDecision(package), let known = solution.known(package) else { return }
        let isDirect = registry.isDirect(package)
        var deferral: UInt8 = 0
        if registry.hasPrereleasesNeedingNaming, let prereleases = registry.prereleasesNeedingNaming(package),
           let newest = known.versions.highest,
           prereleases.contains(newest) {
            deferral = PrereleaseAdmission.isNamed(package, by: solution.decisions, registry: registry) ? 2 : 1
        }
        push(Entry(
            deferral: deferral, isDirect: isDirect, isPromoted: isPromoted && !isDirect, depth: depth, demand: demand,
            candidates: Int32(clamping: known.versions.count),
            package: package, generation: generations[package.index]
        ))
    }

    /// The best package that needs a decision, removed from the queue; nil when none does.
    mutating func popBest(in solution: PartialSolution, registry: PackageRegistry) -> PackageID? {
        while let entry = popFirst() {
            guard entry.generation == generations[entry.package.index], solution.needsDecision(entry.package) else { continue }
            // A version chosen since it was queued may name one of its prereleases by now.
            if entry.deferral == 1, PrereleaseAdmission.isNamed(entry.package, by: solution.decisions, registry: registry) {
                push(Entry(
                    deferral: 2, isDirect: entry.isDirect, isPromoted: entry.isPromoted, depth: entry.depth,
                    demand: entry.demand, candidates: entry.candidates, package: entry.package, generation: entry.generation))
                continue
            }
            return entry.package
        }
        return nil
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
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
            if left < heap.count, precedes(heap[left], heap[best]) { best = left }
            if right < heap.count, precedes(heap[right], heap[best]) { best = right }
            if best == parent { break }
            heap.swapAt(parent, best)
            parent = best
        }
        return first
    }
}
