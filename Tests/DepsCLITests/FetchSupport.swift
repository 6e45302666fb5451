import Foundation
import LoopbackHTTPServer
import XCTest

/// Runs a tool (git, tar, sha256sum) for the tests and returns its trimmed standard output.
@discardableResult
func tool(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(domain: "tool", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: arguments.joined(separator: " ")])
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Runs a program (found on the PATH of `environment`) with standard output and error going to
/// one log file, so that a long output never blocks it and a failing test shows the whole
/// transcript; returns its status and that transcript. `environment` is the whole environment.
func runLogged(
    _ arguments: [String], in directory: String, environment: [String: String], log: String
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOfFile: log, encoding: .utf8))
}

extension XCTestCase {
    /// A loopback HTTP server that stops when the test ends.
    func loopbackServer() throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        addTeardownBlock { server.stop() }
        return server
    }
}

/// A tar.gz whose one entry, `../escape/f`, would be written outside the folder it is unpacked in.
func escapingTarGz(in folder: String) throws -> [UInt8] {
    let staging = folder + "/evil"
    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
    try Data("owned\n".utf8).write(to: URL(fileURLWithPath: staging + "/f"))
    let archive = folder + "/evil.tar.gz"
    try tool(["tar", "-czPf", archive, "--transform", "s,^,../escape/,", "-C", staging, "f"])
    return Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
}

/// A real git repository made by a test: a tiny Swift package whose one source file says which
/// version it is, with a commit and a tag per version.
struct TestGitRepository {
    let path: String
    let name: String

    static let identity = [
        "GIT_AUTHOR_NAME": "deps tests", "GIT_AUTHOR_EMAIL": "tests@deps.invalid",
        "GIT_COMMITTER_NAME": "deps tests", "GIT_COMMITTER_EMAIL": "tests@deps.invalid",
    ]

    init(name: String, at path: String) throws {
        self.path = path
        self.name = name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git(["init", "--quiet", "--initial-branch=main"])
    }

    /// Commits a version's files and tags it.
    @discardableResult
    func commitVersion(_ version: String, tag: Bool = true, body: String? = nil) throws -> String {
        let source = path + "/Sources/\(name)"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Data((body ?? "public let version = \"\(version)\"\n").utf8).write(to: URL(fileURLWithPath: source + "/\(name).swift"))
        try Data("// swift-tools-version:5.9\n".utf8).write(to: URL(fileURLWithPath: path + "/Package.swift"))
        try git(["add", "-A"])
        try git(["commit", "--quiet", "-m", "Version \(version)"])
        if tag { try git(["tag", "--force", version]) }
        return try git(["rev-parse", "HEAD"])
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        try tool(["git"] + arguments, in: path, environment: Self.identity)
    }
}

extension TemporaryProject {
    /// Publishes a spec whose code is a git repository at a tag (or another reference).
    func publishGit(_ name: String, _ version: String, url: String, reference: String = "tag", dependencies: [String: String] = [:]) throws {
        let value = reference == "tag" ? version : reference == "branch" ? "main" : reference
        let key = reference == "tag" || reference == "branch" ? reference : "commit"
        var text = "name: \(name)\nversion: \(version)\nsource:\n  git: \(url)\n  \(key): \(value)\n"
        if !dependencies.isEmpty {
            text += "dependencies:\n" + dependencies.map { "  \($0.key): \"\($0.value)\"\n" }.joined()
        }
        try write("Specs/\(name)/\(version).yaml", text)
    }

    /// Publishes a spec whose code is an archive at a URL.
    func publishArchive(_ name: String, _ version: String, url: String, sha256: String?) throws {
        var text = "name: \(name)\nversion: \(version)\nsource:\n  http: \(url)\n"
        if let sha256 { text += "  sha256: \(sha256)\n" }
        try write("Specs/\(name)/\(version).yaml", text)
    }

    /// Every file below a folder of the project root, as relative paths, sorted.
    func files(under relativePath: String) -> [String] {
        let base = root + "/" + relativePath
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + relativePath)
    }

    /// Runs deps with a given cache and environment, on the project App (`deps cache` works on
    /// no project, so it gets no `--project`).
    @discardableResult
    func deps(_ arguments: [String], cache: String, environment: [String: String] = [:]) throws -> DepsBinary.Outcome {
        var env = environment
        env["DEPS_CACHE_DIR"] = cache
        return try run(arguments + (arguments.first == "cache" ? [] : ["--project", app]), environment: env)
    }
}

/// A tar.gz archive made by a test from a table of paths and contents.
func makeTarGz(_ files: [String: String], topFolder: String?, at archive: String) throws -> [UInt8] {
    let staging = NSTemporaryDirectory() + "deps-archive-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: staging) }
    let base = topFolder.map { staging + "/" + $0 } ?? staging
    for (path, content) in files {
        let full = base + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: full))
    }
    try tool(["tar", "-czf", archive, "-C", staging, "."])
    return Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
}

func sha256Hex(_ bytes: [UInt8]) throws -> String {
    let file = NSTemporaryDirectory() + "deps-digest-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return String(try tool(["sha256sum", file]).prefix(64))
}

