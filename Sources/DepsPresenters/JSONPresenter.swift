import DepsCore
// The essentials suffice for JSONEncoder and keep full Foundation (and ICU) out of deps's start-up.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `--json` documents: one JSON object on stdout with stable, sorted keys.
/// Their shapes are documented in the README.
public enum JSONPresenter {
    struct ChangeDocument: Encodable {
        let name: String
        let change: String
        let version: String?
        let from: String?
        let to: String?
    }

    struct HeldBackDocument: Encodable {
        let name: String
        let message: String
        let command: String?
    }

    struct LockfileUpdateDocument: Encodable {
        let command: String
        let dryRun: Bool
        let lockfileChanged: Bool
        let dependencies: Int
        let packages: Int
        let changes: [ChangeDocument]
        /// Left out when nothing was held back.
        let heldBack: [HeldBackDocument]?
        let replacedUnreadableLockfile: String?
        /// What Deps/Package.swift does not carry; left out when nothing.
        let buildWarnings: [BuildWarningDocument]?
        /// Packages with nothing to build (a tool pod), placed in Deps/ with no product; left out when none.
        let withoutProduct: [String]?
        /// Packages whose spec checksums the lock had none for (an imported lock); left out when none.
        let recordedSpecChecksums: [String]?
        /// The Xcode projects' edits (BEHAVIOUR 15); left out when the Depsfile has no `xcode:`.
        var xcode: [XcodeEditDocument]? = nil
    }

    struct XcodeEditDocument: Encodable {
        let project: String
        let written: Bool
        let objectsAdded: Int
        let objectsRemoved: Int
        let linesChanged: Int
        let targets: [XcodeTargetEditDocument]
    }

    struct XcodeTargetEditDocument: Encodable {
        let target: String
        let linked: [String]
        let unlinked: [String]
    }

    static func document(for edit: XcodeProjectEdit) -> XcodeEditDocument {
        XcodeEditDocument(
            project: edit.project, written: edit.written, objectsAdded: edit.objectsAdded, objectsRemoved: edit.objectsRemoved,
            linesChanged: edit.linesChanged, targets: edit.targets.map { XcodeTargetEditDocument(target: $0.target, linked: $0.linked, unlinked: $0.unlinked) })
    }

    /// `deps deintegrate --json`.
    public static func render(deintegrated edits: [XcodeProjectEdit]) -> String {
        encode(edits.map(document(for:)))
    }

    struct BuildWarningDocument: Encodable {
        let name: String
        let attribute: String
        let message: String
    }

    struct OutdatedRowDocument: Encodable {
        let name: String
        let current: String
        let update: String?
        let latest: String?
        /// Left out when nothing holds the package back.
        let heldBackBy: [String]?
    }

    struct OutdatedDocument: Encodable {
        let hasUpdates: Bool
        let packages: [OutdatedRowDocument]
    }

    /// A sync problem: its code, the values it carries, and its line of text (`message`).
    struct ProblemDocument: Encodable {
        /// Who asks for a package: a locked package at its version, or the Depsfile.
        struct Requirer: Encodable {
            var name: String?
            var version: String?
            var depsfile: Bool?
        }

        let code: String
        let name: String?
        let message: String
        var version: String?
        var requirement: String?
        var requiredBy: Requirer?
        var source: String?
        /// For `would-change`: `installed`, `updated`, `removed` or `unchanged`, with `from` and `to` for an update;
        /// for `sandbox`: `added`, `changed`, `removed`.
        var change: String?
        var from: String?
        var to: String?
    }

    struct SyncDocument: Encodable {
        let inSync: Bool
        let problems: [ProblemDocument]
        /// What `install --deployment` fetched into or removed from Deps/; left out when nothing.
        let changes: [ChangeDocument]?
    }

