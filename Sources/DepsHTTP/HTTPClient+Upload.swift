// HTTP PUT of a file, through the system's `curl` as `download` does: what a shared remote
// cache of code (an nginx with WebDAV, bazel-remote, an object store) is given.

import DepsProcess

extension HTTPClient {
    /// PUTs the file at `file` to `url`, once (an upload is an optimisation for the next
    /// machine, never worth a retry that delays this one).
    ///
    /// The connect timeout is `timeoutSeconds`; the whole upload may take `timeoutSeconds` for
    /// its answer and as long again per MiB sent, and never more than `deadlineSeconds`. Logins come from `~/.netrc` (or the file
    /// `NETRC` names) for the hosts it lists; they are never printed.
    ///
    /// - Returns: the response's status (any status is returned, not thrown: a 405 or 403 is the
    ///   server's answer, for the caller to word).
    /// - Throws: ``HTTPError`` when no answer came: a refused or broken connection, a timeout,
    ///   an unsupported URL.
    public func upload(file: String, to url: String) async throws -> HTTPResponse {
        let scheme = url.prefix(while: { $0 != ":" }).lowercased()
        guard ["http", "https"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://") else {
            throw HTTPError(url: url, cause: .other("only http and https URLs take uploads"), attempts: 0)
        }
        let timeout = configuration.timeoutSeconds > 0 ? configuration.timeoutSeconds : 30
        var arguments = [
            "-q",  // must come first: do not read ~/.curlrc
            "--silent", "--show-error",
            "--globoff",
            "--proto", "=http,https",
            "--netrc-optional",
            "--connect-timeout", String(max(timeout, 0.001)),
            "--speed-limit", "1", "--speed-time", String(Int(timeout.rounded(.up))),
            "--user-agent", configuration.userAgent.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) ? "deps" : configuration.userAgent,
            "--upload-file", file,
            "--header", "Content-Type: application/octet-stream",
            "--output", "/dev/null",
            "--write-out", "%{http_code}",
        ]
        // curl measures a stall of an upload loosely (a server that takes the body and never
        // answers holds it for twice the stall time and more), so an upload is bounded in all:
        // its timeout, and as long again for each MiB it sends (a server slower than ~100 kB/s
        // at a 10-second timeout is given up on), never past `deadlineSeconds`.
        var size = stat()
        let mebibytes = stat(file, &size) == 0 ? Double(size.st_size) / 1_048_576 : 0
        var limit = timeout * (1 + mebibytes)
        if configuration.deadlineSeconds > 0, configuration.deadlineSeconds < limit { limit = configuration.deadlineSeconds }
        arguments += ["--max-time", String(limit), "--header", "Expect:"]
        if let netrc = Self.netrcFile {
            arguments += ["--netrc-file", netrc]
        }
        arguments += ["--url", url]
        let result: ChildProcessResult
        do {
            result = try await ChildProcess.run("curl", arguments, outputLimit: 1 << 16)
        } catch let error as ChildProcessError {
            throw HTTPError(url: url, cause: .other(error.description), attempts: 1)
        }
        switch result.status {
        case 0:
            break
        case 28:
            throw HTTPError(url: url, cause: .timedOut, attempts: 1)
        case 7:
            throw HTTPError(url: url, cause: .connectionFailed("could not connect"), attempts: 1)
        case 52:
            throw HTTPError(url: url, cause: .connectionFailed("the server sent an empty reply"), attempts: 1)
        case 55, 56:
            throw HTTPError(url: url, cause: .connectionFailed("the connection broke"), attempts: 1)
        case 6:
            throw HTTPError(url: url, cause: .connectionFailed("could not resolve the host"), attempts: 1)
        case 26:
            throw HTTPError(url: url, cause: .other("cannot read \(file)"), attempts: 1)
        default:
            let line = result.standardErrorText.split(separator: "\n").first.map(String.init) ?? ""
            throw HTTPError(url: url, cause: .other(printable(line.isEmpty ? "curl exited with status \(result.status)" : line, limit: 160)), attempts: 1)
        }
        guard let status = Int(result.standardOutputText.trimmingWhitespace()), (100...599).contains(status) else {
            throw HTTPError(url: url, cause: .other("no HTTP status in the response"), attempts: 1)
        }
        return HTTPResponse(status: status, etag: nil)
    }

    /// The netrc file `NETRC` names, as curl and git read it; nil for curl's own default (`~/.netrc`).
    static var netrcFile: String? {
        guard let value = getenv("NETRC").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
