import Synchronization
import DepsProcess
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
    private static let paths = Mutex<Set<String>>([])

    /// Lists `path` and returns it. Once a signal is ending deps this never returns, so no
    /// temporary path is made after the listed ones were removed.
    @discardableResult
    public static func register(_ path: String) -> String {
        let listed: Void? = TerminationSignals.deferringTermination { paths.withLock { _ = $0.insert(path) } }
        // A signal that interrupts work (rather than ending deps) lets its clean-up run: list it anyway.
        if listed == nil { paths.withLock { _ = $0.insert(path) } }
        return path
    }

    /// Lists a path made within a `TerminationSignals.deferringTermination` section, which a
    /// signal waits for (`register` must not be called there: sections do not nest).
    public static func listMadeInSection(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// Takes `path` off the list; returns whether it was listed (false once a signal removed it).
    @discardableResult
    public static func forget(_ path: String) -> Bool {
        paths.withLock { $0.remove(path) != nil }
    }

    /// Removes every listed path, and what tools made beside it under its name (curl's
    /// `<path>.part`).
    public static func removeAll() {
        let listed = paths.withLock { paths -> Set<String> in
            defer { paths = [] }
            return paths
        }
        var byFolder: [String: [String]] = [:]
        for path in listed {
            LocalFileSystem.removeTree(path)
            byFolder[LocalFileSystem.parentDirectory(of: path), default: []].append(LocalFileSystem.baseName(of: path) + ".")
        }
        for (folder, prefixes) in byFolder {
            for entry in (try? LocalFileSystem.directoryEntries(folder, shownAs: folder)) ?? []
            where prefixes.contains(where: { entry.hasPrefix($0) }) {
                LocalFileSystem.removeTree(LocalFileSystem.join(folder, entry))
            }
        }
    }
}
