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

    /// Resolves what changed, then makes the sandbox match the lock and writes it.
    ///
    /// - Parameter lockOnly: stop after resolving: write Depsfile.lock, touch no sandbox.
    public func install(dryRun: Bool = false, lockOnly: Bool = false) async throws -> LockfileUpdate {
        let session = try await LockfileResolution.open(store: store, opener: opener).refusingNewerLockfile()
        await session.fetchLockedSpecs()
        let next = try await session.catalog.reading {
            try session.lockfileStillHolding() ?? session.resolve().lockfile
        }
        return try await session.install(next, store: store, installation: lockOnly ? nil : installation, dryRun: dryRun)
    }
}
