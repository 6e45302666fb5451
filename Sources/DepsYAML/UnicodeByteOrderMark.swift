/// libyaml would read UTF-16 text that starts with a byte order mark; this parser reads
/// UTF-8 only, so such text is refused before libyaml sees it.
enum UnicodeByteOrderMark {
    static func nonUTF8Encoding(startingWith bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "UTF-32"
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return "UTF-16"
        }
        return nil
    }
}
