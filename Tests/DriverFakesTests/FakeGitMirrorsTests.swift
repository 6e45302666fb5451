import DepsFileSystem
import DepsGit
import DriverFakes
import Foundation
import InMemoryFileSystem
import XCTest
import DepsFailures
import DepsPresenters

/// `FakeGitMirrors` answers as `GitMirror` does over the system git: the same repository is made
/// with git in a temporary folder and in memory, and a mirror of each is cloned, read, fetched
/// and extracted side by side. Commit names differ (the fake's are not hashes), so references
/// are compared by the commit they lead to.
final class FakeGitMirrorsTests: XCTestCase {
    private var directory: String!
    private var remote: String { directory + "/remote" }
    private let memory = InMemoryFileSystem()
    private let fake = FakeGitMirrors()
    private var real: (any GitMirroring)!
    private var mirror: (any GitMirroring)!
    /// The real repository's commits by the fake's, as both were made.
    private var commits: [String: String] = [:]

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "FakeGitMirrorsTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        try memory.makeDirectories(LocalPath(directory), shownAs: directory)
        try git(["init", "--quiet", "--initial-branch=main"])
        real = SystemGitMirrors().mirror(at: LocalPath(directory + "/real.git"), fileSystem: POSIXFileSystem(), network: GitNetworkLimits())
        mirror = fake.mirror(at: LocalPath(directory + "/fake.git"), fileSystem: memory, network: GitNetworkLimits())
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    @discardableResult
    private func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", remote, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments
        process.environment = GitMirror.environment.merging(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Commits `files` on `branch` in both repositories.
    @discardableResult
    private func commit(_ files: [String: String], branch: String = "main") throws -> String {
        if try git(["branch", "--list", branch]).isEmpty, try !git(["branch", "--list"]).isEmpty {
            try git(["checkout", "--quiet", "-b", branch])
        } else if try !git(["branch", "--list"]).isEmpty {
            try git(["checkout", "--quiet", branch])
        }
        for (path, text) in files {
            let file = remote + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try git(["add", "--all"])
        try git(["commit", "--quiet", "-m", "commit"])
        let fakeCommit = fake.commit(.init(files), to: remote, branch: branch)
        commits[fakeCommit] = try git(["rev-parse", "HEAD"])
        return fakeCommit
    }

    private func tag(_ name: String, at fakeCommit: String) throws {
        try git(["tag", name, commits[fakeCommit]!])
        fake.tag(name, at: fakeCommit, in: remote)
    }

    private func clone() async throws {
        try await real.clone(remote, through: LocalPath(directory + "/real.tmp"), shownAs: "real")
        try await mirror.clone(remote, through: LocalPath(directory + "/fake.tmp"), shownAs: "fake")
    }

    /// Both mirrors' answers for `reference`: the real commit the fake's answer stands for, and the real answer.
    private func resolved(_ reference: String) async throws -> (fake: String?, real: String?) {
        let fakeAnswer = try await mirror.commit(of: reference)
        return (fakeAnswer.map { commits[$0] ?? "unknown \($0)" }, try await real.commit(of: reference))
    }

    private func assertSameAnswer(_ reference: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let (fakeAnswer, realAnswer) = try await resolved(reference)
        XCTAssertEqual(fakeAnswer, realAnswer, reference, file: file, line: line)
    }

    func testReferencesResolveToTheSameCommitsAndAreSeenAsOfTheLastFetch() async throws {
        let first = try commit(["Sources/Kit.swift": "1"])
        try tag("1.0.0", at: first)
        try commit(["Sources/Kit.swift": "2"])
        try commit(["Other.swift": "develop"], branch: "develop")
        try git(["checkout", "--quiet", "main"])
        try await clone()

        XCTAssertTrue(real.isPresent(removingDamaged: false))
        XCTAssertTrue(mirror.isPresent(removingDamaged: false))
        for reference in ["HEAD", "refs/tags/1.0.0", "refs/heads/main", "refs/heads/develop", "refs/tags/9.9.9", "refs/heads/none"] {
            try await assertSameAnswer(reference)
        }
        let realHasCommit = try await real.hasCommit(commits[first]!)
        let fakeHasCommit = try await mirror.hasCommit(first)
        XCTAssertEqual(fakeHasCommit, realHasCommit)

        let later = try commit(["Sources/Kit.swift": "3"], branch: "main")
        try tag("3.0.0", at: later)
        try await assertSameAnswer("refs/tags/3.0.0")
        let before = try await resolved("refs/tags/3.0.0")
        XCTAssertNil(before.real, "a mirror does not see what its remote gained since its clone")
        try await real.fetch()
        try await mirror.fetch()
        try await assertSameAnswer("refs/tags/3.0.0")
        try await assertSameAnswer("refs/heads/main")
        let realChanges = try await real.changedFiles(from: commits[first]!, to: commits[later]!)
        let fakeChanges = try await mirror.changedFiles(from: first, to: later)
        XCTAssertEqual(fakeChanges, realChanges)
        XCTAssertEqual(fakeChanges, ["Sources/Kit.swift"])
    }

    func testAnAbbreviatedCommitNamesTheCommitsItStartsAndNoOtherObject() async throws {
        let first = try commit(["Sources/Kit.swift": "1"])
        let second = try commit(["Sources/Kit.swift": "2"])
        try await clone()

        for fakeCommit in [first, second] {
            let realCommit = try XCTUnwrap(commits[fakeCommit])
            let realAnswer = try await real.commits(startingWith: String(realCommit.prefix(7)))
            XCTAssertEqual(realAnswer, [realCommit])
            let fakeAnswer = try await mirror.commits(startingWith: String(fakeCommit.prefix(7)))
            XCTAssertEqual(fakeAnswer.map { commits[$0] }, [realCommit])
            let whole = try await real.commits(startingWith: realCommit)
            XCTAssertEqual(whole, [realCommit])
        }
        // A tree's or a file's object name is not a commit's.
        let tree = try git(["rev-parse", "HEAD^{tree}"])
        let treeAnswer = try await real.commits(startingWith: String(tree.prefix(8)))
        XCTAssertEqual(treeAnswer, [])
        // No object: none; the fake's first commits' ids all start alike, so a short prefix names them all.
        let unknown = try await real.commits(startingWith: "0000000")
        XCTAssertEqual(unknown, [])
        let fakeUnknown = try await mirror.commits(startingWith: "abcdef0")
        XCTAssertEqual(fakeUnknown, [])
        let fakeAmbiguous = try await mirror.commits(startingWith: "0000")
        XCTAssertEqual(fakeAmbiguous, [first, second].sorted())
    }

    func testTagsTopLevelFilesAndContentsReadAlike() async throws {
        let first = try commit(["Package.swift": "// 1", "Sources/Kit/Kit.swift": "let a = 1"])
        try tag("1.0.0", at: first)
        let second = try commit(["Package.swift": "// 2", "Sources/Kit/Kit.swift": "let a = 1"])
        try tag("v2.0.0", at: second)
        try git(["tag", "-a", "-m", "annotated", "2.1.0", commits[second]!])
        fake.tag("2.1.0", at: second, in: remote)
        try await clone()

        let realTags = try await real.tags().map { "\($0.name) \($0.commit)" }.sorted()
        let fakeTags = try await mirror.tags().map { "\($0.name) \(commits[$0.commit]!)" }.sorted()
        XCTAssertEqual(fakeTags, realTags)
        XCTAssertTrue(realTags.contains("2.1.0 \(commits[second]!)"), "an annotated tag names its commit, peeled")
        let realFiles = try await real.topLevelFiles(at: commits[first]!)
        let fakeFiles = try await mirror.topLevelFiles(at: first)
        XCTAssertEqual(fakeFiles, realFiles)
        XCTAssertEqual(realFiles, ["Package.swift", "Sources"])
        for (fakeCommit, path) in [(first, "Package.swift"), (second, "Package.swift"), (second, "Sources/Kit/Kit.swift"), (first, "None.swift")] {
            let realBytes = try await real.contents(of: path, at: commits[fakeCommit]!)
            let fakeBytes = try await mirror.contents(of: path, at: fakeCommit)
            XCTAssertEqual(fakeBytes, realBytes, path)
        }
    }

    func testTheDefaultBranchIsFollowedOnlyWhenAsked() async throws {
        try commit(["Kit.swift": "main"])
        try await clone()
        try commit(["Kit.swift": "next"], branch: "next")
        try git(["symbolic-ref", "HEAD", "refs/heads/next"])
        fake.setDefaultBranch("next", of: remote)
        try await real.fetch()
        try await mirror.fetch()
        try await assertSameAnswer("HEAD")
        try await real.followRemoteHead()
        try await mirror.followRemoteHead()
        try await assertSameAnswer("HEAD")
        let head = try await resolved("HEAD")
        XCTAssertEqual(head.real, try git(["rev-parse", "refs/heads/next"]))
    }

    func testACommitsFilesAreExtractedAlike() async throws {
        let commit = try commit(["Sources/Kit.swift": "let a = 1\n", "README.md": "Kit\n", "Sources/Deep/B.h": "#pragma once\n"])
        try await clone()
        let realFolder = LocalPath(directory + "/real-tree")
        let fakeFolder = LocalPath(directory + "/fake-tree")
        try POSIXFileSystem().makeDirectories(realFolder, shownAs: "real")
        try memory.makeDirectories(fakeFolder, shownAs: "fake")
        try await real.extract(commits[commit]!, into: realFolder, through: LocalPath(directory + "/real.tar"))
        try await mirror.extract(commit, into: fakeFolder, through: LocalPath(directory + "/fake.tar"))

        func listing(_ fileSystem: any FileSystem, _ root: LocalPath) -> [String] {
            fileSystem.walk(root).map { entry in
                let bytes = (try? fileSystem.readFile(root / entry.relativePath, shownAs: entry.relativePath)) ?? []
                return entry.relativePath + (entry.isDirectory ? "/" : ": " + String(decoding: bytes, as: UTF8.self))
            }
        }
        XCTAssertEqual(listing(memory, fakeFolder), listing(POSIXFileSystem(), realFolder))
        XCTAssertEqual(listing(memory, fakeFolder).count, 5)
    }

    func testFailuresReadAlike() async throws {
        let missing = directory + "/nothing-here"
        var reasons: [String] = []
        for (candidate, temporary) in [(real!, "real.tmp"), (mirror!, "fake.tmp")] {
            do {
                try await candidate.clone(missing, through: LocalPath(directory + "/" + temporary), shownAs: "mirror")
                XCTFail("cloned a missing repository")
            } catch let failure as GitCommandFailure {
                reasons.append(failure.reason(for: "the repository"))
            }
        }
        XCTAssertEqual(reasons, Array(repeating: "cannot clone the repository: repository '\(missing)' does not exist", count: 2))

        try commit(["Kit.swift": "1"])
        try await clone()
        reasons = []
        for (candidate, root) in [(real!, "real"), (mirror!, "fake")] {
            let folder = LocalPath(directory + "/\(root)-tree")
            try (root == "real" ? POSIXFileSystem() as any FileSystem : memory).makeDirectories(folder, shownAs: root)
            do {
                try await candidate.extract(String(repeating: "c", count: 40), into: folder, through: LocalPath(directory + "/\(root).tar"))
                XCTFail("extracted a commit the mirror lacks")
            } catch let failure as GitCommandFailure {
                reasons.append(failure.reason(for: "the repository"))
            }
        }
        XCTAssertEqual(reasons, Array(repeating: "cannot export a commit of the repository: not a tree object: \(String(repeating: "c", count: 40))", count: 2))
    }
}
