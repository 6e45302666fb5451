import DepsFailures
/// Something in a Podfile.lock that deps' lock cannot say (BEHAVIOUR 10). Each case is a code and
/// its values; a presenter words them.
public enum PodfileLockConversionProblem: Sendable, Hashable {
    /// A pod or dependency name that is not a deps package name: a nested subspec
    /// (`YapDatabase/SQLCipher/Core`) or a character deps refuses.
    case invalidName(String)
    /// A git external source whose reference deps refuses (an abbreviated commit, a tag starting with `-`).
    case invalidGitReference(pod: String, key: String, value: String)
    /// A `:podspec` external source deps cannot read (`PodspecFileProblem`): a Ruby podspec, a URL.
    case podspecSource(pod: String, location: String)
    /// An `:http`, `:svn`, `:hg` or `:bzr` external source.
    case downloadSource(pod: String, kind: String)
    /// A DEPENDENCIES entry `from` a location that EXTERNAL SOURCES does not describe.
    case externalSourceMissing(pod: String)
    /// A CHECKOUT OPTIONS commit that is not 40 lower-case hexadecimal digits.
    case invalidCheckoutCommit(pod: String, commit: String)
}

/// A Podfile.lock that cannot become a deps lock pod for pod: every problem, in the lock's order.
public struct PodfileLockConversionError: ExitStatusError, Sendable, Equatable {
    public var exitStatus: ExitStatus { .malformedInput }
    public let problems: [PodfileLockConversionProblem]

    public init(problems: [PodfileLockConversionProblem]) {
        self.problems = problems
    }
}

extension PodfileLock {
    /// The label deps records for a spec repository a Podfile.lock names: `trunk` for every
    /// spelling of CocoaPods' trunk (`trunk`, its CDN, the CocoaPods/Specs git repository in any
    /// case, with or without `.git`), the source as written otherwise.
    public static func specSourceLabel(_ source: String) -> String {
        isTrunk(source) ? "trunk" : source
    }

    /// Whether a SPEC REPOS key names CocoaPods' trunk.
    public static func isTrunk(_ source: String) -> Bool {
        var text = source.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return ["trunk", "https://cdn.cocoapods.org", "https://github.com/cocoapods/specs",
                "http://github.com/cocoapods/specs", "git@github.com:cocoapods/specs"].contains(text)
    }

