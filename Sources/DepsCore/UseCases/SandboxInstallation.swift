/// Makes the sandbox match a lock (BEHAVIOUR 8.1): fetches what is added or changed, several at
/// once, removes what went away, and keeps Manifest.lock true to what is really there at every
/// step, so that an interrupted install is finished by the next one.
public struct SandboxInstallation: Sendable {
    public let sandbox: Sandbox
    public let fetcher: CodeFetcher
    public let progress: FetchProgress?
    /// How many packages are fetched at once.
    public let jobs: Int
    /// Writes `Deps/Package.swift` once the sandbox matches; nil writes nothing.
    public let integration: ProjectIntegration?

    public init(
        sandbox: Sandbox, fetcher: CodeFetcher, progress: FetchProgress? = nil, jobs: Int = 8,
        integration: ProjectIntegration? = nil
    ) {
        self.sandbox = sandbox
        self.fetcher = fetcher
        self.progress = progress
        self.jobs = max(1, jobs)
        self.integration = integration
    }

    /// Makes the sandbox match `lock`: works out what differs, fetches and places what is added or
    /// changed (several at once), removes what went away, and writes Manifest.lock and, when it
    /// changes or is missing, `Deps/Package.swift`. A sandbox already in sync is left alone
    /// without anything being fetched.
    ///
    /// - Parameter refetching: packages to fetch again even when the sandbox holds them (what
    ///   `deps update` names: a branch may have moved).
    func apply(_ lock: Lockfile, catalog: SpecCatalog, refetching: Set<PackageName> = []) async throws -> SandboxOutcome {
        // Reading the locked specs (for their sources) fetches any a remote source lacks; placing
        // the code and writing the integration then read only those.
        let work = try await catalog.reading { try prepare(lock, catalog: catalog, refetching: refetching) }
        do {
            guard work.needsFetching else { return try finishWithoutFetching(work, catalog: catalog) }
            return try await carryOut(work, catalog: catalog)
        } catch {
            // A first installation that fails leaves no sandbox behind (BEHAVIOUR 7): the folder it
            // made holds nothing, and goes. A sandbox that was there before stays, even empty.
            if !work.sandboxExisted { sandbox.removeIfEmpty() }
            throw error
        }
    }

    /// What the sandbox must do to match `lock`, without doing it.
    func plan(for lock: Lockfile, catalog: SpecCatalog) throws -> SandboxPlan {
        try prepare(lock, catalog: catalog).plan
    }

    /// The same, read once, but nil when there is no sandbox at all (a fresh clone).
    func planForExistingSandbox(_ lock: Lockfile, catalog: SpecCatalog) throws -> SandboxPlan? {
        guard let state = try sandbox.state(expecting: lock) else { return nil }
        return try prepare(lock, catalog: catalog, state: state).plan
    }

    /// Works out, without fetching anything, what the sandbox must do to match `lock`.
    private func prepare(
        _ lock: Lockfile, catalog: SpecCatalog, refetching: Set<PackageName> = [], state known: SandboxState? = nil
    ) throws -> SandboxWork {
        let sources = try catalog.codeSources(of: lock)
        if lock.externalSources.values.contains(where: \.isSwiftPackage) {
            var specifications: [PackageName: Specification] = [:]
            for package in lock.rootPackages {
                specifications[package.name] = try catalog.specification(of: package.name, version: package.version)
            }
            try SandboxPackageManifest.checkSwiftPackageModules(lock: lock, specifications: specifications)
        }
        let found = try known ?? sandbox.state(expecting: lock)
        let state = found ?? SandboxState(manifest: nil, filledFolders: [])
        var plan = state.changes(toMatch: lock, usedInPlace: Set(sources.filter { $0.value.isUsedInPlace }.keys))
        // Packages fetched again only to see whether their code moved; left alone when it did not.
        var heldPins: [PackageName: ContentPin] = [:]
        if !refetching.isEmpty {
            plan = SandboxPlan(changes: plan.changes.map { change in
                guard change.kind == .unchanged, refetching.contains(change.name), lock.contentPin(of: change.name) == nil,
                      let held = state.manifest?.contentPin(of: change.name) else { return change }
                heldPins[change.name] = held
                return SandboxChange(name: change.name, kind: .changed)
            })
        }
        // A package the sandbox holds keeps the pin it was fetched at when the lock has none.
        return SandboxWork(
            lock: lock.keepingPins(of: plan.unchanged, from: state.manifest), plan: plan, state: state,
            sandboxExisted: found != nil, sources: sources, heldPins: heldPins)
    }

