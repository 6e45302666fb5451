import DepsFailures

/// Something a remote store of code (a mirror's `code/`, the remote cache) did that the
/// install went on without (BEHAVIOUR 14): worded by a presenter, printed as a warning.
public struct RemoteCodeWarning: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The store's copy is not the locked pin; `detail` says what it is instead. The code was
        /// taken from `origin` (or, when that is nil, the install failed for the package).
        case refused
        /// The store could not be asked (down, slow): `detail` is the cause. It is not asked
        /// again in this run.
        case unreachable
        /// An upload failed: `detail` is the cause or the server's status.
        case uploadFailed
    }

    /// Whether the store is a mirror (read only) or the remote cache.
    public enum Store: Sendable, Equatable {
        case mirror
        case remoteCache
    }

    public let kind: Kind
    public let store: Store
    public let package: PackageName
    /// The object's URL in the store (never with a login: those come from netrc).
    public let url: String
    /// Where the code was fetched instead, when it was.
    public let origin: String?
    public let detail: Detail

    /// What the store did, as data the presenter words.
    public enum Detail: Sendable, Equatable {
        /// The copy is not the pinned code.
        case notThePin(RemoteCopyProblem)
        /// The download or upload failed.
        case httpFailed(HTTPError)
        /// The downloaded copy could not be read to check it.
        case unreadable(FileAccessError)
        /// git, which checks a downloaded pack, could not be run.
        case checkNotRun(ChildProcessError)
        /// The server answered this status to an upload.
        case serverAnswered(Int)
    }

    public init(kind: Kind, store: Store, package: PackageName, url: String, origin: String?, detail: Detail) {
        self.kind = kind
        self.store = store
        self.package = package
        self.url = url
        self.origin = origin
        self.detail = detail
    }
}
