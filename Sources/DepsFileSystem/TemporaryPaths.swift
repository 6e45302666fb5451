import DepsSignals
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files and folders this process is making: a package's new folder
/// `Deps/.<Name>.<pid>.tmp` and an old one set aside, the cache's `tmp/<pid>.<n>.*.tmp` entries,
/// the project's `.deps-lock`. A SIGINT or SIGTERM that ends deps removes whatever is still
/// listed (BEHAVIOUR 7); a path leaves the list when it is renamed into place or removed.
/// (A file written atomically needs no entry: a signal waits until it is in place.)
public enum TemporaryPaths {
    private static let paths = Mutex<Set<LocalPath>>([])
    /// Folders this process made that a signal removes only when they are left empty (a first
    /// install's `Deps/`): what they hold stays.
    private static let folders = Mutex<Set<LocalPath>>([])
    /// Set once a signal is ending deps: work still running on other threads may then empty a
    /// listed folder after `removeAll` found it full, and removes it itself (`removedTree`).
    private static let ending = Atomic<Bool>(false)

    /// Lists a folder this process just made, to be removed by a signal if it is empty by then.
    public static func registerFolderRemovedIfEmpty(_ path: LocalPath) {
        folders.withLock { _ = $0.insert(path) }
    }

    /// Lists `path` and returns it. Once a signal is ending deps this never returns, so no
    /// temporary path is made after the listed ones were removed.
    @discardableResult
    public static func register(_ path: LocalPath) -> LocalPath {
        let listed: Void? = TerminationSignals.deferringTermination { paths.withLock { _ = $0.insert(path) } }
        // A signal that interrupts work (rather than ending deps) lets its clean-up run: list it anyway.
        if listed == nil { paths.withLock { _ = $0.insert(path) } }
        return path
    }

    /// Lists a path made within a `TerminationSignals.deferringTermination` section, which a
    /// signal waits for (`register` must not be called there: sections do not nest).
    public static func listMadeInSection(_ path: LocalPath) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// Takes `path` off the list; returns whether it was listed (false once a signal removed it).
    @discardableResult
    public static func forget(_ path: LocalPath) -> Bool {
        paths.withLock { $0.remove(path) != nil }
    }

    /// Removes `path`, a temporary path the caller made, as its work ends. Once a signal is ending
    /// deps, the listed folders are removed too if that left them empty: the signal's clean-up may
    /// have looked at them while the path was still there.
    public static func removedTree(_ path: LocalPath, in fileSystem: any FileSystem) {
        fileSystem.removeTree(path)
        if ending.load(ordering: .sequentiallyConsistent) { removeEmptyFolders() }
    }

    /// What a signal that ends deps removes, while work may still run on other threads.
    public static func removeAllAsDepsEnds() {
        ending.store(true, ordering: .sequentiallyConsistent)
        removeAll()
    }

    /// Removes every listed path, and what tools made beside it under its name (curl's
    /// `<path>.part`).
    public static func removeAll() {
        let listed = paths.withLock { paths -> Set<LocalPath> in
            defer { paths = [] }
            return paths
        }
        let fileSystem = POSIXFileSystem()
        var byFolder: [LocalPath: [String]] = [:]
        for path in listed {
            fileSystem.removeTree(path)
            byFolder[path.parent, default: []].append(path.lastComponent + ".")
        }
        for (folder, prefixes) in byFolder {
            for entry in (try? fileSystem.directoryEntries(folder, shownAs: folder.string)) ?? []
            where prefixes.contains(where: { entry.hasPrefix($0) }) {
                fileSystem.removeTree(folder / entry)
            }
        }
        // Last, once what was being made in them is gone.
        removeEmptyFolders()
    }

    private static func removeEmptyFolders() {
        let fileSystem = POSIXFileSystem()
        for folder in folders.withLock({ $0 }) { fileSystem.removeEmptyDirectory(folder) }
    }
}
