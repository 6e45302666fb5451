import DepsFailures
/// A package's name: letters, digits, `.`, `_`, `+` and `-`, starting with a letter, a digit
/// or `_` (trunk has `_NIODataStructures`), at most 128 characters; never one of the sandbox's
/// own entries (`_local`, `_targets`, `Package.swift`, `Manifest.lock`, in any case). A name that exists is valid, so it is safe to use as
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

    /// A package name, `Package/Subspec`, or a subspec's own subspec `Package/Subspec/Nested`
    /// (BEHAVIOUR 2.3, 2.4, as CocoaPods allows): each part a valid name.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard text.utf8.count <= 4 * maximumLength, let first = parts.first,
              !reservedFolderNames.contains(first.lowercased()) else { return false }
        return parts.allSatisfy { isValidPart(String($0)) }
    }

    /// The entries of the sandbox `Deps/` that are deps' own, lower-cased: a package's folder is
    /// `Deps/<Name>`, so no package may take one of these names (BEHAVIOUR 8.1).
    static let reservedFolderNames: Set<String> = ["_local", "_targets", "package.swift", "manifest.lock"]

    /// A name without any `/`.
    public static func isValidPart(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            && !text.contains("..")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The package a subspec belongs to (`Moya` for `Moya/Core`); the name itself otherwise.
    /// Only this part ever names a folder.
    public var root: PackageName {
        guard let slash = description.firstIndex(of: "/") else { return self }
        return PackageName(trusted: String(description[..<slash]))
    }

    /// `Core` for `Moya/Core`, `SQLCipher/Standard` for `YapDatabase/SQLCipher/Standard`; nil for a
    /// package's own name.
    public var subspec: String? {
        guard let slash = description.firstIndex(of: "/") else { return nil }
        return String(description[description.index(after: slash)...])
    }

    public var isSubspec: Bool { description.contains("/") }

    /// `Moya/Core` from `Moya` and `Core`.
    public func subspec(_ name: String) throws(PackageNameError) -> PackageName {
        try PackageName("\(root)/\(name)")
    }

    private init(trusted text: String) {
        description = text
    }

    /// The resolver's stand-in for a package's spec alone, without its default subspecs: every
    /// subspec depends on it at its own version, so that all of a package's subspecs resolve to
    /// one version. It is spelt so that no Depsfile or spec can name it, and never reaches a lock.
    static func versionAnchor(of name: PackageName) -> PackageName {
        PackageName(trusted: "\(name.root)/")
    }

    /// A package that has no versions, standing for a reason a version cannot be used
    /// (`Moya 14.0.0, which has no subspec Foo`), so that an explanation says why.
    static func unavailable(_ reason: String) -> PackageName {
        PackageName(trusted: reason)
    }

    /// Whether this is one of the resolver's stand-ins rather than a package.
    var isStandIn: Bool { description.hasSuffix("/") || description.contains(" ") }
    var isVersionAnchor: Bool { description.hasSuffix("/") }

    /// The name in lower case, the first key of the lockfile's order.
    public var folded: String { description.lowercased() }

    public static func < (lhs: PackageName, rhs: PackageName) -> Bool {
        let (a, b) = (lhs.folded, rhs.folded)
        if a != b { return a < b }
        return lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }
}

/// A text that is not a package name.
public struct PackageNameError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    /// The text that is not a package name; `ErrorTextPresenter` words it.
    public let text: String
}
