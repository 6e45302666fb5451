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
            let neededBy: [String]?
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
        var (url, path, line, neededBy): (String?, String?, Int?, [String]?) = (nil, nil, nil, nil)
        let code: String
        switch package.reason {
        case .noManifest: code = "no-manifest"
        case let .unreadableManifest(_, number):
            code = "unreadable-manifest"
            line = number
        case .noLibraries: code = "no-libraries"
        case let .archive(location):
            code = "archive"
            url = location
        case let .usedInPlace(folder):
            code = "used-in-place"
            path = folder
        case let .noCommit(location):
            code = "no-commit"
            url = location
        case let .neededBy(names):
            code = "needed-by"
            neededBy = names.map(\.description)
        }
        return ExportDocument.StayingDocument(
            name: package.name.description, version: package.version.description, reason: code,
            message: ExportTextPresenter.reason(package), url: url, path: path, line: line, neededBy: neededBy)
    }
}
