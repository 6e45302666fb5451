import DepsFailures

/// Adds specs to git spec repositories (`deps repo push`).
public protocol SpecRepositoryPublisher: AnyObject {
    /// Adds the spec file to the repository, in its layout, commits `[Add] <Name> <version>` and
    /// pushes, fetching and trying again when someone pushed first. Throws
    /// `VersionAlreadyPublishedError` when the repository has that version already.
    func publish(_ spec: SpecToPublish, to repository: String) async throws -> PublishedSpec
}
