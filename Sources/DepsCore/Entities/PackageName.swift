/// A package's name: letters, digits, `.`, `_`, `+` and `-`, starting with a letter or
/// digit, at most 128 characters. A name that exists is valid, so it is safe to use as
/// a path component.
///
/// Names sort case-insensitively, then by bytes (the lockfile's order).
public struct PackageName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let description: String

    public static let maximumLength = 128

    public init(_ text: String) throws(PackageNameError) {
        guard PackageName.isValid(text) else { throw PackageNameError(text: text) }
        description = text
    }

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            && !text.contains("..")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The name in lower case, the first key of the lockfile's order.
    public var folded: String { description.lowercased() }

    public static func < (lhs: PackageName, rhs: PackageName) -> Bool {
        let (a, b) = (lhs.folded, rhs.folded)
        if a != b { return a < b }
        return lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }
}

/// A text that is not a package name.
public struct PackageNameError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public var description: String { "invalid package name '\(text)'" }
}
