import Foundation
import XCTest

/// Runs the built `deps` executable as a user would, and captures what it prints.
struct DepsBinary {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var url: URL {
        if let override = ProcessInfo.processInfo.environment["DEPS_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        // The test bundle sits beside the products of the same build.
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("deps")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return Bundle.main.bundleURL.appendingPathComponent("deps")
    }

    /// The shared cache the tests' deps processes use unless a test names another.
    static let testCache = NSTemporaryDirectory() + "deps-test-cache-\(ProcessInfo.processInfo.processIdentifier)"

    /// Starts deps with its output thrown away, for tests that kill it or run several at once.
    static func start(_ arguments: [String], cache: String = testCache) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DEPS_CACHE_DIR"] = cache
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @discardableResult
    static func run(
        _ arguments: [String], in directory: String? = nil, executable: URL? = nil, environment: [String: String] = [:]
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        // Tests never share the user's cache: each test process has its own.
        env["DEPS_CACHE_DIR"] = DepsBinary.testCache
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to files, so that a large output can never block the child.
        let base = NSTemporaryDirectory() + "deps-output-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: URL(fileURLWithPath: base + ".out"))
        let errData = try Data(contentsOf: URL(fileURLWithPath: base + ".err"))
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A project and a spec repository in a fresh temporary directory:
/// `<root>/Specs/<Name>/<version>.yaml` and `<root>/App/Depsfile`.
final class TemporaryProject {
    let root: String
    var app: String { root + "/App" }
    /// Whether `deps(...)` runs deps in this test process (`DepsInProcess`) rather than the binary.
    let inProcess: Bool

    init(_ test: XCTestCase, inProcess: Bool = false) throws {
        self.inProcess = inProcess
        root = NSTemporaryDirectory() + "deps-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        test.addTeardownBlock { [root] in try? FileManager.default.removeItem(atPath: root) }
    }

    /// Publishes specs: `["Moya": ["15.0.0": ["Alamofire": "~> 5.0"]]]`.
    func publish(_ table: [String: [String: [String: String]]]) throws {
        for (name, versions) in table {
            for (version, dependencies) in versions {
                // The code is a folder beside the repository, used in place: resolution tests fetch nothing.
                var text = "name: \(name)\nversion: \(version)\nsummary: \(name) for tests\nsource:\n  path: ../Code/\(name)-\(version)\n"
                try write("Code/\(name)-\(version)/Sources/\(name)/\(name).swift", "public let version = \"\(version)\"\n")
                if !dependencies.isEmpty {
                    text += "dependencies:\n"
                    for (dependency, requirement) in dependencies.sorted(by: { $0.key < $1.key }) {
                        text += "  \(dependency): \(requirement.isEmpty ? "" : "\"\(requirement)\"")\n"
                    }
                }
                try write("Specs/\(name)/\(version).yaml", text)
            }
        }
    }

    /// Writes the Depsfile with `sources: [../Specs]` and the given dependencies, in order.
    func depsfile(_ dependencies: KeyValuePairs<String, String>) throws {
        var text = "sources:\n  - ../Specs\ndependencies:\n"
        for (name, requirement) in dependencies {
            text += "  \(name):" + (requirement.isEmpty ? "\n" : " \"\(requirement)\"\n")
        }
        try write("App/Depsfile", text)
    }

    func write(_ relativePath: String, _ text: String) throws {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    }

    var lockfile: String? { try? read("App/Depsfile.lock") }

    /// The SHA-256 of a file, as `sha256sum` prints it.
    func sha256(_ relativePath: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [root + "/" + relativePath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64))
    }

    var lockfileModificationDate: Date? {
        try? FileManager.default.attributesOfItem(atPath: app + "/Depsfile.lock")[.modificationDate] as? Date
    }

    /// Runs deps with `--project App`.
    @discardableResult
    func deps(_ arguments: String...) throws -> DepsBinary.Outcome {
        try run(arguments + ["--project", app])
    }

    /// Runs deps in this process or as the binary, as the project was made to.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> DepsBinary.Outcome {
        inProcess ? DepsInProcess.run(arguments, environment: environment) : try DepsBinary.run(arguments, environment: environment)
    }
}
