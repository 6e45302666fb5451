/// One way a lockfile is out of sync with its Depsfile or its sources (`deps check`).
/// Each case is a code and its values; `SyncReportTextPresenter` words them.
public enum SyncProblem: Sendable, Hashable {
    /// In the Depsfile, not in the lock's DEPENDENCIES.
    case added(PackageName)
    /// In the lock's DEPENDENCIES, no longer in the Depsfile.
    case removed(PackageName)
    /// In both, with a different meaning.
    case modified(PackageName)
    /// A locked version that a requirement on it does not admit; `requiredBy` nil is the Depsfile.
    case unsatisfied(PackageName, Version, requiredBy: LockedPackage?, Requirement)
    /// A dependency that the lock's PACKAGES do not list.
    case notLocked(PackageName, requiredBy: LockedPackage?)
    /// A locked package nothing depends on any more.
    case orphaned(PackageName, Version)
    /// A locked version its recorded source no longer has.
    /// `readFrom`: where the source was read, when a mirror serves it (`SpecSource.readFrom`).
    case versionMissing(PackageName, Version, source: String, readFrom: String? = nil)
    /// A package recorded as coming from a source the Depsfile no longer lists.
    case sourceNotListed(PackageName, source: String)
    /// A package whose external source in the Depsfile differs from the lock's, or is missing from EXTERNAL SOURCES.
    case externalSourceChanged(PackageName)
    /// The spec file's SHA-256 differs from SPEC CHECKSUMS (a package it has no entry for has not recorded one yet).
    case specChecksumMismatch(PackageName, Version)
    /// A package whose code comes from git or an archive, with no commit in CHECKOUT OPTIONS or
    /// no digest in SOURCE CHECKSUMS: `deps install` would fetch it and record one.
    case codeNotPinned(PackageName, ContentPinKind)
    /// The Depsfile's SHA-256 differs from DEPSFILE CHECKSUM.
    case depsfileChecksumMismatch
    /// `deps install` would write another lockfile (deployment only).
    case lockfileWouldChange(PackageChange)
    /// `deps install` would rewrite the lockfile without moving a package (deployment only).
    case lockfileWouldBeRewritten
    /// The sandbox `Deps/` exists and does not hold what the lock says for a package.
    case sandboxOutOfSync(SandboxChange)
    /// An Xcode project lacks what the Depsfile's `xcode:` asks for, or links more (BEHAVIOUR 15).
    case xcodeProjectOutOfStep(XcodeDrift)
    /// A file in which SwiftPM or Xcode records a Swift package's version (`Deps/Package.swift`,
    /// a `Package.resolved`) records another than the lock, or (nil) does not name the package.
    case swiftPackagePinDisagrees(file: String, PackageName, locked: Version, recorded: RecordedSwiftPackagePin?)
}

extension Lockfile {
    /// The problems this lock has against the Depsfile alone, without reading any spec:
    /// dependency drift, pins that a requirement excludes, dependencies missing from
    /// PACKAGES, orphans, and the Depsfile checksum. A different `DEPS:` line is not a problem.
    public func problems(against manifest: Manifest) -> [SyncProblem] {
        let drift = manifest.drift(from: self)
        var problems: [SyncProblem] = drift.added.map { .added($0) } + drift.removed.map { .removed($0) } + drift.modified.map { .modified($0) }
        let byName = Dictionary(packages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func check(_ dependency: Dependency, requiredBy: LockedPackage?) {
            guard let locked = byName[dependency.name] else {
                // An added dependency is reported as added, not again as missing from PACKAGES.
                if requiredBy != nil || !drift.added.contains(dependency.name) {
                    problems.append(.notLocked(dependency.name, requiredBy: requiredBy))
                }
                return
            }
            if !dependency.requirement.admits(locked.version, prereleasesAdmitted: true) {
                problems.append(.unsatisfied(dependency.name, locked.version, requiredBy: requiredBy, dependency.requirement))
            }
        }
        for dependency in manifest.dependencies {
            check(dependency, requiredBy: nil)
            if let source = dependency.externalSource, externalSources[dependency.name.root] != source, !drift.modified.contains(dependency.name) {
                problems.append(.externalSourceChanged(dependency.name))
            }
        }
        for package in packages {
            for dependency in package.dependencies { check(dependency, requiredBy: package) }
        }
        let reachable = pins(roots: manifest.dependencies.map(\.name), releasing: [])
        for package in packages where reachable[package.name] == nil && !drift.removed.contains(package.name) {
            problems.append(.orphaned(package.name, package.version))
        }
        if manifest.checksum != depsfileChecksum { problems.append(.depsfileChecksumMismatch) }
        return problems
    }

    /// The same lock with another `DEPS:` line, to compare locks written by different releases.
    /// The lock with a spec checksum for each package it had none for (a lock `deps import`
    /// wrote); the checksums it has are kept.
    public func recordingSpecChecksums(_ checksums: [PackageName: String]) -> Lockfile {
        Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            specChecksums: checksums.merging(specChecksums) { _, recorded in recorded }, depsfileChecksum: depsfileChecksum,
            depsVersion: depsVersion, checkoutOptions: checkoutOptions, sourceChecksums: sourceChecksums)
    }

    /// The same lock with spec checksums only for the packages `other` records one for: a checksum
    /// a lock has not recorded yet (a lock `deps import` wrote) is not drift, for `deps check` as
    /// for `deps install --deployment`.
    public func keepingSpecChecksums(recordedIn other: Lockfile) -> Lockfile {
        Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            specChecksums: specChecksums.filter { other.specChecksums[$0.key] != nil }, depsfileChecksum: depsfileChecksum,
            depsVersion: depsVersion, checkoutOptions: checkoutOptions, sourceChecksums: sourceChecksums)
    }

    public func written(by depsVersion: String) -> Lockfile {
        Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: externalSources,
            specChecksums: specChecksums, depsfileChecksum: depsfileChecksum, depsVersion: depsVersion,
            checkoutOptions: checkoutOptions, sourceChecksums: sourceChecksums)
    }
}
