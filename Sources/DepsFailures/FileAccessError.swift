/// A file or folder that cannot be read or written (exit status 74), as data: the path as shown
/// to the user, what was being done to it and what stood in the way. DepsPresenters words it (`DriverFailureWording.swift`).
public struct FileAccessError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .inputOutput }

    /// The path as shown to the user.
    public let path: String
    /// What was being done; nil for reading it.
    public let operation: FileOperation?
    public let problem: FileProblem

    public init(path: String, operation: FileOperation? = nil, problem: FileProblem) {
        self.path = path
        self.operation = operation
        self.problem = problem
    }
}

/// What was being done to a file or folder when it failed.
public enum FileOperation: Sendable, Equatable {
    case write
    /// Writing a new file in the path's folder.
    case writeInFolder
    case readLink
    case createFolder
    case renameIntoPlace
    /// Replacing a folder with a new one (the sandbox's `Deps/<Name>`).
    case replace
    case copyCode
    case link
    case lock
    /// Writing anything in the shared cache.
    case writeInCache
}

/// What stood in the way.
public enum FileProblem: Sendable, Equatable {
    /// The system's error number (`errno`).
    case system(Int32)
    /// The system's words for the failure, already read (`strerror`).
    case systemMessage(String)
    case isDirectory
    case notRegularFile
    case notAFolder
    /// A symbolic link to a folder that does not exist.
    case danglingFolderLink
    /// Not a folder nor a link to one, where a folder was to be made.
    case occupied
    /// A file with no write permission.
    case readOnlyFile
    /// A folder this process cannot make entries in.
    case readOnlyFolder
    /// SIGINT or SIGTERM came first; nothing was changed.
    case interrupted
    /// An entry of a tree (its path in the tree) that is not a file, a folder or a symbolic link.
    case unsupportedEntry(String)
    /// An entry of a tree (its path in the tree) that failed with the system's error number.
    case entry(String, Int32)
}
