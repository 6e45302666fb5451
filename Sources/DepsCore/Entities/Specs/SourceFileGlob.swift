import DepsFailures
/// A spec's file pattern (`source_files`, `exclude_files`, `resources`, ...), with CocoaPods'
/// meaning: `*` matches within one folder, `**` any number of folders (none included), `?` one
/// character, `[mh]` one of a set (`[a-z]` a range, `[!h]` or `[^h]` any other), `{a,b}` either
/// alternative; letters match whatever their case, as CocoaPods matches them.
/// Paths are relative to the package's folder, with `/` between folders.
public struct SourceFileGlob: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// The pattern with its braces expanded, each split into path segments.
    private let alternatives: [[Segment]]

    /// One segment of a pattern: `**` (any number of folders), or a pattern within one name.
    private enum Segment: Sendable, Hashable {
        case anyFolders
        case name([Unicode.Scalar])
    }

    /// A path split once into its segments, to be matched against many patterns.
    public struct Path: Sendable {
        let segments: [[Unicode.Scalar]]

        public init(_ path: String) {
            segments = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        }
    }

    /// The default of a spec without `source_files`.
    public static let defaultPatterns = ["Sources/**/*.swift"]
    /// The same, parsed once.
    public static let defaults: [SourceFileGlob] = defaultPatterns.map { try! SourceFileGlob($0) }

    public init(_ pattern: String) throws(SourceFileGlobError) {
        guard !pattern.isEmpty else { throw SourceFileGlobError(pattern: pattern, reason: .empty) }
        guard !pattern.hasPrefix("/") else { throw SourceFileGlobError(pattern: pattern, reason: .absolute) }
        let expanded = try Self.expandBraces(pattern)
        for alternative in expanded where alternative.split(separator: "/").contains("..") {
            throw SourceFileGlobError(pattern: pattern, reason: .reachesOutside)
        }
        description = pattern
        alternatives = expanded.map { alternative in
            let parts = alternative.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
            return parts.enumerated().map { index, part in
                // `**` not followed by `/` is `*`, as Ruby's fnmatch reads it.
                part == "**" && index < parts.count - 1 ? .anyFolders : .name(Array((part == "**" ? "*" : part).unicodeScalars))
            }
        }
    }

    /// Whether a file's path (relative to the package's folder) matches.
    public func matches(_ path: String) -> Bool {
        matches(Path(path))
    }

    /// The same for a path already split.
    public func matches(_ path: Path) -> Bool {
        alternatives.contains { Self.match($0[...], path.segments[...]) }
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        switch head {
        case .anyFolders:
            // Any number of folders, none included.
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case let .name(name):
            guard let segment = path.first else { return false }
            // A wildcard does not match a hidden file or folder's leading dot, as in a shell.
            if segment.first == ".", name.first != "." { return false }
            guard matchSegment(name[...], segment[...]) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    /// `*`, `?` and `[...]` within one segment; `*` does not match a leading dot (hidden files), as a
    /// shell's glob. Letters are compared without their case.
    private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        switch head {
        case "*":
            var rest = text
            while true {
                if matchSegment(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !text.isEmpty && matchSegment(pattern.dropFirst(), text.dropFirst())
        case "[":
            if let set = ScalarSet(pattern.dropFirst()) {
                guard let first = text.first, set.contains(first) else { return false }
                return matchSegment(pattern.dropFirst(set.length + 1), text.dropFirst())
            }
            return text.first == "[" && matchSegment(pattern.dropFirst(), text.dropFirst())
        default:
            guard let first = text.first, folded(first) == folded(head) else { return false }
            return matchSegment(pattern.dropFirst(), text.dropFirst())
        }
    }

    /// An ASCII letter in lower case; anything else as it is.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (scalar.value >= 0x41 && scalar.value <= 0x5A) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }

    /// `[abc]`, `[a-z]`, `[!abc]` or `[^abc]`: read from just after the `[`; nil when no `]` closes it
    /// (the `[` is then an ordinary character).
    private struct ScalarSet {
        var members: [ClosedRange<UInt32>] = []
        var negated = false
        /// The scalars the set takes after its `[`, its `]` included.
        var length = 0

        init?(_ text: ArraySlice<Unicode.Scalar>) {
            var index = text.startIndex
            if index < text.endIndex, text[index] == "!" || text[index] == "^" {
                negated = true
                index += 1
            }
            var first = true
            while index < text.endIndex {
                let scalar = text[index]
                if scalar == "]" && !first {
                    length = index - text.startIndex + 1
                    return
                }
                first = false
                if index + 2 < text.endIndex, text[index + 1] == "-", text[index + 2] != "]" {
                    let low = folded(scalar).value, high = folded(text[index + 2]).value
                    members.append(min(low, high)...max(low, high))
                    index += 3
                } else {
                    members.append(folded(scalar).value...folded(scalar).value)
                    index += 1
                }
            }
            return nil
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = folded(scalar).value
            return members.contains { $0.contains(value) } != negated
        }
    }

    /// `Sources/{A,B}/*.{h,m}` → the four patterns it stands for.
    static func expandBraces(_ pattern: String) throws(SourceFileGlobError) -> [String] {
        let scalars = Array(pattern.unicodeScalars)
        guard let open = scalars.firstIndex(of: "{") else {
            if scalars.contains("}") { throw SourceFileGlobError(pattern: pattern, reason: .unopenedBrace) }
            return [pattern]
        }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<scalars.count {
            switch scalars[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { throw SourceFileGlobError(pattern: pattern, reason: .unclosedBrace) }
        let prefix = String(String.UnicodeScalarView(scalars[..<open]))
        let suffix = String(String.UnicodeScalarView(scalars[(close + 1)...]))
        var bounds = [open] + commas + [close]
        var results: [String] = []
        while bounds.count >= 2 {
            let option = String(String.UnicodeScalarView(scalars[(bounds[0] + 1)..<bounds[1]]))
            results += try expandBraces(prefix + option + suffix)
            bounds.removeFirst()
        }
        return results
    }
}

/// A `source_files` pattern that cannot be used, as data; the readers of spec files word it.
public struct SourceFileGlobError: ExitStatusError, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case empty
        case absolute
        /// A `..` component.
        case reachesOutside
        /// A `}` with no `{` before it.
        case unopenedBrace
        /// A `{` with no `}` after it.
        case unclosedBrace
    }

    public var exitStatus: ExitStatus { .malformedInput }
    public let pattern: String
    public let reason: Reason
}

/// Swift module names: what a spec's `module:` may be, and the default made from a package name.
public enum ModuleName {
    /// A Swift identifier: a letter or `_`, then letters, digits and `_` (ASCII).
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, !text.isEmpty else { return false }
        func letter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F }
        return letter(first) && text.utf8.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }


    /// The package's name with every character a module name cannot hold replaced by `_`
    /// (`Socket.IO-Client-Swift` → `Socket_IO_Client_Swift`), and `_` before a leading digit.
    public static func defaultName(for name: PackageName) -> String {
        identifier(from: name.description)
    }

    /// Any text made a module name the same way (`header_dir` `leveldb` → `leveldb`).
    public static func identifier(from name: String) -> String {
        var text = String(name.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let allowed = (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || value == 0x5F
            return allowed ? Character(scalar) : "_"
        })
        if let first = text.utf8.first, first >= 0x30 && first <= 0x39 { text = "_" + text }
        return text
    }
}
