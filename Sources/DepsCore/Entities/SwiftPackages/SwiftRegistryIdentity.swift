import DepsFailures

/// A package's identity in a Swift package registry (SE-0292, BEHAVIOUR 16): `scope.name`, as
/// `mona.LinkedList`. The scope is 1 to 39 letters, digits and hyphens; the name 1 to 100 letters,
/// digits, hyphens and underscores; neither begins or ends with a hyphen or an underscore, nor
/// has two of them in a row. Registries compare identities case-insensitively, so
/// `Mona.linkedlist` is the same package; the spelling first given is kept for URLs and messages.
public struct SwiftRegistryIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let scope: String
    public let name: String

    public static let maximumScopeLength = 39
    public static let maximumNameLength = 100

    public init(_ text: String) throws(SwiftRegistryIdentityError) {
        guard let dot = text.firstIndex(of: ".") else { throw SwiftRegistryIdentityError(text: text, problem: .noScope) }
        let scope = String(text[..<dot])
        let name = String(text[text.index(after: dot)...])
        guard Self.isValid(scope, separators: [UInt8(ascii: "-")], maximumLength: Self.maximumScopeLength) else {
            throw SwiftRegistryIdentityError(text: text, problem: .invalidScope)
        }
        guard Self.isValid(name, separators: [UInt8(ascii: "-"), UInt8(ascii: "_")], maximumLength: Self.maximumNameLength) else {
            throw SwiftRegistryIdentityError(text: text, problem: .invalidName)
        }
        self.scope = scope
        self.name = name
    }

    /// `scope.name` as first given.
    public var description: String { scope + "." + name }

    /// The identity as SwiftPM names a registry dependency (lower-cased), the spelling by which
    /// it is compared.
    public var swiftPackageIdentity: SwiftPackageIdentity { SwiftPackageIdentity(description) }

    public static func == (lhs: SwiftRegistryIdentity, rhs: SwiftRegistryIdentity) -> Bool {
        lhs.swiftPackageIdentity == rhs.swiftPackageIdentity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(swiftPackageIdentity)
    }

    public static func < (lhs: SwiftRegistryIdentity, rhs: SwiftRegistryIdentity) -> Bool {
        lhs.swiftPackageIdentity < rhs.swiftPackageIdentity
    }

    /// Letters and digits, with single `separators` between them, at most `maximumLength` bytes.
    private static func isValid(_ part: String, separators: Set<UInt8>, maximumLength: Int) -> Bool {
        let bytes = Array(part.utf8)
        guard let first = bytes.first, let last = bytes.last, bytes.count <= maximumLength,
              isAlphanumeric(first), isAlphanumeric(last) else { return false }
        var previousWasSeparator = false
        for byte in bytes {
            if separators.contains(byte) {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else if isAlphanumeric(byte) {
                previousWasSeparator = false
            } else {
                return false
            }
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

/// A text that is not a registry identity (exit status 65): which part breaks the rules.
public struct SwiftRegistryIdentityError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let text: String
    public let problem: Problem

    public enum Problem: Sendable, Equatable {
        /// No `.` between a scope and a name.
        case noScope
        /// The scope is empty, too long, or has a character or a hyphen where SE-0292 allows none.
        case invalidScope
        /// The name is empty, too long, or has a character, hyphen or underscore where SE-0292 allows none.
        case invalidName
    }

    public init(text: String, problem: Problem) {
        self.text = text
        self.problem = problem
    }
}
