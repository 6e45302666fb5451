/// Text in a box:
///
///     +------------+
///     | Hello, Ann |
///     +------------+
public enum Banner {
    /// The text in a box, one row per line of the text, each padded to the widest line
    /// with `padding` spaces on both sides. The result has no trailing newline.
    public static func boxed(_ text: String, padding: Int = 1) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let width = lines.map(\.count).max() ?? 0
        let space = String(repeating: " ", count: max(padding, 0))
        let edge = "+" + String(repeating: "-", count: width + 2 * space.count) + "+"
        let rows = lines.map { line in
            "|" + space + line + String(repeating: " ", count: width - line.count) + space + "|"
        }
        return ([edge] + rows + [edge]).joined(separator: "\n")
    }

    /// The text underlined with `=` as wide as its longest line: `"Title\n====="`.
    public static func underlined(_ text: String) -> String {
        let width = text.split(separator: "\n").map(\.count).max() ?? 0
        return text + "\n" + String(repeating: "=", count: width)
    }
}
