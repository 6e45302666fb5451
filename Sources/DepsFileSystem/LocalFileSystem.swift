#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file system spoken in `String` paths, for the adapters that have not moved to
/// `LocalPath` and `FileSystem` yet.
public enum LocalFileSystem {
    public typealias EntryKind = FileKind
    public typealias TreeEntry = FileTreeEntry
    static let posix = POSIXFileSystem()

    public static func kind(of path: String) -> FileKind? { posix.kind(of: LocalPath(path)) }
    public static func readFile(_ path: String, shownAs name: String) throws(FileAccessError) -> [UInt8] {
        try posix.readFile(LocalPath(path), shownAs: name)
    }
    public static func directoryEntries(_ path: String, shownAs name: String) throws(FileAccessError) -> [String]? {
        try posix.directoryEntries(LocalPath(path), shownAs: name)
    }
    public static func writeAtomically(_ bytes: [UInt8], to path: String, shownAs name: String) throws(FileAccessError) {
        try posix.writeAtomically(bytes, to: LocalPath(path), shownAs: name)
    }
    @discardableResult
    public static func writeIfChanged(_ bytes: [UInt8], to path: String, shownAs name: String, makingFolderShownAs folder: String? = nil) throws(FileAccessError) -> Bool {
        try posix.writeIfChanged(bytes, to: LocalPath(path), shownAs: name, makingFolderShownAs: folder)
    }
    public static func resolvingLinks(_ path: String, shownAs name: String) throws(FileAccessError) -> String {
        try posix.resolvingLinks(LocalPath(path), shownAs: name).string
    }
    public static func checkReplaceable(_ path: String, shownAs name: String) throws(FileAccessError) {
        try posix.checkReplaceable(LocalPath(path), shownAs: name)
    }
    public static func checkWritableFolder(_ path: String, shownAs name: String, saying what: String = "cannot write") throws(FileAccessError) {
        try posix.checkWritableFolder(LocalPath(path), shownAs: name, saying: what)
    }
    public static func fileSystemProblem(at path: String) -> String? { posix.fileSystemProblem(at: LocalPath(path)) }
    public static func hasEnded(_ process: pid_t) -> Bool { POSIXFileSystem.hasEnded(process) }
    public static func parentDirectory(of path: String) -> String { LocalPath(path).parent.string }
    public static func baseName(of path: String) -> String { LocalPath(path).lastComponent }
    public static func join(_ directory: String, _ relative: String) -> String { LocalPath(directory).appending(relative).string }
    public static func reason(_ code: Int32) -> String { POSIXFileSystem.reason(code) }
    public static func makeDirectories(_ path: String, shownAs name: String) throws(FileAccessError) {
        try posix.makeDirectories(LocalPath(path), shownAs: name)
    }
    public static func removeTree(_ path: String) { posix.removeTree(LocalPath(path)) }
    public static func move(_ from: String, to: String, shownAs name: String) throws(FileAccessError) {
        try posix.move(LocalPath(from), to: LocalPath(to), shownAs: name)
    }
    public static func isFilledDirectory(_ path: String) -> Bool { posix.isFilledDirectory(LocalPath(path)) }
    public static func walk(_ root: String, includingHidden: Bool = true, followingLinksToFolders: Bool = false) -> [FileTreeEntry] {
        posix.walk(LocalPath(root), includingHidden: includingHidden, followingLinksToFolders: followingLinksToFolders)
    }
    public static func copyTree(_ source: String, to destination: String, shownAs name: String) throws(FileAccessError) {
        try posix.copyTree(LocalPath(source), to: LocalPath(destination), shownAs: name)
    }
    public static func staysInside(_ path: String, from base: String) -> Bool { LocalPath(path).staysInside(from: base) }
    public static func absolute(_ path: String, from directory: String) -> String {
        LocalPath(path).resolved(against: LocalPath(directory)).string
    }
}

extension TemporaryPaths {
    @discardableResult
    public static func register(_ path: String) -> String { register(LocalPath(path)).string }
    public static func listMadeInSection(_ path: String) { listMadeInSection(LocalPath(path)) }
    @discardableResult
    public static func forget(_ path: String) -> Bool { forget(LocalPath(path)) }
}

extension FileLock {
    public static func attempt(_ path: String) -> Attempt { attempt(LocalPath(path)) }
    public func isStill(at path: String) -> Bool { isStill(at: LocalPath(path)) }
}

public func withFileLock<T>(_ path: String, shownAs name: String, _ body: () async throws -> T) async throws -> T {
    try await withFileLock(LocalPath(path), shownAs: name, body)
}
