import DepsFailures

/// Refreshes spec repositories: fetches a git one again, revalidates a CDN's cached files
/// (BEHAVIOUR 9). A directory has nothing to refresh.
public protocol SpecRepositoryRefresher: AnyObject {
    /// Refreshes the source a Depsfile's `sources:` entry names (`trunk`, a URL, a directory).
    func refresh(_ label: String) async throws -> SpecRepositoryRefresh
}
