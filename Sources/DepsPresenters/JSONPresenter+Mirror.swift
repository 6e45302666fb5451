import DepsCore

extension JSONPresenter {
    struct MirrorDocument: Encodable {
        let command: String
        let folder: String
        let specsAdded: Int
        let specsPresent: Int
        let codeAdded: Int
        let codePresent: Int
        let specNotMirrored: [String]
        let notMirrored: [String]
    }

    /// `deps mirror --json`: what was added to the mirror and what was there already.
    public static func render(_ report: MirrorReport, folder: String) -> String {
        encode(MirrorDocument(
            command: "mirror", folder: folder, specsAdded: report.specsAdded, specsPresent: report.specsPresent,
            codeAdded: report.codeAdded, codePresent: report.codePresent,
            specNotMirrored: report.externalPackages.map(\.description), notMirrored: report.inPlacePackages.map(\.description)))
    }
}
