import DepsFailures
/// `deps why NAME`: every path from the Depsfile to a locked package.
public final class WhyInteractor {
    private let store: ProjectStore

    public init(store: ProjectStore) {
        self.store = store
    }

    public func why(_ name: PackageName) throws -> WhyReport {
        guard let lockfile = try store.readLockfile() else { throw MissingLockfileError() }
        guard lockfile.locks(name) else {
            let names = lockfile.packages.map(\.name.description)
            throw NotLockedError(name: name, suggestions: SpellingSuggestion.closest(to: name.description, among: names))
        }
        let (paths, more) = lockfile.paths(to: name)
        return WhyReport(name: name, paths: paths, morePaths: more)
    }
}

/// What `deps why` found.
public struct WhyReport: Sendable, Equatable {
    public let name: PackageName
    public let paths: [DependencyPath]
    /// Paths left out after the first hundred.
    public let morePaths: Int
}

/// `deps why` of a package the lock does not have (exit status 1: the answer is no).
public struct NotLockedError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .refused }
    public let name: PackageName
    /// Locked names close to it (`Alamofire` for `alamofire`).
    public var suggestions: [String] = []
}
