import DepsCore

extension JSONPresenter {
    struct ExportDocument: Encodable {
        struct ProductDocument: Encodable {
            let name: String
            let kind: String
        }
        struct ExportedDocument: Encodable {
            let name: String
            let version: String
            let url: String
            let exact: String?
            let revision: String?
            let identity: String
            let package: String
            let products: [ProductDocument]
            let subspecs: [String]?
        }
        struct StayingDocument: Encodable {
            let name: String
            let version: String
            let reason: String
            let message: String
            let url: String?
            let path: String?
            let line: Int?
        }
        let command: String
        let movable: Int
        let packages: Int
        let exported: [ExportedDocument]
        let staying: [StayingDocument]
    }

    /// `deps export swiftpm --json`.
    public static func render(_ export: SwiftPMExport) -> String {
        encode(ExportDocument(
            command: "export swiftpm", movable: export.exported.count, packages: export.packageCount,
            exported: export.exported.map(document(for:)), staying: export.staying.map(document(for:))))
    }

    static func document(for package: ExportedPackage) -> ExportDocument.ExportedDocument {
        var exact: String?
        var revision: String?
        switch package.requirement {
        case let .exact(version): exact = version.description
        case let .revision(commit): revision = commit
        }
        return ExportDocument.ExportedDocument(
            name: package.name.description, version: package.version.description, url: package.url, exact: exact,
            revision: revision, identity: package.identity, package: ExportTextPresenter.packageLine(package),
            products: package.products.map { ExportDocument.ProductDocument(name: $0.name, kind: $0.kind.rawValue) },
            subspecs: package.subspecs.isEmpty ? nil : package.subspecs.map(\.description))
    }

    static func document(for package: StayingPackage) -> ExportDocument.StayingDocument {
        let (code, url, path, line): (String, String?, String?, Int?) = switch package.reason {
        case .noManifest: ("no-manifest", nil, nil, nil)
        case let .unreadableManifest(_, line): ("unreadable-manifest", nil, nil, line)
        case .noLibraries: ("no-libraries", nil, nil, nil)
        case let .archive(url): ("archive", url, nil, nil)
        case let .usedInPlace(path): ("used-in-place", nil, path, nil)
        case let .noCommit(url): ("no-commit", url, nil, nil)
        }
        return ExportDocument.StayingDocument(
            name: package.name.description, version: package.version.description, reason: code,
            message: ExportTextPresenter.reason(package), url: url, path: path, line: line)
    }
}
