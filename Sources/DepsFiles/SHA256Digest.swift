import Crypto
import DepsFileSystem

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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SHA256Digest {
    /// The SHA-256 of a file, read in pieces so that a large archive is never held whole.
    public static func hex(ofFileAt path: LocalPath, shownAs name: String) throws(FileAccessError) -> String {
        let descriptor = open(path.string, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(path: name, reason: POSIXFileSystem.reason(errno)) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: name, reason: POSIXFileSystem.reason(errno))
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return lowercaseHex(hasher.finalize())
    }
}
