import DepsCore
/// Prints what `deps cache list` and `deps cache clean` found: a table of package, version,
/// pin and size, then the cache's folder and its whole size.
public struct CacheListingTextPresenter {
    public init() {}

    public func render(_ listing: CacheListing) -> String {
        var lines: [String] = []
        if listing.entries.isEmpty {
            lines.append("The cache holds no packages.")
        } else {
            lines += table(listing.entries)
        }
        lines.append("\(MessageText.escaped(listing.root)): \(Self.size(listing.totalBytes)) in all")
        return lines.map { $0 + "\n" }.joined()
    }

    public func renderRemoved(_ listing: CacheListing) -> String {
        var lines = listing.entries.map { "Removed \($0.name) \($0.version) (\(Self.size($0.bytes)))" }
        lines += listing.notInCache.map { "\($0) is not in the cache; nothing of it to remove." }
        if lines.isEmpty { lines.append("Nothing to remove.") }
        lines.append("\(MessageText.escaped(listing.root)): \(Self.size(listing.totalBytes)) left")
        return lines.map { $0 + "\n" }.joined()
    }

    private func table(_ entries: [CacheListing.Entry]) -> [String] {
        let rows = [["Package", "Version", "Pin", "Size"]]
            + entries.map { [$0.name, $0.version, String($0.pin.prefix(12)), Self.size($0.bytes)] }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
    }

    /// `512 B`, `12.5 KB`, `3.1 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
