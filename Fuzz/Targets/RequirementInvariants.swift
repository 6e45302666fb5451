// Fuzz target for versions and requirements, compiled into one module with
// Sources/DepsCore/Entities/{Version,Requirement,VersionIntervals}.swift.
//
// The input is read as UTF-8 (anything else is skipped) and split into at most four
// lines; each line is tried as a Version and as a Requirement. What parses must keep
// the entities' promises:
// - a version reads back from its description as an equal version;
// - a requirement reads back from its normalised description with the same meaning,
//   and that description is a fixed point;
// - `<` is a strict total order consistent with `==` and hashing, over the versions read
//   and the versions derived from them (release, pessimistic bound, prerelease floor);
// - a requirement is satisfied by exactly the versions inside its intervals, and its
//   intervals are sorted and disjoint;
// - the intersection of two requirements is satisfied where both are.
// Numbers too large for a segment must be errors, never traps.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else {
        return 0
    }
    var versions: [Version] = []
    var requirements: [Requirement] = []
    for line in text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false) {
        let line = String(line)
        if let version = try? Version(line) {
            checkReadsBack(version)
            versions.append(version)
            versions.append(contentsOf: derived(from: version))
        }
        if let requirement = try? Requirement(line) {
            checkReadsBack(requirement)
            checkIntervals(of: requirement)
            requirements.append(requirement)
            versions.append(contentsOf: requirement.constraints.map(\.version))
        }
    }
    versions = Array(versions.prefix(16))
    checkOrder(versions)
    for requirement in requirements {
        checkSatisfaction(requirement, versions)
    }
    for first in requirements {
        for second in requirements {
            checkIntersection(first, second, versions)
        }
    }
    return 0
}

/// The runs of digits and of letters in the spelling, in order, are the release segments
/// and then the prerelease identifiers: no number was wrapped, truncated or dropped.
private func checkIdentifiers(_ version: Version) {
    var runs: [Version.PrereleaseIdentifier] = []
    var run = ""
    var runIsDigits = false
    func flush() {
        guard !run.isEmpty else { return }
        let digits = run.drop { $0 == "0" }
        runs.append(runIsDigits ? .word("#" + (digits.isEmpty ? "0" : String(digits))) : .word(run))
        run = ""
    }
    for scalar in version.description.unicodeScalars {
        let isDigit = ("0"..."9").contains(scalar)
        if !isDigit && !("a"..."z").contains(scalar) && !("A"..."Z").contains(scalar) {
            flush()
            continue
        }
        if !run.isEmpty && isDigit != runIsDigits { flush() }
        runIsDigits = isDigit
        run.unicodeScalars.append(scalar)
    }
    flush()
    let parsed = (version.releaseSegments.map(Version.PrereleaseIdentifier.number) + version.prerelease).map {
        switch $0 {
        case .number(let n): Version.PrereleaseIdentifier.word("#" + String(n))
        case .word: $0
        }
    }
    guard runs == parsed else {
        fatalError("version \(quoted(version.description)) was read as \(version.releaseSegments) \(version.prerelease)")
    }
}

private func checkReadsBack(_ version: Version) {
    checkIdentifiers(version)
    guard let again = try? Version(version.description) else {
        fatalError("version \(quoted(version.description)) does not read back")
    }
    guard again == version, again.description == version.description,
          again.releaseSegments == version.releaseSegments, again.prerelease == version.prerelease
    else {
        fatalError("version \(quoted(version.description)) reads back as a different version")
    }
}

private func checkReadsBack(_ requirement: Requirement) {
    let description = requirement.description
    guard let again = try? Requirement(description) else {
        fatalError("requirement \(quoted(description)) does not read back")
    }
    guard again.hasSameMeaning(as: requirement), requirement.hasSameMeaning(as: again) else {
        fatalError("requirement \(quoted(description)) reads back with another meaning")
    }
    guard again.description == description else {
        fatalError("requirement \(quoted(description)) reads back as \(quoted(again.description))")
    }
    let reordered = Requirement(constraints: requirement.constraints.reversed())
    guard reordered.hasSameMeaning(as: requirement) else {
        fatalError("the meaning of requirement \(quoted(description)) depends on the order of its constraints")
    }
    guard reordered.description == description else {
        fatalError("requirement \(quoted(description)) is spelled \(quoted(reordered.description)) in another order")
    }
}

