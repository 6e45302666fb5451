import DepsFileSystem

/// A bare mirror of one git repository as the code that fetches from it uses it: made by a
/// clone, refreshed by a fetch, its references resolved to commits, a commit's files written
/// into a folder. ``GitMirror`` is the one that runs the system git.
public protocol GitMirroring: Sendable {
    /// The mirror's folder.
    var path: LocalPath { get }
    /// Whether a whole mirror is there; with `removingDamaged`, a folder that is not one is
    /// removed first (see ``GitMirror/isPresent(removingDamaged:)``).
    func isPresent(removingDamaged: Bool) -> Bool
    /// Clones `url` into `temporary`, then renames it into place as the mirror.
    func clone(_ url: String, through temporary: LocalPath, shownAs name: String) async throws
    /// Fetches what the repository has now, dropping what it no longer has.
    func fetch() async throws
    /// Points the mirror's `HEAD` at the branch the remote's `HEAD` names now.
    func followRemoteHead() async throws
    /// Whether the mirror holds `commit`.
    func hasCommit(_ commit: String) async throws -> Bool
    /// Whether the mirror holds the files of `commit`.
    func hasTree(of commit: String) async throws -> Bool
    /// Whether the commit the mirror's `HEAD` names has no files in it.
    func isDamaged() async throws -> Bool
    /// The commit a reference (`refs/tags/1.0`, `refs/heads/main`, `HEAD`) names; nil when there
    /// is no such reference.
    func commit(of reference: String) async throws -> String?
    /// The commits whose object name starts with `prefix` (4 to 40 lower-case hexadecimal
    /// digits): one for an unambiguous abbreviation, none, or several.
    func commits(startingWith prefix: String) async throws -> [String]
    /// Every tag with the commit it names (an annotated tag's peeled), in no particular order.
    func tags() async throws -> [(name: String, commit: String)]
    /// The names of the files at the top of `commit`'s tree.
    func topLevelFiles(at commit: String) async throws -> [String]
    /// The bytes of the file at `path` in `commit`'s tree; nil when there is none.
    func contents(of path: String, at commit: String) async throws -> [UInt8]?
    /// The names of the files that differ between two commits.
    func changedFiles(from old: String, to new: String) async throws -> [Substring]
    /// The submodule entries of `commit`'s tree, at any depth: each path and the commit it records.
    func gitlinks(of commit: String) async throws -> [(path: String, commit: String)]
    /// The entries of a git configuration file in `commit`'s tree (`.gitmodules`); none when
    /// there is no such file.
    func configEntries(ofFile file: String, at commit: String) async throws -> [(key: String, value: String)]
    /// Writes the files of `commit` into the existing folder `folder`, through the temporary
    /// path `archive` (which the caller removes).
    func extract(_ commit: String, into folder: LocalPath, through archive: LocalPath) async throws
}

/// Opens the mirror kept in a folder.
public protocol GitMirrorOpener: Sendable {
    /// The mirror at `path` (which may not exist yet), on `fileSystem`, within `network`'s limits.
    func mirror(at path: LocalPath, fileSystem: any FileSystem, network: GitNetworkLimits) -> any GitMirroring
}

/// Opens ``GitMirror``s: mirrors worked on by the system git.
public struct SystemGitMirrors: GitMirrorOpener {
    public init() {}

    public func mirror(at path: LocalPath, fileSystem: any FileSystem, network: GitNetworkLimits) -> any GitMirroring {
        GitMirror(path: path, fileSystem: fileSystem, network: network)
    }
}

extension GitMirror: GitMirroring {}
