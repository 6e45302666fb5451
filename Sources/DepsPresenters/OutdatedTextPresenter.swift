import DepsCore

/// Prints the `deps outdated` table: Package, Current, Update, Latest, and what holds a package back.
public struct OutdatedTextPresenter {
    public let style: TextStyle

    public init(style: TextStyle = .plain) {
        self.style = style
    }

    public func render(_ report: OutdatedReport) -> String {
        guard !report.packages.isEmpty else { return "All packages are up to date.\n" }
        let header = ["Package", "Current", "Update", "Latest"]
        let rows = report.packages.map { package in
            [package.name.description, package.current.description,
             package.update?.description ?? "-", package.latest?.description ?? "-"]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func format(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
        var lines = [style.bold(format(header))]
        for (package, cells) in zip(report.packages, rows) {
            var line = format(cells)
            if !package.heldBackBy.isEmpty {
                line += String(repeating: " ", count: widths[3] - cells[3].count + 3)
                line += "held back by " + package.heldBackBy.map(Self.reason(for:)).joined(separator: "; ")
            }
            lines.append(line)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `Depsfile: Moya ~> 14.0`, `RxCocoa 6.5.0: RxSwift = 6.5.0`,
    /// `KingfisherWebP 1.5.0 needing Kingfisher ~> 7.11`.
    public static func reason(for hold: HoldBack) -> String {
        switch hold {
        case let .depsfile(name, requirement): "Depsfile: \(name) \(requirement.isAny ? "(any version)" : requirement.description)"
        case let .package(holder, version, name, requirement): "\(holder) \(version): \(name) \(requirement)"
        case let .latestNeeds(package, version, name, requirement): "\(package) \(version) needing \(name) \(requirement)"
        case let .prerelease(version): "prerelease rules: \(version) is a prerelease and no requirement names one"
        }
    }
}