/// Versions whose place in the order the entities rely on.
private func derived(from version: Version) -> [Version] {
    let release = Version(segments: version.releaseSegments)
    let upper = version.pessimisticUpperBound
    let floor = version.prereleaseFloor
    guard version.isPrerelease ? version < release : version == release else {
        fatalError("\(quoted(version.description)) is misplaced against its release \(release)")
    }
    guard version < upper, release < upper, upper.prereleaseFloor < upper else {
        fatalError("\(quoted(version.description)) is not below its pessimistic bound \(upper)")
    }
    guard version.isPrerelease ? floor == version : floor < version else {
        fatalError("\(quoted(version.description)) is misplaced against its prerelease floor")
    }
    checkReadsBack(release)
    // A `~>` bound is one past its last kept segment, so it may reach UInt64.max, which no
    // version may be written with; such a bound is compared against, never read or written.
    if !upper.releaseSegments.contains(.max) { checkReadsBack(upper) }
    return [release, upper, floor]
}

private func checkOrder(_ versions: [Version]) {
    for a in versions {
        guard !(a < a), a == a else { fatalError("\(a) is not ordered against itself") }
        for b in versions {
            let outcomes = [a < b, a == b, b < a].filter { $0 }.count
            guard outcomes == 1 else {
                fatalError("\(quoted(a.description)) and \(quoted(b.description)): \(outcomes) of <, ==, > hold")
            }
            if a == b && a.hashValue != b.hashValue {
                fatalError("\(quoted(a.description)) == \(quoted(b.description)) but their hashes differ")
            }
            guard a < b else { continue }
            for c in versions where b < c && !(a < c) {
                fatalError("\(a) < \(b) < \(c) but not \(a) < \(c)")
            }
        }
    }
}

private func checkIntervals(of requirement: Requirement) {
    let intervals = VersionIntervals(requirement).intervals
    for interval in intervals where interval.isEmpty {
        fatalError("\(quoted(requirement.description)) keeps an empty interval \(interval)")
    }
    for (left, right) in zip(intervals, intervals.dropFirst()) {
        guard let end = left.upper.version, let start = right.lower.version else {
            fatalError("\(quoted(requirement.description)) has an unbounded interval inside")
        }
        let apart = end < start || (end == start && left.upper.isExclusive && right.lower.isExclusive)
        guard apart else {
            fatalError("\(quoted(requirement.description)) has overlapping or unsorted intervals")
        }
    }
}

private func checkSatisfaction(_ requirement: Requirement, _ versions: [Version]) {
    let intervals = VersionIntervals(requirement)
    for version in versions where requirement.isSatisfied(by: version) != intervals.contains(version) {
        fatalError("\(quoted(requirement.description)) and its intervals disagree on \(quoted(version.description))")
    }
}

private func checkIntersection(_ first: Requirement, _ second: Requirement, _ versions: [Version]) {
    if first == second && !first.hasSameMeaning(as: second) {
        fatalError("\(quoted(first.description)) == \(quoted(second.description)) but they mean different things")
    }
    let both = first.intersection(second)
    guard both.hasSameMeaning(as: second.intersection(first)) else {
        fatalError("intersection of \(quoted(first.description)) and \(quoted(second.description)) is not symmetric")
    }
    guard VersionIntervals(both) == VersionIntervals(first).intersection(VersionIntervals(second)) else {
        fatalError("intersection of \(quoted(first.description)) and \(quoted(second.description)) has other intervals")
    }
    for version in versions
    where both.isSatisfied(by: version) != (first.isSatisfied(by: version) && second.isSatisfied(by: version)) {
        fatalError("intersection of \(quoted(first.description)) and \(quoted(second.description)) disagrees on \(version)")
    }
    if first.hasSameMeaning(as: second) != second.hasSameMeaning(as: first) {
        fatalError("hasSameMeaning is not symmetric for \(quoted(first.description)) and \(quoted(second.description))")
    }
}

extension VersionIntervals {
    func contains(_ version: Version) -> Bool {
        intervals.contains { interval in
            let aboveLower = switch interval.lower {
            case .unbounded: true
            case .inclusive(let bound): version >= bound
            case .exclusive(let bound): version > bound
            }
            let belowUpper = switch interval.upper {
            case .unbounded: true
            case .inclusive(let bound): version <= bound
            case .exclusive(let bound): version < bound
            }
            return aboveLower && belowUpper
        }
    }
}

extension VersionIntervals.Bound {
    var isExclusive: Bool {
        if case .exclusive = self { return true }
        return false
    }
}
