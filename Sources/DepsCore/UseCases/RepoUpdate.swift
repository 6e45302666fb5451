/// `deps repo update [SOURCE ...]`: refreshes the sources given, else those the project's
/// Depsfile names; each source once, in the order first named.
public final class RepoUpdateInteractor {
    private let store: ProjectStore
    private let refresher: SpecRepositoryRefresher

    public init(store: ProjectStore, refresher: SpecRepositoryRefresher) {
        self.store = store
        self.refresher = refresher
    }

    /// Refreshes one source after another; the first failure stops the rest.
    public func update(_ sources: [String]) async throws -> [SpecRepositoryRefresh] {
        let named = sources.isEmpty ? try store.readManifest().searchedSources : sources
        var reports: [SpecRepositoryRefresh] = []
        var refreshed: Set<String> = []
        for label in named where refreshed.insert(label).inserted {
            reports.append(try await refresher.refresh(label))
        }
        return reports
    }
}

/// What refreshing one spec repository did.
public struct SpecRepositoryRefresh: Sendable, Equatable {
    /// What kind of repository the source is.
    public enum Kind: Sendable, Equatable {
        /// A directory: nothing to refresh.
        case directory
        /// A git repository, fetched again.
        case git
        /// A CDN, its cached files revalidated.
        case cdn
    }

    /// The source as the Depsfile (or the command line) names it.
    public let source: String
    public let kind: Kind
    /// Files that changed (git: between the two commits; CDN: downloaded anew).
    public let changed: Int
    /// Files that did not (CDN: revalidated and found unchanged).
    public let unchanged: Int
    /// CDN files the server no longer has.
    public let removed: Int
    /// Git: the commit before (nil when the repository was first cloned) and after.
    public let previousCommit: String?
    public let commit: String?

    public init(source: String, kind: Kind, changed: Int, unchanged: Int, removed: Int, previousCommit: String?, commit: String?) {
        self.source = source
        self.kind = kind
        self.changed = changed
        self.unchanged = unchanged
        self.removed = removed
        self.previousCommit = previousCommit
        self.commit = commit
    }

    /// A source with nothing to refresh.
    public static func directory(_ source: String) -> SpecRepositoryRefresh {
        SpecRepositoryRefresh(source: source, kind: .directory, changed: 0, unchanged: 0, removed: 0, previousCommit: nil, commit: nil)
    }
}
