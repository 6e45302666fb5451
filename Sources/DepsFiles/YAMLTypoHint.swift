import DepsCore
import DepsYAML
import DepsFailures

/// The remedy for the YAML typos people make in a Depsfile or a spec, which libyaml reports in
/// its own words: a value that starts with `>` or `|` (read as a block scalar: quote it), a tab
/// in the indentation (YAML indents with spaces only), `Name:value` with no space after the colon
/// (read as one scalar, not a key and its value).
enum YAMLTypoHint {
    /// The hint for a syntax error libyaml found at `line` (1-based) of `bytes`, if one applies.
    static func forSyntaxError(_ problem: YAMLError.Problem, line: Int, in bytes: [UInt8]) -> YAMLTypo? {
        // libyaml's words, and what it was reading ("while scanning a block scalar").
        let message = if case let .syntax(text, context) = problem { [text, context?.text].compactMap { $0 }.joined(separator: " ") } else { "" }
        let lines = textLines(of: bytes)
        // libyaml places some errors on the line after the typo (a block scalar's header, a
        // scalar that runs on): look at the line itself, then the one before.
        let near = [line, line - 1].compactMap { $0 >= 1 && $0 <= lines.count ? lines[$0 - 1] : nil }
        if message.contains("block scalar"), let text = near.first(where: { blockIndicatorValue(in: $0) != nil }),
           let value = blockIndicatorValue(in: text) {
            return .blockIndicatorValue(key: key(in: text), value: value)
        }
        if near.contains(where: { $0.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") })
            || (message.contains("cannot start any token") && near.first?.contains("\t") == true) {
            return .tabIndentation
        }
        if let text = near.first(where: { colonWithoutSpace(in: $0) != nil }) {
            return typo(inScalar: text)
        }
        return nil
    }

    /// The typo in a plain scalar found where a mapping was expected: `Greeting:~> 1.0`.
    static func typo(inScalar value: String) -> YAMLTypo? {
        guard let key = colonWithoutSpace(in: value) else { return nil }
        let trimmed = value.drop(while: { $0 == " " || $0 == "-" })
        return .noSpaceAfterColon(key: key, rest: trimmed.dropFirst(key.count + 1).trimmingTrailingSpaces)
    }

    /// The lines of the file, without their line breaks (invalid UTF-8 is repaired, not refused).
    private static func textLines(of bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// `>= 1.0` in `Greeting: >= 1.0`: a mapping value that starts with a block scalar indicator
    /// followed by more than a block header allows.
    private static func blockIndicatorValue(in text: String) -> String? {
        guard let colon = keyEnd(in: text) else { return nil }
        let value = text[text.index(colon, offsetBy: 2)...].drop(while: { $0 == " " }).trimmingTrailingSpaces
        guard let first = value.first, first == ">" || first == "|", value.count > 1 else { return nil }
        return value
    }

    /// `Greeting` in `  - Greeting: >= 1.0`.
    private static func key(in text: String) -> String {
        String(text[..<(keyEnd(in: text) ?? text.endIndex)].drop(while: { $0 == " " || $0 == "-" }))
    }

    /// Where the first `: ` is: the end of a mapping key.
    private static func keyEnd(in text: String) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == ":", next < text.endIndex, text[next] == " " { return index }
            index = next
        }
        return nil
    }

    /// `Greeting` in `Greeting:~> 1.0`: a key made of name characters, a colon and no space after it.
    private static func colonWithoutSpace(in text: String) -> String? {
        let trimmed = text.drop(while: { $0 == " " || $0 == "-" })
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let key = trimmed[..<colon]
        let after = trimmed[trimmed.index(after: colon)...]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "._+-/".contains($0) }),
              let next = after.first, next != " ", next != "\t", next != "/" else { return nil }
        return String(key)
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
