import DepsCore
import DepsFileSystem

/// Why a file that unzip or tar cannot read is no archive, told by its first bytes: it is empty,
/// it is an HTML page (a server's error or sign-in page served under the archive's name), it is
/// another kind of file, or it starts as the archive should and is cut short or damaged.
struct ArchiveDiagnosis {
    let archive: LocalPath
    let kind: ArchiveKind
    let fileSystem: any FileSystem

    /// What the file is, e.g. an HTML page of 1234 bytes where a zip archive was expected.
    var cause: UnreadableArchive {
        let (head, size) = head(count: 512)
        let expected: ArchiveFormat = kind == .zip ? .zip : .tar
        guard let size, size > 0 else { return .empty(expected: expected) }
        if Self.looksLikeHTML(head) { return .htmlPage(bytes: size, expected: expected) }
        if let format = Self.format(of: head) {
            // A tar archive may come compressed: any format but zip starts one.
            return (format == .zip) == (kind == .zip) ? .damaged(format, bytes: size) : .otherFormat(format, bytes: size, expected: expected)
        }
        return .unknown(bytes: size, expected: expected, head: Array(head.prefix(16)))
    }

    /// A known archive or compression format, by its magic bytes.
    static func format(of head: [UInt8]) -> ArchiveFormat? {
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts(Array("BZh".utf8)) { return .bzip2 }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if head.count >= 262, Array(head[257..<262]) == Array("ustar".utf8) { return .tar }
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
