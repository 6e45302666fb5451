/// The versions a requirement covers, as a canonical union of disjoint intervals.
///
/// Two requirements mean the same exactly when their intervals are equal, which is
/// how deps compares a Depsfile requirement with the one recorded in the lockfile.
/// The exclusive upper bound of `~>` at a release V sits below V's prereleases (see
/// `Version.prereleaseFloor`), so `~> 1.2` leaves out `2.0-beta` too; `< 2` stops at 2 itself.
public struct VersionIntervals: Sendable, Hashable {
    public enum Bound: Sendable, Hashable {
        case unbounded
        case inclusive(Version)
        case exclusive(Version)

        var version: Version? {
            switch self {
            case .unbounded: nil
            case let .inclusive(v), let .exclusive(v): v
            }
        }
    }

    public struct Interval: Sendable, Hashable {
        public let lower: Bound
        public let upper: Bound

        var isEmpty: Bool {
            guard let low = lower.version, let high = upper.version else { return false }
            if low < high { return false }
            if low > high { return true }
            if case .inclusive = lower, case .inclusive = upper { return false }
            return true
        }
    }

    /// Sorted, disjoint and non-adjacent intervals.
    public let intervals: [Interval]

    public static let all = VersionIntervals(intervals: [Interval(lower: .unbounded, upper: .unbounded)])

    private init(intervals: [Interval]) {
        self.intervals = intervals
    }

    public init(_ requirement: Requirement) {
        var result = VersionIntervals.all
        for constraint in requirement.constraints {
            result = result.intersection(VersionIntervals(constraint))
        }
        self = result
    }

    init(_ constraint: Requirement.Constraint) {
        let v = constraint.version
        switch constraint.op {
        case .equal: intervals = [Interval(lower: .inclusive(v), upper: .inclusive(v))]
        case .notEqual:
            intervals = [Interval(lower: .unbounded, upper: .exclusive(v)), Interval(lower: .exclusive(v), upper: .unbounded)]
        case .greater: intervals = [Interval(lower: .exclusive(v), upper: .unbounded)]
        case .greaterOrEqual: intervals = [Interval(lower: .inclusive(v), upper: .unbounded)]
        case .less: intervals = [Interval(lower: .unbounded, upper: .exclusive(v))]
        case .lessOrEqual: intervals = [Interval(lower: .unbounded, upper: .inclusive(v))]
        case .pessimistic:
            intervals = [Interval(lower: .inclusive(v), upper: .exclusive(v.pessimisticUpperBound.prereleaseFloor))]
        }
    }

    public var isEmpty: Bool { intervals.isEmpty }

    public func intersection(_ other: VersionIntervals) -> VersionIntervals {
        var result: [Interval] = []
        for a in intervals {
            for b in other.intervals {
                let candidate = Interval(lower: Self.higherLower(a.lower, b.lower), upper: Self.lowerUpper(a.upper, b.upper))
                if !candidate.isEmpty { result.append(candidate) }
            }
        }
        return VersionIntervals(intervals: result)
    }

    private static func higherLower(_ a: Bound, _ b: Bound) -> Bound {
        guard let va = a.version else { return b }
        guard let vb = b.version else { return a }
        if va != vb { return va > vb ? a : b }
        if case .exclusive = a { return a }
        return b
    }

    private static func lowerUpper(_ a: Bound, _ b: Bound) -> Bound {
        guard let va = a.version else { return b }
        guard let vb = b.version else { return a }
        if va != vb { return va < vb ? a : b }
        if case .exclusive = a { return a }
        return b
    }
}
