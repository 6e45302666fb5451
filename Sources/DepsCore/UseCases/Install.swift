/// `deps install`: resolve what is new in the Depsfile and keep every locked version that
/// the Depsfile's changes leave standing.
public final class InstallInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener

    public init(store: ProjectStore, opener: SpecSourceOpener) {
        self.store = store
        self.opener = opener
    }

    public func install(dryRun: Bool = false) throws -> LockfileUpdate {
        let session = try LockfileResolution(store: store, opener: opener)
        let next = try session.lockfileStillHolding() ?? session.resolve(pins: session.pins()).lockfile
        return try session.update(to: next, store: store, dryRun: dryRun)
    }
}
