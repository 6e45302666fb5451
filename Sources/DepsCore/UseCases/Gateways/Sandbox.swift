import DepsFailures

/// The project's sandbox `Deps/`.
public protocol Sandbox: Sendable {
    /// What the sandbox holds now; nil when there is no sandbox at all.
    ///
    /// - Parameter expected: the lock the sandbox probably matches; an implementation may use it
    ///   to skip reading a Manifest.lock that holds exactly that lock.
    func state(expecting expected: Lockfile?) throws -> SandboxState?
    /// Replaces the package's folder whole with the fetched code (or removes it when the code
    /// is used in place): an interruption leaves the old folder or the new one, never a mix.
    ///
    /// With `manifest`, Manifest.lock is written as it in the same step, which an interruption
    /// never splits: it lists the new folder exactly when the folder is there.
    func place(_ code: FetchedCode, as name: PackageName, listing manifest: Lockfile?) async throws
    /// Removes the package's folder; with `manifest`, writes Manifest.lock as it in the same step.
    func remove(_ name: PackageName, listing manifest: Lockfile?) throws
    /// Writes Manifest.lock atomically, only when its content changes.
    func writeManifest(_ lock: Lockfile) throws
    /// Throws what changing the sandbox would (a read-only folder or Manifest.lock), so that an
    /// installation can refuse before it changes anything.
    func checkWritable() throws
    /// Removes the sandbox's own folder if it holds nothing at all; nothing otherwise. A first
    /// installation that fails calls it, so that it leaves no empty sandbox behind.
    func removeIfEmpty()
}

extension Sandbox {
    public func checkWritable() throws {}
}
