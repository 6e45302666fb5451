import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// BEHAVIOUR 11: `deps repo push` adds a linted spec to a git spec repository (a local bare
/// repository here, by file:// URL) in its layout, with one commit, and pushes it.
final class RepoPushCommandTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    var bare: String { project.root + "/specs.git" }
    var url: String { "file://" + bare }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try tool(["git", "init", "--quiet", "--bare", "--initial-branch=main", bare])
    }

    func deps(_ arguments: [String], in folder: String = "App", cache: String? = nil) throws -> DepsBinary.Outcome {
        var environment = TestGitRepository.identity
        environment["DEPS_CACHE_DIR"] = cache ?? self.cache
        return DepsInProcess.run(arguments + ["--project", project.root + "/" + folder], environment: environment)
    }

    func push(_ paths: String..., cache: String? = nil) throws -> DepsBinary.Outcome {
        try deps(["repo", "push", url] + paths.map { project.root + "/" + $0 }, cache: cache)
    }

    /// Gives the bare repository a first commit holding these files.
    func seed(_ files: [String: String]) throws {
        let seed = try TestGitRepository(name: "seed", at: project.root + "/seed")
        for (path, text) in files { try project.write("seed/" + path, text) }
        try seed.git(["add", "-A"])
        try seed.git(["commit", "--quiet", "-m", "Layout"])
        try seed.git(["push", "--quiet", url, "HEAD:refs/heads/main"])
    }

    func repositoryGit(_ arguments: [String]) throws -> String {
        try tool(["git", "--git-dir", bare] + arguments)
    }

    var commitCount: Int { Int((try? repositoryGit(["rev-list", "--count", "main"])) ?? "0") ?? 0 }

    /// A library tagged at each version, and a spec file `<name>-<version>.yaml` for each.
    func library(_ name: String, _ versions: [String]) throws {
        let repository = try TestGitRepository(name: name, at: project.root + "/code/\(name)")
        for version in versions {
            try repository.commitVersion(version)
            try project.write("\(name)-\(version).yaml", """
                name: \(name)
                version: \(version)
                summary: \(name) for tests
                license: MIT
                source:
                  git: file://\(repository.path)
                  tag: \(version)
                source_files: Sources/\(name)/*.swift

                """)
        }
    }

    func testASpecGoesWhereTheShardedLayoutSaysAsPodspecJSONInOneCommit() throws {
        try seed(["CocoaPods-version.yml": "---\nmin: 1.0.0\nprefix_lengths:\n- 1\n- 1\n- 1\n", "Specs/.gitkeep": ""])
        try library("Lib", ["1.0.0"])
        let outcome = try push("Lib-1.0.0.yaml")
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        let path = "Specs/" + (try RemoteSpecSourceTests.CDN.shard("Lib")).joined(separator: "/") + "/Lib/1.0.0/Lib.podspec.json"
        XCTAssertTrue(outcome.stdout.hasPrefix("Pushed Lib 1.0.0 to \(url) (\(path), commit "), outcome.stdout)
        XCTAssertEqual(try repositoryGit(["log", "-1", "--format=%s", "main"]), "[Add] Lib 1.0.0")
        XCTAssertEqual(try repositoryGit(["diff-tree", "--no-commit-id", "--name-only", "-r", "main"]), path)
        XCTAssertEqual(commitCount, 2)
        let json = try repositoryGit(["show", "main:" + path])
        XCTAssertTrue(json.contains("\"name\": \"Lib\""), json)
        XCTAssertTrue(json.contains("\"tag\": \"1.0.0\""), json)
        XCTAssertTrue(json.contains("\"source_files\": \"Sources/Lib/*.swift\""), json)
    }

    func testAPodspecJSONIsWrittenAsGivenInAnUnshardedLayout() throws {
        try seed(["Specs/Other/1.0/Other.podspec.json": "{\"name\": \"Other\", \"version\": \"1.0\"}\n"])
        let repository = try TestGitRepository(name: "Kit", at: project.root + "/code/Kit")
        try repository.commitVersion("2.0.0")
        let text = """
            {
              "name": "Kit",
              "version": "2.0.0",
              "summary": "A kit",
              "license": {"type": "MIT"},
              "source": {"git": "file://\(repository.path)", "tag": "2.0.0"},
              "frameworks": ["UIKit"]
            }

            """
        try project.write("Kit.podspec.json", text)
        let outcome = try push("Kit.podspec.json")
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertEqual(try repositoryGit(["diff-tree", "--no-commit-id", "--name-only", "-r", "main"]), "Specs/Kit/2.0.0/Kit.podspec.json")
        XCTAssertEqual(try repositoryGit(["show", "main:Specs/Kit/2.0.0/Kit.podspec.json"]) + "\n", text)
    }

    func testAnEmptyRepositoryGetsDepsLayoutAndAPublishedVersionIsNeverReplaced() throws {
        try library("Lib", ["1.0.0"])
        let first = try push("Lib-1.0.0.yaml")
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertEqual(try repositoryGit(["diff-tree", "--no-commit-id", "--name-only", "-r", "--root", "main"]), "Lib/1.0.0.yaml")
        XCTAssertEqual(try repositoryGit(["show", "main:Lib/1.0.0.yaml"]) + "\n", try project.read("Lib-1.0.0.yaml"))

        // The same version again, spelt another way, from another cache: refused, nothing pushed.
        try project.write("Lib-1.0.yaml", try project.read("Lib-1.0.0.yaml").replacingOccurrences(of: "version: 1.0.0", with: "version: 1.0"))
        let again = try push("Lib-1.0.yaml", cache: project.root + "/other-cache")
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stderr.contains("error: \(url) already has Lib 1.0 (Lib/1.0.0.yaml)"), again.stderr)
        XCTAssertEqual(commitCount, 1)
    }

    func testAnEmptyRepositoryIsASourceWithoutPackagesUntilItsFirstPush() throws {
        try project.publish(["Alamofire": ["5.9.1": [:]]])
        try library("Lib", ["1.0.0"])
        try project.write("Lib-1.0.0.yaml", try project.read("Lib-1.0.0.yaml") + "dependencies:\n  Alamofire: ~> 5.0\n")
        let refresh = try deps(["repo", "update", url])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        XCTAssertEqual(refresh.stdout, "Updated \(url) (empty: no commit yet)\n")
        // Lint resolves the dependency from the sources given and the (empty) repository itself.
        let outcome = try deps(["repo", "push", url, project.root + "/Lib-1.0.0.yaml", "--sources", project.root + "/Specs"])
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertEqual(try repositoryGit(["log", "--format=%s", "main"]), "[Add] Lib 1.0.0")
    }

    func testASpecThatFailsLintPushesNothing() throws {
        try seed(["Specs/.gitkeep": ""])
        try library("Lib", ["1.0.0"])
        try project.write("Broken.yaml", try project.read("Lib-1.0.0.yaml").replacingOccurrences(of: "license: MIT\n", with: ""))
        let outcome = try push("Lib-1.0.0.yaml", "Broken.yaml")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("\(project.root)/Broken.yaml: error: missing required field `license`"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.hasSuffix("Nothing was pushed to \(url).\n"), outcome.stdout)
        XCTAssertEqual(commitCount, 1, "not even the spec that passed")
    }

    func testTwoPeoplePushingDifferentPodsAtOnceBothLand() throws {
        try seed(["CocoaPods-version.yml": "---\nprefix_lengths:\n- 1\n- 1\n- 1\n", "Specs/.gitkeep": ""])
        try library("Left", ["1.0.0"])
        try library("Right", ["1.0.0"])
        // Two machines: two caches, so neither waits for the other's lock; the remote decides.
        final class Outcomes: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int: DepsBinary.Outcome] = [:]
        }
        let outcomes = Outcomes()
        let runs = ["Left", "Right"].map { name in
            (["repo", "push", url, project.root + "/\(name)-1.0.0.yaml", "--project", project.app],
             TestGitRepository.identity.merging(["DEPS_CACHE_DIR": project.root + "/cache-\(name)"]) { a, _ in a })
        }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let outcome = try? DepsBinary.run(runs[index].0, environment: runs[index].1)
            outcomes.lock.withLock { outcomes.values[index] = outcome }
        }
        for outcome in [outcomes.values[0], outcomes.values[1]] {
            XCTAssertEqual(outcome?.status, 0, (outcome?.stdout ?? "") + (outcome?.stderr ?? ""))
        }
        XCTAssertEqual(commitCount, 3)
        let subjects = try repositoryGit(["log", "--format=%s", "main"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(subjects.prefix(2)), ["[Add] Left 1.0.0", "[Add] Right 1.0.0"])
        let files = try repositoryGit(["ls-tree", "-r", "--name-only", "main"])
        XCTAssertTrue(files.contains("/Left/1.0.0/Left.podspec.json"), files)
        XCTAssertTrue(files.contains("/Right/1.0.0/Right.podspec.json"), files)
    }

    func testAnInstallSeesAPushedVersionOnlyAfterRepoUpdate() throws {
        try seed(["CocoaPods-version.yml": "---\nprefix_lengths:\n- 1\n- 1\n- 1\n", "Specs/.gitkeep": ""])
        try library("Lib", ["1.0.0", "1.1.0"])
        XCTAssertEqual(try push("Lib-1.0.0.yaml").status, 0)
        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: ~> 1.0\n")
        let first = try deps(["install", "--lock-only"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Locking Lib (1.0.0)"), first.stdout)

        let pushed = try push("Lib-1.1.0.yaml")
        XCTAssertEqual(pushed.status, 0, pushed.stdout + pushed.stderr)
        try project.write("Second/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: ~> 1.0\n")
        let stale = try deps(["install", "--lock-only"], in: "Second")
        XCTAssertEqual(stale.status, 0, stale.stderr)
        XCTAssertTrue(stale.stdout.contains("Locking Lib (1.0.0)"), "not before repo update: \(stale.stdout)")
        // Asking for the pushed version exactly: the failure names the cached copy and the refresh.
        try project.write("Exact/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: 1.1.0\n")
        let exact = try deps(["install", "--lock-only"], in: "Exact")
        XCTAssertEqual(exact.status, 1, exact.stdout + exact.stderr)
        XCTAssertTrue(exact.stderr.contains("\(url) was read from its copy in the cache; if a version of Lib was published there since (by deps repo push, or by anyone), run `deps repo update`"), exact.stderr)

        let refresh = try deps(["repo", "update"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        let updated = try deps(["update", "Lib", "--lock-only"])
        XCTAssertEqual(updated.status, 0, updated.stderr)
        XCTAssertTrue(updated.stdout.contains("Updating Lib 1.0.0 -> 1.1.0"), updated.stdout)
        try project.write("Third/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: ~> 1.0\n")
        let fresh = try deps(["install", "--lock-only"], in: "Third")
        XCTAssertTrue(fresh.stdout.contains("Locking Lib (1.1.0)"), fresh.stdout)
    }

    /// SIGKILL while the spec is being committed in the cache's working copy: the next push from
    /// the same cache finds its mirror whole, removes what the killed run left and publishes once.
    /// How many processes have `text` in their command line (`/proc/<pid>/cmdline`).
    static func processesNaming(_ text: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }.count
    }

    func testAPushKilledMidwayLeavesTheCacheUsableAndTheNextOneLands() throws {
        try seed(["CocoaPods-version.yml": "---\nprefix_lengths:\n- 1\n- 1\n- 1\n", "Specs/.gitkeep": ""])
        try library("Lib", ["1.0.0"])
        // Warm the mirror so that the working copy is made soon after the start.
        try library("Warm", ["1.0.0"])
        XCTAssertEqual(try push("Warm-1.0.0.yaml").status, 0)
        let process = Process()
        process.executableURL = DepsBinary.url
        process.arguments = ["repo", "push", url, project.root + "/Lib-1.0.0.yaml", "--project", project.app]
        process.environment = ProcessInfo.processInfo.environment.merging(
            TestGitRepository.identity.merging(["DEPS_CACHE_DIR": cache]) { a, _ in a }) { _, b in b }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let temporary = cache + "/v1/tmp"
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            if entries.contains(where: { $0.hasSuffix(".push.tmp") }) {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        // A git the killed run had started goes on as an orphan (SIGKILL leaves deps no chance to
        // stop it) and may write in its working copy after the next run cleared it: wait for it.
        let orphanDeadline = Date().addingTimeInterval(20)
        while Date() < orphanDeadline, Self.processesNaming(temporary) > 0 { usleep(20_000) }

        let again = try push("Lib-1.0.0.yaml")
        if process.terminationReason == .uncaughtSignal {
            XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        } else {
            // The killed run finished first: then the version is there already.
            XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        }
        let subjects = try repositoryGit(["log", "--format=%s", "main"]).split(separator: "\n")
        XCTAssertEqual(subjects.filter { $0 == "[Add] Lib 1.0.0" }.count, 1, "\(subjects)")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasSuffix(".push.tmp") }
        XCTAssertEqual(left, [], "the next run removes what the killed one left")
    }
}

extension RepoPushCommandTests {
    /// Issue 30 item 5: a package pushed after the cache's copy of the repository was made is not
    /// found by install, and the message says to run `deps repo update`; after it, install finds it.
    func testAPackageNotFoundInACachedCopyOfTheRepositorySaysToRunRepoUpdate() throws {
        try library("Lib", ["1.0.0"])
        try library("AcmeKit", ["1.0.0"])
        XCTAssertEqual(try push("Lib-1.0.0.yaml").status, 0)
        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: ~> 1.0\n")
        XCTAssertEqual(try deps(["install", "--lock-only"]).status, 0)

        XCTAssertEqual(try push("AcmeKit-1.0.0.yaml").status, 0)
        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Lib: ~> 1.0\n  AcmeKit: ~> 1.0\n")
        let stale = try deps(["install", "--lock-only"])
        XCTAssertEqual(stale.status, 1, stale.stdout)
        XCTAssertEqual(stale.stderr, """
            Unable to find a specification for AcmeKit in sources: \(url)
            \(url) was read from its copy in the cache; if AcmeKit was published there since, run `deps repo update` (or `deps install --repo-update`) and try again.

            """)
        // Refreshed in this run, the copy is not stale: no such advice.
        let refreshed = try deps(["install", "--lock-only", "--repo-update"])
        XCTAssertEqual(refreshed.status, 0, refreshed.stderr)
        XCTAssertTrue(refreshed.stdout.contains("Locking AcmeKit (1.0.0)"), refreshed.stdout)
        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  NoSuchKit: ~> 1.0\n")
        let missing = try deps(["update", "--lock-only"])
        XCTAssertEqual(missing.status, 1, missing.stdout)
        XCTAssertFalse(missing.stderr.contains("deps repo update"), missing.stderr)
    }
}

extension RepoPushCommandTests {
    /// BEHAVIOUR 11, issue 30 item 7: a `.podspec.json` pushed to a repository in deps' layout is
    /// written as `<Name>/<version>.yaml`, naming what deps' YAML has no field for, and installs.
    func testAPodspecJSONPushedToADepsLayoutRepositoryIsWrittenAsYAML() throws {
        try library("Lib", ["1.0.0"])
        XCTAssertEqual(try push("Lib-1.0.0.yaml").status, 0)
        let repository = try TestGitRepository(name: "Kit", at: project.root + "/code/Kit")
        try repository.commitVersion("2.0.0")
        try project.write("Kit.podspec.json", """
            {
              "name": "Kit",
              "version": "2.0.0",
              "summary": "A kit",
              "license": {"type": "MIT", "file": "LICENSE"},
              "platforms": {"ios": "13.0"},
              "module_name": "KitModule",
              "source": {"git": "file://\(repository.path)", "tag": "2.0.0"},
              "source_files": "Sources/Kit/*.swift",
              "dependencies": {"Lib": ["~> 1.0", ">= 1.0.0"]},
              "frameworks": ["UIKit"]
            }

            """)
        // Its dependency resolves from the repository itself.
        let outcome = try deps(["repo", "push", url, project.root + "/Kit.podspec.json", "--sources", url])
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        XCTAssertTrue(outcome.stdout.hasPrefix("Pushed Kit 2.0.0 to \(url) (Kit/2.0.0.yaml, commit "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.hasSuffix("; written as deps' YAML without platforms, which it has no field for)\n"), outcome.stdout)
        XCTAssertEqual(try repositoryGit(["diff-tree", "--no-commit-id", "--name-only", "-r", "main"]), "Kit/2.0.0.yaml")
        XCTAssertEqual(try repositoryGit(["show", "main:Kit/2.0.0.yaml"]) + "\n", """
            name: Kit
            version: 2.0.0
            summary: A kit
            license: MIT
            module: KitModule
            source:
              git: file://\(repository.path)
              tag: 2.0.0
            source_files: Sources/Kit/*.swift
            dependencies:
              Lib: ~> 1.0, >= 1.0.0
            frameworks:
              - UIKit

            """)
        try project.write("App/Depsfile", "sources:\n  - \(url)\ndependencies:\n  Kit: ~> 2.0\n")
        XCTAssertEqual(try deps(["repo", "update"]).status, 0)
        let install = try deps(["install", "--lock-only"])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "Locking Kit (2.0.0)\nLocking Lib (1.0.0)\n1 dependency from the Depsfile, 2 total packages locked.\n")
    }
}
