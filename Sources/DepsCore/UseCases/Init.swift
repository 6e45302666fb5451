import DepsFailures
/// `deps init`: a starter Depsfile naming the spec repositories to search and no dependencies.
public final class InitInteractor {
    private let store: ProjectStore

    public init(store: ProjectStore) {
        self.store = store
    }

    /// The default source when none is given: CocoaPods' CDN.
    public static let defaultSources = ["trunk"]

    /// Writes the starter Depsfile; refuses when the project already has one.
    public func initialize(sources: [String]) throws -> StarterManifest {
        let chosen = sources.isEmpty ? Self.defaultSources : sources
        var seen: Set<String> = []
        for source in chosen {
            guard !source.isEmpty, !source.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw InvalidStarterSourceError(source: source)
            }
            guard seen.insert(source).inserted else { throw InvalidStarterSourceError(source: source, repeated: true) }
        }
        guard !store.hasManifest() else { throw ManifestExistsError() }
        let starter = StarterManifest(sources: chosen)
        try store.writeStarterManifest(starter)
        return starter
    }
}

/// What `deps init` writes: the sources, no dependencies yet.
public struct StarterManifest: Sendable, Equatable {
    public let sources: [String]
}

/// `deps init` in a project that already has a Depsfile (exit status 1: the answer is no).
public struct ManifestExistsError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
}

/// A `--source` that cannot be written to a Depsfile.
public struct InvalidStarterSourceError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .usage }
    public let source: String
    /// Whether the source is valid but given twice.
    public var repeated = false
}
