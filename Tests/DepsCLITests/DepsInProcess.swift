import Foundation
import Synchronization
import XCTest
@testable import DepsCLI

/// Runs a deps command in this test process, through the same entry point as the binary
/// (`DepsCommand.run(arguments:in:)`), and captures what it prints: the same exit status, the
/// same stdout and stderr as `DepsBinary.run`, without starting a process. For the tests that
/// need a real process (signals, a lock held by another deps, a kill, a closed pipe, stdin, a
/// terminal, a working directory) there is `DepsBinary`.
enum DepsInProcess {
    /// The environment a run is given: this process's, as the binary is started with it (without
    /// `NO_COLOR`, with the tests' own cache), and `environment` over it.
    static func environment(_ environment: [String: String]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "NO_COLOR")
        variables["DEPS_CACHE_DIR"] = DepsBinary.testCache
        for (key, value) in environment { variables[key] = value }
        return variables
    }

    @discardableResult
    static func run(
        _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) -> DepsBinary.Outcome {
        // deps reads the run's environment, but the child processes it starts (git, swift, ruby)
        // inherit this process's: a test that changes what they see runs the binary.
        if environment["PATH"] != nil {
            XCTFail("PATH reaches deps' child processes only through DepsBinary", file: file, line: line)
        }
        let variables = Self.environment(environment)
        let stdout = OutputChannel.Collected()
        let stderr = OutputChannel.Collected()
        // As the binary's help is wrapped when its output is a file: to COLUMNS, else 80.
        let context = RunContext(
            environment: variables, standardOutput: .collecting(into: stdout), standardError: .collecting(into: stderr),
            columns: variables["COLUMNS"].flatMap { Int($0) } ?? 80)
        let status = ExitStatusBox()
        let finished = DispatchSemaphore(value: 0)
        Task {
            status.set(await DepsCommand.run(arguments: arguments, in: context))
            finished.signal()
        }
        finished.wait()
        return DepsBinary.Outcome(status: status.value, stdout: stdout.text, stderr: stderr.text)
    }

    /// The status a run ended with, handed from its task to the waiting test.
    private final class ExitStatusBox: Sendable {
        private let status = Mutex<Int32>(-1)
        func set(_ value: Int32) { status.withLock { $0 = value } }
        var value: Int32 { status.withLock { $0 } }
    }
}
