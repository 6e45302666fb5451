import DepsFailures

/// Where `deps import` writes the Depsfile and its lock.
public protocol ImportDestination: AnyObject {
    /// The names of the files an import would replace (`Depsfile`, `Depsfile.lock`) that exist.
    func existingFiles() -> [String]
    /// The Depsfile's text for this manifest, and its checksum as a lock records it.
    func manifestFile(_ manifest: ImportedManifest) -> ManifestFile
    /// The lockfile's text.
    func lockfileText(_ lockfile: Lockfile) -> String
    /// Writes the Depsfile, then the lock when there is one, each atomically; when the lock
    /// cannot be written the Depsfile is removed, so that no half import is left.
    func write(manifest: String, lockfile: String?) throws
}
