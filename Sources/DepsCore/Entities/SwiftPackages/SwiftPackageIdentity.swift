/// A Swift package's identity as SwiftPM derives it from its URL (BEHAVIOUR 16): the last part
/// of the path, without `.git`, lower-cased, so that `https://github.com/apple/swift-log.git` and
/// `git@github.com:apple/swift-log` are one package, `swift-log`.
public struct SwiftPackageIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let description: String

    /// The identity of the package at `location` (a URL, an scp-style address or a path).
    public init(location: String) {
        var text = Substring(location)
        while text.hasSuffix("/") { text = text.dropLast() }
        if let slash = text.lastIndex(where: { $0 == "/" || $0 == ":" }) { text = text[text.index(after: slash)...] }
        if text.lowercased().hasSuffix(".git") { text = text.dropLast(4) }
        description = text.lowercased()
    }

    /// An identity as SwiftPM wrote it (`swift package dump-package` names each dependency's).
    public init(_ identity: String) {
        description = identity.lowercased()
    }

    public static func < (lhs: SwiftPackageIdentity, rhs: SwiftPackageIdentity) -> Bool {
        lhs.description < rhs.description
    }
}
