/// What the shared cache lacks for a command to go on without fetching or writing: data the
/// presenters word (`not in the cache (no mirror of this repository)`).
public enum CacheLack: Sendable, Equatable {
    /// No mirror of the package's repository.
    case mirror
    /// The mirror's objects are damaged, so it must be made again.
    case damagedMirror
    /// No commit of the mirror starts with these digits.
    case commitStarting(String)
    /// The mirror lacks this commit.
    case commit(String)
    /// The mirror has no such tag, branch or default branch (the reference as the core names it:
    /// `tag 1.0`, `branch main`, `default branch`).
    case reference(String)
    /// A branch's newest commit (nil: the default branch's), which only a fetch gives.
    case newestCommit(branch: String?)
    /// No tree of a package's version at a pin.
    case tree(name: String, version: String, pin: String)
    /// No copy of an archive.
    case archive
    /// A file of a CDN (nil: the one asked for; else its path in the cache).
    case file(String?)
    /// A git spec repository's newest commit, which needs a fetch.
    case specRepositoryNewestCommit
    /// A git spec repository never cloned.
    case specRepositoryClone
}
