import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real nginx (Debian's nginx-light) serving a folder on loopback, with WebDAV PUT as a remote
/// cache takes uploads: started by a test with a temporary configuration, stopped when it ends.
final class Nginx {
    let root: String
    let port: Int
    private let process: Process
    var url: String { "http://127.0.0.1:\(port)/" }

    static var executable: String? {
        ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts nginx serving `root` (made world-writable: nginx's workers may run as nobody), on a
    /// free loopback port; skips the test when nginx is not installed (.ci/run installs it).
    /// - Parameter uploadLogin: when given, anyone reads but a PUT needs this login (HTTP basic).
    init(_ test: XCTestCase, root: String, takesUploads: Bool = true, uploadLogin: (user: String, password: String)? = nil) throws {
        guard let executable = Self.executable else { throw XCTSkip("nginx is not installed (apt-get install nginx-light)") }
        self.root = root
        let work = NSTemporaryDirectory() + "deps-nginx-" + UUID().uuidString
        for folder in [root, work, work + "/tmp", work + "/logs"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o777)
        }
        var access = ""
        if let uploadLogin {
            let hash = try tool(["openssl", "passwd", "-apr1", uploadLogin.password])
            try "\(uploadLogin.user):\(hash)\n".write(toFile: work + "/htpasswd", atomically: true, encoding: .utf8)
            chmod(work + "/htpasswd", 0o644)
            access = "limit_except GET HEAD { auth_basic \"deps\"; auth_basic_user_file \(work)/htpasswd; }"
        }
        var started: (Process, Int)?
        for _ in 0..<5 where started == nil {
            let port = try Self.freePort()
            let temp = work + "/tmp"
            let configuration = """
                daemon off;
                worker_processes 1;
                pid \(work)/nginx.pid;
                error_log \(work)/logs/error.log;
                events { worker_connections 64; }
                http {
                    access_log \(work)/logs/access.log;
                    client_body_temp_path \(temp);
                    proxy_temp_path \(temp);
                    fastcgi_temp_path \(temp);
                    uwsgi_temp_path \(temp);
                    scgi_temp_path \(temp);
                    server {
                        listen 127.0.0.1:\(port);
                        root \(root);
                        client_max_body_size 0;
                        location / {
                            \(takesUploads ? "dav_methods PUT;\n            create_full_put_path on;\n            dav_access user:rw group:r all:r;" : "")
                            \(access)
                        }
                    }
                }
                """
            try configuration.write(toFile: work + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", work + "/nginx.conf", "-p", work, "-e", work + "/logs/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Ready when it answers; a port taken meanwhile ends the process, and another is tried.
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, process.isRunning {
                if (try? tool(["curl", "-s", "-o", "/dev/null", "--max-time", "1", "http://127.0.0.1:\(port)/"])) != nil {
                    started = (process, port)
                    break
                }
                usleep(50_000)
            }
            if started == nil, process.isRunning { process.terminate(); process.waitUntilExit() }
        }
        guard let (process, port) = started else { throw NSError(domain: "nginx", code: 1, userInfo: [NSLocalizedDescriptionKey: "nginx did not start"]) }
        self.process = process
        self.port = port
        test.addTeardownBlock { [self] in
            self.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
    }

    /// Stops nginx (its master ends its workers), waiting at most five seconds.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Every file below the served folder, relative, sorted.
    func files(under relative: String) -> [String] {
        let base = root + "/" + relative
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// A port no one listens on now.
    static func freePort() throws -> Int {
        let listener = try SilentListener()
        defer { listener.close() }
        return listener.port
    }
}

/// A loopback listener that accepts connections (the kernel completes them from its backlog) and
/// never answers: a remote cache that hangs.
final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw NSError(domain: "socket", code: Int(errno)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw NSError(domain: "bind", code: Int(errno)) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
