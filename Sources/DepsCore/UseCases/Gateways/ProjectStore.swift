import DepsFailures

/// A project directory: its Depsfile and its lockfile.
public protocol ProjectStore: AnyObject {
    func readManifest() throws -> Manifest
    /// The lockfile, or nil when there is none.
    func readLockfile() throws -> Lockfile?
    /// Writes the lockfile atomically; returns false when the file already held these bytes.
    @discardableResult
    func writeLockfile(_ lockfile: Lockfile) throws -> Bool
    /// Throws what `writeLockfile` would (a read-only lockfile, a folder that cannot be written),
    /// so that a command can refuse before it changes anything.
    func checkLockfileCanBeWritten() throws
    /// Whether the project has a Depsfile.
    func hasManifest() -> Bool
    /// Writes a starter Depsfile (never over an existing one).
    func writeStarterManifest(_ starter: StarterManifest) throws
}

extension ProjectStore {
    public func checkLockfileCanBeWritten() throws {}
}
