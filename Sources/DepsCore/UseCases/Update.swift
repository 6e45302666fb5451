import DepsFailures
/// `deps update [NAME ...]`: let every package (or the named ones and what only they
/// needed) move to the newest versions the requirements allow.
public final class UpdateInteractor {
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

    /// - Parameter names: the packages to update; empty updates everything.
    public func update(_ names: [PackageName], dryRun: Bool = false) async throws -> LockfileUpdate {
        let session = try await LockfileResolution.open(
            store: store, opener: opener, releasing: names.isEmpty ? nil : Set(names), ignoringUnreadableLockfile: names.isEmpty
        ).refusingNewerLockfile()
        if names.isEmpty {
            // Every package's code is looked up again: a branch may have moved.
            let next = try await session.catalog.reading { try session.resolve().lockfile }
            return try await session.install(next, store: store, installation: installation, xcode: xcode, dryRun: dryRun, releasing: nil)
        }
        let unknown = session.manifest.unknownNames(names, lockfile: session.lockfile)
        guard unknown.isEmpty else { throw UnknownPackagesError(names: unknown) }

        let (next, heldBack) = try await session.catalog.reading {
            let (resolution, next) = try session.resolve()
            let heldBack = try names.compactMap { name in
                try session.catalog.pinThatHoldsBack(name, in: resolution, pins: session.pins, lockfile: next)
                    .map { try session.verifyingRemedy(of: $0, from: resolution, updating: Set(names)) }
            }
            return (next, heldBack)
        }
        return try await session.install(
            next, store: store, installation: installation, xcode: xcode, dryRun: dryRun, heldBack: heldBack, releasing: Set(names.map(\.root)))
    }
}

extension LockfileResolution {
    /// `held` with its remedy kept only when updating those names too would really let the package
    /// move: a pin that is the newest version the Depsfile allows (AlamofireNetworkActivityIndicator
    /// 3.1.0 requiring Alamofire < 5.8) holds it back whatever is updated, and then no command is offered.
    func verifyingRemedy(of held: HeldBackPackage, from resolution: Resolution, updating names: Set<PackageName>) throws -> HeldBackPackage {
        guard let lockfile, let chosen = resolution.versions[held.name] else { return held }
        let pins = Self.pins(of: manifest, lockfile: lockfile, releasing: names.union(held.remedy))
        let trial = try? Resolver(catalog: catalog).resolve(manifest.dependencies, pins: pins)
        if let moved = trial?.versions[held.name], moved > chosen { return held }
        return HeldBackPackage(name: held.name, reason: held.reason, remedy: [])
    }
}

/// `deps update` named packages that are neither in the lockfile nor in the Depsfile.
public struct UnknownPackagesError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .usage }
    public let names: [PackageName]

    public init(names: [PackageName]) {
        self.names = names
    }
}

