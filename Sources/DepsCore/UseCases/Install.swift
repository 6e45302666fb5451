/// `deps install`: resolve what is new in the Depsfile, keep every locked version that the
/// Depsfile's changes leave standing, and make the sandbox hold that code.
public final class InstallInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let installation: SandboxInstallation?
    private let xcode: XcodeWiring?

    /// - Parameters:
    ///   - installation: how to fill the sandbox; nil resolves and writes the lock only.
    ///   - xcode: the Xcode projects to wire with the sandbox (BEHAVIOUR 15); nil touches none.
    public init(store: ProjectStore, opener: SpecSourceOpener, installation: SandboxInstallation? = nil, xcode: XcodeWiring? = nil) {
        self.store = store
        self.opener = opener
        self.installation = installation
        self.xcode = xcode
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
        return try await session.install(next, store: store, installation: lockOnly ? nil : installation, xcode: xcode, dryRun: dryRun)
    }
}
