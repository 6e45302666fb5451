/// PubGrub, after dart-lang/pub's `doc/solver.md`: unit propagation derives what must
/// hold, conflict resolution learns an incompatibility and jumps back, and decision
/// making picks a version and turns its dependencies into incompatibilities.
///
/// One solver runs once, over one registry (one set of inputs).
final class VersionSolver {
    enum Outcome {
        /// The selected packages reachable from the root (the root excluded), as version indices.
        case solution([(package: PackageID, versionIndex: Int)])
        /// The root incompatibility: no solution exists, and its derivation says why.
        case failure(Incompatibility)
    }

    private enum ConflictOutcome {
        case learned(Incompatibility)
        case failed(Incompatibility)
    }

    let registry: PackageRegistry
    private var solution = PartialSolution()
    private var incompatibilities = IncompatibilityIndex()
    private var queue = DecisionQueue()
    /// Per package, whether unit propagation still has to visit it.
    private var pending: [Bool] = []
    /// Per package, its distance from the Depsfile when the solver first met it.
    private var depths: [Int32] = []
    /// Per package, how often a conflict rejected its candidates; past a threshold it is
    /// decided before the packages that caused it.
    private var conflictCounts: [Int32] = []
    static let promotionThreshold: Int32 = 5

    init(registry: PackageRegistry) {
        self.registry = registry
    }

    /// Propagates and decides until every needed package is decided. The selection is the
    /// solution unless its versions depend on one another in a cycle: then that cycle is
    /// learned as an incompatibility and the search goes on from the conflict it causes.
    func solve() throws -> Outcome {
        track()
        add(Incompatibility(terms: [Term(.root, .full(universe: 1), isPositive: false)], cause: .root))
        var next: PackageID? = .root
        while true {
            if let package = next, let failure = propagate(from: package) {
                return .failure(failure)
            }
            next = try decide()
            if next != nil { continue }

            if registry.hasPrereleasesNeedingNaming,
               let unnamed = PrereleaseAdmission.unnamedPrerelease(in: solution.decisions, registry: registry) {
                add(unnamed)
                switch resolve(conflict: unnamed) {
                case let .failed(root): return .failure(root)
                case let .learned(learned): next = deriveFromLearned(learned)
                }
                continue
            }
            let graph = SelectionGraph(decisions: solution.decisions, registry: registry)
            guard let cycle = graph.cycle else { return .solution(graph.reachable) }
            if try isUnavoidable(cycle) {
                // No version of any package on it escapes: rule each package out at once, rather
                // than learning the cycle's versions and unwinding it one package at a time.
                let versions = cycle.map { registry.version(of: $0.package, at: $0.versionIndex) }
                let facts = cycle.map { node in
                    Incompatibility(
                        terms: [Term(node.package, .full(universe: registry.universe(of: node.package)))],
                        cause: .unavoidableCycle(packages: cycle.map(\.package), versions: versions))
                }
                for fact in facts { add(fact) }
                switch resolve(conflict: facts[0]) {
                case let .failed(root): return .failure(root)
                case let .learned(learned): next = deriveFromLearned(learned)
                }
                continue
            }
            let fact = Incompatibility(
                terms: cycle.map { Term($0.package, VersionSet(universe: registry.universe(of: $0.package), indices: [$0.versionIndex])) },
                cause: .cycle(cycle.map { registry.version(of: $0.package, at: $0.versionIndex) })
            )
            add(fact)
            switch resolve(conflict: fact) {
            case let .failed(root): return .failure(root)
            case let .learned(learned): next = deriveFromLearned(learned)
            }
        }
    }

    /// Whether every version of every package on the cycle depends on the next package on it:
    /// then selecting any of them selects the whole cycle. Reads the specs of those versions.
    private func isUnavoidable(_ cycle: [(package: PackageID, versionIndex: Int)]) throws -> Bool {
        for (position, node) in cycle.enumerated() {
            guard let next = registry.name(of: cycle[(position + 1) % cycle.count].package) else { return false }
            for index in 0..<registry.universe(of: node.package) {
                guard try registry.dependencies(of: node.package, at: index).contains(where: { $0.name == next }) else { return false }
            }
        }
        return true
    }

    // MARK: Unit propagation

    /// Derives everything the incompatibilities force, starting from the package that changed.
    /// Returns the root incompatibility when a conflict cannot be resolved.
    private func propagate(from package: PackageID) -> Incompatibility? {
        var changed = [package]
        pending[package.index] = true
        defer { for waiting in changed { pending[waiting.index] = false } }
        while let current = changed.popLast() {
            pending[current.index] = false
            var conflict: Incompatibility?
            for incompatibility in incompatibilities.newestFirst(of: current) {
                switch solution.relation(to: incompatibility) {
                case .satisfied:
                    conflict = incompatibility
                case let .almostSatisfied(term):
                    derive(term.negated, cause: incompatibility)
                    if !pending[term.package.index] {
                        pending[term.package.index] = true
                        changed.append(term.package)
                    }
                    continue
                case .contradicted, .inconclusive:
                    continue
                }
                break
            }
            guard let conflict else { continue }
            switch resolve(conflict: conflict) {
            case let .failed(root):
                return root
            case let .learned(learned):
                // Start again from the package the learned incompatibility derives.
                let derived = deriveFromLearned(learned)
                for waiting in changed { pending[waiting.index] = false }
                changed = [derived]
                pending[derived.index] = true
            }
        }
        return nil
    }

