import DepsCore

/// Prints what `deps check` and `deps install --deployment` found: one line per problem,
/// then a verdict with what to do.
public struct SyncReportTextPresenter {
    public enum Mode: Sendable { case check, deployment }

    public let mode: Mode
    public let style: TextStyle

    public init(mode: Mode, style: TextStyle = .plain) {
        self.mode = mode
        self.style = style
    }

    public func render(_ report: SyncReport) -> String {
        var lines = report.problems.map(Self.line(for:))
        if report.isInSync {
            switch mode {
            case .check:
                lines.append("Depsfile.lock is in sync with the Depsfile.")
            case .deployment:
                // What filling Deps/ did, as a plain install says it.
                let install = LockfileUpdateTextPresenter(command: .install, style: style)
                lines += report.sandboxChanges.compactMap(install.line(for:))
                lines.append(LockfileUpdateTextPresenter.summary(
                    direct: report.directDependencyCount, locked: report.lockedPackageCount))
            }
        } else if report.problems.allSatisfy({ if case .xcodeProjectOutOfStep = $0 { true } else { false } }) {
            let count = report.problems.count
            lines.append("The Xcode project is out of step with the Depsfile (\(count) \(count == 1 ? "problem" : "problems")); "
                + "run deps install and commit the project.")
        } else if report.problems.allSatisfy({ if case .sandboxOutOfSync = $0 { true } else { false } }) {
            let count = report.problems.count
            lines.append("Deps/ is out of sync with Depsfile.lock (\(count) \(count == 1 ? "package" : "packages")); "
                + "run deps install (or deps install --deployment) to fetch what it lacks.")
        } else {
            let count = report.problems.count
            lines.append("Depsfile.lock is out of sync (\(count) \(count == 1 ? "problem" : "problems")); "
                + "run deps install and commit Depsfile.lock.")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One problem as one line: `A Foo`, `Foo 1.0 is locked but nothing depends on it`.
    public static func line(for problem: SyncProblem) -> String {
        switch problem {
        case let .added(name): return "A \(name)"
        case let .removed(name): return "R \(name)"
        case let .modified(name): return "M \(name)"
        case let .unsatisfied(name, version, requiredBy, requirement):
            let who = requiredBy.map { "\($0.name) \($0.version)" } ?? "the Depsfile"
            return "\(name) \(version) (locked) does not satisfy \(who): \(name) \(requirement)"
        case let .notLocked(name, requiredBy):
            let who = requiredBy.map { "\($0.name) \($0.version)" } ?? "the Depsfile"
            return "\(name) is needed by \(who) but Depsfile.lock does not list it"
        case let .orphaned(name, version): return "\(name) \(version) is locked but nothing depends on it"
        case let .versionMissing(name, version, source, readFrom):
            return "\(name) \(version) is no longer in \(SourceWording.shown(source, readFrom: readFrom))"
        case let .sourceNotListed(name, source): return "\(name) comes from \(source), which the Depsfile no longer lists"
        case let .externalSourceChanged(name): return "\(name): its external source differs from Depsfile.lock"
        case let .specChecksumMismatch(name, version):
            return "\(name) \(version): the spec's SHA-256 differs from SPEC CHECKSUMS"
        case let .codeNotPinned(name, kind):
            let entry = switch kind {
            case .commit: "no commit in CHECKOUT OPTIONS"
            case .archiveDigest: "no SHA-256 in SOURCE CHECKSUMS"
            }
            return "\(name): Depsfile.lock does not pin its code (\(entry)); deps install would record it"
        case .depsfileChecksumMismatch: return "Depsfile: its SHA-256 differs from DEPSFILE CHECKSUM"
        case .lockfileWouldBeRewritten: return "Depsfile.lock would be rewritten by deps install"
        case let .sandboxOutOfSync(change): return "Deps/ is not in sync with Depsfile.lock: \(change)"
        case let .xcodeProjectOutOfStep(drift): return XcodeTextPresenter.line(for: drift)
        case let .swiftPackagePinDisagrees(file, name, locked, recorded?):
            let revision = recorded.revision.map { " (revision \($0))" } ?? ""
            return "\(file) records \(name) at \(recorded.version ?? "no version")\(revision), Depsfile.lock at \(locked); run deps install"
        case let .swiftPackagePinDisagrees(file, name, locked, nil):
            return "\(file) does not name \(name), which Depsfile.lock holds at \(locked); run deps install"
        case let .lockfileWouldChange(change):
            switch change.kind {
            case let .installed(version): return "Depsfile.lock would gain \(change.name) \(version)"
            case let .updated(from, to): return "Depsfile.lock would move \(change.name) \(from) -> \(to)"
            case let .removed(version): return "Depsfile.lock would drop \(change.name) \(version)"
            case let .unchanged(version): return "Depsfile.lock would rewrite \(change.name) \(version)"
            }
        }
    }
}
