/// How a string is written in block YAML so that reading it back gives the same string.
///
/// A string is written plain only when a YAML reader takes it back as that same plain
/// string; the rules below are deliberately stricter than YAML's own, so that anything
/// doubtful is quoted. Otherwise it is single-quoted, or double-quoted with escapes when
/// it holds characters that cannot appear literally on one line (line breaks, tabs,
/// control characters, byte order marks).
enum ScalarNotation {
    static func written(_ text: String) -> String {
        if isPlainSafe(text) { return text }
        if isSingleQuoteSafe(text) { return singleQuoted(text) }
        return doubleQuoted(text)
    }

    /// Characters that mean something when they start a plain scalar.
    private static let leadingIndicators: Set<Unicode.Scalar> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]


    static func isPlainSafe(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        if leadingIndicators.contains(first) || first == " " || last == " " || last == ":" {
            return false
        }
        if readsAsNull(text) || text.hasPrefix("...") {
            return false
        }
        var previous: Unicode.Scalar = " "
        for scalar in scalars {
            guard isLiteralOnOneLine(scalar), scalar != "\t" else { return false }
            if (previous == ":" && scalar == " ") || (previous == " " && scalar == "#") {
                return false
            }
            previous = scalar
        }
        return true
    }

    /// The plain words this library reads as an empty value.
    private static func readsAsNull(_ text: String) -> Bool {
        switch text {
        case "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    static func isSingleQuoteSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isLiteralOnOneLine($0) && $0 != "\t" }
    }

    /// Printable in YAML's sense and not a line break or byte order mark.
    private static func isLiteralOnOneLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return true
        case 0xA0...0xD7FF: return scalar.value != 0x2028 && scalar.value != 0x2029
        case 0xE000...0xFFFD: return scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Doubles every `'` scalar, also one that shares a grapheme cluster with its neighbour
    /// (a `'` followed by a combining mark is one Character, but still a quote to YAML).
    private static func singleQuoted(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "'")) else { return "'" + text + "'" }
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in text.unicodeScalars {
            result.append(scalar)
            if scalar == "'" { result.append("'") }
        }
        result.append("'")
        return String(result)
    }

    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\0": result += "\\0"
            case "\u{07}": result += "\\a"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0B}": result += "\\v"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case "\u{1B}": result += "\\e"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if isLiteralOnOneLine(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    result += "\\x" + hexDigits(scalar.value, width: 2)
                } else {
                    result += "\\u" + hexDigits(scalar.value, width: 4)
                }
            }
        }
        return result + "\""
    }

    private static func hexDigits(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
