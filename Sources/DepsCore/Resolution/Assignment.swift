/// One entry of the partial solution: a decision (a version chosen on trial) or a
/// derivation (a term that must hold given the entries before it and an incompatibility).
struct Assignment: Sendable {
    let term: Term
    /// How many decisions other than the root's come at or before this entry.
    let decisionLevel: Int
    /// The incompatibility a derivation was derived from; nil for a decision.
    let cause: Incompatibility?
    /// The position of this entry in the partial solution.
    let index: Int
    /// The intersection of this package's assignments up to and including this one.
    let accumulated: Term

    var isDecision: Bool { cause == nil }

    static func decision(_ term: Term, level: Int, index: Int, accumulated: Term) -> Assignment {
        Assignment(term: term, decisionLevel: level, cause: nil, index: index, accumulated: accumulated)
    }

    static func derivation(_ term: Term, cause: Incompatibility, level: Int, index: Int, accumulated: Term) -> Assignment {
        Assignment(term: term, decisionLevel: level, cause: cause, index: index, accumulated: accumulated)
    }
}
