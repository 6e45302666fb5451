import DepsCore

/// What `deps mirror` added.
public enum MirrorReportTextPresenter {
    public static func render(_ report: MirrorReport, folder: String) -> String {
        var lines = [
            "Mirrored into \(MessageText.escaped(folder)): \(count(report.specsAdded, "spec")) and \(count(report.codeAdded, "package's code", plural: "packages' code")) added"
                + " (\(report.specsPresent + report.codePresent) already there).",
        ]
        if !report.externalPackages.isEmpty {
            lines.append("Specs read from the package itself (a git: or podspec: source), not from a spec repository; their code is mirrored: \(report.externalPackages.map(\.description).joined(separator: ", ")).")
        }
        if !report.inPlacePackages.isEmpty {
            lines.append("Used in place, not mirrored: \(report.inPlacePackages.map(\.description).joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
