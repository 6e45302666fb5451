import Foundation
import XCTest

/// BEHAVIOUR 1.1 and 8.2: a Depsfile's git external source with no tag, commit or branch follows
/// the repository's default branch, pinned by the lock's commit; one with `submodules: true`
/// brings its submodules at the commits the superproject records. Real repositories made by the
/// tests, installed through the built binary.
final class GitExternalSourceTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// A repository whose root holds `<name>.yaml` (version 1.0.0).
    func packageRepository(_ name: String, at path: String) throws -> TestGitRepository {
        let repository = try TestGitRepository(name: name, at: path)
        try Data("name: \(name)\nversion: 1.0.0\nsource:\n  git: unused\n  tag: 1.0.0\n".utf8)
            .write(to: URL(fileURLWithPath: path + "/\(name).yaml"))
        return repository
    }

    func writeDepsfile(_ name: String, _ fields: String) throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  \(name):\n" + fields)
    }

    func testAGitSourceWithoutAReferenceFollowsTheDefaultBranchPinnedByTheLock() throws {
        let repository = try packageRepository("Edge", at: project.root + "/git/Edge")
        // The default branch is `develop`, not `main`: `main` holds other code.
        try repository.git(["symbolic-ref", "HEAD", "refs/heads/develop"])
        let first = try repository.commitVersion("1.0.0", tag: false)
        try repository.git(["branch", "main"])
        try repository.git(["checkout", "--quiet", "main"])
        try repository.commitVersion("1.0.0", tag: false, body: "public let version = \"main\"\n")
        try repository.git(["checkout", "--quiet", "develop"])
        try writeDepsfile("Edge", "    git: \(repository.path)\n")

        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Edge/Sources/Edge/Edge.swift"), "public let version = \"1.0.0\"\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("DEPENDENCIES:\n  - Edge (from `\(repository.path)`, default branch)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Edge:\n    git: \(repository.path)\n\n"), lock)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Edge:\n    commit: \(first)\n    git: \(repository.path)\n\n"), lock)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)

        // A new commit upstream does not move an install, only an update of the package.
        let second = try repository.commitVersion("1.0.0", tag: false, body: "public let version = \"next\"\n")
        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertEqual(try project.read("App/Deps/Edge/Sources/Edge/Edge.swift"), "public let version = \"1.0.0\"\n")

        let update = try project.deps(["update", "Edge"], cache: cache)
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try project.read("App/Deps/Edge/Sources/Edge/Edge.swift"), "public let version = \"next\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("    commit: \(second)\n"))
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    /// A Podfile's abbreviated `:commit` (CocoaPods takes any unambiguous one) imports as it is
    /// written; the install pins the commit it names in full, and both CI commands agree.
    func testAnAbbreviatedCommitImportsAndIsLockedInFull() throws {
        let repository = try packageRepository("Parked", at: project.root + "/git/Parked")
        let first = try repository.commitVersion("1.0.0", tag: false)
        try repository.commitVersion("1.0.0", tag: false, body: "public let version = \"later\"\n")
        let short = String(first.prefix(7))
        try project.write("App/Podfile", """
            source 'https://cdn.cocoapods.org/'
            platform :ios, '13.0'
            target 'App' do
              pod 'Parked', :git => '\(repository.path)', :commit => '\(short)' # Swift 4.2
            end

            """)
        let imported = try project.deps(["import"], cache: cache)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let depsfile = try project.read("App/Depsfile")
        XCTAssertTrue(depsfile.contains("  Parked:\n    git: \(repository.path)\n    commit: \(short)\n"), depsfile)

        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Parked/Sources/Parked/Parked.swift"), "public let version = \"1.0.0\"\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Parked:\n    git: \(repository.path)\n    commit: \(short)\n\n"), lock)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Parked:\n    commit: \(first)\n    git: \(repository.path)\n\n"), lock)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
        let deployment = try project.deps(["install", "--deployment"], cache: cache)
        XCTAssertEqual(deployment.status, 0, deployment.stderr)
        XCTAssertEqual(project.lockfile, lock)

        // Too short for git, or starting no commit: refused at the Depsfile's line, or naming the repository.
        try project.write("App/Depsfile", try project.read("App/Depsfile").replacingOccurrences(of: "commit: \(short)", with: "commit: abc"))
        let tooShort = try project.deps(["install"], cache: cache)
        XCTAssertEqual(tooShort.status, 65, tooShort.stderr)
        XCTAssertTrue(tooShort.stderr.contains("invalid `commit:` 'abc'; expected a commit id: 4 to 40 hexadecimal digits"), tooShort.stderr)
        XCTAssertEqual(project.lockfile, lock)
        try project.write("App/Depsfile", try project.read("App/Depsfile").replacingOccurrences(of: "commit: abc", with: "commit: 0000000"))
        let unknown = try project.deps(["install"], cache: cache)
        XCTAssertEqual(unknown.status, 65, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("commit 0000000 is not in the repository"), unknown.stderr)
        XCTAssertEqual(project.lockfile, lock)
    }

    /// Every git pod that cannot be reached is named in one run, online and offline, and nothing
    /// is written (they were reported one per run).
    func testSeveralUnreachableGitPodsAreAllNamedInOneRun() throws {
        let gone = project.root + "/gone"
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Alpha:
                git: \(gone)/Alpha.git
                tag: 1.0.0
              Beta/Core:
                git: \(gone)/Beta.git
              Gamma:
                git: \(gone)/Gamma.git
                branch: main

            """)
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 74, install.stderr)
        for name in ["Alpha", "Beta", "Gamma"] {
            XCTAssertTrue(install.stderr.contains("error: \(name): \(gone)/\(name).git: "), install.stderr)
        }
        XCTAssertFalse(project.exists("App/Depsfile.lock"))
        XCTAssertFalse(project.exists("App/Deps"))

        let offline = try project.deps(["install", "--offline"], cache: cache)
        XCTAssertEqual(offline.status, 74, offline.stderr)
        XCTAssertEqual(offline.stderr.components(separatedBy: "error: ").count - 1, 3, offline.stderr)
        XCTAssertTrue(offline.stderr.contains("--offline: the cache lacks 3 of the packages to install"), offline.stderr)
    }

    func testSubmodulesAreFetchedRecursivelyThroughTheCacheAtTheRecordedCommits() throws {
        let allowFile = ["-c", "protocol.file.allow=always", "submodule", "add", "--quiet"]
        let leaf = try TestGitRepository(name: "Leaf", at: project.root + "/git/Leaf")
        try leaf.commitVersion("1.0.0")
        // Sub names Leaf by a URL relative to its own; Super names Sub so too, and Far by its path.
        let sub = try TestGitRepository(name: "Sub", at: project.root + "/git/Sub")
        try sub.git(allowFile + ["../Leaf", "vendor/Leaf"])
        try sub.commitVersion("1.0.0")
        let far = try TestGitRepository(name: "Far", at: project.root + "/elsewhere/Far")
        try far.commitVersion("1.0.0")
        let superproject = try packageRepository("Super", at: project.root + "/git/Super")
        try superproject.git(allowFile + ["../Sub", "libs/Sub"])
        try superproject.git(allowFile + [far.path, "libs/Far"])
        let commit = try superproject.commitVersion("1.0.0")
        try writeDepsfile("Super", "    git: \(superproject.path)\n    tag: 1.0.0\n    submodules: true\n")

        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        for (path, text) in [
            "Sources/Super/Super.swift": "1.0.0", "libs/Sub/Sources/Sub/Sub.swift": "1.0.0",
            "libs/Sub/vendor/Leaf/Sources/Leaf/Leaf.swift": "1.0.0", "libs/Far/Sources/Far/Far.swift": "1.0.0",
        ] {
            XCTAssertEqual(try project.read("App/Deps/Super/" + path), "public let version = \"\(text)\"\n", path)
        }
        XCTAssertEqual(project.files(under: "App/Deps/Super").filter { $0.hasSuffix(".git") || $0.contains(".git/") }, [])
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - Super (from `\(superproject.path)`, tag `1.0.0`, submodules)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Super:\n    git: \(superproject.path)\n    tag: 1.0.0\n    submodules: true\n"), lock)
        XCTAssertTrue(lock.contains("CHECKOUT OPTIONS:\n  Super:\n    commit: \(commit)\n    git: \(superproject.path)\n    submodules: true\n"), lock)
        // A mirror per repository, in the cache's one layout.
        XCTAssertEqual(project.files(under: "cache/v1/git").filter { $0.hasSuffix(".git") }.count, 4)

        // The superproject's commit pins its submodules: a new commit in Sub moves nothing.
        try sub.commitVersion("2.0.0")
        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "1 dependency from the Depsfile, 1 total package locked.\n")
        XCTAssertEqual(project.lockfile, lock)
        XCTAssertEqual(try project.read("App/Deps/Super/libs/Sub/Sources/Sub/Sub.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)

        // Another project installs the same from the cache alone.
        try FileManager.default.removeItem(atPath: project.app + "/Deps")
        let offline = try project.deps(["install", "--offline"], cache: cache)
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertEqual(try project.read("App/Deps/Super/libs/Far/Sources/Far/Far.swift"), "public let version = \"1.0.0\"\n")
    }

    func testASubmoduleURLDepsDoesNotFetchIsRefusedAndNothingIsWritten() throws {
        let superproject = try packageRepository("Super", at: project.root + "/git/Super")
        let commit = try superproject.commitVersion("1.0.0")
        try Data("[submodule \"evil\"]\n\tpath = libs/evil\n\turl = ext::sh -c touch% pwned\n".utf8)
            .write(to: URL(fileURLWithPath: superproject.path + "/.gitmodules"))
        try superproject.git(["add", ".gitmodules"])
        try superproject.git(["update-index", "--add", "--cacheinfo", "160000,\(commit),libs/evil"])
        try superproject.git(["commit", "--quiet", "-m", "evil"])
        try writeDepsfile("Super", "    git: \(superproject.path)\n    submodules: true\n")

        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertTrue(install.stderr.contains("the submodule URL 'ext::sh -c touch% pwned' is not one deps fetches"), install.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps/Super"))
    }

    func testSubmodulesMustBeTrueOrFalse() throws {
        try writeDepsfile("Super", "    git: ../Super\n    submodules: maybe\n")
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 65)
        XCTAssertTrue(install.stderr.contains("Depsfile:6: error: invalid `submodules:` of Super 'maybe'; expected true or false"), install.stderr)
    }
}
