/// Turns a failed resolution's root incompatibility, and the incompatibilities it was derived
/// from, into a `Derivation`: plain data that no longer needs the solver's registry.
struct DerivationRecorder {
    let registry: PackageRegistry
    private var indices: [ObjectIdentifier: Int] = [:]
    private var steps: [DerivationStep] = []

    init(registry: PackageRegistry) {
        self.registry = registry
    }

    static func derivation(of root: Incompatibility, registry: PackageRegistry) -> Derivation {
        var recorder = DerivationRecorder(registry: registry)
        _ = recorder.record(root)
        return Derivation(steps: recorder.steps)
    }

    /// The step's index, recording it (and what it was derived from, first) when new.
    private mutating func record(_ incompatibility: Incompatibility) -> Int {
        if let index = indices[ObjectIdentifier(incompatibility)] { return index }
        let cause: DerivationStep.Cause
        switch incompatibility.cause {
        case .root: cause = .depsfile
        case .dependency: cause = .dependency
        case .noVersions: cause = .noVersions
        case .missingPackage: cause = .missingPackage
        case let .pin(version):
            cause = .pin(version, inSources: registry.versions(of: incompatibility.terms[0].package).contains(version))
        case let .cycle(versions):
            cause = .cycle(zip(incompatibility.terms, versions).map { .init(subject: subject(of: $0.package), version: $1) })
        case let .unavoidableCycle(packages, versions):
            cause = .unavoidableCycle(zip(packages, versions).map { .init(subject: subject(of: $0), version: $1) })
        case .prereleaseNotNamed: cause = .prereleaseNotNamed
        case let .conflict(conflict, other):
            let first = record(conflict)
            cause = .derived(first, record(other))
        }
        steps.append(DerivationStep(terms: incompatibility.terms.map(term), cause: cause))
        indices[ObjectIdentifier(incompatibility)] = steps.count - 1
        return steps.count - 1
    }

    func subject(of package: PackageID) -> DerivationTerm.Subject {
        guard let name = registry.name(of: package) else { return .depsfile }
        return name.isVersionAnchor ? .packageAlone(name.root) : .package(name)
    }

    func term(_ term: Term) -> DerivationTerm {
        let known = registry.versions(of: term.package)
        let versions: TermVersions
        if let label = term.label {
            versions = .requirement(registry.requirement(labelled: label))
        } else {
            versions = self.versions(term.versions, of: term.package)
        }
        return DerivationTerm(
            subject: subject(of: term.package), isPositive: term.isPositive, versions: versions,
            members: term.versions.indices.filter { $0 < known.count }.map { known[$0] })
    }

    /// A set as a compact range over the known versions. When the set holds no prerelease and
    /// the package does not admit prereleases, they are left out of the picture, as a
    /// requirement that names none leaves them out.
    func versions(_ set: VersionSet, of package: PackageID) -> TermVersions {
        let versions = registry.versions(of: package)
        let members = set.indices
        guard !members.isEmpty else { return .none }
        let showsPrereleases = registry.admitsPrereleases(package) || members.contains { versions[$0].isPrerelease }
        let shown = versions.indices.filter { showsPrereleases || !versions[$0].isPrerelease }
        let inSet = shown.map { set.contains($0) }
        if !inSet.contains(false) { return .every }

        let left = shown.indices.filter { !inSet[$0] }
        if left.count == 1, left[0] > 0, left[0] < shown.count - 1 {
            return .allBut(versions[shown[left[0]]])
        }
        var runs: [VersionRun] = []
        var start: Int?
        for position in 0...shown.count {
            let member = position < shown.count && inSet[position]
            if member, start == nil { start = position }
            guard !member, let first = start else { continue }
            let last = position - 1
            start = nil
            let low = versions[shown[first]]
            if last == shown.count - 1 {
                runs.append(.atLeast(low))
            } else if first == last {
                runs.append(.exactly(low))
            } else if first == 0 {
                runs.append(.below(versions[shown[last + 1]]))
            } else {
                runs.append(.between(low, versions[shown[last + 1]]))
            }
        }
        return .runs(runs)
    }
}
