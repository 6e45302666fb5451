/// What pins a package's code itself, not just its spec (BEHAVIOUR 1.3 CHECKOUT OPTIONS and
/// SOURCE CHECKSUMS): the commit a git source was fetched at, or the SHA-256 of an archive.
public enum ContentPin: Sendable, Hashable, CustomStringConvertible {
    case commit(String)
    case archiveDigest(String)

    public var description: String {
        switch self {
        case let .commit(commit): "commit \(commit)"
        case let .archiveDigest(digest): "SHA-256 \(digest)"
        }
    }

    /// The pin's value: the commit id or the digest.
    public var value: String {
        switch self {
        case let .commit(commit): commit
        case let .archiveDigest(digest): digest
        }
    }
}

/// Which kind of pin a package's code takes: a commit for git, a digest for an archive.
public enum ContentPinKind: Sendable, Hashable {
    case commit
    case archiveDigest

    /// The kind of pin `source` is fetched with; nil for a folder used in place.
    public init?(of source: CodeSource) {
        switch source {
        case .git: self = .commit
        case .http: self = .archiveDigest
        case .path: return nil
        }
    }
}

/// A CHECKOUT OPTIONS entry: the git URL a package's code came from, the commit fetched, and
/// whether its submodules were fetched with it (at the commits that commit records).
public struct CheckoutOption: Sendable, Hashable {
    public let git: String
    public let commit: String
    public let submodules: Bool

    public init(git: String, commit: String, submodules: Bool = false) {
        self.git = git
        self.commit = commit
        self.submodules = submodules
    }
}

extension Lockfile {
    /// The pin the lock records for a package's code, if any.
    public func contentPin(of name: PackageName) -> ContentPin? {
        if let option = checkoutOptions[name] { return .commit(option.commit) }
        if let digest = sourceChecksums[name] { return .archiveDigest(digest) }
        return nil
    }

    /// This lock with the pins of the code that was fetched for it recorded.
    public func recording(_ fetched: [PackageName: (source: CodeSource, pin: ContentPin)]) -> Lockfile {
        var checkouts = checkoutOptions
        var digests = sourceChecksums
        for (name, entry) in fetched {
            switch entry.pin {
            case let .commit(commit):
                var submodules = false
                if case .git(_, _, true) = entry.source { submodules = true }
                checkouts[name] = CheckoutOption(git: entry.source.location, commit: commit, submodules: submodules)
                digests[name] = nil
            case let .archiveDigest(digest):
                digests[name] = digest
                checkouts[name] = nil
            }
        }
        return replacingContentPins(checkoutOptions: checkouts, sourceChecksums: digests)
    }

    /// Whether `other` locks the package `name` as this lock does: the same version, spelt the
    /// same, from the same spec, source and external source. Its code may still be pinned anew.
    public func locksAlike(_ name: PackageName, _ other: Lockfile) -> Bool {
        specChecksums[name] == other.specChecksums[name] && locksAlikeBesidesSpecChecksum(name, other)
    }

    /// The same version, spelt the same, from the same source and external source.
    private func locksAlikeBesidesSpecChecksum(_ name: PackageName, _ other: Lockfile) -> Bool {
        guard let version = version(ofRoot: name), let otherVersion = other.version(ofRoot: name) else { return false }
        return version == otherVersion && version.description == otherVersion.description
            && source(of: name) == other.source(of: name)
            && externalSources[name] == other.externalSources[name]
    }

    /// Whether `other` locks the package `name` with the same code as this lock does: alike, or
    /// the same version, spelt the same, of the same spec bytes (a recorded checksum) and external
    /// source, read from another spec repository. A project moved onto a mirror reads the very
    /// spec it locked from the mirror, whose code is the same, so its pin still holds.
    func locksSameCode(_ name: PackageName, _ other: Lockfile) -> Bool {
        if locksAlike(name, other) { return true }
        guard let checksum = specChecksums[name], checksum == other.specChecksums[name],
              let version = version(ofRoot: name), let otherVersion = other.version(ofRoot: name) else { return false }
        return version == otherVersion && version.description == otherVersion.description
            && externalSources[name] == nil && other.externalSources[name] == nil
    }

    /// Whether this lock records no spec checksum for `name` (a lock imported from a Podfile.lock,
    /// whose checksums are CocoaPods' own) and otherwise locks it as `other` does: its code pins
    /// then still hold.
    func locksAlikeWithoutSpecChecksum(_ name: PackageName, _ other: Lockfile) -> Bool {
        specChecksums[name] == nil && locksAlikeBesidesSpecChecksum(name, other)
    }

    /// This lock (a new resolution) with the code pins of `previous` kept for every package whose
    /// version, spec and source are unchanged, or whose same spec is now read from another spec
    /// repository (`locksSameCode`): the code a lock pinned stays pinned.
    ///
    /// - Parameter released: packages whose pins are not carried (what `deps update` names).
    public func carryingContentPins(from previous: Lockfile?, releasing released: Set<PackageName>? = []) -> Lockfile {
        guard let previous, let released else { return self }
        var checkouts: [PackageName: CheckoutOption] = [:]
        var digests: [PackageName: String] = [:]
        for package in rootPackages {
            guard !released.contains(package.name),
                  locksSameCode(package.name, previous) || previous.locksAlikeWithoutSpecChecksum(package.name, self) else { continue }
            checkouts[package.name] = previous.checkoutOptions[package.name] ?? checkoutOptions[package.name]
            digests[package.name] = previous.sourceChecksums[package.name] ?? sourceChecksums[package.name]
        }
        for package in rootPackages where checkouts[package.name] == nil && digests[package.name] == nil {
            checkouts[package.name] = checkoutOptions[package.name]
            digests[package.name] = sourceChecksums[package.name]
        }
        return replacingContentPins(checkoutOptions: checkouts, sourceChecksums: digests)
    }

