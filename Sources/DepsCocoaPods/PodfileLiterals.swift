/// The literals a Podfile's tokenizer reads whole: quoted strings, `%` literals and heredocs.
extension PodfileTokenizer {
    /// Reads up to the closing `quote` (the opening one already read). In a double-quoted string
    /// (`interpolating`), backslash escapes are read and `#{...}`, `#@` and `#$` mark interpolation;
    /// the braces of `#{...}` are skipped whole, strings inside them included.
    mutating func readQuoted(until quote: UInt8, interpolating: Bool, opening: UInt8? = nil) -> (String, interpolated: Bool) {
        var text: [UInt8] = []
        var interpolated = false
        var nesting = 0
        while let byte = peek() {
            index += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            if let opening, byte == opening {
                nesting += 1
            } else if byte == quote {
                if nesting == 0 { break }
                nesting -= 1
            } else if byte == UInt8(ascii: "\\"), let escaped = peek() {
                index += 1
                if escaped == UInt8(ascii: "\n") { line += 1 }
                text += interpolating ? Self.escape(escaped) : (escaped == quote || escaped == UInt8(ascii: "\\") ? [escaped] : [byte, escaped])
                continue
            } else if interpolating, byte == UInt8(ascii: "#"), let next = peek() {
                if next == UInt8(ascii: "{") {
                    interpolated = true
                    index += 1
                    skipInterpolation()
                    continue
                }
                if next == UInt8(ascii: "@") || next == UInt8(ascii: "$") { interpolated = true }
            }
            text.append(byte)
        }
        return (String(decoding: text, as: UTF8.self), interpolated)
    }

    private static func escape(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "n"): [0x0A]
        case UInt8(ascii: "t"): [0x09]
        case UInt8(ascii: "r"): [0x0D]
        case UInt8(ascii: "0"): [0x00]
        case UInt8(ascii: "s"): [0x20]
        case UInt8(ascii: "e"): [0x1B]
        case UInt8(ascii: "a"): [0x07]
        case UInt8(ascii: "b"): [0x08]
        case UInt8(ascii: "f"): [0x0C]
        case UInt8(ascii: "v"): [0x0B]
        default: [byte]
        }
    }

    /// Skips the code of `#{...}` up to its closing brace.
    private mutating func skipInterpolation() {
        var braces = 1
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"): braces += 1
            case UInt8(ascii: "}"):
                braces -= 1
                if braces == 0 { return }
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                _ = readQuoted(until: byte, interpolating: byte != UInt8(ascii: "'"))
            default: break
            }
        }
    }

    /// `%w[...]`, `%i(...)` (words), or `%q`, `%Q`, `%r`, `%(`…: read whole. Nil when the `%` is
    /// an operator.
    mutating func readPercentLiteral() -> PodfileToken.Kind? {
        var position = index + 1
        var type: UInt8 = UInt8(ascii: "Q")
        if position < bytes.count, Self.percentTypes.contains(bytes[position]) {
            type = bytes[position]
            position += 1
        }
        guard position < bytes.count, let closing = Self.closing(of: bytes[position]) else { return nil }
        let opening = bytes[position]
        index = position + 1
        let interpolating = type != UInt8(ascii: "q") && type != UInt8(ascii: "w") && type != UInt8(ascii: "i")
        let (text, interpolated) = readQuoted(until: closing, interpolating: interpolating, opening: opening == closing ? nil : opening)
        switch type {
        case UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I"):
            if interpolated { return .string(text, interpolated: true) }
            return .words(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init))
        case UInt8(ascii: "q"), UInt8(ascii: "Q"):
            return .string(text, interpolated: interpolated)
        default:
            return .opaque("%\(Character(Unicode.Scalar(type)))")
        }
    }

    private static let percentTypes: Set<UInt8> = Set("wWiIqQrsx".utf8)

    private static func closing(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "<"): UInt8(ascii: ">")
        case UInt8(ascii: "|"), UInt8(ascii: "!"), UInt8(ascii: "/"), UInt8(ascii: "^"): byte
        default: nil
        }
    }

    /// `<<~EOS`, `<<-EOS`, `<<EOS`, `<<~'EOS'`: the body follows the current line and is
    /// skipped there. False (nothing read) when `<<` is an operator.
    mutating func readHeredocStart() -> Bool {
        var position = index + 2
        var indented = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "~") || bytes[position] == UInt8(ascii: "-") {
            indented = true
            position += 1
        }
        var quote: UInt8?
        if position < bytes.count, bytes[position] == UInt8(ascii: "'") || bytes[position] == UInt8(ascii: "\"") {
            quote = bytes[position]
            position += 1
        }
        let start = position
        while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
        guard position > start else { return false }
        let terminator = Array(bytes[start..<position])
        guard quote != nil || terminator.allSatisfy({ !($0 >= 0x61 && $0 <= 0x7A) }) else { return false }
        if let quote {
            guard position < bytes.count, bytes[position] == quote else { return false }
            position += 1
        }
        index = position
        pendingHeredocs.append((terminator, indented))
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
