import Foundation
import XCTest
@testable import DepsCLI
import DepsCore

/// A command run in process (`DepsCommand.run(arguments:in:)`) is the binary's own path: it
/// answers as the binary does, reads the environment it is given, and leaves the process as it
/// found it.
final class InProcessRunTests: XCTestCase {
    func testTheBinaryAndARunInProcessAnswerAlike() throws {
        let project = try TemporaryProject(self)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.depsfile(["SnapKit": ""])
        XCTAssertEqual(try project.deps("install", "--lock-only").status, 0)
        // Runs that change nothing, so that each answers the same twice.
        let runs: [[String]] = [
            ["--version"], ["--help"], ["install", "--help"], ["instal"], ["install", "--frobnicate"], ["cache", "clean"],
            ["update", "../etc"], ["install", "--project", "/nonexistent/deps-project", "--json"],
            ["why", "SnapKit", "--project", project.app],
            ["why", "Nope", "--json", "--project", project.app], ["check", "--json", "--project", project.app],
            ["install", "--lock-only", "--project", project.app], ["install", "--project", project.app, "--dry-run", "--json"],
        ]
        for arguments in runs {
            let binary = try DepsBinary.run(arguments)
            let inProcess = DepsInProcess.run(arguments)
            let shown = "deps " + arguments.joined(separator: " ")
            XCTAssertEqual(inProcess.status, binary.status, shown)
            XCTAssertEqual(inProcess.stdout, binary.stdout, shown)
            XCTAssertEqual(inProcess.stderr, binary.stderr, shown)
        }
    }

    func testARunReadsTheEnvironmentItIsGivenAndLeavesTheProcessAsItWas() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish(["SnapKit": ["5.7.1": [:]]])
        try project.depsfile(["SnapKit": ""])
        let directory = FileManager.default.currentDirectoryPath
        let refused = try project.run(["install", "--lock-only", "--project", project.app], environment: ["DEPS_LOCK_TIMEOUT": "soon"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(refused.stderr, "error: DEPS_LOCK_TIMEOUT must be a number of seconds, 0 or more, not 'soon'\n")
        XCTAssertNil(ProcessInfo.processInfo.environment["DEPS_LOCK_TIMEOUT"])
        XCTAssertNil(project.lockfile)
        // The next run has its own environment, and its own composition.
        let installed = try project.deps("install", "--lock-only")
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertNotNil(project.lockfile)
        XCTAssertEqual(FileManager.default.currentDirectoryPath, directory)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/.deps-lock"), "the project lock is released")
    }
}

/// What a composition keeps for its run, and only for its run.
final class CompositionStateTests: XCTestCase {
    private func context(_ environment: [String: String] = [:]) -> RunContext {
        RunContext(
            environment: DepsInProcess.environment(environment),
            standardOutput: .collecting(into: OutputChannel.Collected()), standardError: .collecting(into: OutputChannel.Collected()))
    }

    /// The interactor, the remote stores and the post-install hint read one parse of the Depsfile.
    func testTheDepsfileIsParsedOnceARun() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.depsfile(["SnapKit": ""])
        let composition = Composition(directory: project.app, context: context())
        XCTAssertEqual(try composition.store.readManifest().dependencies.map(\.name.description), ["SnapKit"])
        try project.depsfile(["Moya": ""])
        XCTAssertEqual(try composition.store.readManifest().dependencies.map(\.name.description), ["SnapKit"])
        XCTAssertEqual(composition.dependenciesMissingFromPackageSwift()?.map(\.description), nil, "no Package.swift, no hint")
        // The next run reads the Depsfile as it is then.
        let next = Composition(directory: project.app, context: context())
        XCTAssertEqual(try next.store.readManifest().dependencies.map(\.name.description), ["Moya"])
    }

    /// One record of the remote stores per run: what a run learns of a store holds for its
    /// specs and its code, and the next run starts afresh.
    func testTheRemoteStoresOfCodeAreMadeOnceARun() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.depsfile(["SnapKit": ""])
        let remote = context(["DEPS_REMOTE_CACHE": "http://127.0.0.1:9/cache"])
        let composition = Composition(directory: project.app, context: remote)
        let first = try XCTUnwrap(try composition.remoteCode())
        XCTAssertTrue(try composition.remoteCode() === first)
        XCTAssertFalse(try Composition(directory: project.app, context: remote).remoteCode() === first)
        XCTAssertNil(try Composition(directory: project.app, context: context()).remoteCode())
    }
}