    private func derive(_ term: Term, cause: Incompatibility) {
        solution.derive(term, cause: cause)
        requeue(term.package)
    }

    private func requeue(_ package: PackageID) {
        queue.update(
            package, in: solution, registry: registry, depth: depths[package.index], demand: registry.demand(of: package),
            isPromoted: conflictCounts[package.index] >= Self.promotionThreshold)
    }

    /// After backjumping, a learned incompatibility is almost satisfied: derive the
    /// negation of its open term and return that term's package.
    private func deriveFromLearned(_ learned: Incompatibility) -> PackageID {
        guard case let .almostSatisfied(term) = solution.relation(to: learned) else {
            preconditionFailure("a learned incompatibility is almost satisfied after backjumping")
        }
        derive(term.negated, cause: learned)
        return term.package
    }

    // MARK: Conflict resolution

    /// Finds the root cause of a satisfied incompatibility, learns it and backjumps so
    /// that it is almost satisfied; fails when the root cause rules out the root itself.
    private func resolve(conflict: Incompatibility) -> ConflictOutcome {
        var incompatibility = conflict
        var isNew = false
        var counted = false
        while !incompatibility.isFailure {
            let (satisfier, term, previousLevel) = solution.satisfier(of: incompatibility)
            if !counted {
                // The package whose assignment completed the conflict: its candidates were rejected.
                counted = true
                let rejected = satisfier.term.package
                if rejected != PackageID.root { conflictCounts[rejected.index] &+= 1 }
            }
            if satisfier.isDecision || previousLevel != satisfier.decisionLevel {
                if isNew { add(incompatibility) }
                for package in solution.backtrack(to: previousLevel) {
                    requeue(package)
                }
                return .learned(incompatibility)
            }
            let cause = satisfier.cause!
            let package = satisfier.term.package
            var terms = incompatibility.terms.filter { $0.package != package }
            terms += cause.terms.filter { $0.package != package }
            if !satisfier.term.satisfies(term) {
                terms.append(satisfier.term.difference(term).negated)
            }
            incompatibility = .derived(from: terms, conflict: incompatibility, other: cause)
            isNew = true
        }
        return .failed(incompatibility)
    }

    // MARK: Decision making

    /// Chooses the newest allowed version of the best package that needs one (its newest
    /// release while no decided version names a prerelease of it, see `PrereleaseAdmission`),
    /// after adding its dependencies; returns the package to propagate from, or nil when all
    /// are decided.
    private func decide() throws -> PackageID? {
        let package: PackageID
        if solution.needsDecision(.root) {
            package = .root
        } else if let best = queue.popBest(in: solution, registry: registry) {
            package = best
        } else {
            return nil
        }
        let candidates = solution.known(package)!.versions
        var index = candidates.highest!
        if PrereleaseAdmission.needsNaming(package, at: index, registry: registry),
           registry.prereleasesFirst.isEmpty || !registry.prereleasesFirst.contains(registry.name(of: package)!),
           !PrereleaseAdmission.isNamed(package, by: solution.decisions, registry: registry),
           let release = PrereleaseAdmission.newestRelease(in: candidates, of: package, registry: registry) {
            index = release
        }
        let added = try addDependencies(of: package, at: index)
        let breaksOne = added.contains { incompatibility in
            incompatibility.terms.allSatisfy { term in
                term.package == package
                    ? term.isSatisfied(byVersionAt: index)
                    : term.relation(to: solution.known(term.package)) == .satisfied
            }
        }
        if !breaksOne {
            solution.decide(package, versionAt: index, universe: registry.universe(of: package))
        }
        // Queued again when it stays undecided; propagation will narrow it.
        requeue(package)
        return package
    }

    // MARK: Incompatibilities

    private func add(_ incompatibility: Incompatibility) {
        incompatibilities.add(incompatibility)
    }

    /// Keeps the per-package tables as long as the registry.
    private func track(discoveredFrom parent: PackageID? = nil) {
        solution.track(packageCount: registry.count)
        incompatibilities.track(packageCount: registry.count)
        while pending.count < registry.count { pending.append(false) }
        let depth = parent.map { depths[$0.index] + 1 } ?? 0
        while depths.count < registry.count { depths.append(depth) }
        while conflictCounts.count < registry.count { conflictCounts.append(0) }
    }

    /// Turns a version's dependencies into incompatibilities, the first time it is considered.
    private func addDependencies(of package: PackageID, at index: Int) throws -> [Incompatibility] {
        guard !registry.isConverted(package, at: index) else { return [] }
        let facts = try DependencyFacts.incompatibilities(of: package, at: index, registry: registry) { newPackage in
            self.track(discoveredFrom: package)
            if let pin = DependencyFacts.pinIncompatibility(of: newPackage, registry: self.registry) {
                self.add(pin)
            }
        }
        track()
        for fact in facts { add(fact) }
        return facts
    }
}
