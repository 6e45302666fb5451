import DepsFailures
/// A package version, compared by CocoaPods' rules.
///
/// A version is dot-separated segments (`1`, `1.2`, `3.2016.0521`). It is a
/// prerelease when it has a part after a `-` (`2.0.0-beta.4`) or a segment with
/// letters (`1.0.0.beta1`; in `1.0.1b` the opening digits still belong to the
/// release, so it is a prerelease of 1.0.1). Trailing zero release segments do not matter when
/// comparing (`1.0 == 1.0.0`); a prerelease sorts before its release; prerelease
/// identifiers compare one by one, numbers numerically, words lexically, and a
/// number above a word. A shorter prerelease sorts before a longer one it prefixes.
///
/// The original spelling is kept for output (`description`).
public struct Version: Sendable {
    /// One identifier of a prerelease part: a run of digits or a run of letters.
    public enum PrereleaseIdentifier: Sendable, Hashable, Comparable {
        case number(UInt64)
        case word(String)

        public static func < (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case let (.number(a), .number(b)): return a < b
            case let (.word(a), .word(b)): return a < b
            case (.word, .number): return true
            case (.number, .word): return false
            }
        }
    }

    /// The spelling the version was read from.
    public let description: String
    /// A release whose significant segments are at most four, each below 65,536 (nearly
    /// every version), keeps them here, 16 bits each, the first segment highest and missing
    /// ones zero, so that comparing two such versions is comparing two integers and a
    /// version costs no allocation. Equal versions are either both packed or both not.
    private let packedRelease: UInt64
    /// How many release segments were written (`1.0` has two); for packed versions only.
    private let writtenSegmentCount: Int
    /// The segments and identifiers of every other version; nil when packed.
    private let unpacked: Unpacked?

    private final class Unpacked: Sendable {
        let releaseSegments: [UInt64]
        let prerelease: [PrereleaseIdentifier]

        init(releaseSegments: [UInt64], prerelease: [PrereleaseIdentifier]) {
            self.releaseSegments = releaseSegments
            self.prerelease = prerelease
        }
    }

    /// The numeric release segments as written (`1.0` keeps two segments).
    public var releaseSegments: [UInt64] {
        if let unpacked { return unpacked.releaseSegments }
        return (0..<writtenSegmentCount).map(packedSegment)
    }

    /// The prerelease identifiers; empty for a release.
    public var prerelease: [PrereleaseIdentifier] {
        unpacked?.prerelease ?? []
    }

    /// Reads a version; throws `VersionError` for anything that is not one.
    public init(_ text: String) throws(VersionError) {
        guard let parsed = Version.parse(text) else { throw VersionError(text: text) }
        self = parsed
    }

    /// Builds a release version from its segments (`Version(segments: [1, 2])` is `1.2`).
    public init(segments: [UInt64]) {
        precondition(!segments.isEmpty, "a version has at least one segment")
        self.init(description: segments.map(String.init).joined(separator: "."), releaseSegments: segments, prerelease: [])
    }

    /// A stand-in version with no release of its own (`0`), described as `text`: what a package
    /// without versions is chosen at (`Version.unversioned`).
    init(standingFor text: String) {
        self.init(description: text, releaseSegments: [0], prerelease: [])
    }

    private init(description: String, releaseSegments: [UInt64], prerelease: [PrereleaseIdentifier]) {
        self.description = description
        if prerelease.isEmpty, let packed = Version.pack(releaseSegments) {
            packedRelease = packed
            writtenSegmentCount = releaseSegments.count
            unpacked = nil
        } else {
            packedRelease = 0
            writtenSegmentCount = 0
            unpacked = Unpacked(releaseSegments: releaseSegments, prerelease: prerelease)
        }
    }

    /// The packed form of release segments; nil when they do not fit.
    private static func pack(_ segments: [UInt64]) -> UInt64? {
        var end = segments.count
        while end > 0 && segments[end - 1] == 0 { end -= 1 }
        guard end <= 4 else { return nil }
        var packed: UInt64 = 0
        for position in 0..<4 {
            let segment = position < end ? segments[position] : 0
            guard segment <= 0xFFFF else { return nil }
            packed = packed << 16 | segment
        }
        return packed
    }

    private func packedSegment(_ position: Int) -> UInt64 {
        position < 4 ? (packedRelease >> UInt64(48 - 16 * position)) & 0xFFFF : 0
    }

    /// The release segment at `position`, zero past the written ones.
    private func segment(_ position: Int) -> UInt64 {
        guard let unpacked else { return packedSegment(position) }
        return position < unpacked.releaseSegments.count ? unpacked.releaseSegments[position] : 0
    }

    private var segmentCount: Int {
        unpacked?.releaseSegments.count ?? writtenSegmentCount
    }

    public var isPrerelease: Bool { unpacked.map { !$0.prerelease.isEmpty } ?? false }

    /// The version a `~>` requirement stops below: drop the prerelease, drop the
    /// last segment when there are several, and increment the new last one.
    /// `1.2.3` → `1.3`, `1.2` → `2`, `1` → `2`, `2.0.0-alpha.2` → `2.1`.
    public var pessimisticUpperBound: Version {
        var segments = releaseSegments
        if segments.count > 1 { segments.removeLast() }
        segments[segments.count - 1] += 1
        return Version(segments: segments)
    }

    /// Where an exclusive upper bound at this version really stops. For a release that is
    /// below its own prereleases, so that `< 2` and `~> 1.2` leave out `2.0.0-beta.1` as well
    /// as `2` (CocoaPods' `~>` does the same); for a prerelease it is the version itself.
    /// The value is spelled like the release, but equals no version that can be read.
    var prereleaseFloor: Version {
        guard !isPrerelease else { return self }
        return Version(description: description, releaseSegments: releaseSegments, prerelease: [.word("")])
    }

    /// Whether `self` lies below an exclusive upper bound at `bound`, which `prereleaseFloor`
    /// moves below the bound's prereleases: the same as `self < bound.prereleaseFloor`
    /// without building the floor. A release below the floor is below the bound itself.
    func isBelow(exclusiveBound bound: Version) -> Bool {
        isPrerelease ? self < bound.prereleaseFloor : self < bound
    }

    /// Reads the text byte by byte: versions are ASCII, and they are parsed for every spec,
    /// lock entry and file name deps reads.
    private static func parse(_ text: String) -> Version? {
        var text = text
        return text.withUTF8 { bytes -> Version? in
            guard !bytes.isEmpty, bytes.count <= 256, isDigit(bytes[0]) else { return nil }
            let dash = bytes.firstIndex(of: UInt8(ascii: "-"))
            let mainEnd = dash ?? bytes.count
            var release: [UInt64] = []
            var prerelease: [PrereleaseIdentifier] = []
            var start = 0
            while true {
                var end = start
                while end < mainEnd && bytes[end] != UInt8(ascii: ".") { end += 1 }
                guard let identifiers = identifiers(of: UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return nil }
                var rest = identifiers[...]
                // Digits that open a segment still count as a release segment until the
                // prerelease has begun: `1.0.1b` is a prerelease of 1.0.1, as in RubyGems.
                if prerelease.isEmpty, case let .number(n) = rest.first {
                    // A `~>` bound adds one to a release segment, so the largest number is refused.
                    guard n < UInt64.max else { return nil }
                    release.append(n)
                    rest = rest.dropFirst()
                }
                prerelease.append(contentsOf: rest)
                if end == mainEnd { break }
                start = end + 1
            }
            if let dash {
                start = dash + 1
                while true {
                    var end = start
                    while end < bytes.count && bytes[end] != UInt8(ascii: ".") && bytes[end] != UInt8(ascii: "-") { end += 1 }
                    guard let identifiers = identifiers(of: UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return nil }
                    prerelease.append(contentsOf: identifiers)
                    if end == bytes.count { break }
                    start = end + 1
                }
            }
            return Version(description: String(decoding: bytes, as: UTF8.self), releaseSegments: release, prerelease: prerelease)
        }
    }

    /// Splits `beta12` into `[beta, 12]`; nil for an empty segment, one with other characters,
    /// or a number too large for 64 bits.
    private static func identifiers(of segment: UnsafeBufferPointer<UInt8>) -> [PrereleaseIdentifier]? {
        guard !segment.isEmpty else { return nil }
        var result: [PrereleaseIdentifier] = []
        var runStart = 0
        while runStart < segment.count {
            let digits = isDigit(segment[runStart])
            guard digits || isLetter(segment[runStart]) else { return nil }
            var runEnd = runStart
            var number: UInt64 = 0
            while runEnd < segment.count {
                let byte = segment[runEnd]
                if digits {
                    guard isDigit(byte) else { break }
                    let (shifted, overflowA) = number.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                    guard !overflowA && !overflowB else { return nil }
                    number = sum
                } else {
                    guard isLetter(byte) else { break }
                }
                runEnd += 1
            }
            result.append(digits
                ? .number(number)
                : .word(String(decoding: UnsafeBufferPointer(rebasing: segment[runStart..<runEnd]), as: UTF8.self)))
            runStart = runEnd
        }
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}

