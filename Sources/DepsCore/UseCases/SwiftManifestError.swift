import DepsFailures

/// A Swift package's manifest at a release could not be evaluated by the `swift` on PATH (a
/// manifest that needs a newer toolchain, or one that does not compile): the package, the tag
/// and the first line of the compiler's message (BEHAVIOUR 16; exit status 65).
public struct SwiftManifestError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let package: SwiftPackageIdentity
    public let tag: String
    public let cause: Cause

    public enum Cause: Sendable, Equatable {
        /// The tag's tree has no `Package.swift`.
        case noManifest
        /// `swift package dump-package` failed; the first line of its message.
        case evaluationFailed(String)
        /// What it printed is not the manifest SwiftPM describes (file, line and problem).
        case unreadableDump(MalformedInputError)
        /// The manifest depends on a package by branch or revision, which only a root package
        /// may do in SwiftPM (the dependency's identity and its requirement).
        case unversionedDependency(SwiftPackageIdentity, String)
    }

    public init(package: SwiftPackageIdentity, tag: String, cause: Cause) {
        self.package = package
        self.tag = tag
        self.cause = cause
    }
}
