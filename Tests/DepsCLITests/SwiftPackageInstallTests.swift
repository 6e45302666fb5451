import Foundation
import IndependentProjectReader
import XCTest

/// Swift packages beside pods (BEHAVIOUR 16), through the built binary: real git repositories of
/// Swift packages made here, a pod from a directory spec repository, one resolution and one lock,
/// `Deps/Package.swift` naming each locked package at its exact version, and SwiftPM resolving
/// that manifest to the very versions and revisions the lock records.
final class SwiftPackageInstallTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        try project.publish(["Kit": ["1.0.0": [:]]])
    }

    var packages: String { project.root + "/Packages" }

    func url(_ name: String) -> String { "file://" + packages + "/" + name }

    /// Where a package a manifest names by a `file://` URL is, as SwiftPM reads that manifest: a path.
    func learnt(_ name: String) -> String { packages + "/" + name }

    /// Commits a release of the package `name` (one library, `Module`, using `uses`) and tags it;
    /// returns the commit.
    @discardableResult
    func release(_ name: String, module: String, _ tag: String, dependencies: String = "", uses: String = "", extra: String = "") throws -> String {
        let folder = packages + "/" + name
        try FileManager.default.createDirectory(atPath: folder + "/Sources/\(module)", withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder + "/.git") {
            try tool(["git", "init", "--quiet", "--initial-branch=main"], in: folder, environment: TestGitRepository.identity)
        }
        try Data("public let version = \"\(tag)\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/Sources/\(module)/\(module).swift"))
        try Data("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "\(module)",
                products: [.library(name: "\(module)", targets: ["\(module)"])],
                dependencies: [\(dependencies)],
                targets: [
                    .target(name: "\(module)", dependencies: [\(uses)]),\(extra)
                ]
            )

            """.utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        try tool(["git", "add", "-A"], in: folder, environment: TestGitRepository.identity)
        try tool(["git", "commit", "--quiet", "--allow-empty", "-m", tag], in: folder, environment: TestGitRepository.identity)
        try tool(["git", "tag", tag], in: folder, environment: TestGitRepository.identity)
        return try tool(["git", "rev-parse", "HEAD"], in: folder)
    }

    /// swift-base 1.0.0, 1.1.0 and 2.0.0; swift-greeting 1.0.0 (base from 1.0.0) and 1.2.0 (base
    /// up to the next minor from 1.1.0, and a test target needing a package that does not exist,
    /// which SwiftPM never resolves, nor may deps).
    func makePackages() throws -> (base: String, greeting: String) {
        try release("swift-base", module: "Base", "1.0.0")
        let base = try release("swift-base", module: "Base", "1.1.0")
        try release("swift-base", module: "Base", "2.0.0")
        try release("swift-greeting", module: "Greeting", "1.0.0",
                    dependencies: #".package(url: "\#(url("swift-base"))", from: "1.0.0")"#, uses: #".product(name: "Base", package: "swift-base")"#)
        let greeting = try release(
            "swift-greeting", module: "Greeting", "1.2.0",
            dependencies: #".package(url: "\#(url("swift-base"))", .upToNextMinor(from: "1.1.0")), .package(url: "\#(url("swift-missing"))", from: "1.0.0")"#,
            uses: #".product(name: "Base", package: "swift-base")"#,
            extra: #"\#n        .testTarget(name: "GreetingTests", dependencies: ["Greeting", .product(name: "Missing", package: "swift-missing")]),"#)
        return (base, greeting)
    }

    func depsfile(greeting requirement: String = "version: \"~> 1.0\"", extra: String = "") throws {
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Kit: "1.0.0"
              swift-greeting:
                package: \(url("swift-greeting"))
                \(requirement)
            \(extra)
            """)
    }

    func testPodsAndPackagesResolveIntoOneLockThatSwiftPMAgreesWith() throws {
        let (base, greeting) = try makePackages()
        try depsfile()

        let lockOnly = try project.deps("install", "--lock-only")
        XCTAssertEqual(lockOnly.status, 0, lockOnly.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("""
            PACKAGES:
              - Kit (1.0.0)
              - swift-base (1.1.0)
              - swift-greeting (1.2.0):
                - swift-base (>= 1.1.0, < 1.2.0)

            """), lock)
        XCTAssertTrue(lock.contains("  - swift-greeting (from `\(url("swift-greeting"))`, ~> 1.0)\n"), lock)
        XCTAssertTrue(lock.contains("""
            EXTERNAL SOURCES:
              swift-base:
                package: \(learnt("swift-base"))
              swift-greeting:
                package: \(url("swift-greeting"))

            """), lock)
        // The commits are known from reading the manifests, so even --lock-only records them.
        XCTAssertTrue(lock.contains("""
            CHECKOUT OPTIONS:
              swift-base:
                commit: \(base)
                package: \(learnt("swift-base"))
              swift-greeting:
                commit: \(greeting)
                package: \(url("swift-greeting"))

            """), lock)
        XCTAssertFalse(lock.contains("swift-missing"), lock)

        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(project.lockfile, lock, "the install keeps what --lock-only locked")
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains("""
                dependencies: [
                    .package(url: "\(learnt("swift-base"))", exact: "1.1.0"),
                    .package(url: "\(url("swift-greeting"))", exact: "1.2.0"),
                ],

            """), manifest)
        XCTAssertTrue(manifest.contains(".library(name: \"Kit\""), manifest)
        XCTAssertFalse(manifest.contains("has nothing to build"), install.stdout)

        // Both CI commands agree with the lock.
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let deployment = try project.deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 0, deployment.stderr)

        // SwiftPM itself resolves Deps/Package.swift to the lock's versions and revisions.
        try tool(["swift", "package", "--scratch-path", project.root + "/scratch", "resolve"], in: project.app + "/Deps")
        let resolved = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: project.app + "/Deps/Package.resolved"))) as? [String: Any]
        var pins: [String: String] = [:]
        for pin in resolved?["pins"] as? [[String: Any]] ?? [] {
            let state = pin["state"] as? [String: Any]
            pins[pin["identity"] as? String ?? "?"] = "\(state?["version"] as? String ?? "?") \(state?["revision"] as? String ?? "?")"
        }
        XCTAssertEqual(pins, ["swift-base": "1.1.0 \(base)", "swift-greeting": "1.2.0 \(greeting)"])

        // A Package.resolved or a Deps/Package.swift that disagrees with the lock is reported.
        XCTAssertEqual(try project.deps("check").status, 0, "SwiftPM's own Deps/Package.resolved agrees")
        let resolvedFile = try project.read("App/Deps/Package.resolved")
        try project.write("App/Deps/Package.resolved", resolvedFile.replacingOccurrences(of: "\"1.1.0\"", with: "\"1.0.0\""))
        try project.write("App/Package.resolved", """
            {"pins": [{"identity": "swift-greeting", "kind": "localSourceControl", "location": "\(url("swift-greeting"))",
                       "state": {"revision": "\(base)", "version": "1.2.0"}}], "version": 2}
            """)
        let written = try project.read("App/Deps/Package.swift")
        try project.write("App/Deps/Package.swift", written.replacingOccurrences(of: "exact: \"1.2.0\"", with: "exact: \"1.0.0\""))
        let stale = try project.deps("check")
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertEqual(stale.stdout, """
            Deps/Package.resolved records swift-base at 1.0.0 (revision \(base)), Depsfile.lock at 1.1.0; run deps install
            Deps/Package.swift records swift-greeting at 1.0.0, Depsfile.lock at 1.2.0; run deps install
            Package.resolved records swift-greeting at 1.2.0 (revision \(base)), Depsfile.lock at 1.2.0; run deps install
            Depsfile.lock is out of sync (3 problems); run deps install and commit Depsfile.lock.

            """)
        try project.write("App/Deps/Package.resolved", resolvedFile)
        try FileManager.default.removeItem(atPath: project.app + "/Package.resolved")
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertEqual(try project.read("App/Deps/Package.swift"), written, "install writes Deps/Package.swift again")
        XCTAssertEqual(try project.deps("check").status, 0)

        // why and outdated speak of packages as of pods.
        let why = try project.deps("why", "swift-base")
        XCTAssertEqual(why.status, 0, why.stderr)
        let outdated = try project.deps("outdated")
        XCTAssertTrue(outdated.stdout.contains(
            "swift-base  1.1.0    1.1.0   2.0.0    held back by swift-greeting 1.2.0: swift-base >= 1.1.0, < 1.2.0\n"), outdated.stdout)
        XCTAssertEqual(why.stdout, "App -> swift-greeting (~> 1.0) 1.2.0 -> swift-base (>= 1.1.0, < 1.2.0) 1.1.0\n")

        // A new release is seen by `deps update NAME`, which moves only that package, and said in --json.
        let newer = try release("swift-base", module: "Base", "1.1.1")
        let plain = try project.deps("install")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("  - swift-base (1.1.0)\n"), "install keeps the lock")
        let update = try project.deps("update", "swift-base", "--json")
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.contains("""
                  "change" : "updated",
                  "from" : "1.1.0",
                  "name" : "swift-base",
                  "to" : "1.1.1",
            """), update.stdout)
        let updated = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(updated.contains("  - swift-base (1.1.1)\n") && updated.contains("  - swift-greeting (1.2.0):\n"), updated)
        XCTAssertTrue(updated.contains("  swift-base:\n    commit: \(newer)\n"), updated)
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains("exact: \"1.1.1\""))
        XCTAssertTrue(outdated.stdout.contains("swift-base"), outdated.stdout + outdated.stderr)
    }

    /// A pod whose spec depends on swift-base by URL, its code importing it.
    func publishGreeter(base requirement: String) throws {
        try project.write("Code/Greeter-1.0.0/Sources/Greeter/Greeter.swift", """
            import Base

            public func greeting() -> String { "hello from Base " + Base.version }

            """)
        try project.write("Specs/Greeter/1.0.0.yaml", """
            name: Greeter
            version: 1.0.0
            source:
              path: ../Code/Greeter-1.0.0
            dependencies:
              swift-base:
                package: \(url("swift-base"))
                version: "\(requirement)"

            """)
    }

    func testAPodAndAPackageNeedingOnePackageLockItOnceAndThePodLinksIt() throws {
        let (base, _) = try makePackages()
        try publishGreeter(base: "~> 1.0")
        try depsfile(extra: "  Greeter: \"1.0.0\"\n")

        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("""
            PACKAGES:
              - Greeter (1.0.0):
                - swift-base (from `\(url("swift-base"))`, ~> 1.0)
              - Kit (1.0.0)
              - swift-base (1.1.0)
              - swift-greeting (1.2.0):
                - swift-base (>= 1.1.0, < 1.2.0)

            """), lock)
        XCTAssertTrue(lock.contains("  swift-base:\n    commit: \(base)\n"), lock)
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains(
            "            name: \"Greeter\",\n            dependencies: [.product(name: \"Base\", package: \"swift-base\")],\n"), manifest)
        XCTAssertEqual(try project.deps("check").status, 0)

        // SwiftPM builds the pod against the package's product at the locked version.
        let build = try runLogged(
            ["swift", "build", "--scratch-path", project.root + "/build"], in: project.app + "/Deps",
            environment: ProcessInfo.processInfo.environment, log: project.root + "/build.log")
        XCTAssertEqual(build.status, 0, build.output)
    }

    func testAPodAndAPackageThatCannotAgreeAreExplainedNamingBoth() throws {
        _ = try makePackages()
        try publishGreeter(base: "~> 2.0")
        try depsfile(extra: "  Greeter: \"1.0.0\"\n")
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 1, install.stderr)
        XCTAssertTrue(install.stderr.contains(
            "And because every version of Greeter depends on swift-base ~> 2.0, Greeter is incompatible with swift-greeting.\n"
            + "So, because the Depsfile depends on both Greeter 1.0.0 and swift-greeting ~> 1.0, version solving failed."), install.stderr)
        XCTAssertNil(project.lockfile)
    }

    func testAPodAndAPackageWithAModuleOfOneNameAreRefusedBeforeAnythingIsWritten() throws {
        _ = try makePackages()
        try project.publish(["Base": ["1.0.0": [:]]])
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Base: "1.0.0"
              swift-base:
                package: \(url("swift-base"))
                version: "~> 1.0"

            """)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertTrue(install.stderr.contains(
            "Base: its module Base has the name of a module of the Swift package swift-base, and SwiftPM builds one module of a name"),
            install.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"))
    }

    func testAPodTakenFromAPackageIsResolvedAgainstItsTagsAndReplacedByItsProduct() throws {
        let (base, _) = try makePackages()
        // BaseKit's last podspec is 1.0.0; its releases go on as the package swift-base.
        try project.publish(["BaseKit": ["1.0.0": [:]]])
        try project.write("Code/Greeter-1.0.0/Sources/Greeter/Greeter.swift", "import Base\n")
        try project.write("Specs/Greeter/1.0.0.yaml", """
            name: Greeter
            version: 1.0.0
            source:
              path: ../Code/Greeter-1.0.0
            dependencies:
              BaseKit: "~> 1.0"
              BaseKit/Core: "~> 1.0"

            """)
        try depsfile(extra: """
              Greeter: "1.0.0"
              BaseKit:
                swiftpm: \(url("swift-base"))

            """)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        // One BaseKit, from the package's tags (1.1.0, which no podspec has), for the pod and for
        // swift-greeting, whose manifest names it swift-base.
        XCTAssertTrue(lock.contains("""
            PACKAGES:
              - BaseKit (1.1.0)
              - BaseKit/Core (1.1.0):
                - BaseKit (= 1.1.0)
              - Greeter (1.0.0):
                - BaseKit (~> 1.0)
                - BaseKit/Core (~> 1.0)
              - Kit (1.0.0)
              - swift-greeting (1.2.0):
                - BaseKit (>= 1.1.0, < 1.2.0)

            """), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  BaseKit:\n    swiftpm: \(url("swift-base"))\n"), lock)
        XCTAssertTrue(lock.contains("  BaseKit:\n    commit: \(base)\n    swiftpm: \(url("swift-base"))\n"), lock)
        XCTAssertFalse(lock.contains("swift-base ("), lock)
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains(".package(url: \"\(url("swift-base"))\", exact: \"1.1.0\"),\n"), manifest)
        XCTAssertTrue(manifest.contains(
            "            name: \"Greeter\",\n            dependencies: [.product(name: \"Base\", package: \"swift-base\")],\n"), manifest)
        XCTAssertFalse(manifest.contains("name: \"BaseKit\""), manifest)
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertEqual(try project.deps("install", "--deployment").status, 0)
    }

    func testXcodeTargetsLinkPackageProductsThroughRemoteReferencesAtTheLockedVersion() throws {
        _ = try makePackages()
        let original = try Data(contentsOf: URL(fileURLWithPath: XcodeJourneyTests.fixtures + "/XcodeProjects/simplenote-ios/project.pbxproj"))
        let projectFile = project.app + "/Simplenote.xcodeproj/project.pbxproj"
        try FileManager.default.createDirectory(atPath: project.app + "/Simplenote.xcodeproj", withIntermediateDirectories: true)
        try original.write(to: URL(fileURLWithPath: projectFile))
        func xcode(_ targets: String) throws {
            try depsfile(extra: """
                xcode:
                  project: Simplenote.xcodeproj
                  targets:
                \(targets)
                """)
        }
        try xcode("    Simplenote: [Kit, swift-greeting/Greeting]\n    SimplenoteShare: [swift-greeting]\n")

        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("""
              Simplenote: links Greeting, Kit; checks Depsfile.lock before it builds
              SimplenoteShare: links Greeting; checks Depsfile.lock before it builds

            """), install.stdout)
        let reading = try IndependentProjectReader.read(projectFile)
        XCTAssertEqual(reading.missing, [])
        XCTAssertEqual(reading.targets["Simplenote"], ["Kit"])
        let greeting = "Greeting from \(url("swift-greeting")) exactVersion 1.2.0"
        // Simplenote's own remote packages stay as they were, beside the one deps adds.
        let before = try IndependentProjectReader.read(XcodeJourneyTests.fixtures + "/XcodeProjects/simplenote-ios/project.pbxproj")
        XCTAssertEqual(before.remote["Simplenote"]?.count, 3)
        XCTAssertEqual(reading.remote["Simplenote"], ((before.remote["Simplenote"] ?? []) + [greeting]).sorted())
        XCTAssertEqual(reading.remote["SimplenoteShare"], ((before.remote["SimplenoteShare"] ?? []) + [greeting]).sorted())
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: projectFile)), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "isa = XCRemoteSwiftPackageReference;").count, 5, "Simplenote's three and one for two targets")
        let integrated = try Data(contentsOf: URL(fileURLWithPath: projectFile))
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: projectFile)), integrated, "a second install leaves it alone")
        XCTAssertEqual(try project.deps("check").status, 0)

        // A reference moved off the locked version by hand is out of step; install puts it back.
        try Data(text.replacingOccurrences(of: "version = 1.2.0;", with: "version = 1.0.0;").utf8).write(to: URL(fileURLWithPath: projectFile))
        let drifted = try project.deps("check")
        XCTAssertEqual(drifted.status, 1)
        XCTAssertTrue(drifted.stdout.contains(
            "A Simplenote.xcodeproj: no remote package reference to \(url("swift-greeting")) at exactly 1.2.0\n"), drifted.stdout)
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: projectFile)), integrated)

        // A product the package does not have is refused at its line, naming the products it has.
        try xcode("    Simplenote: [Kit, swift-greeting/Greet]\n")
        let refused = try project.deps("install")
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(
            "error: target 'Simplenote' links swift-greeting/Greet, but the Swift package swift-greeting has no library product 'Greet' (its products: Greeting)"),
            refused.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: projectFile)), integrated)

        let deintegrated = try project.deps("deintegrate")
        XCTAssertEqual(deintegrated.status, 0, deintegrated.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: projectFile)), original)
    }

    func testAKeyThatIsNotThePackagesIdentityIsRefusedAtItsLine() throws {
        _ = try makePackages()
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Greeting:
                package: \(url("swift-greeting"))
                version: "~> 1.0"

            """)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertTrue(install.stderr.contains("Depsfile:5:"), install.stderr)
        XCTAssertTrue(install.stderr.contains("is `swift-greeting`"), install.stderr)
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"))
    }

    func testPackagesThatCannotAgreeAreExplainedNamingBoth() throws {
        _ = try makePackages()
        try depsfile(extra: """
              swift-base:
                package: \(learnt("swift-base"))
                version: "~> 2.0"

            """)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 1, install.stderr)
        XCTAssertTrue(install.stderr.contains(
            "every version of swift-greeting requires swift-base >= 1.0.0, < 2.0.0.\n"
            + "So, because the Depsfile depends on both swift-base ~> 2.0 and swift-greeting ~> 1.0, version solving failed."),
            install.stderr)
        XCTAssertNil(project.lockfile)
    }

    // MARK: A package on a branch or a revision

    /// Resolves `Deps/Package.swift` with the `swift` on PATH (its own scratch path) and returns
    /// each pin's state as `version revision` (`-` for no version).
    func swiftPMPins() throws -> [String: String] {
        try tool(["swift", "package", "--scratch-path", project.root + "/scratch", "resolve"], in: project.app + "/Deps")
        let resolved = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: project.app + "/Deps/Package.resolved"))) as? [String: Any]
        var pins: [String: String] = [:]
        for pin in resolved?["pins"] as? [[String: Any]] ?? [] {
            let state = pin["state"] as? [String: Any]
            pins[pin["identity"] as? String ?? "?"] = "\(state?["version"] as? String ?? "-") \(state?["revision"] as? String ?? "?")"
        }
        return pins
    }

    /// swift-foo: 1.0.0, then a commit on main that no version tag names; swift-greeting 1.0.0
    /// needs swift-foo from 2.0.0, which no tag of swift-foo satisfies.
    func makeBranchPackages() throws -> (tagged: String, head: String) {
        let tagged = try release("swift-foo", module: "Foo", "1.0.0")
        let head = try release("swift-foo", module: "Foo", "snapshot-1")
        try release("swift-greeting", module: "Greeting", "1.0.0",
                    dependencies: #".package(url: "\#(url("swift-foo"))", from: "2.0.0")"#, uses: #".product(name: "Foo", package: "swift-foo")"#)
        return (tagged, head)
    }

    func branchDepsfile(_ reference: String, extra: String = "") throws {
        try project.write("App/Depsfile", """
            sources:
              - ../Specs
            dependencies:
              Kit: "1.0.0"
              swift-foo:
                package: \(url("swift-foo"))
                \(reference)
              swift-greeting:
                package: \(url("swift-greeting"))
                version: "~> 1.0"
            \(extra)
            """)
    }

    /// SwiftPM takes a root package's dependency on a branch as unversioned: the branch's head,
    /// whatever other packages require of it (swift-greeting's `from: "2.0.0"` is overridden).
    /// deps locks the same, keeps the commit until `deps update swift-foo`, and names the commit
    /// in Deps/Package.swift so that SwiftPM lands on it.
    func testAPackageOnABranchIsLockedAtItsHeadOverridingOtherRequirementsAsSwiftPMDoes() throws {
        let (_, head) = try makeBranchPackages()
        try branchDepsfile("branch: main")

        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("""
            PACKAGES:
              - Kit (1.0.0)
              - swift-foo (branch `main`)
              - swift-greeting (1.0.0):
                - swift-foo

            DEPENDENCIES:
              - Kit (= 1.0.0)
              - swift-foo (from `\(url("swift-foo"))`, branch `main`)
              - swift-greeting (from `\(url("swift-greeting"))`, ~> 1.0)

            """), lock)
        XCTAssertTrue(lock.contains("""
            EXTERNAL SOURCES:
              swift-foo:
                package: \(url("swift-foo"))
                branch: main
              swift-greeting:
                package: \(url("swift-greeting"))

            """), lock)
        XCTAssertTrue(lock.contains("""
            CHECKOUT OPTIONS:
              swift-foo:
                commit: \(head)
                package: \(url("swift-foo"))

            """), lock)
        XCTAssertEqual(try project.read("App/Deps/swift-foo/Sources/Foo/Foo.swift"), "public let version = \"snapshot-1\"\n")
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains("""
                    .package(url: "\(url("swift-foo"))", revision: "\(head)"),
                    .package(url: "\(url("swift-greeting"))", exact: "1.0.0"),

            """), manifest)
        XCTAssertEqual(try project.deps("check").status, 0)
        let deployment = try project.deps("install", "--deployment")
        XCTAssertEqual(deployment.status, 0, deployment.stderr)
        // why shows no requirement the branch overrides: the lock keeps none for it (swift-greeting's
        // `from: "2.0.0"` would read as unmet beside `branch main`).
        let why = try project.deps("why", "swift-foo")
        XCTAssertEqual(why.status, 0, why.stderr)
        XCTAssertEqual(why.stdout, """
            App -> swift-foo branch main
            App -> swift-greeting (~> 1.0) 1.0.0 -> swift-foo branch main

            """)

        // SwiftPM resolves Deps/Package.swift to the lock's commit, and check reads its pins.
        let greeting = try tool(["git", "rev-parse", "1.0.0"], in: packages + "/swift-greeting")
        XCTAssertEqual(try swiftPMPins(), ["swift-foo": "- \(head)", "swift-greeting": "1.0.0 \(greeting)"])
        XCTAssertEqual(try project.deps("check").status, 0, "SwiftPM's own Deps/Package.resolved agrees")

        // A new commit on the branch: install keeps the locked one, outdated says nothing of a
        // package without versions, and update moves it to the branch's new head.
        let next = try release("swift-foo", module: "Foo", "snapshot-2")
        let again = try project.deps("install")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(project.lockfile, lock)
        let outdated = try project.deps("outdated")
        XCTAssertEqual(outdated.status, 0, outdated.stderr)
        XCTAssertFalse(outdated.stdout.contains("swift-foo"), outdated.stdout)
        let update = try project.deps("update", "swift-foo")
        XCTAssertEqual(update.status, 0, update.stderr)
        let updated = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(updated.contains("  swift-foo:\n    commit: \(next)\n"), updated)
        XCTAssertTrue(updated.contains("  - swift-foo (branch `main`)\n"), updated)
        XCTAssertEqual(try project.read("App/Deps/swift-foo/Sources/Foo/Foo.swift"), "public let version = \"snapshot-2\"\n")
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains("revision: \"\(next)\""))

        // A Package.resolved still at the old commit is reported until SwiftPM resolves again.
        let stale = try project.deps("check")
        XCTAssertEqual(stale.status, 1, stale.stdout)
        XCTAssertTrue(stale.stdout.contains(
            "Deps/Package.resolved records swift-foo at no version (revision \(head)), Depsfile.lock at branch main (revision \(next)); run deps install\n"),
            stale.stdout)
        XCTAssertEqual(try swiftPMPins()["swift-foo"], "- \(next)")
        XCTAssertEqual(try project.deps("check").status, 0)
    }

    /// A revision (abbreviated as git takes it) is locked as written, its commit in full.
    func testAPackageAtARevisionIsLockedAtThatCommit() throws {
        let (tagged, _) = try makeBranchPackages()
        try branchDepsfile("revision: \(tagged.prefix(10))")
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - swift-foo (revision `\(tagged.prefix(10))`)\n"), lock)
        XCTAssertTrue(lock.contains("  swift-foo:\n    commit: \(tagged)\n    package: \(url("swift-foo"))\n"), lock)
        XCTAssertEqual(try project.read("App/Deps/swift-foo/Sources/Foo/Foo.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains(".package(url: \"\(url("swift-foo"))\", revision: \"\(tagged)\"),"))
        XCTAssertEqual(try project.deps("check").status, 0)
    }

    /// An Xcode target links a package on a branch through Xcode's remote reference at the
    /// lock's commit (`kind = revision`), kept in step by check and install like a version.
    func testAnXcodeTargetLinksAPackageOnABranchAtTheLockedCommit() throws {
        let (_, head) = try makeBranchPackages()
        let original = try Data(contentsOf: URL(fileURLWithPath: XcodeJourneyTests.fixtures + "/XcodeProjects/simplenote-ios/project.pbxproj"))
        let projectFile = project.app + "/Simplenote.xcodeproj/project.pbxproj"
        try FileManager.default.createDirectory(atPath: project.app + "/Simplenote.xcodeproj", withIntermediateDirectories: true)
        try original.write(to: URL(fileURLWithPath: projectFile))
        try branchDepsfile("branch: main", extra: "xcode:\n  project: Simplenote.xcodeproj\n  targets:\n    Simplenote: [Kit, swift-foo/Foo]\n")

        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        let reading = try IndependentProjectReader.read(projectFile)
        XCTAssertEqual(reading.missing, [])
        let before = try IndependentProjectReader.read(XcodeJourneyTests.fixtures + "/XcodeProjects/simplenote-ios/project.pbxproj")
        XCTAssertEqual(reading.remote["Simplenote"], ((before.remote["Simplenote"] ?? []) + ["Foo from \(url("swift-foo")) revision \(head)"]).sorted())
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: projectFile)), as: UTF8.self)
        XCTAssertTrue(text.contains("\t\t\t\tkind = revision;\n\t\t\t\trevision = \(head);\n"), text)
        XCTAssertEqual(try project.deps("check").status, 0)

        try Data(text.replacingOccurrences(of: "revision = \(head);", with: "revision = \(String(repeating: "0", count: 40));").utf8)
            .write(to: URL(fileURLWithPath: projectFile))
        let drifted = try project.deps("check")
        XCTAssertEqual(drifted.status, 1)
        XCTAssertTrue(drifted.stdout.contains(
            "A Simplenote.xcodeproj: no remote package reference to \(url("swift-foo")) at branch main (revision \(head))\n"), drifted.stdout)
        XCTAssertEqual(try project.deps("install").status, 0)
        XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: projectFile)), as: UTF8.self), text)
        XCTAssertEqual(try project.deps("deintegrate").status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: projectFile)), original)
    }

    func testABranchTheRepositoryLacksIsNamedWithThePackageAndURL() throws {
        _ = try makeBranchPackages()
        try branchDepsfile("branch: nope")
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertEqual(install.stderr, "error: swift-foo: \(url("swift-foo")): the repository has no branch nope\n")
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"))
    }

    func testABadBranchOrRevisionIsRefusedAtItsLineAndNothingIsWritten() throws {
        _ = try makeBranchPackages()
        for (fields, message) in [
            ("branch: main\n    version: \"~> 1.0\"", "Depsfile:8: error: swift-foo has both `branch:` and `version:`"),
            ("branch: \"\"", "Depsfile:7: error: invalid `branch:` '' for swift-foo"),
            ("revision: tip", "Depsfile:7: error: invalid `revision:` 'tip'"),
            ("branch: main\n    revision: 0123abc", "Depsfile:8: error: swift-foo has both `branch:` and `revision:`"),
        ] {
            try branchDepsfile(fields)
            let install = try project.deps("install")
            XCTAssertEqual(install.status, 65, install.stderr)
            XCTAssertTrue(install.stderr.hasPrefix(message), install.stderr)
            XCTAssertNil(project.lockfile)
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Deps"))
        }
    }
}