extension Version: Hashable {
    public static func == (lhs: Version, rhs: Version) -> Bool {
        switch (lhs.unpacked, rhs.unpacked) {
        case (nil, nil):
            return lhs.packedRelease == rhs.packedRelease
        case let (a?, b?):
            return a === b || (lhs.significantSegmentCount == rhs.significantSegmentCount
                && (0..<lhs.significantSegmentCount).allSatisfy { lhs.segment($0) == rhs.segment($0) }
                && a.prerelease == b.prerelease)
        default:
            // Equal versions pack alike.
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        guard let unpacked else {
            hasher.combine(packedRelease)
            return
        }
        for position in 0..<significantSegmentCount { hasher.combine(segment(position)) }
        hasher.combine(unpacked.prerelease)
    }

    /// The release segments without trailing zeros: what equality and hashing use.
    private var significantSegmentCount: Int {
        var end = segmentCount
        while end > 0 && segment(end - 1) == 0 { end -= 1 }
        return end
    }
}

extension Version: Comparable {
    public static func < (lhs: Version, rhs: Version) -> Bool {
        if lhs.unpacked == nil && rhs.unpacked == nil { return lhs.packedRelease < rhs.packedRelease }
        let count = max(lhs.segmentCount, rhs.segmentCount)
        for position in 0..<count {
            let (a, b) = (lhs.segment(position), rhs.segment(position))
            if a != b { return a < b }
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): return lhs.prerelease.lexicographicallyPrecedes(rhs.prerelease)
        }
    }
}

extension Version: CustomStringConvertible {}

/// A text that is not a version.
public struct VersionError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    /// The text that is not a version; `ErrorTextPresenter` words it.
    public let text: String
}
