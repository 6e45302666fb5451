/// A package as the solver knows it: an index into the solver's `PackageRegistry`.
/// Index 0 is the root, the project whose Depsfile is being resolved.
struct PackageID: Hashable, Comparable, Sendable {
    let index: Int

    static let root = PackageID(index: 0)

    static func < (lhs: PackageID, rhs: PackageID) -> Bool { lhs.index < rhs.index }
}

/// A requirement a term's versions were computed from: its place in the registry's list
/// of requirements (`PackageRegistry.requirement(labelled:)`). A plain number, so that the
/// many copies of terms the solver makes cost no reference counting.
struct RequirementLabel: Hashable, Sendable {
    let index: Int32
}

/// A statement about one package that a selection of versions makes true or false.
///
/// A positive term `Moya S` holds when Moya is selected at a version in `S`. A negative
/// term `not Moya S` holds when Moya is not selected, or is selected at a version outside
/// `S`. Each term therefore stands for a subset of the package's known versions plus
/// "not selected", and the operations below are exact set operations on those subsets.
struct Term: Sendable {
    let package: PackageID
    let isPositive: Bool
    let versions: VersionSet
    /// The requirement `versions` was computed from, kept so that people read the
    /// requirement they wrote rather than a range rebuilt from bits. It survives
    /// operations whose result is the same set, and never affects equality.
    let label: RequirementLabel?

    init(_ package: PackageID, _ versions: VersionSet, isPositive: Bool = true, label: RequirementLabel? = nil) {
        self.package = package
        self.versions = versions
        self.isPositive = isPositive
        self.label = label
    }

    /// The term that holds exactly when this one does not.
    var negated: Term {
        Term(package, versions, isPositive: !isPositive, label: label)
    }

    /// Always true: `not Foo` of no version at all.
    var isUniversal: Bool { !isPositive && versions.isEmpty }

    /// Never true: `Foo` at no version at all.
    var isImpossible: Bool { isPositive && versions.isEmpty }

    /// The term that holds when both hold.
    func intersection(_ other: Term) -> Term {
        precondition(package == other.package, "terms of different packages")
        switch (isPositive, other.isPositive) {
        case (true, true): return labelled(Term(package, versions.intersection(other.versions)), other)
        case (true, false): return labelled(Term(package, versions.subtracting(other.versions)), other)
        case (false, true): return labelled(Term(package, other.versions.subtracting(versions)), other)
        case (false, false): return labelled(Term(package, versions.union(other.versions), isPositive: false), other)
        }
    }

    /// The term that holds when this one holds and `other` does not.
    func difference(_ other: Term) -> Term {
        intersection(other.negated)
    }

    /// Whether this term being true makes `other` true (this term's set lies within the other's).
    func satisfies(_ other: Term) -> Bool {
        precondition(package == other.package, "terms of different packages")
        switch (isPositive, other.isPositive) {
        case (true, true): return versions.isSubset(of: other.versions)
        case (true, false): return versions.isDisjoint(with: other.versions)
        case (false, true): return false // "not selected" satisfies this term but not the other
        case (false, false): return other.versions.isSubset(of: versions)
        }
    }

    /// Whether this term being true makes `other` false (their sets are disjoint).
    func contradicts(_ other: Term) -> Bool {
        precondition(package == other.package, "terms of different packages")
        switch (isPositive, other.isPositive) {
        case (true, true): return versions.isDisjoint(with: other.versions)
        case (true, false): return versions.isSubset(of: other.versions)
        case (false, true): return other.versions.isSubset(of: versions)
        case (false, false): return false // both hold when the package is not selected
        }
    }

    /// Whether selecting the version at `index` makes this term true.
    func isSatisfied(byVersionAt index: Int) -> Bool {
        versions.contains(index) == isPositive
    }

    /// Keeps a requirement label when the result is the same set as one of the operands.
    private func labelled(_ result: Term, _ other: Term) -> Term {
        if result == self { return Term(package, result.versions, isPositive: result.isPositive, label: label) }
        if result == other { return Term(package, result.versions, isPositive: result.isPositive, label: other.label) }
        return result
    }
}

extension Term: Equatable {
    /// Terms are equal when they hold for the same selections; labels do not count.
    static func == (lhs: Term, rhs: Term) -> Bool {
        lhs.package == rhs.package && lhs.isPositive == rhs.isPositive && lhs.versions == rhs.versions
    }
}

/// How a set of assignments stands towards a term.
enum TermRelation: Equatable, Sendable {
    /// The assignments make the term true.
    case satisfied
    /// The assignments make the term false.
    case contradicted
    /// Either is still possible.
    case inconclusive
}

extension Term {
    /// How `known` (the intersection of a package's assignments, or nil when it has none)
    /// stands towards this term.
    func relation(to known: Term?) -> TermRelation {
        guard let known else {
            if isUniversal { return .satisfied }
            if isImpossible { return .contradicted }
            return .inconclusive
        }
        if known.satisfies(self) { return .satisfied }
        if known.contradicts(self) { return .contradicted }
        return .inconclusive
    }
}
