/// The proof that no resolution exists, as data: the incompatibilities it uses, each once,
/// every derived one after the two it was derived from; the last step is the conclusion
/// (PubGrub's root incompatibility). Presenters walk it to word an explanation.
public struct Derivation: Sendable, Equatable {
    public let steps: [DerivationStep]

    public init(steps: [DerivationStep]) {
        precondition(!steps.isEmpty, "a derivation concludes something")
        self.steps = steps
    }

    /// The index of the conclusion, the last step.
    public var conclusion: Int { steps.count - 1 }

    /// The indices of the external facts the proof rests on, each once, in the order a
    /// depth-first walk from the conclusion meets them (the conflict before the other cause).
    public var facts: [Int] {
        var seen: Set<Int> = []
        var result: [Int] = []
        var stack = [conclusion]
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            if case let .derived(conflict, other) = steps[next].cause {
                stack.append(other)
                stack.append(conflict)
            } else {
                result.append(next)
            }
        }
        return result
    }
}

/// One incompatibility of a derivation: terms that cannot all hold, and why.
public struct DerivationStep: Sendable, Equatable {
    /// Why the terms cannot all hold.
    public enum Cause: Sendable, Equatable {
        /// `{not the Depsfile}`: the project itself must be resolved.
        case depsfile
        /// `{depender, not dependee}`: a version (or the Depsfile) depends on a package.
        case dependency
        /// `{Foo S}`: the requirement behind `S` admits none of Foo's versions.
        case noVersions
        /// `{Foo}`: no source has the package.
        case missingPackage
        /// `{Foo other than V}`: the lockfile pins Foo at V; `inSources` is false when no
        /// source has that version.
        case pin(Version, inSources: Bool)
        /// These versions depend on one another in a circle, each on the next, the last on
        /// the first.
        case cycle([DerivationStep.CycleMember])
        /// Every version of every package on this circle depends on the next one, so none of
        /// them can be selected at all.
        case unavoidableCycle([DerivationStep.CycleMember])
        /// `{Foo prereleases, Bar b, ...}`: Foo at a prerelease needs a requirement that names
        /// one, and neither the Depsfile, the lockfile nor Bar b (or the others) has one.
        case prereleaseNotNamed
        /// Derived from two earlier steps (their indices): the conflict and the cause of its
        /// satisfier.
        case derived(Int, Int)
    }

    /// A package at a version on a dependency cycle.
    public struct CycleMember: Sendable, Equatable {
        public let subject: DerivationTerm.Subject
        public let version: Version

        public init(subject: DerivationTerm.Subject, version: Version) {
            self.subject = subject
            self.version = version
        }
    }

    public let terms: [DerivationTerm]
    public let cause: Cause

    public init(terms: [DerivationTerm], cause: Cause) {
        self.terms = terms
        self.cause = cause
    }

    public var isDerived: Bool {
        if case .derived = cause { return true }
        return false
    }
}

/// A statement about one package: selected at one of `versions` (positive), or not selected
/// at any of them (negative).
public struct DerivationTerm: Sendable {
    /// What a term speaks of.
    public enum Subject: Sendable, Hashable {
        /// The project: its Depsfile.
        case depsfile
        case package(PackageName)
        /// A package's spec alone, without its subspecs: the resolver's way of keeping all
        /// of a package's subspecs at one version.
        case packageAlone(PackageName)
    }

    public let subject: Subject
    public let isPositive: Bool
    /// The versions as they read: the requirement they came from, or a range over the
    /// package's known versions.
    public let versions: TermVersions
    /// Exactly the known versions the term's set holds, in ascending order; what comparing
    /// two terms goes by.
    public let members: [Version]

    public init(subject: Subject, isPositive: Bool, versions: TermVersions, members: [Version]) {
        self.subject = subject
        self.isPositive = isPositive
        self.versions = versions
        self.members = members
    }

    /// Whether being selected at one of this term's versions means being selected at one of
    /// `other`'s: the same subject, and this term's known versions among the other's.
    public func lies(within other: DerivationTerm) -> Bool {
        subject == other.subject && Set(members).isSubset(of: other.members)
    }
}

extension DerivationTerm: Equatable {
    /// Terms are equal when they hold for the same selections; how they read does not count.
    public static func == (lhs: DerivationTerm, rhs: DerivationTerm) -> Bool {
        lhs.subject == rhs.subject && lhs.isPositive == rhs.isPositive && lhs.members == rhs.members
    }
}

/// A term's versions in the shape people read them.
public enum TermVersions: Sendable, Equatable {
    /// The requirement the set was computed from, as its owner wrote it.
    case requirement(Requirement)
    /// Every known version (prereleases are left out of the picture unless the package admits
    /// them or the set names one).
    case every
    /// No version at all.
    case none
    /// Every known version but this one.
    case allBut(Version)
    /// Runs of consecutive known versions, in ascending order.
    case runs([VersionRun])
}

/// A run of consecutive known versions.
public enum VersionRun: Sendable, Equatable {
    case exactly(Version)
    /// This version and every later one.
    case atLeast(Version)
    /// Every version before this one.
    case below(Version)
    /// From `lower` up to, not including, `upper`.
    case between(Version, Version)
}
