import DepsFailures
/// `deps repo push REPO PATH ...` (BEHAVIOUR 11): the specs are linted as `deps spec lint` does
/// (code fetched); when any has a problem nothing is pushed. Otherwise each is added to the git
/// spec repository, one commit and push each, in the order given.
public final class RepoPushInteractor {
    private let lint: SpecLintInteractor
    private let publisher: SpecRepositoryPublisher

    public init(lint: SpecLintInteractor, publisher: SpecRepositoryPublisher) {
        self.lint = lint
        self.publisher = publisher
    }

    public func push(_ paths: [String], to repository: String, sources: [String]) async throws -> RepoPushReport {
        let report = try await lint.lint(paths, sources: sources, quick: false)
        guard report.passed else { return RepoPushReport(repository: repository, lint: report, published: []) }
        var published: [PublishedSpec] = []
        for path in paths {
            // Lint passed, so each file was read as a whole spec: it is not read again.
            guard let specification = report.specifications[path] else { continue }
            published.append(try await publisher.publish(
                SpecToPublish(name: specification.name, version: specification.version, file: path), to: repository))
        }
        return RepoPushReport(repository: repository, lint: report, published: published)
    }
}

/// A spec file to publish, with the name and version it holds.
public struct SpecToPublish: Sendable, Equatable {
    public let name: PackageName
    public let version: Version
    /// The file as given on the command line (`.yaml` or `.podspec.json`).
    public let file: String

    public init(name: PackageName, version: Version, file: String) {
        self.name = name
        self.version = version
        self.file = file
    }
}

/// A spec added to a repository: where, in which commit, after how many pushes.
public struct PublishedSpec: Sendable, Equatable {
    public let name: PackageName
    public let version: Version
    /// The file's path in the repository (`Specs/1/2/3/Name/1.0.0/Name.podspec.json`).
    public let path: String
    public let commit: String
    /// Pushes tried: more than one when someone else pushed first.
    public let attempts: Int
    /// Fields of a podspec.json written to a repository in deps' layout that its YAML has no field
    /// for (`platforms`), left out of the file; empty otherwise.
    public var leftOut: [String] = []

    public init(name: PackageName, version: Version, path: String, commit: String, attempts: Int) {
        self.name = name
        self.version = version
        self.path = path
        self.commit = commit
        self.attempts = attempts
    }
}

/// What `deps repo push` did: the lint, and what it published (nothing when the lint failed).
public struct RepoPushReport: Sendable, Equatable {
    public let repository: String
    public let lint: SpecLintReport
    public let published: [PublishedSpec]

    public init(repository: String, lint: SpecLintReport, published: [PublishedSpec]) {
        self.repository = repository
        self.lint = lint
        self.published = published
    }
}

/// A published version never changes: pushing one the repository has is refused (exit 1).
public struct VersionAlreadyPublishedError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public let name: PackageName
    public let version: Version
    public let repository: String
    /// The file that holds it in the repository.
    public let path: String

    public init(name: PackageName, version: Version, repository: String, path: String) {
        self.name = name
        self.version = version
        self.repository = repository
        self.path = path
    }
}

/// The repository cannot take the spec: not a git repository, or others kept pushing first.
public struct UnpublishableSpecError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { reason == .notAGitRepository ? .usage : .refused }
    public enum Reason: Sendable, Equatable {
        case notAGitRepository
        /// Someone kept pushing first, this many times.
        case kept(rejecting: Int, String)
    }

    public let file: String
    public let repository: String
    public let reason: Reason

    public init(file: String, repository: String, reason: Reason) {
        self.file = file
        self.repository = repository
        self.reason = reason
    }
}
