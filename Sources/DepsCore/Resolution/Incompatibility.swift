/// A set of terms that must not all be true at once, with the reason why.
///
/// External incompatibilities state facts read from the catalog, the Depsfile and the
/// lockfile ("Moya 15.0.0 depends on Alamofire ~> 5.0" is `{Moya 15.0.0, not Alamofire ~> 5.0}`).
/// Derived ones are learned during conflict resolution from two others, their causes;
/// following the causes back from the root incompatibility gives the derivation tree
/// that explains a failure. Instances are compared by identity.
final class Incompatibility: Sendable {
    /// Why the terms cannot all hold.
    enum Cause: Sendable {
        /// `{not root}`: the root must be selected.
        case root
        /// `{depender, not dependee}`: a version (or the Depsfile) depends on a package.
        case dependency
        /// `{Foo S}`: the requirement behind `S` admits none of Foo's versions.
        case noVersions
        /// `{Foo}`: no source has the package.
        case missingPackage
        /// `{Foo other than V}`: the lockfile pins Foo at V.
        case pin(Version)
        /// `{A a, B b, ...}`: these versions depend on one another in a circle, each on the
        /// next, the last on the first (a single version that depends on itself, too).
        case cycle([Version])
        /// `{Foo}`: every version of every package on this cycle depends on the next one, so none
        /// of them can be selected at all (`packages` and `versions` list the cycle as found).
        case unavoidableCycle(packages: [PackageID], versions: [Version])
        /// `{Foo prereleases, Bar b, ...}`: Foo is at a prerelease, the other packages at these
        /// versions, and neither the inputs nor any of them names a prerelease of Foo.
        case prereleaseNotNamed
        /// Derived by resolving `conflict` with `other`, the cause of its satisfier.
        case conflict(Incompatibility, Incompatibility)
    }

    let terms: [Term]
    let cause: Cause

    /// An incompatibility with exactly these terms (external facts are built as they read).
    init(terms: [Term], cause: Cause) {
        self.terms = terms
        self.cause = cause
    }

    /// A derived incompatibility, normalised: one term per package (their intersection),
    /// no term that always holds, and no positive root term beside others (the root is
    /// always selected, so such a term adds nothing).
    static func derived(from terms: [Term], conflict: Incompatibility, other: Incompatibility) -> Incompatibility {
        var merged: [Term] = []
        for term in terms {
            if let index = merged.firstIndex(where: { $0.package == term.package }) {
                merged[index] = merged[index].intersection(term)
            } else {
                merged.append(term)
            }
        }
        merged.removeAll { $0.isUniversal }
        if merged.count > 1 {
            merged.removeAll { $0.package == .root && $0.isPositive }
        }
        return Incompatibility(terms: merged, cause: .conflict(conflict, other))
    }

    /// Whether this says that the root cannot be selected: version solving has failed.
    var isFailure: Bool {
        terms.isEmpty || (terms.count == 1 && terms[0].package == .root && terms[0].isPositive)
    }

    var isDerived: Bool {
        if case .conflict = cause { return true }
        return false
    }

    /// The external incompatibilities at the leaves of the derivation tree, each once,
    /// in the order a depth-first walk meets them (conflict before other).
    var externalCauses: [Incompatibility] {
        var seen: Set<ObjectIdentifier> = []
        var result: [Incompatibility] = []
        var stack: [Incompatibility] = [self]
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if case let .conflict(conflict, other) = next.cause {
                stack.append(other)
                stack.append(conflict)
            } else {
                result.append(next)
            }
        }
        return result
    }
}
