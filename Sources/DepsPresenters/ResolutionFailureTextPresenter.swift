import DepsCore

/// Words why no resolution exists: a headline for a missing package or a dependency cycle,
/// the derivation as a short chain of reasons, and the `deps update` that lifts a blocking pin.
public enum ResolutionFailureTextPresenter {
    /// The whole explanation, one statement per line, paragraphs apart.
    public static func render(_ failure: ResolutionFailure) -> String {
        let derivation = failure.derivation
        let facts = derivation.facts.map { derivation.steps[$0] }
        var parts: [String] = []
        switch failure.kind {
        case let .missingPackage(name, suggestions):
            var headline = "Unable to find a specification for \(name)"
            if !failure.searchedSources.isEmpty {
                headline += " in sources: " + failure.searchedSources.map(MessageText.escaped).joined(separator: ", ")
            }
            if !suggestions.isEmpty {
                headline += "\nDid you mean \(DerivationWording.list(suggestions.map(\.description), joinedBy: "or"))?"
            }
            for note in failure.missingPackageNotes { headline += "\n" + Self.sentence(for: note, name: name) }
            if !failure.otherMissingPackages.isEmpty {
                headline += "\nNo source has \(DerivationWording.list(failure.otherMissingPackages.map(\.description), joinedBy: "or")) either."
            }
            parts.append(headline)
        case .cycle:
            if let cycle = facts.first(where: \.isOnACycle) {
                parts.append("Dependency cycle: \(cycleSteps(cycle).joined(separator: " -> "))")
            }
        case .noSolution:
            break
        }
        // A headline says it all when the root asks directly for what it names, and a cycle says
        // it all when the derivation rests only on the cycle and the dependencies that make it.
        let onlyTheCycle: Bool = if case .cycle = failure.kind {
            facts.allSatisfy { fact in
                switch fact.cause {
                case .cycle, .unavoidableCycle, .dependency, .depsfile: true
                default: false
                }
            }
        } else {
            false
        }
        if failure.kind == .noSolution || (facts.count > 2 && !onlyTheCycle) {
            parts.append(DerivationTextReport.text(for: derivation))
        }
        for missing in failure.missingVersionNotes {
            parts.append(Self.sentence(for: missing.note, versionOf: missing.package))
        }
        for prerelease in failure.unnamedPrereleases {
            parts.append(
                "\(prerelease.package) \(prerelease.version) would satisfy it, but prereleases are only considered "
                    + "when a requirement names one (e.g. `~> \(prerelease.version)`).")
        }
        if let command = suggestedCommand(for: failure) {
            let names = failure.suggestedUpdate.map(\.description)
            parts.append("Run `\(command)` to let \(DerivationWording.list(names, joinedBy: "and")) move.")
        }
        return parts.joined(separator: "\n\n")
    }

    /// What a source says about a package it lacks: refresh the cache's copy, or a layout to fix.
    public static func sentence(for note: MissingPackageNote, name: PackageName) -> String {
        switch note {
        case let .cachedCopy(source, readFrom):
            return "\(SourceWording.shown(source, readFrom: readFrom)) was read from its copy in the cache; if \(name) was published there since, "
                + "run `deps repo update` (or `deps install --repo-update`) and try again."
        case let .shardedWithoutVersionFile(source, lengths):
            let shards = lengths.enumerated().map { String(repeating: ["a", "b", "c", "d", "e", "f", "0", "1"][$0.offset % 8], count: $0.element) }
            let example = (["Specs"] + shards + ["<Name>"]).joined(separator: "/")
            return "\(MessageText.escaped(source)) looks sharded (\(example)/...) but has no CocoaPods-version.yml, "
                + "so deps looked for Specs/\(name)/; add CocoaPods-version.yml with `prefix_lengths: [\(lengths.map(String.init).joined(separator: ", "))]`."
        }
    }

    /// What a source says about a package none of whose versions matched: refresh the cache's copy.
    public static func sentence(for note: MissingPackageNote, versionOf name: PackageName) -> String {
        switch note {
        case let .cachedCopy(source, readFrom):
            return "\(SourceWording.shown(source, readFrom: readFrom)) was read from its copy in the cache; if a version of \(name) was published "
                + "there since (by deps repo push, or by anyone), run `deps repo update` (or `deps install --repo-update`) and try again."
        case .shardedWithoutVersionFile:
            return sentence(for: note, name: name)
        }
    }

    /// The command that lifts the pins in the way (`deps update Alamofire Moya`), if any.
    public static func suggestedCommand(for failure: ResolutionFailure) -> String? {
        guard !failure.suggestedUpdate.isEmpty else { return nil }
        return "deps update " + failure.suggestedUpdate.map(\.description).joined(separator: " ")
    }

    /// "A 1.0", "B 2.0", "A 1.0" for a cycle fact, each package as the resolver named it.
    private static func cycleSteps(_ fact: DerivationStep) -> [String] {
        let members: [DerivationStep.CycleMember]
        switch fact.cause {
        case let .cycle(found), let .unavoidableCycle(found): members = found
        default: return []
        }
        let steps = members.map { member in
            switch member.subject {
            case .depsfile: "the Depsfile \(member.version)"
            case let .package(name): "\(name) \(member.version)"
            case let .packageAlone(name): "\(name)/ \(member.version)"
            }
        }
        return steps + [steps[0]]
    }
}
