/// `deps update [NAME ...]`: let every package (or the named ones and what only they
/// needed) move to the newest versions the requirements allow.
public final class UpdateInteractor {
    private let store: ProjectStore
    private let opener: SpecSourceOpener
    private let installation: SandboxInstallation?

    /// - Parameter installation: how to fill the sandbox; nil resolves and writes the lock only.
    public init(store: ProjectStore, opener: SpecSourceOpener, installation: SandboxInstallation? = nil) {
        self.store = store
        self.opener = opener
        self.installation = installation
    }

    /// - Parameter names: the packages to update; empty updates everything.
    public func update(_ names: [PackageName], dryRun: Bool = false) async throws -> LockfileUpdate {
        let session = try await LockfileResolution.open(store: store, opener: opener, ignoringUnreadableLockfile: names.isEmpty)
            .refusingNewerLockfile()
        if names.isEmpty {
            // Every package's code is looked up again: a branch may have moved.
            let next = try await session.catalog.reading { try session.resolve(pins: [:]).lockfile }
            return try await session.install(next, store: store, installation: installation, dryRun: dryRun, releasing: nil)
        }
        let unknown = session.manifest.unknownNames(names, lockfile: session.lockfile)
        guard unknown.isEmpty else { throw UnknownPackagesError(names: unknown) }

        let pins = session.pins(releasing: Set(names))
        let (next, heldBack) = try await session.catalog.reading {
            let (resolution, next) = try session.resolve(pins: pins)
            let heldBack = try names.compactMap { name in
                try session.catalog.pinThatHoldsBack(name, in: resolution, pins: pins, lockfile: next)
            }
            return (next, heldBack)
        }
        return try await session.install(
            next, store: store, installation: installation, dryRun: dryRun, heldBack: heldBack, releasing: Set(names.map(\.root)))
    }
}

/// `deps update` named packages that are neither in the lockfile nor in the Depsfile.
public struct UnknownPackagesError: Error, Sendable, Equatable {
    public let names: [PackageName]

    public init(names: [PackageName]) {
        self.names = names
    }
}

extension SpecCatalog {
    /// Why a named package did not move although a newer version exists that the Depsfile allows:
    /// a pinned package requires an older one, or the newer version requires a pinned package to move.
    func pinThatHoldsBack(
        _ name: PackageName, in resolution: Resolution, pins: [PackageName: Version], lockfile: Lockfile
    ) throws -> HeldBackPackage? {
        guard let chosen = resolution.versions[name] else { return nil }
        let rootRequirement = lockfile.dependencies.first { $0.name == name }?.requirement ?? .any
        let newer = try versions(of: name).filter { $0 > chosen && rootRequirement.admits($0) }.sorted(by: >)
        guard let wanted = newer.first else { return nil }
        for package in lockfile.packages where package.name != name && pins[package.name] == package.version {
            guard let requirement = package.dependencies.first(where: { $0.name == name })?.requirement,
                  !requirement.admits(wanted) else { continue }
            return HeldBackPackage(
                name: name, reason: .pinnedDependent(package.name, package.version, requirement),
                remedy: [name, package.name].sorted())
        }
        for needed in try dependencies(of: name, at: wanted) {
            guard let pinned = pins[needed.name], needed.name != name, !needed.requirement.admits(pinned) else { continue }
            return HeldBackPackage(
                name: name, reason: .pinnedDependency(wanted, needed.name, needed.requirement, pinned),
                remedy: [name, needed.name].sorted())
        }
        return nil
    }
}
