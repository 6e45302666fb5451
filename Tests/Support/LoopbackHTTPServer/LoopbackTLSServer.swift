// An HTTPS server on 127.0.0.1 for tests: `openssl s_server -WWW` serving a folder, with a
// certificate of its own that no system CA vouches for.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `openssl s_server` serving the files of a folder over HTTPS (HTTP/1.0, one request a
/// connection) on 127.0.0.1, with a self-signed certificate for 127.0.0.1; killed on `stop()`
/// and on deinit.
public final class LoopbackTLSServer: @unchecked Sendable {
    /// The certificate, in PEM: a CA bundle that makes clients trust the server.
    public let certificate: String
    public let port: UInt16
    private let process: Process

    /// Starts serving `folder`, keeping the key and certificate in `workFolder`; nil when
    /// `openssl` is not installed.
    public init?(serving folder: String, workFolder: String, openssl: String) throws {
        let key = workFolder + "/tls-key.pem"
        certificate = workFolder + "/tls-cert.pem"
        let made = Process()
        made.executableURL = URL(fileURLWithPath: openssl)
        made.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ]
        made.standardError = FileHandle.nullDevice
        try made.run()
        made.waitUntilExit()
        guard made.terminationStatus == 0 else { throw ServerError(operation: "openssl req", code: EIO) }
        port = try LoopbackHTTPServer.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-WWW", "-quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try LoopbackHTTPServer.waitUntilListening(port)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// `https://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { "https://127.0.0.1:\(port)" }

    /// Kills the server (s_server does not end on SIGTERM) and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension LoopbackHTTPServer {
    /// A port on 127.0.0.1 nothing listens on now (bound, read and released).
    public static func freePort() throws -> UInt16 {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        return server.port
    }

    /// Waits, at most 10 seconds, until something accepts connections on the port.
    public static func waitUntilListening(_ port: UInt16) throws {
        for _ in 0..<200 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return }
            usleep(50_000)
        }
        throw ServerError(operation: "waiting for 127.0.0.1:\(port)", code: ETIMEDOUT)
    }
}
