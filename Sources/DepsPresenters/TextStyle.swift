/// Colours for text output: ANSI escapes when enabled, plain text otherwise.
/// Colour is enabled only on a terminal, without `--no-color`, and when `NO_COLOR` is unset.
public struct TextStyle: Sendable {
    public let colored: Bool

    public init(colored: Bool) {
        self.colored = colored
    }

    public static let plain = TextStyle(colored: false)

    public func green(_ text: String) -> String { paint(text, 32) }
    public func yellow(_ text: String) -> String { paint(text, 33) }
    public func red(_ text: String) -> String { paint(text, 31) }
    public func bold(_ text: String) -> String { paint(text, 1) }

    private func paint(_ text: String, _ code: Int) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
