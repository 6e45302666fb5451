import Synchronization
import DepsFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of deps is given by whatever runs it: its environment variables, the file system
/// its gateways use, and where its standard output and error go. `DepsCommand.runAsMain` builds it
/// once from the process (`RunContext.process()`); a run in process (the CLI tests) gives its own.
/// Nothing in DepsCLI reads `getenv`, a file descriptor or `isatty` but through this, so a run
/// leaves the process's environment, terminals and current directory as it found them.
public struct RunContext: Sendable {
    /// The environment variables deps reads (`DEPS_*`, `NO_COLOR`, `PATH`, `HOME`, ...).
    public var environment: [String: String]
    /// The file system every gateway reads and writes through.
    public var fileSystem: any FileSystem
    /// Where the results go.
    public var standardOutput: OutputChannel
    /// Where diagnostics and progress go.
    public var standardError: OutputChannel
    /// The width argument-parser wraps help and usage to; nil for the terminal's (80 when none).
    public var columns: Int?

    public init(
        environment: [String: String], fileSystem: any FileSystem = POSIXFileSystem(), standardOutput: OutputChannel,
        standardError: OutputChannel, columns: Int? = nil
    ) {
        self.environment = environment
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.columns = columns
    }

    /// The process's own: its environment as it is now, the real file system, and file
    /// descriptors 1 and 2, each a terminal or not.
    public static func process() -> RunContext {
        RunContext(
            environment: processEnvironment(), fileSystem: POSIXFileSystem(),
            standardOutput: .descriptor(STDOUT_FILENO), standardError: .descriptor(STDERR_FILENO))
    }

    /// `environ` as a dictionary; a name set twice keeps its first value, as `getenv` reads it.
    private static func processEnvironment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}

/// Standard output or standard error of one run: whether it is a terminal, and how text is
/// written to it whole.
public struct OutputChannel: Sendable {
    /// Whether it is a terminal (colour, the progress line drawn in place).
    public let isTerminal: Bool
    /// Writes all of the text as it is; returns why it could not, if it could not.
    let writeAll: @Sendable (String) -> String?

    public init(isTerminal: Bool, write: @escaping @Sendable (String) -> String?) {
        self.isTerminal = isTerminal
        self.writeAll = write
    }

    /// A file descriptor of the process.
    public static func descriptor(_ descriptor: Int32) -> OutputChannel {
        OutputChannel(isTerminal: isatty(descriptor) == 1) { text in
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { writeToDescriptor(descriptor, $0) }
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return written < 0 ? String(cString: strerror(errno)).lowercased() : "nothing was written" }
                bytes = bytes.dropFirst(written)
            }
            return nil
        }
    }

    /// Text kept in memory, for a run whose output is read back (`OutputChannel.Collected.text`).
    public static func collecting(into collected: Collected, isTerminal: Bool = false) -> OutputChannel {
        OutputChannel(isTerminal: isTerminal) { text in
            collected.append(text)
            return nil
        }
    }

    /// What a collecting channel was given, in order.
    public final class Collected: Sendable {
        private let written = Mutex("")

        public init() {}

        func append(_ text: String) { written.withLock { $0 += text } }

        public var text: String { written.withLock { $0 } }
    }
}

/// The C library's `write`, which inside `OutputChannel` its own `write` would hide.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}
