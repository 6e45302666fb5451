/// The tokens of Swift source that a static reading of `Package.swift` needs: words, string
/// literals, punctuation and `#` directives, each with its line. Comments and whitespace are
/// dropped; nothing is evaluated.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword (`Package`, `let`, `library`), or a number.
        case word(String)
        /// A string literal's value; nil when it interpolates (`"\(name)"`), which only running it can say.
        case string(String?)
        /// One punctuation character: `( ) [ ] { } , : . = +` and the rest.
        case punctuation(Character)
        /// A compiler directive or other `#` word (`#if`, `#endif`).
        case directive(String)
    }

    let kind: Kind
    /// 1-based.
    let line: Int
}

/// Splits Swift source into `SwiftToken`s. Unterminated comments and strings end the text.
enum SwiftTokenizer {
    static func tokens(of text: String) -> [SwiftToken] {
        let characters = Array(text)
        var tokens: [SwiftToken] = []
        var index = 0
        var line = 1
        func peek(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            // `\r\n` is one Character, so lines are counted by `isNewline`.
            if character.isNewline {
                line += 1
                index += 1
            } else if character.isWhitespace {
                index += 1
            } else if character == "/" && peek(1) == "/" {
                while index < characters.count && !characters[index].isNewline { index += 1 }
            } else if character == "/" && peek(1) == "*" {
                var depth = 0
                repeat {
                    if characters[index] == "/" && peek(1) == "*" {
                        depth += 1
                        index += 2
                    } else if characters[index] == "*" && peek(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if characters[index].isNewline { line += 1 }
                        index += 1
                    }
                } while depth > 0 && index < characters.count
            } else if character == "\"" || (character == "#" && rawStringStarts(characters, at: index)) {
                let start = line
                let value = readString(characters, from: &index, line: &line)
                tokens.append(SwiftToken(kind: .string(value), line: start))
            } else if character == "#" {
                var end = index + 1
                while end < characters.count && isWordCharacter(characters[end]) { end += 1 }
                tokens.append(SwiftToken(kind: .directive(String(characters[index..<end])), line: line))
                index = max(end, index + 1)
            } else if isWordCharacter(character) || character == "`" {
                var end = index + 1
                while end < characters.count && (isWordCharacter(characters[end]) || characters[end] == "`") { end += 1 }
                let word = String(characters[index..<end]).filter { $0 != "`" }
                tokens.append(SwiftToken(kind: .word(word), line: line))
                index = end
            } else {
                tokens.append(SwiftToken(kind: .punctuation(character), line: line))
                index += 1
            }
        }
        return tokens
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// Whether `#`s at `index` open a raw string (`#"`, `##"`).
    private static func rawStringStarts(_ characters: [Character], at index: Int) -> Bool {
        var end = index
        while end < characters.count && characters[end] == "#" { end += 1 }
        return end < characters.count && characters[end] == "\""
    }

    /// Reads a string literal (plain, raw `#"…"#`, or multi-line `"""`) from its first character;
    /// returns its value, or nil when it interpolates.
    private static func readString(_ characters: [Character], from index: inout Int, line: inout Int) -> String? {
        var hashes = 0
        while index < characters.count && characters[index] == "#" {
            hashes += 1
            index += 1
        }
        let multiline = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
        let quotes = multiline ? 3 : 1
        index += quotes
        var value = ""
        var interpolates = false
        func closes(at position: Int) -> Bool {
            guard position + quotes + hashes <= characters.count else { return false }
            for offset in 0..<quotes where characters[position + offset] != "\"" { return false }
            for offset in 0..<hashes where characters[position + quotes + offset] != "#" { return false }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            if closes(at: index) {
                index += quotes + hashes
                return interpolates ? nil : multilineValue(value, multiline)
            }
            if character.isNewline {
                // An unterminated one-line string ends at the line's end, which the caller counts.
                if !multiline { return interpolates ? nil : value }
                line += 1
            }
            if character == "\\" && escapeStarts(characters, at: index, hashes: hashes) {
                let next = index + 1 + hashes
                guard next < characters.count else { break }
                switch characters[next] {
                case "(": interpolates = true
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "0": value.append("\0")
                // A backslash at a line's end in a multi-line string joins the lines.
                case let escaped where escaped.isNewline: line += 1
                default: value.append(characters[next])
                }
                index = next + 1
                continue
            }
            value.append(character)
            index += 1
        }
        return interpolates ? nil : value
    }

    /// A backslash starts an escape in a plain string, and only when followed by the string's `#`s in a raw one.
    private static func escapeStarts(_ characters: [Character], at index: Int, hashes: Int) -> Bool {
        guard index + hashes < characters.count else { return false }
        for offset in 0..<hashes where characters[index + 1 + offset] != "#" { return false }
        return true
    }

    /// A multi-line literal's value: without the line break after its opening quotes.
    private static func multilineValue(_ value: String, _ multiline: Bool) -> String {
        guard multiline, value.first?.isNewline == true else { return value }
        return String(value.dropFirst())
    }
}
