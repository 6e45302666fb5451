import DepsAdapters
import DepsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: builds the gateways for a project directory and decides how output looks.
struct Composition {
    let options: CommonOptions

    var store: FileProjectStore { FileProjectStore(directory: options.project) }
    var opener: LocalSpecSourceOpener { LocalSpecSourceOpener(projectDirectory: options.project) }

    /// Holds the project's advisory lock for a command that writes. The wait is
    /// `DEPS_LOCK_TIMEOUT` seconds (60 by default).
    func lockProject(for command: String) throws -> ProjectLock? {
        let timeout = getenv("DEPS_LOCK_TIMEOUT").flatMap { Double(String(cString: $0)) } ?? 60
        return try ProjectLock.acquire(directory: options.project, command: command, timeoutSeconds: timeout)
    }

    var style: TextStyle {
        let noColorVariable = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return TextStyle(colored: !options.noColor && noColorVariable.isEmpty && isatty(STDOUT_FILENO) == 1)
    }
}
