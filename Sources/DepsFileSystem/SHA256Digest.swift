import Crypto
import DepsFailures

/// The SHA-256 of a file's bytes as lowercase hex, as the lockfile records it.
public enum SHA256Digest {
    public static func hex(of bytes: [UInt8]) -> String {
        lowercaseHex(SHA256.hash(data: bytes))
    }

    /// Bytes (a digest) as lower-case hexadecimal text.
    public static func lowercaseHex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension SHA256Digest {
    /// The SHA-256 of a file, read in pieces so that a large archive is never held whole.
    public static func hex(
        ofFileAt path: LocalPath, shownAs name: String, fileSystem: any FileSystem = POSIXFileSystem()
    ) throws(FileAccessError) -> String {
        var hasher = SHA256()
        try fileSystem.readPieces(of: path, shownAs: name) { piece in
            hasher.update(data: piece)
            return true
        }
        return lowercaseHex(hasher.finalize())
    }
}
