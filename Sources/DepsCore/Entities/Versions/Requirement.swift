import DepsFailures
/// A version requirement: one or more `OPERATOR VERSION` constraints that must all hold.
///
/// Operators are CocoaPods': `=` (the default), `!=`, `>`, `<`, `>=`, `<=` and `~>`
/// (`~> 1.2` is `>= 1.2, < 2`; `~> 1.2.3` is `>= 1.2.3, < 1.3`). A requirement with
/// no constraints admits any version. `~>` stops below the prereleases of the release it
/// stops at: `~> 5.0` never admits `6.0.0-beta.1`, even where prereleases are candidates;
/// `< 6` does admit it where prereleases are candidates (RubyGems' rules, which CocoaPods'
/// requirements follow).
///
/// Prereleases: a prerelease version satisfies a requirement only when the requirement
/// names a prerelease version itself, or when the caller admits prereleases for that
/// package (the resolver does when the lockfile pins one, or a requirement on the package
/// in the selection names one: `PrereleaseAdmission`).
public struct Requirement: Sendable, Hashable {
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case greater = ">"
        case less = "<"
        case greaterOrEqual = ">="
        case lessOrEqual = "<="
        case pessimistic = "~>"

        /// The operators in the order a parser must try them, so that `>=` is not read as `>`.
        static let longestFirst: [Operator] = [.pessimistic, .greaterOrEqual, .lessOrEqual, .notEqual, .equal, .greater, .less]

        /// The order of operators on the same version in a normalised requirement.
        var rank: Int {
            switch self {
            case .pessimistic: 0
            case .greaterOrEqual: 1
            case .greater: 2
            case .equal: 3
            case .notEqual: 4
            case .lessOrEqual: 5
            case .less: 6
            }
        }
    }

    public struct Constraint: Sendable, Hashable, CustomStringConvertible {
        public let op: Operator
        public let version: Version
        /// For `~>`, the version it stops below (`pessimisticUpperBound`), worked out once.
        private let upperBound: Version?

        public init(_ op: Operator, _ version: Version) {
            self.op = op
            self.version = version
            upperBound = op == .pessimistic ? version.pessimisticUpperBound : nil
        }

        /// Equal when they admit the same versions: `>= 1.0` equals `>= 1`, but `~> 1` and
        /// `~> 1.0.0` differ, because the segments written decide where `~>` stops.
        public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
            lhs.op == rhs.op && lhs.version == rhs.version
                && lhs.upperBound == rhs.upperBound
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(op)
            hasher.combine(version)
            if let upperBound { hasher.combine(upperBound) }
        }

        public func isSatisfied(by candidate: Version) -> Bool {
            switch op {
            case .equal: candidate == version
            case .notEqual: candidate != version
            case .greater: candidate > version
            case .less: candidate < version
            case .greaterOrEqual: candidate >= version
            case .lessOrEqual: candidate <= version
            case .pessimistic: candidate >= version && candidate.isBelow(exclusiveBound: upperBound!)
            }
        }

        public var description: String { "\(op.rawValue) \(version.description)" }
    }

    /// The constraints in normalised order: by version, then by operator.
    public let constraints: [Constraint]

    /// The requirement every version satisfies.
    public static let any = Requirement(constraints: [])

    /// `= version`.
    public static func exactly(_ version: Version) -> Requirement {
        Requirement(constraints: [Constraint(.equal, version)])
    }

    public init(constraints: [Constraint]) {
        self.constraints = constraints.sorted { a, b in
            if a.version != b.version { return a.version < b.version }
            if a.op != b.op { return a.op.rank < b.op.rank }
            // Equal versions spelled differently (`1.b`, `1b`): the spelling decides, so the
            // normalised text does not depend on the order the constraints were written in.
            return a.version.description.utf8.lexicographicallyPrecedes(b.version.description.utf8)
        }
    }

    /// Reads `~> 5.6`, `>= 4.0, < 6`, `7.10.0` (meaning `= 7.10.0`).
    public init(_ text: String) throws(RequirementError) {
        var constraints: [Constraint] = []
        for part in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            var rest = part.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            var op = Operator.equal
            for candidate in Operator.longestFirst where rest.starts(with: candidate.rawValue.utf8) {
                op = candidate
                rest = rest.dropFirst(candidate.rawValue.utf8.count)
                break
            }
            let trimmed = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let end = trimmed.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.map(trimmed.index(after:)) ?? trimmed.startIndex
            guard let versionText = String(trimmed[trimmed.startIndex..<end]),
                  let version = try? Version(versionText) else { throw RequirementError(text: text) }
            constraints.append(Constraint(op, version))
        }
        self.init(constraints: constraints)
    }

    public var isAny: Bool { constraints.isEmpty }

    /// Whether some constraint names a prerelease version (which admits prereleases).
    public var namesPrerelease: Bool { constraints.contains { $0.version.isPrerelease } }

    /// Whether the version lies within every constraint, prerelease or not.
    public func isSatisfied(by version: Version) -> Bool {
        constraints.allSatisfy { $0.isSatisfied(by: version) }
    }

    /// Whether the version is a candidate for this requirement: it satisfies every
    /// constraint, and it is a release, or prereleases are admitted.
    public func admits(_ version: Version, prereleasesAdmitted: Bool = false) -> Bool {
        guard isSatisfied(by: version) else { return false }
        return !version.isPrerelease || prereleasesAdmitted || namesPrerelease
    }

    /// Whether the two are written alike: the same operators on the same spellings of the
    /// same versions, so the same normalised `description` (`>= 2` and `>= 2.0` are equal
    /// requirements written differently).
    public func isWritten(like other: Requirement) -> Bool {
        constraints.count == other.constraints.count && zip(constraints, other.constraints).allSatisfy {
            $0.op == $1.op && $0.version.description == $1.version.description
        }
    }

    /// Whether both requirements admit exactly the same versions, however they are spelled
    /// (`~> 1.2` and `>= 1.2, < 2` mean the same).
    public func hasSameMeaning(as other: Requirement) -> Bool {
        VersionIntervals(self) == VersionIntervals(other) && namesPrerelease == other.namesPrerelease
    }

    /// The requirement with the constraints of both.
    public func intersection(_ other: Requirement) -> Requirement {
        Requirement(constraints: Array(Set(constraints + other.constraints)))
    }
}

extension Requirement: CustomStringConvertible {
    /// The normalised spelling: operators spaced, constraints sorted, `= ` written out.
    public var description: String {
        constraints.map(\.description).joined(separator: ", ")
    }
}

/// A text that is not a requirement.
public struct RequirementError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    /// The text that is not a requirement; `ErrorTextPresenter` words it.
    public let text: String
}