    /// deps' lock for the project this Podfile.lock locked, so that the next `deps install`
    /// keeps every version (BEHAVIOUR 10):
    /// - every PODS entry, subspecs included, becomes a locked package at its version with the
    ///   requirements listed under it;
    /// - DEPENDENCIES become the lock's dependencies, `from` entries with their external source;
    /// - SPEC REPOS become the source recorded per package, trunk's spellings as `trunk`; a lock
    ///   without SPEC REPOS (CocoaPods before 1.5) took every pod that has no external source
    ///   from trunk;
    /// - CHECKOUT OPTIONS with a commit become the code pins; one with a tag only pins nothing
    ///   (the install that fetches the tag records its commit);
    /// - SPEC CHECKSUMS are left out: CocoaPods' are SHA-1 of the podspec's JSON, deps' are SHA-256
    ///   of the spec file it reads, and the next install records them;
    /// - the `droppedSpecs` (the test and app specs the Podfile asked for, `Kit/Tests`, which
    ///   deps drops: `Podfile.droppedSpecNames`) are left out of PODS and DEPENDENCIES, with the
    ///   pods only they needed, so the lock says what the Depsfile asks for.
    ///
    /// - Throws: `PodfileLockConversionError` naming everything deps' lock cannot say.
    public func lockfile(
        depsfileChecksum: String, depsVersion: String = DepsRelease.version, droppedSpecs: Set<String> = []
    ) throws(PodfileLockConversionError) -> Lockfile {
        var conversion = Conversion()
        var packages: [LockedPackage] = []
        // What the dropped specs require: locked for them alone unless something kept needs it too.
        var droppedNeeds: [PackageName] = []
        for pod in pods {
            guard !droppedSpecs.contains(pod.name) else {
                droppedNeeds += pod.dependencies.compactMap { try? PackageName($0.name) }
                continue
            }
            let dependencies = pod.dependencies.filter { !droppedSpecs.contains($0.name) }
                .compactMap { conversion.dependency($0, externalSources: [:]) }
            guard let name = conversion.name(pod.name) else { continue }
            packages.append(LockedPackage(name: name, version: pod.version, dependencies: dependencies))
        }
        var external: [PackageName: ExternalSource] = [:]
        for (pod, source) in externalSources.sorted(by: { $0.key < $1.key }) {
            guard let name = conversion.name(pod), let converted = conversion.externalSource(source, of: pod) else { continue }
            external[name] = converted
        }
        let dependencies = Self.merging(self.dependencies.filter { !droppedSpecs.contains($0.name) }
            .compactMap { conversion.dependency($0, externalSources: external) })
        let onlyForDropped = Self.reached(from: droppedNeeds, in: packages)
            .subtracting(Self.reached(from: dependencies.map(\.name), in: packages))
        if !onlyForDropped.isEmpty {
            let rootsBefore = Set(packages.map(\.name.root))
            packages.removeAll { onlyForDropped.contains($0.name) }
            let gone = rootsBefore.subtracting(packages.map(\.name.root))
            external = external.filter { !gone.contains($0.key) }
        }
        let lockedRoots = Set(packages.map(\.name.root))
        var checkouts: [PackageName: CheckoutOption] = [:]
        for (pod, checkout) in checkoutOptions.sorted(by: { $0.key < $1.key }) {
            guard case let .commit(commit) = checkout.pin, let name = conversion.name(pod) else { continue }
            guard onlyForDropped.isEmpty || lockedRoots.contains(name.root) else { continue }
            guard GitCommit.isValid(commit) else {
                conversion.problems.append(.invalidCheckoutCommit(pod: pod, commit: commit))
                continue
            }
            checkouts[name] = CheckoutOption(git: checkout.git, commit: commit, submodules: checkout.submodules)
        }
        var specRepos = conversion.specRepos(self, lockedRoots: packages.map(\.name.root), external: external)
        if !onlyForDropped.isEmpty {
            specRepos = specRepos.compactMap { repo in
                let kept = repo.packages.filter { lockedRoots.contains($0.root) }
                return kept.isEmpty ? nil : SpecRepoEntry(source: repo.source, packages: kept)
            }
        }
        guard conversion.problems.isEmpty else { throw PodfileLockConversionError(problems: conversion.problems) }
        return Lockfile(
            packages: packages, dependencies: dependencies, specRepos: specRepos, externalSources: external,
            specChecksums: [:], depsfileChecksum: depsfileChecksum, depsVersion: depsVersion,
            checkoutOptions: checkouts)
    }

    /// One dependency per pod: CocoaPods writes a DEPENDENCIES line for each different requirement
    /// the Podfile's targets put on a pod (`Alamofire (< 5.9)`, `Alamofire (>= 5.0)`); deps' lock
    /// has one with every requirement, as the Depsfile's union has (`Podfile.dependencies()`).
    static func merging(_ dependencies: [Dependency]) -> [Dependency] {
        var merged: [Dependency] = []
        for dependency in dependencies {
            guard let index = merged.firstIndex(where: { $0.name == dependency.name }) else {
                merged.append(dependency)
                continue
            }
            let known = merged[index]
            merged[index] = Dependency(
                known.name, known.requirement.intersection(dependency.requirement), externalSource: known.externalSource ?? dependency.externalSource)
        }
        return merged
    }
}

