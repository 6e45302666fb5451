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
    /// The position of the same package's previous assignment; -1 for its first.
    let previous: Int
    /// The intersection of this package's assignments up to and including this one.
    let accumulated: Term

    var isDecision: Bool { cause == nil }
}
