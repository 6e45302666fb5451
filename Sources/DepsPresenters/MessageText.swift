import DepsFailures

/// Text shown to a person: deps' own words as written, and every value interpolated into them
/// (a name, a path, a URL, a YAML value, a server's reply) with its control characters escaped,
/// so that input can never clear a terminal, forge a line or hide in a NUL (BEHAVIOUR 7).
///
///     let message: MessageText = "invalid package name '\(text)'"
///
/// A value that is itself a finished message (a nested error, a multi-line report) is
/// interpolated with `\(message: ...)` and kept as it is.
public struct MessageText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public let text: String

    public init(stringLiteral value: String) {
        text = value
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
    }

    /// A whole value from input, escaped.
    public init(escaping value: String) {
        text = Self.escaped(value)
    }

    public var description: String { text }

    public static func + (lhs: MessageText, rhs: MessageText) -> MessageText {
        MessageText(trusted: lhs.text + rhs.text)
    }

    private init(trusted text: String) {
        self.text = text
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        public mutating func appendInterpolation(_ value: some Any) {
            text += MessageText.escaped(String(describing: value))
        }

        public mutating func appendInterpolation(message: MessageText) {
            text += message.text
        }
    }

    /// `text` with every control character (C0, DEL and C1, newline and ESC among them) shown as
    /// a `\u{1B}`-style escape; everything else, other scripts and emoji included, is kept.
    public static func escaped(_ text: String) -> String { FailureText.escaped(text) }

    /// True for the characters a terminal acts on instead of showing.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool { FailureText.isControl(scalar) }
}
