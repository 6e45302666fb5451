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
        guard work.needsFetching else { return try finishWithoutFetching(work, catalog: catalog) }
        return try await carryOut(work, catalog: catalog)
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
        let state = try known ?? sandbox.state(expecting: lock) ?? SandboxState(manifest: nil, filledFolders: [])
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
            sources: sources, heldPins: heldPins)
    }

    /// Finishes work that needs no fetching, synchronously: Manifest.lock and, when it is
    /// missing, `Deps/Package.swift`.
    private func finishWithoutFetching(_ work: SandboxWork, catalog: SpecCatalog) throws -> SandboxOutcome {
        let lock = work.lock
        // Manifest.lock is written from the lock, so an equal lock means equal bytes; when the lock
        // changed without the folders changing (another subspec, another dependency), the
        // integration may change too.
        let lockChanged = work.state.manifest != lock
        if lockChanged { try sandbox.writeManifest(lock) }
        let wrote = lockChanged || integration?.isWritten() == false ? try integrate(lock, sources: work.sources, catalog: catalog) : false
        return SandboxOutcome(lock: lock, plan: work.plan, previous: work.state.manifest, wrotePackageManifest: wrote)
    }

    /// Fetches and places what the plan adds or changes, removes what it removes.
    private func carryOut(_ work: SandboxWork, catalog: SpecCatalog) async throws -> SandboxOutcome {
        let (lock, plan, state, sources, heldPins) = (work.lock, work.plan, work.state, work.sources, work.heldPins)
        // A sandbox that cannot be written is refused before anything changes.
        try sandbox.checkWritable()
        // From here on Manifest.lock lists only the packages left alone; each one placed is added at the end.
        if let manifest = state.manifest { try sandbox.writeManifest(manifest.keeping(plan.unchanged)) }
        for name in plan.toRemove { try sandbox.remove(name) }

        let requests = try plan.toPlace.map { name in
            guard let version = lock.version(ofRoot: name), let source = sources[name] else {
                throw SpecCatalogError.noSource(name)
            }
            return CodeRequest(name: name, version: version, source: source, pin: lock.contentPin(of: name))
        }
        var placed: Set<PackageName> = []
        var alreadyThere: Set<PackageName> = []
        var pins: [PackageName: (source: CodeSource, pin: ContentPin)] = [:]
        var failures: [CodeFetchError] = []
        let (sandbox, fetcher, progress, total, held) = (sandbox, fetcher, progress, requests.count, heldPins)
        try await withThrowingTaskGroup(of: (CodeRequest, Result<FetchedCode, CodeFetchError>).self) { group in
            var pending = requests.makeIterator()
            func startNext() {
                guard let request = pending.next() else { return }
                group.addTask {
                    let shown = request.source.isUsedInPlace ? nil : progress
                    shown?.fetchStarted(request, of: total)
                    do {
                        let code = try await fetcher.fetch(request)
                        if code.pin == nil || code.pin != held[request.name] {
                            try await sandbox.place(code, as: request.name)
                        }
                        shown?.fetchFinished(request, of: total)
                        return (request, .success(code))
                    } catch let error as CodeFetchError {
                        return (request, .failure(error))
                    }
                }
            }
            for _ in 0..<jobs { startNext() }
            while let (request, result) = try await group.next() {
                switch result {
                case let .success(code):
                    placed.insert(request.name)
                    if code.pin != nil && code.pin == held[request.name] { alreadyThere.insert(request.name) }
                    if let pin = code.pin { pins[request.name] = (request.source, pin) }
                case let .failure(error):
                    failures.append(error)
                }
                startNext()
            }
        }
        let recorded = lock.recording(pins)
        if !failures.isEmpty {
            try sandbox.writeManifest(recorded.keeping(plan.unchanged.union(placed)))
            try Task.checkCancellation()
            throw SandboxInstallError(failures: failures)
        }
        try sandbox.writeManifest(recorded)
        let wrote = try integrate(recorded, sources: sources, catalog: catalog)
        let done = SandboxPlan(changes: plan.changes.map { alreadyThere.contains($0.name) ? SandboxChange(name: $0.name, kind: .unchanged) : $0 })
        return SandboxOutcome(lock: recorded, plan: done, previous: state.manifest, wrotePackageManifest: wrote)
    }
}

/// What the sandbox must do for a lock, worked out before anything is fetched.
struct SandboxWork {
    /// The lock, with the pins the sandbox recorded for packages the lock has none for.
    let lock: Lockfile
    let plan: SandboxPlan
    let state: SandboxState
    let sources: [PackageName: CodeSource]
    /// Packages fetched again only to see whether their code moved, with the pin they are at.
    let heldPins: [PackageName: ContentPin]

    var needsFetching: Bool { !plan.isInSync }
}

/// What a sandbox installation did.
struct SandboxOutcome {
    /// The lock with the pins of the code fetched.
    let lock: Lockfile
    let plan: SandboxPlan
    /// Manifest.lock as it was before.
    let previous: Lockfile?
    /// Whether `Deps/Package.swift` was written.
    var wrotePackageManifest = false
}

