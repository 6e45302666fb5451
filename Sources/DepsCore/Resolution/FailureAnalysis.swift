/// Turns the root incompatibility of a failed resolution into a `ResolutionFailure`:
/// its kind (a missing package, a dependency cycle, or plain conflicts), its explanation,
/// and the pins whose update would let a resolution exist.
struct FailureAnalysis {
    let root: Incompatibility
    let registry: PackageRegistry
    let pins: [PackageName: Version]

    /// The external facts the derivation rests on.
    private var facts: [Incompatibility] { root.externalCauses }

    func failure() throws -> ResolutionFailure {
        let facts = self.facts
        let wording = ResolutionWording(registry: registry)
        let kind = try self.kind()
        var parts: [String] = []
        switch kind {
        case let .missingPackage(name, suggestions):
            var headline = "Unable to find a specification for \(name)"
            let sources = registry.cache.catalog.sourceLabels
            if !sources.isEmpty { headline += " in sources: " + sources.map(MessageText.escaped).joined(separator: ", ") }
            if !suggestions.isEmpty {
                headline += "\nDid you mean \(wording.list(suggestions.map(\.description), joinedBy: "or"))?"
            }
            parts.append(headline)
        case .cycle:
            let cycle = facts.first { fact in
                switch fact.cause {
                case .cycle, .unavoidableCycle: true
                default: false
                }
            }!
            parts.append("Dependency cycle: \(cycleSteps(cycle).joined(separator: " -> "))")
        case .noSolution:
            break
        }
        // A headline says it all when the root asks directly for what it names, and a cycle says
        // it all when the derivation rests only on the cycle and the dependencies that make it.
        let onlyTheCycle: Bool = if case .cycle = kind {
            facts.allSatisfy { fact in
                switch fact.cause {
                case .cycle, .unavoidableCycle, .dependency, .root: true
                default: false
                }
            }
        } else {
            false
        }
        if kind == .noSolution || (facts.count > 2 && !onlyTheCycle) {
            parts.append(DerivationReport.text(for: root, registry: registry))
        }
        let update = try suggestedUpdate()
        if !update.isEmpty {
            let names = update.map(\.description)
            parts.append("Run `deps update \(names.joined(separator: " "))` to let \(wording.list(names, joinedBy: "and")) move.")
        }
        return ResolutionFailure(kind: kind, explanation: parts.joined(separator: "\n\n"), suggestedUpdate: update)
    }

    /// A missing package when the derivation rests on one (the first by name), else a
    /// cycle when it rests on one (the first met), else no solution.
    private func kind() throws -> ResolutionFailure.Kind {
        let missing = facts.compactMap { fact -> PackageName? in
            guard case .missingPackage = fact.cause else { return nil }
            return registry.name(of: fact.terms[0].package)
        }
        if let name = missing.min() {
            let suggestions = name.closest(among: try registry.cache.catalog.allPackageNames())
            return .missingPackage(name, suggestions: suggestions)
        }
        for fact in facts {
            switch fact.cause {
            case .cycle:
                let names = fact.terms.compactMap { registry.name(of: $0.package) }
                return .cycle(names + [names[0]])
            case let .unavoidableCycle(packages, _):
                let names = packages.compactMap { registry.name(of: $0) }
                return .cycle(names + [names[0]])
            default:
                continue
            }
        }
        return .noSolution
    }

    /// "A 1.0", "B 2.0", "A 1.0" for a cycle fact.
    private func cycleSteps(_ fact: Incompatibility) -> [String] {
        let steps: [String]
        switch fact.cause {
        case let .cycle(versions):
            steps = zip(fact.terms, versions).map { "\(registry.name(of: $0.package)!) \($1)" }
        case let .unavoidableCycle(packages, versions):
            steps = zip(packages, versions).map { "\(registry.name(of: $0)!) \($1)" }
        default:
            return []
        }
        return steps + [steps[0]]
    }

    /// The smallest set of pins whose removal lets a resolution exist. The candidates are
    /// the pins the derivation rests on, widened by the pins each failure without them
    /// rests on, until lifting all candidates resolves. Then sets of one, two and three
    /// candidates are tried (at most 64 attempts), then all of them.
    private func suggestedUpdate() throws -> [PackageName] {
        var candidates = Set(pinnedPackages(in: root, registry: registry))
        guard !candidates.isEmpty else { return [] }
        while true {
            switch try attempt(lifting: candidates) {
            case .solution: break
            case let .failure(nextRoot):
                let more = pinnedPackages(in: nextRoot.root, registry: nextRoot.registry)
                guard !more.isEmpty else { return [] }
                candidates.formUnion(more)
                continue
            }
            break
        }
        let sorted = candidates.sorted()
        var attempts = 0
        for size in 1...min(3, sorted.count) {
            for subset in combinations(of: sorted, size: size) {
                guard attempts < 64 else { return sorted }
                attempts += 1
                if case .solution = try attempt(lifting: Set(subset)) { return subset }
            }
        }
        return sorted
    }

    private enum Attempt {
        case solution
        case failure((root: Incompatibility, registry: PackageRegistry))
    }

    private func attempt(lifting lifted: Set<PackageName>) throws -> Attempt {
        let remaining = pins.filter { !lifted.contains($0.key) }
        let registry = PackageRegistry(cache: self.registry.cache, rootDependencies: self.registry.rootDependencies, pins: remaining)
        switch try VersionSolver(registry: registry).solve() {
        case .solution: return .solution
        case let .failure(root): return .failure((root, registry))
        }
    }

    private func pinnedPackages(in root: Incompatibility, registry: PackageRegistry) -> [PackageName] {
        root.externalCauses.compactMap { fact in
            guard case .pin = fact.cause else { return nil }
            return registry.name(of: fact.terms[0].package)
        }
    }

    /// The subsets of `items` of the given size, in lexicographic order of positions.
    private func combinations(of items: [PackageName], size: Int) -> [[PackageName]] {
        guard size > 0 else { return [[]] }
        guard items.count >= size else { return [] }
        var result: [[PackageName]] = []
        for (offset, item) in items.enumerated() {
            let rest = Array(items[(offset + 1)...])
            for tail in combinations(of: rest, size: size - 1) {
                result.append([item] + tail)
            }
        }
        return result
    }
}
