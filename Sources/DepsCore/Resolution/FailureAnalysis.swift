/// Turns the root incompatibility of a failed resolution into a `ResolutionFailure`:
/// its kind (a missing package, a dependency cycle, or plain conflicts), its derivation,
/// and the pins whose update would let a resolution exist.
struct FailureAnalysis {
    let root: Incompatibility
    let registry: PackageRegistry
    let pins: [PackageName: Version]

    /// The external facts the derivation rests on.
    private var facts: [Incompatibility] { root.externalCauses }

    func failure() throws -> ResolutionFailure {
        let kind = try self.kind()
        let sources: [String] = if case .missingPackage = kind { registry.cache.catalog.sourceLabels } else { [] }
        var failure = ResolutionFailure(
            kind: kind, derivation: DerivationRecorder.derivation(of: root, registry: registry),
            suggestedUpdate: try suggestedUpdate(), searchedSources: sources, unnamedPrereleases: unnamedPrereleases())
        if case let .missingPackage(name, _) = kind { failure.missingPackageNotes = registry.cache.catalog.notesOnMissing(name) }
        // A version asked for and not found may have been published since the copy was read.
        var notedPackages: [PackageName] = []
        for fact in facts {
            guard case .noVersions = fact.cause, let name = registry.name(of: fact.terms[0].package)?.root,
                  !notedPackages.contains(name) else { continue }
            notedPackages.append(name)
            failure.missingVersionNotes += registry.cache.catalog.notesOnMissing(name).map {
                ResolutionFailure.MissingVersionNote(package: name, note: $0)
            }
        }
        return failure
    }

    /// For each package the derivation leaves at releases only because nothing names one of
    /// its prereleases, the newest prerelease within every requirement on it in the derivation
    /// (or its newest prerelease when the requirements share none).
    private func unnamedPrereleases() -> [ResolutionFailure.UnnamedPrerelease] {
        var result: [ResolutionFailure.UnnamedPrerelease] = []
        for fact in facts {
            guard case .prereleaseNotNamed = fact.cause, let name = registry.name(of: fact.terms[0].package)?.root,
                  !result.contains(where: { $0.package == name }) else { continue }
            let package = fact.terms[0].package
            var admitted = fact.terms[0].versions
            for other in facts {
                guard case .dependency = other.cause else { continue }
                for term in other.terms where term.package == package && !term.isPositive {
                    let narrowed = admitted.intersection(term.versions)
                    if !narrowed.isEmpty { admitted = narrowed }
                }
            }
            guard let newest = admitted.highest else { continue }
            result.append(.init(package: name, version: registry.version(of: package, at: newest)))
        }
        return result
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

    /// The smallest set of pins whose removal lets a resolution exist. The candidates are
    /// the pins the derivation rests on, widened by the pins each failure without them
    /// rests on, until lifting all candidates resolves. Then sets of one, two and three
    /// candidates are tried (at most 64 attempts), then all of them. Candidates are packages, not
    /// subspecs: `deps update Moya` lets every subspec of Moya move, so lifting Moya lifts them all.
    private func suggestedUpdate() throws -> [PackageName] {
        var candidates = Set(pinnedPackages(in: root, registry: registry).map(\.root))
        guard !candidates.isEmpty else { return [] }
        while true {
            switch try attempt(lifting: candidates) {
            case .solution: break
            case let .failure(nextRoot):
                let more = pinnedPackages(in: nextRoot.root, registry: nextRoot.registry).map(\.root)
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
        let remaining = pins.filter { !lifted.contains($0.key.root) }
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
