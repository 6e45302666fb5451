/// One token of a Podfile, with the line it starts on.
struct PodfileToken: Equatable {
    enum Kind: Equatable {
        /// A method or variable name (`pod`, `use_frameworks!`, `shared_pods`, `RX_VERSION`,
        /// `@ivar`, `$global`).
        case identifier(String)
        /// A Ruby keyword (`do`, `end`, `def`, `if`, …), never after a `.`.
        case keyword(String)
        /// `:ios`, `:search_paths`.
        case symbol(String)
        /// A hash key in the newer syntax: `git:`.
        case label(String)
        /// A string literal's value; `interpolated` when a double-quoted one holds `#{`.
        case string(String, interpolated: Bool)
        /// `%w[a b]` and `%i[a b]`: an array of words.
        case words([String])
        case number(String)
        /// Operators and punctuation: `=>`, `,`, `(`, `=`, `.`, `||`, …
        case punctuation(String)
        /// What only running Ruby can read: a regular expression, a heredoc, backticks, a
        /// `%` literal other than words.
        case opaque(String)
        /// The end of a statement: a line break outside brackets, or `;`.
        case newline
    }

    let kind: Kind
    let line: Int
    /// Whether white space comes right before it (`target('X')` against `target ('X')`).
    let spaced: Bool
}

