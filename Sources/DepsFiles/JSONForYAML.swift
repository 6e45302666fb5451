/// Makes JSON text readable by libyaml without changing what it means.
///
/// JSON is YAML's flow style except for a few things libyaml refuses or reads differently; they
/// are rewritten here, keeping every line break where it was so errors keep their line numbers:
/// - a tab outside a string (JSON whitespace) becomes a space: libyaml refuses a tab where a
///   line's indentation would be;
/// - an escaped UTF-16 surrogate pair (`\ud83d\ude00`) becomes one `\U0001F600` escape:
///   libyaml refuses surrogate escapes;
/// - inside a string, U+0085, U+2028 and U+2029 (line breaks to YAML, which would fold them into
///   a space) and DEL, the C1 controls, U+FFFE and U+FFFF (which libyaml refuses unescaped)
///   become `\u` escapes.
package enum JSONForYAML {
    package static func prepared(_ bytes: [UInt8]) -> [UInt8] {
        guard needsRewriting(bytes) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte == 0x09 ? 0x20 : byte)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
                output.append(byte)
                index += 1
            case UInt8(ascii: "\\"):
                if let (scalar, length) = surrogatePair(bytes, at: index) {
                    output += Array("\\U".utf8) + hex(scalar, digits: 8)
                    index += length
                } else {
                    // Copy the escape whole so an escaped quote does not end the string.
                    output.append(byte)
                    if index + 1 < bytes.count { output.append(bytes[index + 1]) }
                    index += 2
                }
            default:
                if let (scalar, length) = unsafeScalar(bytes, at: index) {
                    output += Array("\\u".utf8) + hex(scalar, digits: 4)
                    index += length
                } else {
                    output.append(byte)
                    index += 1
                }
            }
        }
        return output
    }

    /// Whether anything needs rewriting (most files need nothing, and keep their bytes).
    private static func needsRewriting(_ bytes: [UInt8]) -> Bool {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x09, 0x7F, 0xC2, 0xEF: return true
            case 0xE2 where index + 1 < bytes.count && bytes[index + 1] == 0x80: return true
            case UInt8(ascii: "\\") where index + 2 < bytes.count && (bytes[index + 1] | 0x20) == UInt8(ascii: "u")
                && (bytes[index + 2] | 0x20) == UInt8(ascii: "d"): return true
            default: continue
            }
        }
        return false
    }

    /// A raw character inside a string that libyaml would refuse or read as a line break.
    private static func unsafeScalar(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let byte = bytes[index]
        if byte == 0x7F { return (0x7F, 1) }
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        if byte == 0xC2, (0x80...0x9F).contains(next) { return (UInt32(next), 2) }
        guard index + 2 < bytes.count else { return nil }
        let last = bytes[index + 2]
        if byte == 0xE2, next == 0x80, last == 0xA8 || last == 0xA9 { return (0x2000 | UInt32(last & 0x3F), 3) }
        if byte == 0xEF, next == 0xBF, last == 0xBE || last == 0xBF { return (0xFFC0 | UInt32(last & 0x3F), 3) }
        return nil
    }

    /// `\uD83D\uDE00` at `index`: the scalar it stands for and its length in bytes.
    private static func surrogatePair(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        guard let high = unicodeEscape(bytes, at: index), (0xD800...0xDBFF).contains(high),
              let low = unicodeEscape(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low) else { return nil }
        return (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), 12)
    }

    /// The value of a `\uXXXX` escape at `index`.
    private static func unicodeEscape(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func hex(_ value: UInt32, digits: Int) -> [UInt8] {
        let text = String(value, radix: 16, uppercase: true)
        return Array((String(repeating: "0", count: max(0, digits - text.count)) + text).utf8)
    }
}
