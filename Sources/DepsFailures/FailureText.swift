#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Helpers shared by the presenters' wording of the drivers' failures (DriverFailureWording.swift
// in DepsPresenters): they escape, cut and place text, and choose no words of their own.

/// Pure helpers for the failures' texts: escaping, cutting, numbers and places; no sentences.
public enum FailureText {
    /// The system's words for an error number, as a clause: `permission denied`.
    public static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// `text` with every control character (C0, DEL and C1, newline and ESC among them) shown as
    /// a `\u{1B}`-style escape, so that a path or a value read from input cannot break a line or
    /// draw on the terminal; everything else, other scripts and emoji included, is kept.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True for the characters a terminal acts on instead of showing.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
    }

    /// `text` with control characters escaped and cut to `limit` characters, so that it is safe to
    /// print on one line.
    public static func printable(_ text: String, limit: Int) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if isControl(scalar) {
                out += scalar.escaped(asASCII: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// `1800`, or `2.5`: a number of seconds as a person writes it.
    public static func shownSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }

    /// `FILE`, `FILE:LINE` or `FILE:LINE:COLUMN`, as compilers name a place in a file.
    public static func location(_ file: String, line: Int?, column: Int?) -> String {
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