/// Splits a Podfile into tokens. It reads enough of Ruby's lexical rules (strings, heredocs,
/// `%` literals, regular expressions, comments) that any Ruby in a hook's body splits into
/// balanced tokens, so that blocks can be skipped by their `do`/`end` structure.
struct PodfileTokenizer {
    static let keywords: Set<String> = [
        "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else", "elsif", "end", "ensure",
        "for", "if", "in", "module", "next", "not", "or", "redo", "rescue", "retry", "return", "self", "super",
        "then", "undef", "unless", "until", "when", "while", "yield",
    ]
    /// Longest first, so that `=>` is not read as `=`.
    static let operators = [
        "**=", "<=>", "===", "...", "||=", "&&=", "<<=", ">>=",
        "=>", "==", "!=", ">=", "<=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "::", "..",
        "=~", "!~", "->", "**",
    ]

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var depth = 0
    var tokens: [PodfileToken] = []
    var pendingHeredocs: [(terminator: [UInt8], indented: Bool)] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func tokens(of bytes: [UInt8]) -> [PodfileToken] {
        var tokenizer = PodfileTokenizer(bytes)
        tokenizer.run()
        return tokenizer.tokens
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Whether the last token ends a value, so that `/` and `%` are operators after it.
    var afterValue: Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .identifier, .string, .number, .symbol, .words, .opaque: return true
        case let .keyword(word): return word == "end" || word == "self"
        case let .punctuation(text): return text == ")" || text == "]" || text == "}"
        case .label, .newline: return false
        }
    }

    /// Whether a line break after the last token ends the statement.
    var lineBreakEndsStatement: Bool {
        guard depth == 0, let last = tokens.last else { return false }
        switch last.kind {
        case .newline, .label: return false
        case let .punctuation(text): return text == ")" || text == "]" || text == "}" || text == "|"
        case let .keyword(word): return !["and", "or", "not"].contains(word)
        default: return true
        }
    }

    mutating func append(_ kind: PodfileToken.Kind, line tokenLine: Int? = nil, spaced: Bool) {
        tokens.append(PodfileToken(kind: kind, line: tokenLine ?? line, spaced: spaced))
    }

    mutating func run() {
        var spaced = true
        var atLineStart = true
        while let byte = peek() {
            if atLineStart, skipLineStartMarkers() { continue }
            atLineStart = false
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                spaced = true
                continue
            case UInt8(ascii: "\\") where peek(1) == UInt8(ascii: "\n"):
                index += 2
                line += 1
                spaced = true
                continue
            case UInt8(ascii: "#"):
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\n"):
                if lineBreakEndsStatement, !nextLineContinuesChain() { append(.newline, spaced: spaced) }
                index += 1
                line += 1
                skipHeredocBodies()
                atLineStart = true
                spaced = true
                continue
            default:
                readToken(spaced: spaced)
                spaced = false
            }
        }
        if tokens.last?.kind != .newline { append(.newline, spaced: true) }
    }

    /// `=begin` … `=end` comments and `__END__` at the start of a line. True when one was skipped.
    mutating func skipLineStartMarkers() -> Bool {
        if bytes[index...].starts(with: Array("__END__".utf8)) {
            index = bytes.count
            return true
        }
        guard bytes[index...].starts(with: Array("=begin".utf8)) else { return false }
        while index < bytes.count {
            let start = index
            while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
            let ended = bytes[start..<index].starts(with: Array("=end".utf8))
            if index < bytes.count {
                index += 1
                line += 1
            }
            if ended { break }
        }
        return true
    }

    /// Whether the next line that holds code starts with `.method` (a chain continued).
    func nextLineContinuesChain() -> Bool {
        var position = index + 1
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        return position + 1 < bytes.count && bytes[position] == UInt8(ascii: ".") && bytes[position + 1] != UInt8(ascii: ".")
    }

    mutating func skipHeredocBodies() {
        while !pendingHeredocs.isEmpty {
            let heredoc = pendingHeredocs.removeFirst()
            while index < bytes.count {
                let start = index
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
                var text = bytes[start..<index]
                if heredoc.indented { text = text.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
                if index < bytes.count {
                    index += 1
                    line += 1
                }
                if Array(text) == heredoc.terminator { break }
            }
        }
    }

    mutating func readToken(spaced: Bool) {
        let byte = bytes[index]
        let startLine = line
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            index += 1
            let (text, interpolated) = readQuoted(until: byte, interpolating: byte == UInt8(ascii: "\""))
            append(.string(text, interpolated: interpolated), line: startLine, spaced: spaced)
        } else if byte == UInt8(ascii: "`") {
            index += 1
            _ = readQuoted(until: byte, interpolating: true)
            append(.opaque("`"), line: startLine, spaced: spaced)
        } else if Self.isIdentifierStart(byte) || ((byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$")) && peek(1).map(Self.isIdentifierStart) == true) {
            readWord(spaced: spaced)
        } else if byte >= 0x30 && byte <= 0x39 {
            let start = index
            while let next = peek(), Self.isIdentifierPart(next) || (next == UInt8(ascii: ".") && peek(1).map { $0 >= 0x30 && $0 <= 0x39 } == true) {
                index += 1
            }
            append(.number(String(decoding: bytes[start..<index], as: UTF8.self)), spaced: spaced)
        } else if byte == UInt8(ascii: ":"), peek(1).map(Self.isIdentifierStart) == true {
            index += 1
            let start = index
            while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
            if let next = peek(), next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || next == UInt8(ascii: "=") { index += 1 }
            append(.symbol(String(decoding: bytes[start..<index], as: UTF8.self)), spaced: spaced)
        } else if byte == UInt8(ascii: ":"), let quote = peek(1), quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
            index += 2
            let (text, interpolated) = readQuoted(until: quote, interpolating: quote == UInt8(ascii: "\""))
            append(interpolated ? .string(text, interpolated: true) : .symbol(text), line: startLine, spaced: spaced)
        } else if byte == UInt8(ascii: "/"), !afterValue || (spaced && peek(1) != UInt8(ascii: " ")) && tokensEndWithIdentifier {
            index += 1
            _ = readQuoted(until: byte, interpolating: true)
            while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
            append(.opaque("regular expression"), line: startLine, spaced: spaced)
        } else if byte == UInt8(ascii: "%"), !afterValue, let literal = readPercentLiteral() {
            append(literal, line: startLine, spaced: spaced)
        } else if byte == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "<"), readHeredocStart() {
            append(.opaque("heredoc"), line: startLine, spaced: spaced)
        } else {
            readPunctuation(spaced: spaced)
        }
    }

    var tokensEndWithIdentifier: Bool {
        if case .identifier = tokens.last?.kind { return true }
        return false
    }

    mutating func readWord(spaced: Bool) {
        let start = index
        index += 1
        while let next = peek(), Self.isIdentifierPart(next) { index += 1 }
        if let next = peek(), next == UInt8(ascii: "!") || next == UInt8(ascii: "?"), peek(1) != UInt8(ascii: "=") { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        if peek() == UInt8(ascii: ":"), peek(1) != UInt8(ascii: ":"), !word.hasSuffix("?") {
            index += 1
            append(.label(word), spaced: spaced)
            return
        }
        let afterDot: Bool
        if case let .punctuation(text) = tokens.last?.kind, text == "." || text == "&." || text == "::" { afterDot = true } else { afterDot = false }
        let isKeyword = !afterDot && (Self.keywords.contains(word) || (word == "defined" && peek() == UInt8(ascii: "?")))
        append(isKeyword ? .keyword(word) : .identifier(word), spaced: spaced)
    }

    mutating func readPunctuation(spaced: Bool) {
        for candidate in Self.operators where bytes[index...].starts(with: Array(candidate.utf8)) {
            index += candidate.utf8.count
            append(.punctuation(candidate), spaced: spaced)
            return
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        case UInt8(ascii: ";"):
            if lineBreakEndsStatement || depth == 0 { append(.newline, spaced: spaced) }
            return
        default: break
        }
        if byte == UInt8(ascii: "&"), peek() == UInt8(ascii: ".") {
            index += 1
            append(.punctuation("&."), spaced: spaced)
            return
        }
        append(.punctuation(String(decoding: [byte], as: UTF8.self)), spaced: spaced)
    }
}
