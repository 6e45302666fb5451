import ArgumentParser
import DepsAdapters
import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes results to stdout and diagnostics to stderr, and turns errors into the exit
/// statuses of BEHAVIOUR 6: 1 for a "no", 64 for usage, 65 for malformed input, 74 for I/O.
struct Output {
    let options: CommonOptions

    func result(_ text: String) {
        guard !options.quiet || options.json else { return }
        Self.write(text, to: STDOUT_FILENO)
    }

    func diagnostic(_ text: String) {
        Self.write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Runs a command body; prints any error it throws and exits with its status.
    func run(_ body: () throws -> Int32) throws {
        let status: Int32
        do {
            status = try body()
        } catch {
            let (message, errorStatus) = Self.describe(error)
            diagnostic(message)
            if options.json { Self.write(JSONPresenter.renderError(message, status: errorStatus), to: STDOUT_FILENO) }
            throw ExitCode(errorStatus)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs an async command body under SIGINT and SIGTERM watch: a signal cancels the body, whose
    /// fetches then stop and remove their temporary files, and deps exits with 130 or 143.
    func perform(_ body: @escaping @Sendable () async throws -> Int32, onFailure: @escaping @Sendable () -> Void = {}) async throws {
        let work = Task { try await body() }
        let watch = SignalWatch { work.cancel() }
        defer { watch.stop() }
        let outcome = await work.result
        if let signal = watch.received {
            onFailure()
            diagnostic("deps: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM"); temporary files were removed")
            throw ExitCode(128 + signal)
        }
        switch outcome {
        case let .success(status):
            if status != 0 { throw ExitCode(status) }
        case let .failure(error):
            onFailure()
            let (message, errorStatus) = Self.describe(error)
            diagnostic(message)
            if options.json { Self.write(JSONPresenter.renderError(message, status: errorStatus), to: STDOUT_FILENO) }
            throw ExitCode(errorStatus)
        }
    }

    static func describe(_ error: Error) -> (message: String, status: Int32) {
        switch error {
        case let error as SandboxInstallError: return (error.description, error.isIntegrityFailure ? 65 : 74)
        case let error as CodeFetchError: return ("error: \(error)", error.kind == .integrity ? 65 : 74)
        case let error as MissingCodeSourceError: return ("error: \(error)", 65)
        case let error as SandboxIntegrationError: return ("error: \(error)", 65)
        case let error as ManifestExistsError: return ("Depsfile: error: \(error)", 1)
        case let error as InvalidStarterSourceError: return ("error: \(error)", 64)
        case let error as MalformedInputError: return (error.description, 65)
        case let error as FileAccessError: return (error.description, 74)
        case let error as ProjectLockedError: return (error.description, 74)
        case let error as ResolutionFailure: return (error.explanation, 1)
        case let error as UnknownPackagesError: return ("error: \(error)", 64)
        case let error as MissingLockfileError: return (error.description, 1)
        default: return ("error: \(error)", 1)
        }
    }
}
