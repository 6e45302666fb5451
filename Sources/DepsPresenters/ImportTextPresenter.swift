import DepsCore

/// Words what `deps import` did (BEHAVIOUR 10): the summary on stdout, the warnings on stderr,
/// and why a Podfile or Podfile.lock could not be imported.
public enum ImportTextPresenter {
    /// `Podfile:12: warning: post_install hook dropped: deps runs no install hooks`, one line each; the
    /// messages are the warnings' own, in the same order.
    public static func warningLines(_ result: ProjectImport, messages: [String]) -> [String] {
        zip(result.warnings, messages).map { "Podfile:\($0.line): warning: \($1)" }
    }

    /// The files written (or, in a dry run, to be written), in order.
    public static func files(_ result: ProjectImport) -> [String] {
        ["Depsfile"] + (result.lockfile == nil ? [] : ["Depsfile.lock"])
    }

    /// What to run next: install keeps every version the Podfile.lock locked; check confirms it.
    public static func nextCommands(_ result: ProjectImport) -> [String] {
        result.lockfile == nil ? ["deps install"] : ["deps install", "deps check"]
    }

    public static func render(_ result: ProjectImport) -> String {
        let manifest = result.manifest
        let read = result.lockfile == nil ? "Podfile" : "Podfile and Podfile.lock"
        let files = files(result).joined(separator: " and ")
        var lines: [String] = []
        if !result.written {
            lines.append("--dry-run: nothing was written; deps import would write \(files):")
            lines.append("")
            lines.append("# Depsfile")
            lines.append(contentsOf: result.manifestText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            if let lockfileText = result.lockfileText {
                lines.append("# Depsfile.lock")
                lines.append(contentsOf: lockfileText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            }
            lines.append("")
        }
        lines.append("\(result.written ? "Imported" : "Would import") \(read) into \(files).")
        if let evaluation = result.evaluation { lines.append(Self.evaluationLine(evaluation)) }
        lines.append("Pods: \(count(manifest.dependencies.count, "dependency", "dependencies"))"
            + (result.lockfile.map { ", \(count($0.packages.count, "locked pod", "locked pods"))" + (result.staleLock == nil ? " (every version kept)" : "") } ?? ""))
        lines.append("Sources: \(manifest.sources.map { MessageText.escaped($0) }.joined(separator: ", "))")
        if let platform = manifest.platform { lines.append("Platform: \(platform)") }
        lines.append("Targets: \(manifest.targets.count)")
        for target in manifest.targets {
            let pods = target.pods.map(\.description).joined(separator: ", ")
            lines.append("  \(MessageText.escaped(target.target)): \(pods.isEmpty ? "(no pods)" : pods)")
        }
        if let xcode = manifest.xcode {
            let projects = xcode.projects.map { MessageText.escaped($0) }.joined(separator: ", ")
            lines.append("Xcode: \(projects), \(count(xcode.targets.count, "target", "targets")) linking Deps/ (linkage \(xcode.linkage.rawValue)); deps install wires them")
        } else if result.xcodeProjectsFound.count > 1 {
            lines.append("Xcode: several projects and the Podfile names none; add `xcode:` to the Depsfile to link Deps/ into their targets")
        }
        if let removal = result.cocoaPodsRemoval {
            let text = XcodeTextPresenter.render(removal, dryRun: !result.written)
            lines += text.split(separator: "\n").map(String.init)
            if result.written, removal.projects.contains(where: { $0.objectsRemoved > 0 }) {
                lines.append("The Podfile, Podfile.lock and Pods/ are left for you to delete.")
            }
        }
        if let stale = staleLockLine(result) { lines.append(stale) }
        if !result.warnings.isEmpty {
            lines.append("Warnings: \(result.warnings.count), on stderr: what deps reads but drops")
        }
        let next = nextCommands(result).map { "`\($0)`" }.joined(separator: ", then ")
        lines.append(result.written ? "Next: run \(next)." : "Run deps import without --dry-run to write them; then \(next).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Podfile.lock is older than the Podfile: Moya changed; Quick added; deps install keeps each locked version the Podfile still admits and resolves the rest.`
    public static func staleLockLine(_ result: ProjectImport) -> String? {
        guard let drift = result.staleLock else { return nil }
        let parts = [(drift.modified, "changed"), (drift.added, "added"), (drift.removed, "removed")]
            .filter { !$0.0.isEmpty }
            .map { "\($0.0.map(\.description).joined(separator: ", ")) \($0.1)" }
        var line = "Podfile.lock is older than the Podfile: \(parts.joined(separator: "; ")); deps install keeps each locked version the Podfile still admits and resolves the rest."
        // What is not the lock's fault: pods a dropped plugin adds, and a Podfile that Ruby read in
        // this environment (a branch on ENV may choose other pods than the run that wrote the lock).
        let plugins = result.warnings.compactMap { warning -> String? in
            if case let .plugin(name) = warning.dropped { return name }
            return nil
        }
        if !drift.removed.isEmpty, !plugins.isEmpty {
            line += " \(drift.removed.map(\.description).joined(separator: ", ")) may come from the plugin "
                + "\(plugins.map { "'\(MessageText.escaped($0))'" }.joined(separator: ", ")), which CocoaPods ran and deps does not: "
                + "declare such a pod with `pod` if the app needs it."
        }
        if result.evaluation != nil {
            line += " The Podfile was evaluated with Ruby in this environment; where it branches on ENV, "
                + "the run that wrote Podfile.lock may have chosen other pods."
        }
        return line
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    // MARK: - Errors

    /// `Podfile evaluated with ruby 3.1.2 (/usr/bin/ruby), from line 12 on: the static reader cannot follow its Ruby`.
    public static func evaluationLine(_ evaluation: PodfileEvaluation) -> String {
        "Podfile evaluated with ruby \(MessageText.escaped(evaluation.rubyVersion)) (\(MessageText.escaped(evaluation.ruby))): "
            + "line \(evaluation.firstLine) is Ruby the static reader cannot follow"
    }

    public static func render(_: PodfileMissingError) -> String {
        "No Podfile found in the project directory; deps import reads a CocoaPods project's Podfile (and Podfile.lock)"
    }

    public static func render(_ error: ImportWouldOverwriteError) -> String {
        let files = error.files.joined(separator: " and ")
        return "\(files) already \(error.files.count == 1 ? "exists" : "exist"); deps import never overwrites \(error.files.count == 1 ? "it" : "them") (nothing was written)"
    }

    /// One line per dependency or lock entry at fault: `Podfile:12: error: Name: why`.
    public static func render(_ error: PodfileImportError) -> String {
        var lines = error.podfileGaps.map { gap in
            "Podfile:\(gap.lines.first ?? 0): error: \(gap.name): \(reason(gap.gap))"
        }
        lines += error.lockProblems.map { "Podfile.lock: error: \(reason($0))" }
        lines.append("nothing was written")
        return lines.joined(separator: "\n")
    }

    static func reason(_ gap: PodfileConversionGap) -> String {
        switch gap {
        case let .invalidGitReference(url, reference):
            "`:\(reference.key) => '\(MessageText.escaped(reference.value))'` of \(MessageText.escaped(url)) is not a reference deps takes"
                + (reference.key == "commit" ? " (a commit is 4 to 40 hexadecimal digits)" : "")
        case let .unreadablePodspec(location, .url):
            "`:podspec => '\(MessageText.escaped(location))'`: a URL; a Depsfile's `podspec:` names a file beside it, so download the `.podspec.json` into the project and name it"
        case let .unreadablePodspec(location, .unknownFormat):
            "`:podspec => '\(MessageText.escaped(location))'`: neither a `.podspec.json`, a `.podspec` nor a `.yaml` spec, the files deps reads"
        case let .download(kind, location):
            "`:\(kind) => '\(MessageText.escaped(location))'`: deps fetches external sources from git or a path only"
        }
    }

    static func reason(_ problem: PodfileLockConversionProblem) -> String {
        switch problem {
        case let .invalidName(name):
            "'\(MessageText.escaped(name))' is not a name deps can lock (a subspec of a subspec, or a character deps refuses)"
        case let .invalidGitReference(pod, key, value):
            "\(MessageText.escaped(pod)): `\(key): \(MessageText.escaped(value))` is not a git reference deps takes"
        case let .podspecSource(pod, location):
            "\(MessageText.escaped(pod)): comes from the podspec '\(MessageText.escaped(location))', which deps cannot read (a Ruby podspec, a URL, or neither `.podspec.json` nor `.yaml`)"
        case let .downloadSource(pod, kind):
            "\(MessageText.escaped(pod)): comes from an `:\(kind)` download; deps fetches external sources from git or a path only"
        case let .externalSourceMissing(pod):
            "\(MessageText.escaped(pod)): DEPENDENCIES takes it from a location EXTERNAL SOURCES does not describe"
        case let .invalidCheckoutCommit(pod, commit):
            "\(MessageText.escaped(pod)): CHECKOUT OPTIONS commit '\(MessageText.escaped(commit))' is not a full 40-digit commit id"
        }
    }
}
