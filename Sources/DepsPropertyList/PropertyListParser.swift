import DepsFailures

/// Reads OpenStep property-list text (the format of Xcode's `project.pbxproj`): dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and unquoted strings, `/* */` and `//`
/// comments. Every node keeps its byte range, so a document can be edited in place. What it
/// cannot read is a `PropertyListError` at a line and column.
public struct PropertyListParser {
    let bytes: [UInt8]
    let file: String
    var index = 0
    /// How deep the lists and dictionaries being read are nested.
    var depth = 0
    /// Project files nest a handful deep; a bound keeps a hostile file from exhausting the stack.
    static let maximumDepth = 128

    /// Reads the one value `bytes` holds (comments and white space around it allowed).
    public static func parse(_ bytes: [UInt8], file: String) throws(PropertyListError) -> PropertyListNode {
        if let line = conflictMarkerLine(in: bytes) {
            throw PropertyListError(file: file, line: line, column: 1, cause: .conflictMarker)
        }
        var parser = PropertyListParser(bytes: bytes, file: file)
        try parser.skipTrivia()
        let root = try parser.value()
        try parser.skipTrivia()
        guard parser.index == bytes.count else { throw parser.error(.unexpected(parser.characterHere)) }
        return root
    }

    /// The line of the first merge-conflict marker (`<<<<<<<`, `=======`, `>>>>>>>`, `|||||||` at
    /// a line's start), if any.
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        // Through a buffer, one byte per line deciding most lines: a project file is megabytes.
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var atLineStart = true
            for index in 0..<buffer.count {
                let byte = buffer[index]
                if atLineStart, byte == UInt8(ascii: "<") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "|"),
                   index + 7 <= buffer.count {
                    var same = 1
                    while same < 7, buffer[index + same] == byte { same += 1 }
                    if same == 7 { return line }
                }
                atLineStart = byte == 0x0A
                if atLineStart { line += 1 }
            }
            return nil
        }
    }

    var characterHere: String {
        guard index < bytes.count else { return "end of file" }
        return String(decoding: bytes[index..<min(bytes.count, index + 1)], as: UTF8.self)
    }

    func error(_ cause: PropertyListError.Cause, at offset: Int? = nil) -> PropertyListError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return PropertyListError(file: file, line: line, column: column, cause: cause)
    }

    mutating func skipTrivia() throws(PropertyListError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                guard index + 1 < bytes.count else { throw error(.unterminatedComment, at: start) }
                index += 2
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }

    mutating func value() throws(PropertyListError) -> PropertyListNode {
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quoted()
        default:
            let start = index
            while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
            guard index > start else { throw error(.unexpected(characterHere)) }
            return PropertyListNode(value: .string(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index)
        }
    }

    /// The characters of an unquoted string: letters, digits and `_$+/:.-`, and any non-ASCII byte.
    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"):
            true
        default:
            byte >= 0x80
        }
    }

    mutating func quoted() throws(PropertyListError) -> PropertyListNode {
        let start = index
        let quote = bytes[index]
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error(.unterminatedString, at: start) }
            let byte = bytes[index]
            if byte == quote { break }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw error(.unterminatedString, at: start) }
                switch bytes[index] {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var digits = 0
                    var scalar: UInt32 = 0
                    while digits < 4, index + 1 < bytes.count, let value = Self.hexValue(bytes[index + 1]) {
                        scalar = scalar * 16 + value
                        digits += 1
                        index += 1
                    }
                    text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: text.append(bytes[index])
                }
            } else {
                text.append(byte)
            }
            index += 1
        }
        index += 1
        return PropertyListNode(value: .string(String(decoding: text, as: UTF8.self)), range: start..<index)
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func array() throws(PropertyListError) -> PropertyListNode {
        let start = index
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error(.nestedTooDeeply(limit: Self.maximumDepth)) }
        index += 1
        var items: [PropertyListNode] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw error(.unclosed("("), at: start) }
            if bytes[index] == UInt8(ascii: ")") { break }
            items.append(try value())
            try skipTrivia()
            guard index < bytes.count else { throw error(.unclosed("("), at: start) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error(.expected(",", found: characterHere))
            }
        }
        index += 1
        return PropertyListNode(value: .array(items), range: start..<index)
    }

    mutating func dictionary() throws(PropertyListError) -> PropertyListNode {
        let start = index
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error(.nestedTooDeeply(limit: Self.maximumDepth)) }
        index += 1
        var entries: [PropertyListEntry] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw error(.unclosed("{"), at: start) }
            if bytes[index] == UInt8(ascii: "}") { break }
            let key = try value()
            guard let name = key.string else { throw error(.keyNotAString, at: key.range.lowerBound) }
            try skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw error(.expected("=", found: characterHere)) }
            index += 1
            try skipTrivia()
            let value = try value()
            try skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw error(.expected(";", found: characterHere)) }
            index += 1
            entries.append(PropertyListEntry(key: name, value: value, range: key.range.lowerBound..<index))
        }
        index += 1
        return PropertyListNode(value: .dictionary(entries), range: start..<index)
    }
}
