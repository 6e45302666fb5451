/// `deps install`: resolve what is new in the Depsfile, keep every locked version that the
/// Depsfile's changes leave standing, and make the sandbox hold that code.
public final class InstallInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let installation: SandboxInstallation?

    /// - Parameter installation: how to fill the sandbox; nil resolves and writes the lock only.
    public init(store: ProjectStore, opener: SpecSourceOpener, installation: SandboxInstallation? = nil) {
        self.store = store
        self.opener = opener
        self.installation = installation
    }

    /// Resolves, and does everything that needs no fetching; what is left, if anything, is pending.
    ///
    /// - Parameter lockOnly: stop after resolving: write Depsfile.lock, touch no sandbox.
    public func begin(dryRun: Bool = false, lockOnly: Bool = false) throws -> WorkStep<LockfileUpdate> {
        let session = try LockfileResolution(store: store, opener: opener).refusingNewerLockfile()
        let next = try session.lockfileStillHolding() ?? session.resolve(pins: session.pins()).lockfile
        return try session.beginInstall(next, store: store, installation: lockOnly ? nil : installation, dryRun: dryRun)
    }

    public func install(dryRun: Bool = false, lockOnly: Bool = false) async throws -> LockfileUpdate {
        try await begin(dryRun: dryRun, lockOnly: lockOnly).completed()
    }
}
