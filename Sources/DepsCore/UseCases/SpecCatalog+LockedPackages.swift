/// What the catalog says about a lock's packages: whether each still holds in its source (check,
/// and install before it skips the solver), where its code comes from (the sandbox), and what keeps
/// a named package from moving (update).
extension SpecCatalog {
    /// Whether the locked version still exists in its recorded source with the recorded checksum.
    func problems(with package: LockedPackage, in lockfile: Lockfile, listedSources: [String]) throws -> [SyncProblem] {
        if lockfile.externalSources[package.name.root] == nil, let source = lockfile.source(of: package.name.root),
           !listedSources.contains(source) {
            return [.sourceNotListed(package.name, source: source)]
        }
        let listed = try locateLocked(package.name, version: package.version) ?? versions(of: package.name).contains(package.version)
        guard listed, let origin = try origin(of: package.name) else {
            let source = lockfile.source(of: package.name.root)
            return [.versionMissing(
                package.name, package.version, source: source ?? sourceLabels.joined(separator: ", "),
                readFrom: source.flatMap { sourcesByLabel[$0]?.readFrom })]
        }
        let specification = try specification(of: package.name, version: package.version)
        if case .repository = origin, specification.version.description != package.version.description {
            let source = lockfile.source(of: package.name.root)
            return [.versionMissing(
                package.name, package.version, source: source ?? "", readFrom: source.flatMap { sourcesByLabel[$0]?.readFrom })]
        }
        // A lock without a package's checksum (as `deps import` writes it: CocoaPods' are of another
        // kind) has not recorded it yet; the next install does. One that differs is a changed spec.
        if let recorded = lockfile.specChecksums[package.name.root], recorded != specification.checksum {
            return [.specChecksumMismatch(package.name, package.version)]
        }
        return []
    }

    /// The locked packages whose code a plain install would pin (a git commit, an archive's digest)
    /// and the lock does not: it was written by `--lock-only`, or an entry was lost. A package the
    /// lock records no spec checksum for (a lock `deps import` wrote) is left to the first install,
    /// which records both.
    func unpinnedCode(in lockfile: Lockfile) throws -> [SyncProblem] {
        var problems: [SyncProblem] = []
        for package in lockfile.rootPackages where lockfile.contentPin(of: package.name) == nil
            && lockfile.specChecksums[package.name] != nil {
            // An external source that names the code (`path:`, `git:`) says; otherwise (`podspec:`) the spec does.
            let source = try lockfile.externalSources[package.name]?.codeSource
                ?? specification(of: package.name, version: package.version).codeSource
            if let source, let kind = ContentPinKind(of: source) { problems.append(.codeNotPinned(package.name, kind)) }
        }
        return problems
    }

    /// Where each locked package's code comes from: a `path:` external source is used in
    /// place, a `git:` one is fetched; otherwise (a `podspec:` file among them) the spec's
    /// `source:` says, and a spec read from a remote spec repository may name only code on the
    /// network (`CodeSource.isReachableFromRemoteSpec`). Every package is looked at before any
    /// code is fetched, so a refused one leaves everything as it was.
    func codeSources(of lock: Lockfile) throws -> [PackageName: CodeSource] {
        var sources: [PackageName: CodeSource] = [:]
        for package in lock.rootPackages {
            if let external = lock.externalSources[package.name], let source = external.codeSource {
                // A git external source is fetched at the commit the lock records.
                if case let .git(url, _, submodules) = external, let commit = lock.lockedCommit(of: package.name, from: external) {
                    sources[package.name] = .git(url: url, .commit(commit), submodules: submodules)
                } else {
                    sources[package.name] = source
                }
                continue
            }
            guard let source = try specification(of: package.name, version: package.version).codeSource else {
                throw MissingCodeSourceError(name: package.name, version: package.version)
            }
            if let repository = try repository(of: package.name), repository.isRemote, !source.isReachableFromRemoteSpec {
                throw RemoteSpecReachError(name: package.name, version: package.version, source: repository.label, codeSource: source)
            }
            sources[package.name] = source
        }
        return sources
    }

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

extension SpecCatalog {
    /// The lock's packages that get no product to link (a tool pod), as their specs say; a spec
    /// not fetched yet is fetched (`reading`), one that cannot be read is left to the install to report.
    func packagesWithoutProduct(in lock: Lockfile) throws -> Set<PackageName> {
        var specifications: [PackageName: Specification] = [:]
        for package in lock.rootPackages {
            do {
                specifications[package.name] = try specification(of: package.name, version: package.version)
            } catch let missing as SpecsNotFetched {
                throw missing
            } catch {
                continue
            }
        }
        return SandboxPackageManifest.packagesWithoutProduct(in: lock, specifications: specifications, platform: platform)
    }
}
