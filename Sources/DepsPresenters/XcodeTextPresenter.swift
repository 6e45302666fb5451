import DepsCore

/// Words what deps did to, or found in, the user's Xcode projects (BEHAVIOUR 15): the edits of
/// install, update and deintegrate, a project out of step for `deps check`, and what taking
/// CocoaPods out removed and kept.
public enum XcodeTextPresenter {
    /// `M App: links Kingfisher` (a product no Depsfile target names), `A App: Alamofire`
    /// (missing), and the like.
    public static func line(for drift: XcodeDrift) -> String {
        let target = drift.target ?? drift.project
        switch drift.kind {
        case .missingPackageReference: return "A \(drift.project): no local package reference to Deps"
        case let .missingProduct(product): return "A \(target): does not link \(product)"
        case let .extraProduct(product): return "M \(target): links \(product)"
        case .missingCheckPhase: return "A \(target): no [deps] Check Depsfile.lock phase"
        case .missingTarget: return "\(drift.project) has no target \(target)"
        case let .packageVersion(url, locked, exactly):
            return "A \(drift.project): no remote package reference to \(url) at \(exactly ? "exactly " : "")\(locked)"
        }
    }

    static func code(of kind: XcodeDrift.Kind) -> String {
        switch kind {
        case .missingPackageReference: "package-reference"
        case .missingProduct: "missing-product"
        case .extraProduct: "extra-product"
        case .missingCheckPhase: "check-phase"
        case .missingTarget: "target"
        case .packageVersion: "package-version"
        }
    }

    /// What install or update changed in each project; nothing for a project left as it was.
    public static func render(_ edits: [XcodeProjectEdit]) -> String {
        var lines: [String] = []
        for edit in edits where edit.written {
            lines.append("Integrating \(edit.project)")
            for target in edit.targets {
                var parts: [String] = []
                if !target.linked.isEmpty { parts.append("links " + target.linked.joined(separator: ", ")) }
                if !target.unlinked.isEmpty { parts.append("no longer links " + target.unlinked.joined(separator: ", ")) }
                if target.checkPhaseAdded { parts.append("checks Depsfile.lock before it builds") }
                if target.checkPhaseRemoved { parts.append("no longer checks Depsfile.lock") }
                if !parts.isEmpty { lines.append("  \(target.target): " + parts.joined(separator: "; ")) }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `deps deintegrate`'s report.
    public static func renderDeintegration(_ edits: [XcodeProjectEdit]) -> String {
        if edits.isEmpty { return "No Xcode project to deintegrate.\n" }
        return edits.map { edit in
            edit.written
                ? "Deintegrated \(edit.project): \(edit.objectsRemoved) \(edit.objectsRemoved == 1 ? "object" : "objects") removed.\n"
                : "\(edit.project) holds nothing of deps'.\n"
        }.joined()
    }

    /// The hint for a Depsfile without `xcode:` beside an Xcode project.
    public static func projectsLeftAlone(_ projects: [String]) -> String {
        guard let first = projects.first else { return "" }
        return """
            deps left \(first) alone: the Depsfile has no `xcode:` section. To link Deps/ into its targets, add
              xcode:
                project: \(first)
                targets:
                  <Target>: [<Package>, ...]
            and run deps install again (deps import writes it from a Podfile).

            """
    }

    /// What taking CocoaPods out did, per target, and the warnings it leaves the user.
    public static func render(_ removal: CocoaPodsRemoval, dryRun: Bool) -> String {
        var lines: [String] = []
        for project in removal.projects {
            let verb = dryRun ? "Would take" : "Took"
            guard project.objectsRemoved > 0 || project.targets.contains(where: { !$0.keptUserPhases.isEmpty || !$0.podsRootScripts.isEmpty }) else { continue }
            lines.append("\(verb) CocoaPods out of \(project.project) (\(project.objectsRemoved) \(project.objectsRemoved == 1 ? "object" : "objects")):")
            for target in project.targets where !target.removed.isEmpty {
                // The xcconfig files are one per build configuration: counted, not listed.
                let configurations = target.removed.filter { $0.hasSuffix(".xcconfig") }.count
                var parts = target.removed.filter { !$0.hasSuffix(".xcconfig") }
                if configurations > 0 { parts.append("\(configurations) Pods xcconfig base \(configurations == 1 ? "configuration" : "configurations")") }
                lines.append("  \(target.target): " + parts.joined(separator: ", "))
            }
        }
        if removal.workspaceEdited { lines.append("\(dryRun ? "Would take" : "Took") Pods/Pods.xcodeproj out of the workspace.") }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The warnings of a CocoaPods removal: user phases kept, scripts that name `${PODS_ROOT}`.
    public static func warnings(_ removal: CocoaPodsRemoval) -> [String] {
        var lines: [String] = []
        for project in removal.projects {
            for target in project.targets {
                for phase in target.keptUserPhases {
                    lines.append("warning: \(project.project): \(target.target): kept the phase '\(phase)': it is the Podfile's or a pod's script; check that it still applies")
                }
                for script in target.podsRootScripts {
                    lines.append("warning: \(project.project): \(target.target): the phase '\(script.phase)' runs ${PODS_ROOT}/\(script.path); with deps that is \(script.newPath)")
                }
            }
        }
        return lines
    }
}