extension SandboxInstallation {
    /// Writes `Deps/Package.swift` for the packages of `lock`: a target per package, or per subspec
    /// used (`Moya/Core` as `Moya_Core`), its sources from its spec's `source_files`, its
    /// dependencies' modules. A package used whole with subspecs is a product of its default
    /// subspecs' targets; a subspec with no `source_files` only brings its dependencies.
    func integrate(_ lock: Lockfile, sources: [PackageName: CodeSource], catalog: SpecCatalog) throws -> Bool {
        guard let integration else { return false }
        var specifications: [PackageName: Specification] = [:]
        for package in lock.rootPackages {
            specifications[package.name] = try catalog.specification(of: package.name, version: package.version)
        }
        let used = Set(lock.packages.map(\.name))
        /// The modules a dependency on `name` reaches: the package's, a subspec's, or the default subspecs'.
        func modules(of name: PackageName, seen: Set<PackageName> = []) -> [String] {
            guard let specification = specifications[name.root], !seen.contains(name) else { return [] }
            if specification.subspecs.isEmpty { return [specification.moduleName] }
            if let subspecName = name.subspec {
                guard let subspec = specification.subspec(named: subspecName) else { return [] }
                if subspec.sourceFiles != nil { return [specification.moduleName(ofSubspec: subspecName)] }
                return subspec.dependencies.flatMap { modules(of: $0.name, seen: seen.union([name])) }
            }
            return specification.defaultSubspecNames.flatMap { sub in
                (try? name.subspec(sub)).map { modules(of: $0, seen: seen.union([name])) } ?? []
            }
        }
        var targets: [SwiftPackageTarget] = []
        var wholePackages: [SwiftPackageProduct] = []
        for package in lock.rootPackages {
            guard let specification = specifications[package.name] else { continue }
            let folder: SandboxFolder = if case let .path(path)? = sources[package.name] {
                .inPlace(package.name, path: path)
            } else {
                .fetched(package.name)
            }
            let files = try integration.files(in: folder)
            let own = specification.dependencies.filter { $0.name.root != package.name }.flatMap { modules(of: $0.name) }
            guard !specification.subspecs.isEmpty else {
                targets.append(SwiftPackageTarget(
                    specification: specification, folder: folder, files: files, dependencyModules: Array(Set(own))))
                continue
            }
            var wanted = Set(used.filter { $0.root == package.name }.compactMap(\.subspec))
            if used.contains(package.name) { wanted.formUnion(specification.defaultSubspecNames) }
            for subspec in specification.subspecs where wanted.contains(subspec.name) {
                guard let globs = subspec.sourceFiles, let name = try? package.name.subspec(subspec.name) else { continue }
                let needs = subspec.dependencies.flatMap { modules(of: $0.name) } + own
                targets.append(SwiftPackageTarget(
                    name: name, module: specification.moduleName(ofSubspec: subspec.name), sourceFiles: globs, folder: folder,
                    files: files, dependencyModules: Array(Set(needs)).filter { $0 != specification.moduleName(ofSubspec: subspec.name) }))
            }
            if used.contains(package.name) {
                wholePackages.append(SwiftPackageProduct(name: package.name.description, targets: modules(of: package.name)))
            }
        }
        return try integration.write(SandboxPackageManifest(targets: targets, wholePackages: wholePackages))
    }
}

extension SpecCatalog {
    /// Where each locked package's code comes from: a `path:` external source is used in
    /// place; otherwise the spec's `source:` says.
    func codeSources(of lock: Lockfile) throws -> [PackageName: CodeSource] {
        var sources: [PackageName: CodeSource] = [:]
        for package in lock.rootPackages {
            if let external = lock.externalSources[package.name] {
                // A git external source is fetched at the commit the lock records.
                if case let .git(url, _) = external, let commit = lock.lockedCommit(of: package.name, from: external) {
                    sources[package.name] = .git(url: url, .commit(commit))
                } else {
                    sources[package.name] = external.codeSource
                }
                continue
            }
            guard let source = try specification(of: package.name, version: package.version).codeSource else {
                throw MissingCodeSourceError(name: package.name, version: package.version)
            }
            sources[package.name] = source
        }
        return sources
    }
}

/// A locked package whose spec does not say where its code is.
public struct MissingCodeSourceError: Error, Sendable, Equatable {
    public let name: PackageName
    public let version: Version
}

extension LockfileUpdate {
    /// The lock's changes as the sandbox saw them: a package the lock kept but the sandbox had to
    /// fetch is installed, and a package the sandbox dropped is removed.
    func merging(_ outcome: SandboxOutcome) -> LockfileUpdate {
        var changes = self.changes
        for change in outcome.plan.changes {
            switch change.kind {
            case .added, .changed:
                guard let index = changes.firstIndex(where: { $0.name == change.name }),
                      case let .unchanged(version) = changes[index].kind else { continue }
                changes[index] = PackageChange(name: change.name, kind: .installed(version))
            case .removed:
                guard !changes.contains(where: { $0.name == change.name }),
                      let version = outcome.previous?.package(named: change.name)?.version else { continue }
                changes.append(PackageChange(name: change.name, kind: .removed(version)))
            case .unchanged:
                continue
            }
        }
        return LockfileUpdate(
            changes: changes.sorted { $0.name < $1.name }, directDependencyCount: directDependencyCount,
            lockedPackageCount: lockedPackageCount, lockfileChanged: lockfileChanged, dryRun: dryRun,
            heldBack: heldBack, replacedUnreadableLockfile: replacedUnreadableLockfile)
    }
}
