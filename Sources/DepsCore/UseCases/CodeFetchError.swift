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

    /// What went wrong, as data; the presenters word it.
    public enum Cause: Sendable, Equatable {
        /// An archive that would write outside its folder, or holds what deps does not place.
        case unsafeArchive(UnsafeTreeProblem)
        /// An archive past deps' limits; nothing was kept.
        case archiveTooLarge(ArchiveSizeProblem)
        /// A file unzip or tar cannot read, and what it is instead.
        case unreadableArchive(UnreadableArchive)
        /// The commit's submodules cannot be placed.
        case submodule(SubmoduleProblem)
        /// Offline, and the cache lacks it; what is missing, when known.
        case notCached(lacking: CacheLack)
        /// The spec declares one archive digest and the lock pins another.
        case declaredDigestDiffers(declared: String, locked: String)
        /// The downloaded archive's SHA-256 is not the one expected (`expectedFrom`: the spec or the lock).
        case digestMismatch(expected: String, expectedFrom: String, got: String)
        /// An archive whose name says no type deps unpacks.
        case unknownArchiveType
        /// The server answered this status for an archive.
        case serverAnswered(Int)
        /// The code at a commit is unsafe to place (a link out of the tree, a path that escapes).
        case unsafeCode(commit: String, problem: UnsafeTreeProblem)
        /// A commit whose tree holds no file.
        case emptyCommit(String)
        /// A pinned commit the repository does not have.
        case missingCommit(String)
        /// An abbreviated commit that starts several of the repository's commits.
        case ambiguousCommit(String, commits: [String])
        /// A tag that names another commit than the lock pins.
        case tagMoved(tag: String, now: String, pinned: String)
        /// The lock pins an archive digest for code whose spec names git.
        case archivePinForGitSource
        /// A tag, branch or default branch the repository does not have (`reference`: `tag 1.0`).
        case missingReference(String)
        /// A path source whose folder is not there.
        case noSuchFolder
        /// The cache lacks it and this process cannot write the cache (`root`; `lacking`: what is
        /// missing; `reason`: why the cache cannot be written).
        case cacheReadOnly(root: String, lacking: CacheLack, reason: FileProblem)
        /// Fetched, the code cannot be built as its spec describes it (this package's or, named
        /// in the error, another's that it clashes with).
        case unbuildable(SandboxIntegrationError)
        /// git failed on the package's repository.
        case gitFailed(GitFailure)
        /// The archive's download got no answer.
        case httpFailed(HTTPError)
        /// A local archive (a path URL) could not be read.
        case fileFailed(FileAccessError)
    }

    public let name: PackageName
    public let url: String
    public let kind: Kind
    public let cause: Cause
    public let remedy: Remedy?

    public init(name: PackageName, url: String, kind: Kind, cause: Cause, remedy: Remedy? = nil) {
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