extension PodfileLock {
    /// The locked packages reached from `roots` through the requirements PODS lists under each,
    /// by name, as a deps lock's pins are (`Lockfile.pins`).
    fileprivate static func reached(from roots: [PackageName], in packages: [LockedPackage]) -> Set<PackageName> {
        let byName = Dictionary(packages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<PackageName> = []
        var queue = roots
        while let name = queue.popLast() {
            guard let package = byName[name], reached.insert(name).inserted else { continue }
            queue += package.dependencies.map(\.name)
        }
        return reached
    }
}

/// The names and sources of one conversion, and the problems met on the way (each once).
private struct Conversion {
    var problems: [PodfileLockConversionProblem] = []
    private var reported: Set<PodfileLockConversionProblem> = []

    mutating func report(_ problem: PodfileLockConversionProblem) {
        if reported.insert(problem).inserted { problems.append(problem) }
    }

    mutating func name(_ text: String) -> PackageName? {
        guard let name = try? PackageName(text) else {
            report(.invalidName(text))
            return nil
        }
        return name
    }

    /// A PODS requirement (no external source), or a DEPENDENCIES entry with the external source
    /// its root has under EXTERNAL SOURCES.
    mutating func dependency(_ dependency: PodDependency, externalSources: [PackageName: ExternalSource]) -> Dependency? {
        guard let name = name(dependency.name) else { return nil }
        guard dependency.externalLocation != nil else { return Dependency(name, dependency.requirement) }
        guard let source = externalSources[name.root] else {
            // An external source deps cannot say was reported already; one that is not there is reported now.
            if !problems.contains(where: { $0.pod == PodfileLock.root(of: dependency.name) }) {
                report(.externalSourceMissing(pod: dependency.name))
            }
            return nil
        }
        return Dependency(name, dependency.requirement, externalSource: source)
    }

    mutating func externalSource(_ source: PodExternalSource, of pod: String) -> ExternalSource? {
        switch source {
        case let .path(path):
            return .path(path)
        case let .git(url, reference, submodules):
            // No `:tag`, `:branch` or `:commit`: the default branch, which CHECKOUT OPTIONS' commit pins.
            guard let reference else { return .git(url: url, .defaultBranch, submodules: submodules) }
            guard let converted = try? GitReference.reading(key: reference.key, value: reference.value) else {
                report(.invalidGitReference(pod: pod, key: reference.key, value: reference.value))
                return nil
            }
            return .git(url: url, converted, submodules: submodules)
        case let .podspec(location):
            guard PodspecFileProblem(location: location) == nil else {
                report(.podspecSource(pod: pod, location: location))
                return nil
            }
            return .podspec(location)
        case let .download(kind, _):
            report(.downloadSource(pod: pod, kind: kind))
            return nil
        }
    }

    /// SPEC REPOS by deps' label, trunk's spellings merged; without the section, trunk for every
    /// locked package that has no external source.
    mutating func specRepos(_ lock: PodfileLock, lockedRoots: [PackageName], external: [PackageName: ExternalSource]) -> [SpecRepoEntry] {
        guard let repos = lock.specRepos else {
            let fromTrunk = Set(lockedRoots.filter { external[$0] == nil && lock.externalSources[$0.description] == nil })
            return fromTrunk.isEmpty ? [] : [SpecRepoEntry(source: "trunk", packages: Array(fromTrunk))]
        }
        var byLabel: [String: Set<PackageName>] = [:]
        var order: [String] = []
        for repo in repos {
            let label = PodfileLock.specSourceLabel(repo.source)
            if byLabel[label] == nil { order.append(label) }
            byLabel[label, default: []].formUnion(repo.pods.compactMap { name($0) })
        }
        return order.map { SpecRepoEntry(source: $0, packages: Array(byLabel[$0]!)) }
    }
}

extension PodfileLockConversionProblem {
    /// The pod a problem is about, as the Podfile.lock writes it (the name itself for an invalid name).
    public var pod: String {
        switch self {
        case let .invalidName(name): name
        case let .invalidGitReference(pod, _, _), let .podspecSource(pod, _),
             let .downloadSource(pod, _), let .externalSourceMissing(pod),
             let .invalidCheckoutCommit(pod, _): pod
        }
    }
}
