import DepsCore
import DepsFileSystem

/// Checks out the repository a Depsfile's `git:` external source names, so that the package's
/// spec is read from the checkout's root (`SpecRepositoryOpener.externalSpecification`).
public protocol GitCheckoutFetcher: Sendable {
    /// The tree at `pin` (the commit the lock records), else where `reference` points, with its commit.
    func checkout(name: PackageName, url: String, reference: GitReference, pin: String?) async throws -> (tree: LocalPath, commit: String)
}
