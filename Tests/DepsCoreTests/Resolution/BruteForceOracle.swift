import DepsCore
import ResolutionFixtures

/// Decides by exhaustive search whether a repository has a valid resolution, and checks
/// whether a given selection is one. Valid means: every Depsfile requirement and every
/// selected version's dependencies hold the chosen version within their bounds, every pin on a
/// selected package holds, every selected package is reached from the Depsfile, no selected
/// versions depend on one another in a cycle, and every chosen prerelease is admitted: pinned,
/// or some requirement in the selection (the Depsfile's or a selected version's) on its
/// package names a prerelease (BEHAVIOUR 2.2, as `pod install` answers).
struct BruteForceOracle {
    private let versions: [String: [Version]]
    private let dependencies: [String: [Version: [(name: String, requirement: Requirement)]]]
    private let root: [(name: String, requirement: Requirement)]
    private let pins: [String: Version]
    private let prereleasesAdmitted: Set<String>

    init(_ repository: RandomRepository, pins: [String: String]? = nil) throws {
        var versions: [String: [Version]] = [:]
        var dependencies: [String: [Version: [(name: String, requirement: Requirement)]]] = [:]
        for (name, entries) in repository.table {
            for (text, needs) in entries {
                let version = try Version(text)
                versions[name, default: []].append(version)
                dependencies[name, default: [:]][version] = try needs.keys.sorted().map {
                    ($0, needs[$0]!.isEmpty ? .any : try Requirement(needs[$0]!))
                }
            }
        }
        self.versions = versions.mapValues { $0.sorted() }
        self.dependencies = dependencies
        root = try repository.root.keys.sorted().map {
            ($0, repository.root[$0]!.isEmpty ? .any : try Requirement(repository.root[$0]!))
        }
        self.pins = try (pins ?? repository.pins).mapValues { try Version($0) }
        prereleasesAdmitted = Set(root.filter(\.requirement.namesPrerelease).map(\.name))
            .union(self.pins.filter(\.value.isPrerelease).keys)
    }

    /// The Depsfile's rule alone: what a direct dependency's newest admissible version means.
    private func admits(_ requirement: Requirement, _ name: String, _ version: Version) -> Bool {
        requirement.admits(version, prereleasesAdmitted: prereleasesAdmitted.contains(name))
    }

    /// Within the requirement's bounds, prereleases included; whether a prerelease is admitted
    /// is a property of the whole selection (`unadmittedPrerelease(in:)`).
    private func bounds(_ requirement: Requirement, _ version: Version) -> Bool {
        requirement.admits(version, prereleasesAdmitted: true)
    }

    /// A chosen prerelease that neither a pin nor a requirement in the selection admits.
    private func unadmittedPrerelease(in selection: [String: Version]) -> String? {
        var named = prereleasesAdmitted
        for need in root where need.requirement.namesPrerelease { named.insert(need.name) }
        for (name, version) in selection {
            for need in dependencies[name]?[version] ?? [] where need.requirement.namesPrerelease { named.insert(need.name) }
        }
        return selection.keys.sorted().first { selection[$0]!.isPrerelease && !named.contains($0) }
    }

    /// Whether some valid resolution exists.
    func hasResolution() -> Bool {
        search([:])
    }

    private func search(_ selection: [String: Version]) -> Bool {
        // Every requirement from the root and from selected versions, by package.
        var requirements: [String: [Requirement]] = [:]
        for need in root { requirements[need.name, default: []].append(need.requirement) }
        for (name, version) in selection {
            for need in dependencies[name]![version]! { requirements[need.name, default: []].append(need.requirement) }
        }
        for (name, version) in selection where !requirements[name]!.allSatisfy({ bounds($0, version) }) {
            return false
        }
        guard let next = requirements.keys.filter({ selection[$0] == nil }).min() else {
            return isValid(selection)
        }
        for version in versions[next] ?? [] where pins[next].map({ $0 == version }) ?? true {
            guard requirements[next]!.allSatisfy({ bounds($0, version) }) else { continue }
            var extended = selection
            extended[next] = version
            if search(extended) { return true }
        }
        return false
    }

    /// Each direct dependency's newest version that its Depsfile requirement (and pin) admits,
    /// when every valid resolution could hold all of them at once; nil when none holds them all.
    func newestDirectsIfResolvable() -> [String: Version]? {
        var newest: [String: Version] = [:]
        for need in root {
            let admitted = (versions[need.name] ?? []).filter { version in
                admits(need.requirement, need.name, version) && (pins[need.name].map { $0 == version } ?? true)
            }
            guard let top = admitted.max() else { return nil }
            newest[need.name] = top
        }
        return search(newest) ? newest : nil
    }

    /// Why the selection is not a valid resolution; nil when it is one.
    func problem(with selection: [String: Version]) -> String? {
        for need in root {
            guard let chosen = selection[need.name] else { return "\(need.name) required by the Depsfile is missing" }
            if !bounds(need.requirement, chosen) { return "\(need.name) \(chosen) breaks the Depsfile's \(need.requirement)" }
        }
        if let unadmitted = unadmittedPrerelease(in: selection) {
            return "\(unadmitted) \(selection[unadmitted]!) is a prerelease no requirement in the selection names"
        }
        for (name, version) in selection {
            guard let needs = dependencies[name]?[version] else { return "\(name) \(version) does not exist" }
            if let pin = pins[name], pin != version { return "\(name) \(version) breaks the pin \(pin)" }
            for need in needs {
                guard let chosen = selection[need.name] else { return "\(need.name) required by \(name) \(version) is missing" }
                if !bounds(need.requirement, chosen) {
                    return "\(need.name) \(chosen) breaks \(name) \(version)'s \(need.requirement)"
                }
            }
        }
        // Reached from the root, and no cycle: a depth-first walk over the selection.
        var state: [String: Bool] = [:] // false: on the current path, true: done
        var cycle: String?
        func walk(_ name: String) {
            guard cycle == nil else { return }
            if let done = state[name] {
                if !done { cycle = name }
                return
            }
            state[name] = false
            for need in dependencies[name]![selection[name]!]! { walk(need.name) }
            state[name] = true
        }
        for need in root { walk(need.name) }
        if let cycle { return "a dependency cycle through \(cycle)" }
        if let stray = selection.keys.sorted().first(where: { state[$0] == nil }) { return "\(stray) is not reached from the Depsfile" }
        return nil
    }

    func isValid(_ selection: [String: Version]) -> Bool {
        problem(with: selection) == nil
    }

    /// A package of the selection that could be at a newer version with every other choice
    /// held, and that version; nil when there is none.
    func raisablePackage(in selection: [String: Version]) -> (name: String, version: Version)? {
        for name in selection.keys.sorted() {
            for newer in versions[name]! where newer > selection[name]! {
                var raised = selection
                raised[name] = newer
                if isValid(raised) { return (name, newer) }
            }
        }
        return nil
    }
}