    /// Finishes work that needs no fetching, synchronously: Manifest.lock and, when it is
    /// missing, `Deps/Package.swift`.
    private func finishWithoutFetching(_ work: SandboxWork, catalog: SpecCatalog) throws -> SandboxOutcome {
        let lock = work.lock
        // Manifest.lock is written from the lock, so an equal lock means equal bytes; when the lock
        // changed without the folders changing (another subspec, another dependency), the
        // integration may change too.
        let lockChanged = work.state.manifest != lock
        // The integration first: code it refuses leaves Manifest.lock as it was, so the next
        // install tries again (and a first install leaves no sandbox).
        let written = lockChanged || integration?.isWritten(for: lock) == false
            ? try integrate(lock, sources: work.sources, catalog: catalog) : IntegrationOutcome()
        if lockChanged { try sandbox.writeManifest(lock) }
        return SandboxOutcome(
            lock: lock, plan: work.plan, previous: work.state.manifest, wrotePackageManifest: written.wrote, buildWarnings: written.warnings,
            packagesWithoutProduct: written.packagesWithoutProduct)
    }

    /// Fetches and places what the plan adds or changes, removes what it removes.
    private func carryOut(_ work: SandboxWork, catalog: SpecCatalog) async throws -> SandboxOutcome {
        let (lock, plan, state, sources, heldPins) = (work.lock, work.plan, work.state, work.sources, work.heldPins)
        // A sandbox that cannot be written is refused before anything changes.
        try sandbox.checkWritable()
        // From here on Manifest.lock lists what the folders hold, whenever deps stops: a package at
        // its old version until its new folder is renamed in, and none whose folder is gone. The
        // sandbox writes it in the same step as each folder it places or removes.
        let oldFolders = Set(plan.toPlace).intersection(state.filledFolders)
        if let manifest = state.manifest {
            let kept = plan.unchanged.union(oldFolders)
            try sandbox.writeManifest(manifest.keeping(kept.union(plan.toRemove)))
            var remaining = Set(plan.toRemove)
            for name in plan.toRemove {
                remaining.remove(name)
                try sandbox.remove(name, listing: manifest.keeping(kept.union(remaining)))
            }
        } else {
            for name in plan.toRemove { try sandbox.remove(name, listing: nil) }
        }

        let requests = try plan.toPlace.map { name in
            guard let version = lock.version(ofRoot: name), let source = sources[name] else {
                throw SpecCatalogError.noSource(name)
            }
            return CodeRequest(name: name, version: version, source: source, pin: lock.contentPin(of: name))
        }
        var specifications: [PackageName: Specification] = [:]
        if integration != nil {
            for request in requests { specifications[request.name] = try catalog.specification(of: request.name, version: request.version) }
        }
        let check = PlacementCheck(
            lock: lock, specifications: specifications, sources: sources, integration: integration, platform: catalog.platform)
        // What Manifest.lock lists once a round has placed what it has: the placed packages at the
        // pins they were fetched at, the others as they were. Code used in place, which the
        // integration has not checked yet, and a first install that has copied nothing, list nothing new.
        let listing = { @Sendable (round: FetchRound) -> Lockfile? in
            let copied = round.placed.filter { sources[$0]?.isUsedInPlace != true }
            guard state.manifest != nil || !copied.isEmpty else { return nil }
            let now = lock.recording(round.pins)
            let listed = plan.unchanged.union(copied)
            return state.manifest.map { now.keeping(listed, and: oldFolders.subtracting(round.placed), from: $0) } ?? now.keeping(listed)
        }
        let fetched = try await fetchAndPlace(requests, heldPins: heldPins, checkedBy: check, listing: listing)
        let recorded = lock.recording(fetched.pins)
        if fetched.placed.count < requests.count {
            // A package that was not fetched (it failed, or was stopped) was not touched: the
            // folder it had still holds what Manifest.lock listed before, so it goes on listing it.
            let untouched = Set(plan.toPlace).subtracting(fetched.placed).intersection(state.filledFolders)
            let placed = plan.unchanged.union(fetched.placed)
            // With no Manifest.lock before and no folder placed, there is nothing to list: none is written.
            let copied = fetched.placed.filter { sources[$0]?.isUsedInPlace != true }
            if state.manifest != nil || !copied.isEmpty {
                try sandbox.writeManifest(state.manifest.map { recorded.keeping(placed, and: untouched, from: $0) } ?? recorded.keeping(placed))
            }
            try Task.checkCancellation()
            guard !fetched.failures.isEmpty else { throw CancellationError() }
            throw SandboxInstallError(failures: fetched.failures)
        }
        // The integration before Manifest.lock: code it refuses (code used in place is not checked
        // before) leaves the new packages unlisted, so the next install tries again.
        let written = try integrate(recorded, sources: sources, catalog: catalog)
        try sandbox.writeManifest(recorded)
        let done = SandboxPlan(changes: plan.changes.map { fetched.alreadyThere.contains($0.name) ? SandboxChange(name: $0.name, kind: .unchanged) : $0 })
        return SandboxOutcome(
            lock: recorded, plan: done, previous: state.manifest, wrotePackageManifest: written.wrote, buildWarnings: written.warnings,
            packagesWithoutProduct: written.packagesWithoutProduct)
    }
}

