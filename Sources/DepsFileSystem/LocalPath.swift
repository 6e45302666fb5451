#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path on the local file system, absolute or relative, as the bytes of its text: the one
/// place that knows how paths join and split. A component may hold any character but `/` (a
/// NUL included: what refuses one is the reader of the text it came from, not the path).
public struct LocalPath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's text, as the system calls take it.
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public init(stringLiteral string: String) {
        self.string = string
    }

    public var description: String { string }

    public static func < (lhs: LocalPath, rhs: LocalPath) -> Bool { lhs.string < rhs.string }

    /// Whether the path starts at `/`.
    public var isAbsolute: Bool { string.hasPrefix("/") }

    /// `self/relative`, or `relative` itself when it is absolute. `relative` may hold several
    /// components (`specs/git`); a trailing `/` on `self` is not doubled.
    public func appending(_ relative: String) -> LocalPath {
        if relative.hasPrefix("/") { return LocalPath(relative) }
        return LocalPath(string.hasSuffix("/") ? string + relative : "\(string)/\(relative)")
    }

    /// `self/relative`, or `relative` itself when it is absolute.
    public func appending(_ relative: LocalPath) -> LocalPath {
        appending(relative.string)
    }

    public static func / (directory: LocalPath, relative: String) -> LocalPath {
        directory.appending(relative)
    }

    /// The path with `suffix` added to its last component: `entry.lock` beside `entry`.
    public func addingSuffix(_ suffix: String) -> LocalPath {
        LocalPath(string + suffix)
    }

    /// The folder holding this entry: the text before the last `/`; `/` for a name at the root,
    /// `.` for a path without `/`.
    public var parent: LocalPath {
        guard let slash = string.lastIndex(of: "/") else { return "." }
        return slash == string.startIndex ? "/" : LocalPath(String(string[..<slash]))
    }

    /// The text after the last `/` (the whole path when it has none; empty after a trailing `/`).
    public var lastComponent: String {
        guard let slash = string.lastIndex(of: "/") else { return string }
        return String(string[string.index(after: slash)...])
    }

    /// An absolute form of this path: itself when absolute, else taken from `directory`, which is
    /// itself taken from the current directory when relative.
    public func resolved(against directory: LocalPath) -> LocalPath {
        if isAbsolute { return self }
        var base = directory
        if !base.isAbsolute {
            let current = LocalPath.currentDirectory()
            base = base == "." ? current : current.appending(base)
        }
        return base.appending(self)
    }

    /// The process's current directory; `/` when it cannot be read.
    static func currentDirectory() -> LocalPath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return LocalPath(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
