/// The solver's current guess: an ordered list of decisions and derivations.
///
/// For each package it keeps the intersection of that package's assignments, so the
/// relation of a term to the whole solution is one set comparison. Each assignment
/// stores the intersection as it stood after it and links to the package's previous
/// assignment, which makes backtracking and the search for a conflict's satisfier a
/// walk over one package's entries.
struct PartialSolution {
    private(set) var assignments: [Assignment] = []
    /// The position of each package's latest assignment, -1 when it has none.
    private var latest: [Int] = []
    /// The version index each package is decided at, -1 when it is undecided.
    private var decided: [Int] = []
    /// How many decisions other than the root's are in the solution.
    private(set) var decisionLevel = 0

    /// Makes room for packages registered since the last call.
    mutating func track(packageCount: Int) {
        while latest.count < packageCount {
            latest.append(-1)
            decided.append(-1)
        }
    }

    /// The intersection of the package's assignments; nil when it has none (anything goes).
    func known(_ package: PackageID) -> Term? {
        let position = latest[package.index]
        return position < 0 ? nil : assignments[position].accumulated
    }

    func decidedVersion(of package: PackageID) -> Int? {
        let index = decided[package.index]
        return index < 0 ? nil : index
    }

    /// The package is undecided and must be selected: it needs a decision.
    func needsDecision(_ package: PackageID) -> Bool {
        guard decided[package.index] < 0, let known = known(package) else { return false }
        return known.isPositive
    }

    /// Chooses the version at `index`. Deciding the root does not open a new level.
    mutating func decide(_ package: PackageID, versionAt index: Int, universe: Int) {
        if package != .root { decisionLevel += 1 }
        decided[package.index] = index
        append(Term(package, VersionSet(universe: universe, indices: [index])), cause: nil)
    }

    /// Adds a term that must hold because of `cause`.
    mutating func derive(_ term: Term, cause: Incompatibility) {
        append(term, cause: cause)
    }

    private mutating func append(_ term: Term, cause: Incompatibility?) {
        let package = term.package.index
        let accumulated = known(term.package).map { $0.intersection(term) } ?? term
        assignments.append(Assignment(
            term: term, decisionLevel: decisionLevel, cause: cause, index: assignments.count,
            previous: latest[package], accumulated: accumulated
        ))
        latest[package] = assignments.count - 1
    }

    /// Removes every assignment above `level`; returns the packages that lost assignments,
    /// in the order they were first removed.
    mutating func backtrack(to level: Int) -> [PackageID] {
        var changed: [PackageID] = []
        var seen: Set<PackageID> = []
        while let last = assignments.last, last.decisionLevel > level {
            assignments.removeLast()
            let package = last.term.package
            if seen.insert(package).inserted { changed.append(package) }
            latest[package.index] = last.previous
            if last.isDecision { decided[package.index] = -1 }
        }
        decisionLevel = level
        return changed
    }

    /// How the whole solution stands towards the incompatibility.
    func relation(to incompatibility: Incompatibility) -> IncompatibilityRelation {
        var unsatisfied: Term?
        for term in incompatibility.terms {
            switch term.relation(to: known(term.package)) {
            case .contradicted: return .contradicted
            case .satisfied: continue
            case .inconclusive:
                if unsatisfied != nil { return .inconclusive }
                unsatisfied = term
            }
        }
        return unsatisfied.map { .almostSatisfied($0) } ?? .satisfied
    }

    /// For an incompatibility the solution satisfies: the earliest assignment after which it
    /// is satisfied (its satisfier), the term of the satisfier's package, and the decision
    /// level of the previous satisfier (the earliest assignment before the satisfier that,
    /// with the satisfier, still satisfies it; level 0 when there is none).
    func satisfier(of incompatibility: Incompatibility) -> (satisfier: Assignment, term: Term, previousLevel: Int) {
        let satisfyingAt = incompatibility.terms.map { term in
            earliest(from: latest[term.package.index]) { $0.accumulated.satisfies(term) }
        }
        let latestTerm = satisfyingAt.indices.max { satisfyingAt[$0] < satisfyingAt[$1] }!
        let satisfier = assignments[satisfyingAt[latestTerm]]
        let term = incompatibility.terms[latestTerm]

        var previous = -1
        for (offset, position) in satisfyingAt.enumerated() where offset != latestTerm {
            previous = max(previous, position)
        }
        if !satisfier.term.satisfies(term) {
            let partner = earliest(from: satisfier.previous) { $0.accumulated.intersection(satisfier.term).satisfies(term) }
            previous = max(previous, partner)
        }
        return (satisfier, term, previous >= 0 ? assignments[previous].decisionLevel : 0)
    }

    /// Walks a package's assignments back from `position` while `holds`, which once false
    /// stays false further back (the intersections only grow going back); returns the
    /// earliest position where it holds, -1 when it holds nowhere (or with no assignment).
    private func earliest(from position: Int, where holds: (Assignment) -> Bool) -> Int {
        var found = -1
        var current = position
        while current >= 0, holds(assignments[current]) {
            found = current
            current = assignments[current].previous
        }
        return found
    }

    /// Every decided package with its version index, in the order decided.
    var decisions: [(package: PackageID, versionIndex: Int)] {
        assignments.compactMap { assignment in
            guard assignment.isDecision else { return nil }
            return (assignment.term.package, decided[assignment.term.package.index])
        }
    }
}

/// How a partial solution stands towards an incompatibility.
enum IncompatibilityRelation: Equatable {
    /// Every term holds: the solution breaks the incompatibility.
    case satisfied
    /// Some term is false: the incompatibility is no concern.
    case contradicted
    /// Every term but this one holds, and this one is inconclusive: it must be made false.
    case almostSatisfied(Term)
    /// More than one term is inconclusive.
    case inconclusive
}
