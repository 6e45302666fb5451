/// What makes a fetched tree (an extracted archive, a commit's files) unsafe to place, naming the
/// entry as the tree writes it.
public enum UnsafeTreeProblem: Sendable, Equatable {
    /// A FIFO, a device or a socket.
    case notAFileFolderOrLink(path: String)
    /// A symbolic link whose target, followed through the tree's own links, is outside the tree.
    case linkOutside(path: String)
    /// An archive entry whose name is absolute or climbs out with `..`.
    case entryOutside(name: String)
}

/// An archive past deps' limits: what it unpacks to (or declares it would), and the limit.
public struct ArchiveSizeProblem: Sendable, Equatable {
    public enum Measure: Sendable, Equatable {
        case bytes(UInt64, limit: UInt64)
        /// Files and folders.
        case entries(Int, limit: Int)
    }

    public let measure: Measure
    /// Whether the size is what the archive's listing declares (nothing was unpacked yet).
    public let declared: Bool
    /// The setting that raises the limit, when the user can raise it.
    public let setting: String?

    public init(measure: Measure, declared: Bool, setting: String?) {
        self.measure = measure
        self.declared = declared
        self.setting = setting
    }
}

/// A file format told by its first bytes.
public enum ArchiveFormat: Sendable, Equatable {
    case zip, tar, gzip, bzip2, xz
}

/// What a file that unzip or tar cannot read is, told by its first bytes; `expected` is the
/// archive its URL names.
public enum UnreadableArchive: Sendable, Equatable {
    case empty(expected: ArchiveFormat)
    /// A web page (an error or sign-in page) came in place of the archive.
    case htmlPage(bytes: UInt64, expected: ArchiveFormat)
    /// It starts as the archive should and is cut short or damaged.
    case damaged(ArchiveFormat, bytes: UInt64)
    case otherFormat(ArchiveFormat, bytes: UInt64, expected: ArchiveFormat)
    /// None deps knows: its first bytes.
    case unknown(bytes: UInt64, expected: ArchiveFormat, head: [UInt8])
}

/// Why a commit's submodules are not placed.
public enum SubmoduleProblem: Sendable, Equatable {
    case nestedTooDeep(maximum: Int)
    /// A submodule (its path) that `.gitmodules` gives no URL.
    case noURL(path: String)
    /// A URL `.gitmodules` writes that deps does not fetch.
    case url(String, SubmoduleURLProblem)
    case pathNotPlain(String)
    case pathThroughLink(String)
    case pathNotAFolder(String)
    case pathHoldsFiles(String)
}

/// Why a submodule's URL is not fetched.
public enum SubmoduleURLProblem: Sendable, Equatable {
    /// Empty, an option, or holding control characters.
    case notFetchable
    /// A local path or `file://` URL named by a remote repository (`base`).
    case localFromRemote(base: String)
    /// Not https, http, ssh, git or a path.
    case unknownScheme
    /// A relative URL that climbs above its repository's host or root (`base`).
    case climbsAbove(base: String)
}

/// Why a copy a remote code store gave is not the pinned code.
public enum RemoteCopyProblem: Sendable, Equatable {
    /// An archive whose SHA-256 is another.
    case digestDiffers(got: String, expected: String)
    /// A git packfile git does not read (git's first line of standard error, or its exit status).
    case notAPackfile(GitOutput)
    /// A packfile without the commit.
    case noCommit(String)
    /// A packfile with the commit but not all of its files.
    case lacksFiles(commit: String, GitOutput)

    /// What git said: the first line of its standard error, or, when it said nothing, its status.
    public enum GitOutput: Sendable, Equatable {
        case firstLine(String)
        case status(Int32)
    }
}
