/// The solver's current guess: an ordered list of decisions and derivations.
///
/// For each package it keeps the intersection of that package's assignments, so the
/// relation of a term to the whole solution is one set comparison. Each assignment
/// stores the intersection as it stood after it, which makes backtracking and the
/// search for a conflict's satisfier a walk over one package's entries.
struct PartialSolution {
    private(set) var assignments: [Assignment] = []
    /// The positions of each package's assignments, oldest first.
    private var positions: [[Int]] = []
    /// The version index each package is decided at.
    private var decided: [Int?] = []
    /// How many decisions other than the root's are in the solution.
    private(set) var decisionLevel = 0

    /// Makes room for packages registered since the last call.
    mutating func track(packageCount: Int) {
        while positions.count < packageCount {
            positions.append([])
            decided.append(nil)
        }
    }

    /// The intersection of the package's assignments; nil when it has none (anything goes).
    func known(_ package: PackageID) -> Term? {
        positions[package.index].last.map { assignments[$0].accumulated }
    }

    func decidedVersion(of package: PackageID) -> Int? {
        decided[package.index]
    }

    /// The package is undecided and must be selected: it needs a decision.
    func needsDecision(_ package: PackageID) -> Bool {
        guard decided[package.index] == nil, let known = known(package) else { return false }
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
        let accumulated = known(term.package).map { $0.intersection(term) } ?? term
        let index = assignments.count
        positions[term.package.index].append(index)
        assignments.append(cause.map {
            .derivation(term, cause: $0, level: decisionLevel, index: index, accumulated: accumulated)
        } ?? .decision(term, level: decisionLevel, index: index, accumulated: accumulated))
    }

    /// Removes every assignment above `level`; returns the packages that lost assignments,
    /// in the order they were first removed.
    mutating func backtrack(to level: Int) -> [PackageID] {
        var changed: [PackageID] = []
        var seen: Set<PackageID> = []
        while let last = assignments.last, last.decisionLevel > level {
            assignments.removeLast()
            let package = last.term.package
            positions[package.index].removeLast()
            if last.isDecision { decided[package.index] = nil }
            if seen.insert(package).inserted { changed.append(package) }
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
        var satisfyingAt: [Int] = []
        for term in incompatibility.terms {
            satisfyingAt.append(firstSatisfying(term))
        }
        let latest = satisfyingAt.indices.max { satisfyingAt[$0] < satisfyingAt[$1] }!
        let satisfier = assignments[satisfyingAt[latest]]
        let term = incompatibility.terms[latest]

        var previous = -1
        for (offset, position) in satisfyingAt.enumerated() where offset != latest {
            previous = max(previous, position)
        }
        if !satisfier.term.satisfies(term) {
            for position in positions[term.package.index] where position < satisfier.index {
                if assignments[position].accumulated.intersection(satisfier.term).satisfies(term) {
                    previous = max(previous, position)
                    break
                }
            }
        }
        return (satisfier, term, previous >= 0 ? assignments[previous].decisionLevel : 0)
    }

    /// The position of the first assignment after which the package's assignments satisfy
    /// the term; -1 when the term holds without any.
    private func firstSatisfying(_ term: Term) -> Int {
        if term.isUniversal { return -1 }
        for position in positions[term.package.index] where assignments[position].accumulated.satisfies(term) {
            return position
        }
        preconditionFailure("the partial solution does not satisfy the term")
    }

    /// Every decided package with its version index, in the order decided.
    var decisions: [(package: PackageID, versionIndex: Int)] {
        assignments.compactMap { assignment in
            guard assignment.isDecision, let index = decided[assignment.term.package.index] else { return nil }
            return (assignment.term.package, index)
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