extension SandboxInstallation {
    /// What writing the build integration did.
    struct IntegrationOutcome {
        var wrote = false
        /// What the specs ask that the build does not carry; only when the integration was written.
        var warnings: [BuildWarning] = []
        /// The packages given no product (a tool pod); only when the integration was written.
        var packagesWithoutProduct: [PackageName] = []
    }

    /// Writes `Deps/Package.swift` for the packages of `lock` (`SandboxPackageManifest(lock:...)`
    /// says what it declares); says whether its content changed, and when it did, what it cannot carry.
    func integrate(_ lock: Lockfile, sources: [PackageName: CodeSource], catalog: SpecCatalog) throws -> IntegrationOutcome {
        guard let integration else { return IntegrationOutcome() }
        var specifications: [PackageName: Specification] = [:]
        for package in lock.rootPackages {
            specifications[package.name] = try catalog.specification(of: package.name, version: package.version)
        }
        let manifest = try SandboxPackageManifest(
            lock: lock, specifications: specifications, codeSources: sources, platform: catalog.platform, linkage: catalog.linkage,
            files: integration.files(in:), contents: { integration.contents(of: $1, in: $0) })
        let wrote = try integration.write(manifest)
        let unlinkable = manifest.packages.map(\.name).filter { manifest.modules(of: $0).isEmpty }
        return IntegrationOutcome(wrote: wrote, warnings: wrote ? manifest.warnings : [], packagesWithoutProduct: wrote ? unlinkable : [])
    }

    /// What fetching and placing a round of packages did.
    struct FetchRound: Sendable {
        var placed: Set<PackageName> = []
        /// Packages fetched again only to find their code where it was.
        var alreadyThere: Set<PackageName> = []
        var pins: [PackageName: (source: CodeSource, pin: ContentPin)] = [:]
        var failures: [CodeFetchError] = []
    }

    /// Fetches each package and, once `check` passes it, places it in the sandbox, `jobs` at once;
    /// a package fetched again whose code did not move (`heldPins`) is left in place. The first failure stops the round:
    /// the fetches still going are cancelled (their downloads end and leave nothing behind) and
    /// waited for, and none is started after it. The task group runs off the caller's executor,
    /// as the CDN's downloads do.
    @concurrent
    private func fetchAndPlace(
        _ requests: [CodeRequest], heldPins: [PackageName: ContentPin], checkedBy check: PlacementCheck,
        listing: @Sendable (FetchRound) -> Lockfile?
    ) async throws -> FetchRound {
        var round = FetchRound()
        let (sandbox, fetcher, progress, total) = (sandbox, fetcher, progress, requests.count)
        try await withThrowingTaskGroup(of: (CodeRequest, Result<FetchedCode, CodeFetchError>?).self) { group in
            var pending = requests.makeIterator()
            func startNext() {
                guard round.failures.isEmpty, !Task.isCancelled, let request = pending.next() else { return }
                group.addTask {
                    let shown = request.source.isUsedInPlace ? nil : progress
                    shown?.fetchStarted(request, of: total)
                    do {
                        let code = try await fetcher.fetch(request)
                        if code.pin == nil || code.pin != heldPins[request.name] {
                            try check.check(code, for: request)
                        }
                        return (request, .success(code))
                    } catch let error as CodeFetchError {
                        return (request, .failure(error))
                    } catch is CancellationError {
                        // Stopped because another fetch failed (or deps was interrupted).
                        return (request, nil)
                    }
                }
            }
            for _ in 0..<jobs { startNext() }
            while let (request, result) = try await group.next() {
                switch result {
                case let .success(code)?:
                    // Placed one at a time, so that each Manifest.lock written lists every folder placed before.
                    var next = round
                    next.placed.insert(request.name)
                    if let pin = code.pin { next.pins[request.name] = (request.source, pin) }
                    if code.pin != nil && code.pin == heldPins[request.name] {
                        next.alreadyThere.insert(request.name)
                    } else {
                        try await sandbox.place(code, as: request.name, listing: listing(next))
                    }
                    round = next
                    if !request.source.isUsedInPlace { progress?.fetchFinished(request, of: total) }
                case let .failure(error)?:
                    if round.failures.isEmpty { group.cancelAll() }
                    round.failures.append(error)
                case nil:
                    break
                }
                startNext()
            }
        }
        return round
    }
}
