import DepsFailures
/// A package's code that could not be fetched: the package, the URL and the cause.
public struct CodeFetchError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { kind == .integrity ? .malformedInput : .inputOutput }
    public enum Kind: Sendable, Equatable {
        /// The network or the file system failed (exit status 74).
        case unreachable
        /// The code is not what the spec or the lock pins (a digest, a moved tag, an unsafe archive; 65).
        case integrity
        /// Fetching was ruled out (offline), and the cache does not hold it (74).
        case notCached
    }

    /// What the user can do about it; the presenters word it, naming the command or the flag.
    public enum Remedy: Sendable, Equatable {
        /// Updating the package takes what its origin has now (a lock pinning other code).
        case update
        /// Only when the new code is trusted: updating takes it (a tag moved since it was locked).
        case updateIfTrusted
        /// Fetching, which the command was told not to do, would get it.
        case fetchOnline
    }

    public let name: PackageName
    public let url: String
    public let kind: Kind
    public let cause: String
    public let remedy: Remedy?

    public init(name: PackageName, url: String, kind: Kind, cause: String, remedy: Remedy? = nil) {
        self.name = name
        self.url = url
        self.kind = kind
        self.cause = cause
        self.remedy = remedy
    }
}

/// Installing the sandbox failed for one or more packages; nothing was written to Depsfile.lock.
public struct SandboxInstallError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { isIntegrityFailure ? .malformedInput : .inputOutput }
    public let failures: [CodeFetchError]

    public init(failures: [CodeFetchError]) {
        self.failures = failures.sorted { $0.name < $1.name }
    }

    /// The integrity failures are malformed input; the rest are I/O.
    public var isIntegrityFailure: Bool { failures.contains { $0.kind == .integrity } }
    /// Whether every failure is code the cache lacks while fetching was ruled out.
    public var isOffline: Bool { failures.allSatisfy { $0.kind == .notCached } }
}

/// A locked package whose spec does not say where its code is.
public struct MissingCodeSourceError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let name: PackageName
    public let version: Version
}
