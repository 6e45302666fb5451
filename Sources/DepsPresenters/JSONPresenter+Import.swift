import DepsCore

extension JSONPresenter {
    struct ImportDocument: Encodable {
        struct DependencyDocument: Encodable {
            let name: String
            let requirement: String?
            let source: [String: String]?
        }
        struct TargetDocument: Encodable {
            let name: String
            let pods: [String]
        }
        struct WarningDocument: Encodable {
            let file: String
            let line: Int
            let message: String
        }
        struct EvaluationDocument: Encodable {
            let ruby: String
            let rubyVersion: String
            let firstLine: Int
            let message: String
        }
        struct StaleLockDocument: Encodable {
            let added: [String]
            let removed: [String]
            let modified: [String]
        }
        let command: String
        let dryRun: Bool
        let files: [String]
        let sources: [String]
        let platform: String?
        let dependencies: [DependencyDocument]
        let lockedPackages: Int?
        let targets: [TargetDocument]
        let warnings: [WarningDocument]
        let next: [String]
        /// The dependencies the Podfile.lock's DEPENDENCIES record otherwise, when any.
        let staleLock: StaleLockDocument?
        /// How the Podfile was evaluated with Ruby; left out when it was read statically.
        let evaluation: EvaluationDocument?
        /// The files' text, in a dry run.
        let depsfile: String?
        let lockfile: String?
    }

    /// `deps import`: what was (or would be) written, as data; `warningMessages` word the
    /// warnings, in order.
    public static func render(_ result: ProjectImport, warningMessages: [String]) -> String {
        let manifest = result.manifest
        return encode(ImportDocument(
            command: "import", dryRun: !result.written, files: ImportTextPresenter.files(result),
            sources: manifest.sources, platform: manifest.platform?.description,
            dependencies: manifest.dependencies.map {
                ImportDocument.DependencyDocument(
                    name: $0.name.description, requirement: $0.requirement.isAny ? nil : $0.requirement.description,
                    source: $0.externalSource.map { Dictionary($0.fields, uniquingKeysWith: { first, _ in first }) })
            },
            lockedPackages: result.lockfile?.packages.count,
            targets: manifest.targets.map { ImportDocument.TargetDocument(name: $0.target, pods: $0.pods.map(\.description)) },
            warnings: zip(result.warnings, warningMessages).map { ImportDocument.WarningDocument(file: "Podfile", line: $0.line, message: $1) },
            next: ImportTextPresenter.nextCommands(result),
            staleLock: result.staleLock.map {
                ImportDocument.StaleLockDocument(
                    added: $0.added.map(\.description), removed: $0.removed.map(\.description), modified: $0.modified.map(\.description))
            },
            evaluation: result.evaluation.map {
                ImportDocument.EvaluationDocument(
                    ruby: $0.ruby, rubyVersion: $0.rubyVersion, firstLine: $0.firstLine, message: ImportTextPresenter.evaluationLine($0))
            },
            depsfile: result.written ? nil : result.manifestText,
            lockfile: result.written ? nil : result.lockfileText))
    }
}