    public static func render(_ update: LockfileUpdate, command: String) -> String {
        encode(LockfileUpdateDocument(
            command: command,
            dryRun: update.dryRun,
            lockfileChanged: update.lockfileChanged,
            dependencies: update.directDependencyCount,
            packages: update.lockedPackageCount,
            changes: update.changes.map(document(for:)),
            heldBack: update.heldBack.isEmpty ? nil : update.heldBack.map {
                HeldBackDocument(
                    name: $0.name.description,
                    message: LockfileUpdateTextPresenter.sentence(for: $0),
                    command: $0.remedy.isEmpty ? nil : "deps update " + $0.remedy.map(\.description).joined(separator: " "))
            },
            replacedUnreadableLockfile: update.replacedUnreadableLockfile.map(LockfileUpdateTextPresenter.problem(of:)),
            buildWarnings: update.buildWarnings.isEmpty ? nil : update.buildWarnings.map {
                BuildWarningDocument(
                    name: $0.name.description, attribute: $0.attribute, message: LockfileUpdateTextPresenter.sentence(for: $0))
            },
            withoutProduct: update.packagesWithoutProduct.isEmpty ? nil : update.packagesWithoutProduct.map(\.description),
            recordedSpecChecksums: update.recordedSpecChecksums.isEmpty ? nil : update.recordedSpecChecksums.map(\.description),
            xcode: update.xcodeEdits.isEmpty ? nil : update.xcodeEdits.map(document(for:))))
    }

    public static func render(_ report: OutdatedReport) -> String {
        encode(OutdatedDocument(hasUpdates: report.hasUpdates, packages: report.packages.map {
            OutdatedRowDocument(
                name: $0.name.description, current: $0.current.description, update: $0.update?.description,
                latest: $0.latest?.description,
                heldBackBy: $0.heldBackBy.isEmpty ? nil : $0.heldBackBy.map(OutdatedTextPresenter.reason(for:)))
        }))
    }

    public static func render(_ report: SyncReport) -> String {
        encode(SyncDocument(
            inSync: report.isInSync, problems: report.problems.map(document(for:)),
            changes: report.sandboxChanges.isEmpty ? nil : report.sandboxChanges.map(document(for:))))
    }

    static func document(for problem: SyncProblem) -> ProblemDocument {
        let message = SyncReportTextPresenter.line(for: problem)
        func requirer(_ package: LockedPackage?) -> ProblemDocument.Requirer {
            package.map { .init(name: $0.name.description, version: $0.version.description) } ?? .init(depsfile: true)
        }
        switch problem {
        case let .added(name): return ProblemDocument(code: "A", name: name.description, message: message)
        case let .removed(name): return ProblemDocument(code: "R", name: name.description, message: message)
        case let .modified(name): return ProblemDocument(code: "M", name: name.description, message: message)
        case let .unsatisfied(name, version, requiredBy, requirement):
            return ProblemDocument(
                code: "unsatisfied", name: name.description, message: message, version: version.description,
                requirement: requirement.description, requiredBy: requirer(requiredBy))
        case let .notLocked(name, requiredBy):
            return ProblemDocument(code: "not-locked", name: name.description, message: message, requiredBy: requirer(requiredBy))
        case let .orphaned(name, version):
            return ProblemDocument(code: "orphaned", name: name.description, message: message, version: version.description)
        case let .versionMissing(name, version, source, _):
            return ProblemDocument(code: "version-missing", name: name.description, message: message, version: version.description, source: source)
        case let .sourceNotListed(name, source):
            return ProblemDocument(code: "source-not-listed", name: name.description, message: message, source: source)
        case let .externalSourceChanged(name):
            return ProblemDocument(code: "external-source-changed", name: name.description, message: message)
        case let .specChecksumMismatch(name, version):
            return ProblemDocument(code: "spec-checksum", name: name.description, message: message, version: version.description)
        case let .codeNotPinned(name, _):
            return ProblemDocument(code: "code-not-pinned", name: name.description, message: message)
        case .depsfileChecksumMismatch:
            return ProblemDocument(code: "depsfile-checksum", name: nil, message: message)
        case let .lockfileWouldChange(change):
            let document = Self.document(for: change)
            return ProblemDocument(
                code: "would-change", name: document.name, message: message, version: document.version,
                change: document.change, from: document.from, to: document.to)
        case .lockfileWouldBeRewritten:
            return ProblemDocument(code: "would-rewrite", name: nil, message: message)
        case let .sandboxOutOfSync(change):
            let kind = switch change.kind {
            case .added: "added"
            case .changed: "changed"
            case .removed: "removed"
            case .unchanged: "unchanged"
            }
            return ProblemDocument(code: "sandbox", name: change.name.description, message: message, change: kind)
        case let .xcodeProjectOutOfStep(drift):
            return ProblemDocument(code: "xcode-\(XcodeTextPresenter.code(of: drift.kind))", name: drift.target, message: message, source: drift.project)
        case let .swiftPackagePinDisagrees(file, name, locked, _):
            return ProblemDocument(code: "swift-package-pin", name: name.description, message: message, version: locked.description, source: file)
        }
    }