    /// This lock with the pins `sandbox` recorded for the named packages that this lock has no pin for.
    public func keepingPins(of names: Set<PackageName>, from sandbox: Lockfile?) -> Lockfile {
        guard let sandbox else { return self }
        var checkouts = checkoutOptions
        var digests = sourceChecksums
        for name in names where contentPin(of: name) == nil {
            checkouts[name] = sandbox.checkoutOptions[name]
            digests[name] = sandbox.sourceChecksums[name]
        }
        return replacingContentPins(checkoutOptions: checkouts, sourceChecksums: digests)
    }

    /// What a real run would record for the `released` packages this lock (a new resolution) has
    /// no pin for, when `previous` locked them alike: a fixed reference is fetched at the same pin
    /// again (a tag's or a commit's commit, an archive whose spec declares the digest `previous`
    /// recorded). A branch may have moved, which only a fetch can tell, so its pin stays unknown.
    /// `deps update NAME --dry-run` says with it what the real run writes.
    public func keepingUnmovedPins(
        from previous: Lockfile?, releasing released: Set<PackageName>, sources: [PackageName: CodeSource]
    ) -> Lockfile {
        guard let previous else { return self }
        var checkouts = checkoutOptions
        var digests = sourceChecksums
        for name in released where contentPin(of: name) == nil && locksSameCode(name, previous) {
            switch sources[name] {
            case let .git(url, .tag, submodules)?, let .git(url, .commit, submodules)?:
                if let option = previous.checkoutOptions[name], option.git == url, option.submodules == submodules {
                    checkouts[name] = option
                }
            case let .http(_, sha256?)?:
                if previous.sourceChecksums[name] == sha256 { digests[name] = sha256 }
            default:
                continue
            }
        }
        return replacingContentPins(checkoutOptions: checkouts, sourceChecksums: digests)
    }

    /// The commit a `git:` external source is pinned to: what CHECKOUT OPTIONS records for the
    /// package, while the lock records that same source and URL.
    public func lockedCommit(of name: PackageName, from source: ExternalSource) -> String? {
        let url: String
        switch source {
        case let .git(gitURL, _, _), let .unversionedPackage(gitURL, _): url = gitURL
        default: return nil
        }
        guard externalSources[name] == source, let option = checkoutOptions[name], option.git == url else { return nil }
        return option.commit
    }

    /// This lock without any code pins (what `--lock-only` writes for new packages).
    public func replacingContentPins(
        checkoutOptions: [PackageName: CheckoutOption], sourceChecksums: [PackageName: String]
    ) -> Lockfile {
        Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            specChecksums: specChecksums, depsfileChecksum: depsfileChecksum, depsVersion: depsVersion,
            checkoutOptions: checkoutOptions, sourceChecksums: sourceChecksums)
    }

    /// The part of this lock that describes only the named packages (what Manifest.lock records
    /// of a sandbox that holds just those).
    public func keeping(_ names: Set<PackageName>) -> Lockfile {
        Lockfile(
            packages: packages.filter { names.contains($0.name.root) },
            dependencies: dependencies,
            specRepos: specRepos.compactMap { repo in
                let kept = repo.packages.filter { names.contains($0) }
                return kept.isEmpty ? nil : SpecRepoEntry(source: repo.source, packages: kept)
            },
            externalSources: externalSources.filter { names.contains($0.key) },
            specChecksums: specChecksums.filter { names.contains($0.key) },
            depsfileChecksum: depsfileChecksum,
            depsVersion: depsVersion,
            checkoutOptions: checkoutOptions.filter { names.contains($0.key) },
            sourceChecksums: sourceChecksums.filter { names.contains($0.key) })
    }

    /// This lock's entries for `names` together with `other`'s entries for `others`: what a
    /// sandbox holds when some packages are placed at this lock and others are still as `other`
    /// (Manifest.lock) last recorded them.
    public func keeping(_ names: Set<PackageName>, and others: Set<PackageName>, from other: Lockfile) -> Lockfile {
        let (mine, theirs) = (keeping(names), other.keeping(others.subtracting(names)))
        var repos: [String: [PackageName]] = [:]
        for repo in mine.specRepos + theirs.specRepos { repos[repo.source, default: []] += repo.packages }
        return Lockfile(
            packages: mine.packages + theirs.packages,
            dependencies: dependencies,
            specRepos: repos.map { SpecRepoEntry(source: $0.key, packages: $0.value) },
            externalSources: mine.externalSources.merging(theirs.externalSources) { mine, _ in mine },
            specChecksums: mine.specChecksums.merging(theirs.specChecksums) { mine, _ in mine },
            depsfileChecksum: depsfileChecksum,
            depsVersion: depsVersion,
            checkoutOptions: mine.checkoutOptions.merging(theirs.checkoutOptions) { mine, _ in mine },
            sourceChecksums: mine.sourceChecksums.merging(theirs.sourceChecksums) { mine, _ in mine })
    }
}
