import DepsCore

/// Prints what `deps install` and `deps update` did, in CocoaPods' words.
public struct LockfileUpdateTextPresenter {
    public enum Command: Sendable { case install, update }

    public let command: Command
    public let verbose: Bool
    public let style: TextStyle
    /// Whether only Depsfile.lock was written (`--lock-only`): a new package is then locked, not installed.
    public let lockOnly: Bool

    public init(command: Command, verbose: Bool = false, style: TextStyle = .plain, lockOnly: Bool = false) {
        self.command = command
        self.verbose = verbose
        self.style = style
        self.lockOnly = lockOnly
    }

    /// The lines for stdout, each ending in a newline.
    public func render(_ update: LockfileUpdate) -> String {
        var lines: [String] = []
        for change in update.changes {
            if let line = line(for: change) { lines.append(line) }
        }
        for held in update.heldBack {
            lines.append(Self.sentence(for: held))
        }
        if !update.recordedSpecChecksums.isEmpty {
            let count = update.recordedSpecChecksums.count
            lines.append("\(update.dryRun ? "Would record" : "Recorded") the spec checksums of \(count) \(count == 1 ? "package" : "packages") that Depsfile.lock had none for "
                + "(a lock written by deps import)")
        }
        for name in update.packagesWithoutProduct {
            lines.append(Self.sentence(withoutProduct: name))
        }
        if verbose && update.wrotePackageManifest {
            lines.append("Wrote Deps/Package.swift (and touched Package.swift, if any, so that SwiftPM reads it again)")
        }
        lines.append(Self.summary(update))
        if update.dryRun {
            lines.append(update.lockfileChanged
                ? "Dry run: Depsfile.lock was not written."
                : "Dry run: Depsfile.lock is already up to date.")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `Moya 14.0.0 (pinned) requires Alamofire ~> 4.9; run deps update Alamofire Moya`.
    /// When updating more would not move it either: `AlamofireNetworkActivityIndicator 3.1.0 (pinned)
    /// requires Alamofire >= 5.1, < 5.8, and updating AlamofireNetworkActivityIndicator too would not let Alamofire move`.
    public static func sentence(for held: HeldBackPackage) -> String {
        switch held.reason {
        case let .pinnedDependent(holder, version, requirement):
            let cause = "\(holder) \(version) (pinned) requires \(held.name) \(requirement)"
            return cause + remedy(held, others: [holder])
        case let .pinnedDependency(wanted, needed, requirement, pinned):
            let cause = "\(held.name) \(wanted) requires \(needed) \(requirement), but \(needed) is pinned at \(pinned)"
            return cause + remedy(held, others: [needed])
        }
    }

    /// `; run deps update Alamofire Moya`, or, when that would not move it either, says so.
    private static func remedy(_ held: HeldBackPackage, others: [PackageName]) -> String {
        guard !held.remedy.isEmpty else {
            return ", and updating \(others.map(\.description).joined(separator: " and ")) too would not let \(held.name) move"
        }
        return "; run deps update " + held.remedy.map(\.description).joined(separator: " ")
    }

    /// Where a package with nothing to build is: a tool pod's binary, for the build scripts that run it.
    public static func sentence(withoutProduct name: PackageName) -> String {
        "\(name) has nothing to build (its spec names no source file), so no product to link: "
            + "its files are in Deps/\(name)/, where a build script finds them (CocoaPods' ${PODS_ROOT}/\(name)/)"
    }

    /// `SDWebImage: prepare_command is not in Deps/Package.swift (deps does not run it)`.
    public static func sentence(for warning: BuildWarning) -> String {
        "\(warning.name): \(warning.attribute) is not in Deps/Package.swift (\(words(for: warning.reason)))"
    }

    static func words(for reason: BuildWarning.Reason) -> String {
        switch reason {
        case .notRun: "deps does not run it"
        case .namesNoInstalledFolder: "names no folder of an installed package"
        case .notAFolderOfItsCode: "is not a folder of its code"
        case .noSwiftPMSetting: "has no SwiftPM setting"
        case .onePlatformOnly: "applies on one platform; name it with `platform:` in the Depsfile"
        case let .resourceNameTaken(name, other): "SwiftPM keeps one resource named \(name), \(other)"
        }
    }

    /// What kept the old lockfile from being read: the error as deps prints it.
    public static func problem(of lockfile: UnreadableLockfile) -> String {
        switch lockfile {
        case let .malformed(error): "\(error)"
        case let .unreadable(error): "\(error)"
        }
    }

    /// The warnings for stderr, one line each; empty when there are none.
    public static func warnings(_ update: LockfileUpdate) -> String {
        update.buildWarnings.map { "warning: " + sentence(for: $0) + "\n" }.joined()
    }

    /// `2 dependencies from the Depsfile, 5 total packages locked.`
    public static func summary(_ update: LockfileUpdate) -> String {
        summary(direct: update.directDependencyCount, locked: update.lockedPackageCount)
    }

    /// The closing line of install, update and a passing `install --deployment`.
    public static func summary(direct: Int, locked: Int) -> String {
        "\(direct) \(direct == 1 ? "dependency" : "dependencies") from the Depsfile, "
            + "\(locked) total \(locked == 1 ? "package" : "packages") locked."
    }

    /// One package's line: `Installing Foo (1.2)`, or `Locking Foo (1.2)` when only the lock records it.
    func line(for change: PackageChange) -> String? {
        let adding = lockOnly ? "Locking" : "Installing"
        switch change.kind {
        case let .installed(version):
            return "\(adding) \(style.green(change.name.description)) (\(version))"
        case let .updated(from, to):
            switch command {
            case .install: return "\(adding) \(style.yellow(change.name.description)) \(to) (was \(from))"
            case .update: return "Updating \(style.yellow(change.name.description)) \(from) -> \(to)"
            }
        case .removed:
            return "Removing \(style.red(change.name.description))"
        case let .unchanged(version):
            return verbose ? "Using \(change.name) (\(version))" : nil
        }
    }
}