    struct CacheEntryDocument: Encodable {
        let name: String
        let version: String
        let pin: String
        let bytes: Int
    }

    struct CacheDocument: Encodable {
        let root: String
        let packages: [CacheEntryDocument]
        let totalBytes: Int
        let notInCache: [String]?
    }

    /// `deps cache list` and `deps cache clean`: `{"root", "packages": [{"name", "version", "pin", "bytes"}], "totalBytes"}`.
    public static func render(_ listing: CacheListing) -> String {
        encode(CacheDocument(
            root: listing.root,
            packages: listing.entries.map { CacheEntryDocument(name: $0.name, version: $0.version, pin: $0.pin, bytes: $0.bytes) },
            totalBytes: listing.totalBytes,
            notInCache: listing.notInCache.isEmpty ? nil : listing.notInCache.map(\.description)))
    }

    struct StarterDocument: Encodable {
        let command: String
        let sources: [String]
    }

    /// `deps init`: `{"command": "init", "sources"}`.
    public static func render(_ starter: StarterManifest) -> String {
        encode(StarterDocument(command: "init", sources: starter.sources))
    }

    struct WhyStepDocument: Encodable {
        let name: String
        let requirement: String?
        let version: String
    }

    struct WhyDocument: Encodable {
        let name: String
        let paths: [[WhyStepDocument]]
        /// Left out when every path is listed.
        let morePaths: Int?
    }

    /// `deps why`: `{"name", "paths": [[{"name", "requirement", "version"}]], "morePaths"}`.
    public static func render(_ report: WhyReport) -> String {
        encode(WhyDocument(
            name: report.name.description,
            paths: report.paths.map { path in
                path.steps.map { WhyStepDocument(name: $0.name.description, requirement: $0.requirement.isAny ? nil : $0.requirement.description, version: $0.version.description) }
            },
            morePaths: report.morePaths > 0 ? report.morePaths : nil))
    }

    struct RepoUpdateDocument: Encodable {
        struct Source: Encodable {
            let source: String
            let kind: String
            let changed: Int
            let unchanged: Int
            let removed: Int
            let commit: String?
            let previous_commit: String?
        }

        let command: String
        let sources: [Source]
    }

    /// `deps repo update`: `{"command": "repo update", "sources": [{"source", "kind", "changed",
    /// "unchanged", "removed", "commit", "previous_commit"}]}`.
    public static func render(_ reports: [SpecRepositoryRefresh]) -> String {
        encode(RepoUpdateDocument(command: "repo update", sources: reports.map {
            .init(source: $0.source, kind: kind($0.kind), changed: $0.changed, unchanged: $0.unchanged, removed: $0.removed,
                  commit: $0.commit, previous_commit: $0.previousCommit)
        }))
    }

    static func kind(_ kind: SpecRepositoryRefresh.Kind) -> String {
        switch kind {
        case .directory: "directory"
        case .git: "git"
        case .cdn: "cdn"
        }
    }

    /// A failure: its status and message, and its data as fields where the core gave data
    /// (`JSONErrorDocument`).
    public static func renderError(_ error: Error, message: String, status: Int32) -> String {
        encode(JSONErrorDocument(error: error, message: message, status: status))
    }

    static func document(for change: PackageChange) -> ChangeDocument {
        let name = change.name.description
        switch change.kind {
        case let .installed(v): return ChangeDocument(name: name, change: "installed", version: v.description, from: nil, to: nil)
        case let .updated(from, to): return ChangeDocument(name: name, change: "updated", version: to.description, from: from.description, to: to.description)
        case let .removed(v): return ChangeDocument(name: name, change: "removed", version: v.description, from: nil, to: nil)
        case let .unchanged(v): return ChangeDocument(name: name, change: "unchanged", version: v.description, from: nil, to: nil)
        }
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return jsonEscapingAllControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSONEncoder escapes C0 controls but writes DEL and the C1 controls (U+0080 to U+009F) as
    /// they are; they can only stand inside strings, so write them as `\u00XX` too. Then no
    /// control character is left for the terminal or for Output's last check to change.
    static func jsonEscapingAllControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result.append(contentsOf: "\\u00\(String(scalar.value, radix: 16))".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
