import DepsCore
import DepsFileSystem

/// Why a file that unzip or tar cannot read is no archive, told by its first bytes: it is empty,
/// it is an HTML page (a server's error or sign-in page served under the archive's name), it is
/// another kind of file, or it starts as the archive should and is cut short or damaged.
struct ArchiveDiagnosis {
    let archive: LocalPath
    let kind: ArchiveKind
    let fileSystem: any FileSystem

    /// One phrase naming what is wrong, e.g. `the file is an HTML page (1234 bytes), not a zip archive`.
    var cause: String {
        let (head, size) = head(count: 512)
        let expected = kind == .zip ? "a zip archive" : "a tar archive"
        guard let size, size > 0 else { return "the file is empty, not \(expected)" }
        let bytes = size == 1 ? "1 byte" : "\(size) bytes"
        if Self.looksLikeHTML(head) {
            return "the file is an HTML page (\(bytes)), not \(expected): a web page (an error or sign-in page?)"
                + " came in place of the archive"
        }
        if let format = Self.format(of: head), format.isExpected(for: kind) {
            return "the file starts as \(format.name) but is cut short or damaged (\(bytes))"
        }
        if let format = Self.format(of: head) {
            return "the file is \(format.name) (\(bytes)), not \(expected)"
        }
        return "the file is not \(expected) (\(bytes), starting with \(Self.shown(head.prefix(16))))"
    }

    /// A known archive or compression format, by its magic bytes.
    struct Format {
        let name: String
        let isZip: Bool

        func isExpected(for kind: ArchiveKind) -> Bool { (kind == .zip) == isZip }
    }

    static func format(of head: [UInt8]) -> Format? {
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return Format(name: "a zip archive", isZip: true) }
        if starts([0x1F, 0x8B]) { return Format(name: "a gzip-compressed file", isZip: false) }
        if starts(Array("BZh".utf8)) { return Format(name: "a bzip2-compressed file", isZip: false) }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return Format(name: "an xz-compressed file", isZip: false) }
        if head.count >= 262, Array(head[257..<262]) == Array("ustar".utf8) { return Format(name: "a tar archive", isZip: false) }
        return nil
    }

    /// Whether the bytes start, after white space and a byte order mark, with an HTML tag or doctype.
    static func looksLikeHTML(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        let text = String(decoding: rest.prefix(64), as: UTF8.self).lowercased()
        return ["<!doctype html", "<html", "<head", "<body", "<!--", "<?xml", "<title"].contains { text.hasPrefix($0) }
    }

    /// The first bytes, as text when they are printable, else in hexadecimal.
    static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x09 }) {
            return "'" + MessageText.escaped(String(decoding: bytes, as: UTF8.self)) + "'"
        }
        let digits = Array("0123456789abcdef")
        return "bytes " + bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }.joined(separator: " ")
    }

    /// The first `count` bytes of the file and its size; nil size when it cannot be read.
    func head(count: Int) -> (bytes: [UInt8], size: UInt64?) {
        guard let size = fileSystem.fileSize(of: archive) else { return ([], nil) }
        var bytes: [UInt8] = []
        do {
            try fileSystem.readPieces(of: archive, shownAs: archive.string) { piece in
                bytes += piece.prefix(count - bytes.count)
                return bytes.count < count
            }
        } catch {
            return ([], nil)
        }
        return (bytes, size)
    }
}
