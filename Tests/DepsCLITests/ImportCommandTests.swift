import DepsProcess
import Foundation
import XCTest

/// `deps import` (BEHAVIOUR 10): a CocoaPods project's Podfile and Podfile.lock become a
/// Depsfile and its lock, never over existing ones, nothing written on any error.
final class ImportCommandTests: XCTestCase {
    /// The real CocoaPods projects (Tests/Fixtures/CocoaPods, one folder a project).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/CocoaPods").path

    /// The Podfile of one fixture project and, when named, the Podfile.lock of one (the same or
    /// another commit of it), into the project's `App/`.
    func copyFixtures(_ project: TemporaryProject, podfile: String, podfileLock: String?) throws {
        try project.write("App/Podfile", try String(contentsOfFile: Self.fixtures + "/\(podfile)/Podfile", encoding: .utf8))
        if let podfileLock {
            try project.write("App/Podfile.lock", try String(contentsOfFile: Self.fixtures + "/\(podfileLock)/Podfile.lock", encoding: .utf8))
        }
    }

    func assertNothingWritten(_ project: TemporaryProject, file: StaticString = #filePath, line: UInt = #line) {
        for name in ["Depsfile", "Depsfile.lock"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/" + name), name, file: file, line: line)
        }
    }

    /// Rocket.Chat: a `def` group in two targets, a git pod on the default branch, a lock from
    /// CocoaPods 1.2 without SPEC REPOS: every pod locked at its version, from trunk.
    func testRocketChatImportsEveryLockedVersion() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "Rocket.Chat.iOS", podfileLock: "Rocket.Chat.iOS-2017-07")
        let podfileLock = try project.read("App/Podfile.lock")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr, """
            Podfile:5: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:47: warning: post_install hook dropped: deps runs no install hooks

            """)
        XCTAssertTrue(outcome.stdout.hasPrefix("Imported Podfile and Podfile.lock into Depsfile and Depsfile.lock.\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Pods: 14 dependencies, 31 locked pods\n"), outcome.stdout)
        // The two files come from different commits of the project: the lock is older.
        XCTAssertTrue(outcome.stdout.contains(
            "Podfile.lock is older than the Podfile: SDWebImage, Starscream changed; SimpleImageViewer added; URBMediaFocusViewController removed; deps install keeps each locked version the Podfile still admits and resolves the rest.\n"),
            outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Targets: 2\n  Rocket.Chat: Fabric, "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.hasSuffix("Next: run `deps install`, then `deps check`.\n"), outcome.stdout)

        let depsfile = try project.read("App/Depsfile")
        XCTAssertTrue(depsfile.hasPrefix("sources:\n  - trunk\n"), depsfile)
        XCTAssertTrue(depsfile.contains("  SideMenuController:\n    git: https://github.com/rafaelks/SideMenuController.git\n"), depsfile)
        XCTAssertTrue(depsfile.contains("  SDWebImage: ~> 3\n"), depsfile)
        XCTAssertTrue(depsfile.contains("\nplatform: ios 10.0\n"), depsfile)
        XCTAssertTrue(depsfile.contains("\n#   Rocket.ChatTests: Fabric, "), depsfile)

        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("DEPSFILE CHECKSUM: \(try project.sha256("App/Depsfile"))\n"), lock)
        // PACKAGES are the PODS, version for version.
        XCTAssertEqual(Self.packages(lock, section: "PACKAGES"), Self.packages(podfileLock, section: "PODS"))
        XCTAssertTrue(lock.contains("    commit: a3a55e08f4752b5a4e169c6a8b2ceee0096649f5\n"), lock)
        XCTAssertEqual(try project.read("App/Podfile.lock"), podfileLock)
    }

    /// Signal's lock holds subspecs of subspecs (`YapDatabase/SQLCipher/Extensions/View`), which
    /// deps locks by their whole names, as CocoaPods does (BEHAVIOUR 2.3).
    func testSignalLockWithSubspecsOfSubspecsImports() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "Signal-iOS", podfileLock: "Signal-iOS")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - YapDatabase/SQLCipher/Extensions/View (3.1.1):\n"), lock)
    }

    /// WordPress's Podfile calls a method with a parameter four times: each line named, exit 65.
    func testDynamicPodfileLinesAreAllNamedAndNothingIsWritten() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "WordPress-iOS", podfileLock: "WordPress-iOS")
        let outcome = try project.deps("import", "--static")
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, (100...103).map {
            "Podfile:\($0): error: `gutenberg_pod` is a method with parameters; deps expands only methods without them\n"
        }.joined())
        assertNothingWritten(project)

        try copyFixtures(project, podfile: "home-assistant-iOS", podfileLock: nil)
        let refused = try project.deps("import", "--json", "--static")
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr.split(separator: "\n").map { $0.prefix(12) }, ["Podfile:8: e", "Podfile:16: ", "Podfile:17: ", "Podfile:18: ", "Podfile:19: "])
        XCTAssertTrue(refused.stdout.contains("\"status\" : 65"), refused.stdout)
        assertNothingWritten(project)
    }

    /// Without `--static`, a Podfile that needs Ruby is evaluated with the ruby on PATH through
    /// deps' own DSL: home-assistant's (`if File.exist?`, `puts`, `ENV`) imports, every locked
    /// version kept, and the output says which Ruby and why; a Ruby error is named at its line.
    func testAPodfileThatNeedsRubyIsEvaluatedWithIt() throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Podfile evaluation is not tested here")
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "home-assistant-iOS", podfileLock: "home-assistant-iOS")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Podfile evaluated with ruby "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("line 8 is Ruby the static reader cannot follow\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("(every version kept)"), outcome.stdout)
        // What the Podfile printed while it ran is not deps' output.
        XCTAssertFalse(outcome.stdout.contains("MaterialDesignIcons"), outcome.stdout)
        XCTAssertTrue(outcome.stderr.contains("Podfile:114: warning: post_install hook dropped"), outcome.stderr)

        let broken = try TemporaryProject(self, inProcess: true)
        try broken.write("App/Podfile", "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Kit', kit_version(1)\nend\n")
        let failed = try broken.deps("import")
        XCTAssertEqual(failed.status, 65, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("Podfile:3: error: NoMethodError: undefined method `kit_version'"), failed.stderr)
        XCTAssertFalse(broken.exists("App/Depsfile"))
    }

    /// Ruby is started in the file's folder, so the file is named to it from there: a Ruby podspec
    /// read through a relative `path:` from inside the project, and a Podfile that needs Ruby
    /// imported with a relative `--project`, both work (they failed with `rb_sysopen`).
    func testRubyFilesAreFoundThroughRelativePaths() throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Ruby podspecs are not tested here")
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("App/ha3/Podfile", "platform :ios, ENV.fetch('DEPS_TEST_IOS', '13.0')\ntarget 'App' do\n  pod 'Kit', :path => 'LocalPods/Kit'\nend\n")
        try project.write("App/ha3/LocalPods/Kit/Kit.podspec", """
            Pod::Spec.new do |spec|
              spec.name = 'Kit'
              spec.version = '1.2.0'
              spec.summary = "Kit #{spec.version}"
              spec.license = 'MIT'
              spec.source = { :git => 'https://git.example/kit.git', :tag => "#{spec.version}" }
            end

            """)
        try project.write("App/ha3/LocalPods/Kit/Sources/Kit/Kit.swift", "public let kit = 1\n")
        let imported = try DepsBinary.run(["import", "--project", "ha3"], in: project.app)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("Podfile evaluated with ruby"), imported.stdout)
        let installed = try DepsBinary.run(["install", "--lock-only"], in: project.app + "/ha3")
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(try project.read("App/ha3/Depsfile.lock").contains("  - Kit (1.2.0)\n"))
    }

    /// A pod a dropped plugin adds (cocoapods-keys' `Keys`) makes the lock differ from the Podfile:
    /// the import says where it may come from instead of only blaming the lock.
    func testAPodAPluginAddsIsNamedAsThePlugins() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("App/Podfile", "plugin 'cocoapods-keys', { :keys => ['ApiKey'] }\ntarget 'App' do\n  pod 'Kit', '~> 1.0'\nend\n")
        try project.write("App/Podfile.lock", """
            PODS:
              - Keys (1.0.1)
              - Kit (1.0.0)

            DEPENDENCIES:
              - Keys (from `Pods/CocoaPodsKeys`)
              - Kit (~> 1.0)

            EXTERNAL SOURCES:
              Keys:
                :path: Pods/CocoaPodsKeys

            SPEC CHECKSUMS:
              Keys: 1a
              Kit: 2b

            PODFILE CHECKSUM: 3c

            COCOAPODS: 1.15.2

            """)
        let imported = try project.deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains(
            "Keys removed; deps install keeps each locked version the Podfile still admits and resolves the rest. Keys may come from the plugin 'cocoapods-keys', which CocoaPods ran and deps does not"), imported.stdout)
    }

    /// A team's local pod whose spec is Ruby (a version read from a file, subspecs made in a loop):
    /// imported as a `path:` dependency, installed through `ruby`, built into one module with its
    /// subspecs, and an edit of the podspec shows in `deps check` (BEHAVIOUR 10).
    func testALocalPodWithARubyPodspecImportsInstallsAndBuilds() throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Ruby podspecs are not tested here")
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("App/Podfile", "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Kit', :path => 'LocalPods/Kit'\nend\n")
        try project.write("App/LocalPods/Kit/VERSION", "2.1.0\n")
        try project.write("App/LocalPods/Kit/Kit.podspec", """
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = File.read(File.join(__dir__, 'VERSION')).strip
              s.summary = 'Kit'
              s.license = 'MIT'
              s.source = { :git => 'https://git.example/kit.git', :tag => s.version.to_s }
              s.ios.deployment_target = '13.0'
              %w[Core Text].each do |part|
                s.subspec part do |ss|
                  ss.source_files = "Sources/#{part}/*.swift"
                end
              end
            end

            """)
        try project.write("App/LocalPods/Kit/Sources/Core/Core.swift", "public let core = 40\n")
        try project.write("App/LocalPods/Kit/Sources/Text/Text.swift", "public let text = \"Kit \\(core + 2)\"\n")
        try project.write("App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "Deps")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Kit", package: "Deps")])])

            """)
        try project.write("App/Sources/App/main.swift", "import Kit\nprint(text)\n")
        let imported = try project.deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let depsfile = try project.read("App/Depsfile")
        XCTAssertTrue(depsfile.contains("  Kit:\n    path: LocalPods/Kit\n"), depsfile)
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("Installing Kit/Core (2.1.0)\n"), install.stdout)
        XCTAssertEqual(try project.deps("check").status, 0)
        let log = project.root + "/swift-build.txt"
        let build = try runLogged(["swift", "build", "--scratch-path", project.root + "/build"], in: project.app,
                                  environment: ProcessInfo.processInfo.environment, log: log)
        XCTAssertEqual(build.status, 0, build.output)
        XCTAssertEqual(try tool([project.root + "/build/debug/App"]), "Kit 42")

        try project.write("App/LocalPods/Kit/Kit.podspec", try project.read("App/LocalPods/Kit/Kit.podspec") + "# edited\n")
        let edited = try project.deps("check")
        XCTAssertEqual(edited.status, 1, edited.stdout + edited.stderr)
        XCTAssertTrue((edited.stdout + edited.stderr).contains("Kit"), edited.stdout + edited.stderr)
    }

    /// `:podspec`: a URL is not a file beside the Depsfile: each refused at its line, exit 65,
    /// nothing written; the podspec.json and Ruby podspec files on the same Podfile are not among them.
    func testUnreadablePodspecSourcesAreRefusedAtTheirLines() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("App/Podfile", """
            platform :ios, '13.0'
            target 'App' do
              pod 'Alamofire', '~> 5.0'
              pod 'Kit', :podspec => 'Vendor/Kit.podspec.json'
              pod 'Legacy', :podspec => 'Vendor/Legacy.podspec'
              pod 'Remote', podspec: 'https://example.com/specs/Remote.podspec'
              pod 'RemoteJSON', podspec: 'https://example.com/specs/RemoteJSON.podspec.json'
            end

            """)
        try project.write("App/Vendor/Kit.podspec.json", "{\"name\": \"Kit\", \"version\": \"1.0.0\"}\n")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertEqual(outcome.stderr, """
            Podfile:6: error: Remote: `:podspec => 'https://example.com/specs/Remote.podspec'`: a URL; a Depsfile's `podspec:` names a file beside it, so download the `.podspec.json` into the project and name it
            Podfile:7: error: RemoteJSON: `:podspec => 'https://example.com/specs/RemoteJSON.podspec.json'`: a URL; a Depsfile's `podspec:` names a file beside it, so download the `.podspec.json` into the project and name it
            nothing was written

            """)
        assertNothingWritten(project)
    }

    func testNeverOverwritesADepsfileOrItsLock() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "Rocket.Chat.iOS", podfileLock: "Rocket.Chat.iOS-2017-07")
        try project.write("App/Depsfile.lock", "mine\n")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "Depsfile.lock: error: Depsfile.lock already exists; deps import never overwrites it (nothing was written)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.app + "/Depsfile"))
        XCTAssertEqual(try project.read("App/Depsfile.lock"), "mine\n")

        try project.write("App/Depsfile", "dependencies:\n")
        let both = try project.deps("import", "--dry-run")
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(both.stderr, "Depsfile: error: Depsfile and Depsfile.lock already exist; deps import never overwrites them (nothing was written)\n")
        XCTAssertEqual(try project.read("App/Depsfile"), "dependencies:\n")
    }

    func testDryRunPrintsWhatItWouldWriteAndWritesNothing() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "Rocket.Chat.iOS", podfileLock: "Rocket.Chat.iOS-2017-07")
        let outcome = try project.deps("import", "--dry-run")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.hasPrefix("--dry-run: nothing was written; deps import would write Depsfile and Depsfile.lock:\n\n# Depsfile\nsources:\n  - trunk\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("\n# Depsfile.lock\nPACKAGES:\n  - 1PasswordExtension (1.8.4)\n"), outcome.stdout)
        assertNothingWritten(project)

        let json = try project.deps("import", "--dry-run", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["command"] as? String, "import")
        XCTAssertEqual(document["dryRun"] as? Bool, true)
        XCTAssertEqual(document["files"] as? [String], ["Depsfile", "Depsfile.lock"])
        XCTAssertEqual(document["sources"] as? [String], ["trunk"])
        XCTAssertEqual(document["lockedPackages"] as? Int, 31)
        XCTAssertEqual((document["dependencies"] as? [Any])?.count, 14)
        XCTAssertEqual((document["targets"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Rocket.Chat", "Rocket.ChatTests"])
        XCTAssertEqual((document["warnings"] as? [[String: Any]])?.map { $0["line"] as? Int }, [5, 47])
        XCTAssertEqual(document["next"] as? [String], ["deps install", "deps check"])
        XCTAssertEqual((document["staleLock"] as? [String: [String]])?["modified"], ["SDWebImage", "Starscream"])
        XCTAssertNotNil(document["depsfile"] as? String)
        assertNothingWritten(project)
    }

    func testAMalformedPodfileLockIsExit65() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try copyFixtures(project, podfile: "Rocket.Chat.iOS", podfileLock: nil)
        try project.write("App/Podfile.lock", "PODS:\n  - [unterminated\n")
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 65)
        XCTAssertTrue(outcome.stderr.contains("Podfile.lock:"), outcome.stderr)
        assertNothingWritten(project)
    }

    func testNoPodfileIsExitOne() throws {
        let project = try TemporaryProject(self, inProcess: true)
        let outcome = try project.deps("import")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stderr, "error: No Podfile found in the project directory; deps import reads a CocoaPods project's Podfile (and Podfile.lock); run it where the Podfile is, or pass --project DIR\n")
        assertNothingWritten(project)
    }

    /// An imported project installs from a spec repository directory keeping every locked
    /// version, though newer ones are published, and `deps check` finds it in sync.
    func testAnImportedProjectInstallsKeepingEveryVersionAndIsInSync() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["5.8.0": [:], "5.9.1": [:]],
            "Moya": ["15.0.0": ["Alamofire": "~> 5.0"], "15.0.3": ["Alamofire": "~> 5.0"]],
            "Quick": ["7.3.0": [:], "7.6.2": [:]],
        ])
        try project.write("App/Podfile", """
            source '../Specs'
            platform :ios, '13.0'
            rx = '~> 15.0'

            def testing_pods
              pod 'Quick', '>= 7.0', '< 8'
            end

            target 'App' do
              use_frameworks!
              pod 'Moya', rx

              target 'AppTests' do
                inherit! :search_paths
                pod 'Alamofire'
                testing_pods
              end
            end

            post_install do |installer|
              installer.pods_project.targets.each { |t| puts t.name }
            end

            """)
        let podfileLock = """
            PODS:
              - Alamofire (5.8.0)
              - Moya (15.0.0):
                - Alamofire (~> 5.0)
              - Quick (7.3.0)

            DEPENDENCIES:
              - Alamofire
              - Moya (~> 15.0)
              - Quick (< 8, >= 7.0)

            SPEC REPOS:
              ../Specs:
                - Alamofire
                - Moya
                - Quick

            SPEC CHECKSUMS:
              Alamofire: 3ca42e259043ee0dc5c0cdd76c4bc568b8e42af7
              Moya: 138f0573e53411fb3dc17016add0b748dfbd78ee
              Quick: 749aa754fd1e7d984f2000fe051e18a3a9809179

            PODFILE CHECKSUM: 1f2a1c6dc3ff3b4b1ab1e3d6ba5b4a2c6a1b0d5e

            COCOAPODS: 1.15.2

            """
        try project.write("App/Podfile.lock", podfileLock)
        let imported = try project.deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, """
            Podfile:20: warning: post_install hook dropped: deps runs no install hooks

            """)
        XCTAssertTrue(imported.stdout.contains("  App: Moya\n  AppTests: Alamofire, Quick\n"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("Pods: 3 dependencies, 3 locked pods (every version kept)\n"), imported.stdout)
        XCTAssertFalse(imported.stdout.contains("older than the Podfile"), imported.stdout)

        let install = try project.deps("install", "--lock-only")
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertEqual(Self.packages(lock, section: "PACKAGES"), Self.packages(podfileLock, section: "PODS"))
        XCTAssertEqual(Self.packages(lock, section: "PACKAGES"), ["Alamofire (5.8.0)", "Moya (15.0.0)", "Quick (7.3.0)"])
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    /// A local pod with a test spec, as MixinNetwork's Podfile has it, and a test target with no
    /// block: Podfile.lock lists the test spec (`Kit/Tests`) in PODS and DEPENDENCIES with what
    /// only it needs (`Quick`). The test spec is dropped with a warning, the lock is not reported
    /// older than the Podfile, and the imported lock installs as it is and is in sync.
    func testATestspecIsDroppedAndThePodIsNotReportedChanged() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.publish([
            "Alamofire": ["5.8.0": [:], "5.9.1": [:]],
            "Quick": ["7.3.0": [:]],
        ])
        try project.write("App/Podfile", """
            source '../Specs'
            platform :ios, '13.0'
            target 'App' do
              pod 'Kit', :path => 'Kit', :testspecs => ['Tests']
              target 'AppTests'
            end

            """)
        try project.write("App/Kit/Kit.podspec.json", """
            {
              "name": "Kit",
              "version": "0.1.0",
              "summary": "Kit for tests",
              "source": {"git": "https://example.com/Kit.git", "tag": "0.1.0"},
              "source_files": "Sources/**/*.swift",
              "dependencies": {"Alamofire": ["~> 5.0"]},
              "testspecs": [{"name": "Tests", "test_type": "unit", "source_files": "Tests/**/*.swift", "dependencies": {"Quick": []}}]
            }

            """)
        try project.write("App/Kit/Sources/Kit.swift", "public let kit = 1\n")
        try project.write("App/Podfile.lock", """
            PODS:
              - Alamofire (5.8.0)
              - Kit (0.1.0):
                - Alamofire (~> 5.0)
              - Kit/Tests (0.1.0):
                - Alamofire (~> 5.0)
                - Quick
              - Quick (7.3.0)

            DEPENDENCIES:
              - Kit (from `Kit`)
              - Kit/Tests (from `Kit`)

            SPEC REPOS:
              ../Specs:
                - Alamofire
                - Quick

            EXTERNAL SOURCES:
              Kit:
                :path: Kit

            SPEC CHECKSUMS:
              Alamofire: 3ca42e259043ee0dc5c0cdd76c4bc568b8e42af7
              Kit: 876e624081b77b32768b995a931555e7105722a4
              Quick: 749aa754fd1e7d984f2000fe051e18a3a9809179

            PODFILE CHECKSUM: 1f2a1c6dc3ff3b4b1ab1e3d6ba5b4a2c6a1b0d5e

            COCOAPODS: 1.16.2

            """)
        let imported = try project.deps("import")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "Podfile:4: warning: `testspecs` of Kit dropped: deps does not honour it\n")
        XCTAssertFalse(imported.stdout.contains("older than the Podfile"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("Pods: 1 dependency, 2 locked pods (every version kept)\n"), imported.stdout)
        XCTAssertTrue(imported.stdout.contains("  App: Kit\n  AppTests: Kit\n"), imported.stdout)
        XCTAssertFalse(try project.read("App/Depsfile").contains("Kit/Tests"))
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertEqual(Self.packages(lock, section: "PACKAGES"), ["Alamofire (5.8.0)", "Kit (0.1.0)"])
        XCTAssertFalse(lock.contains("Quick"), lock)

        let install = try project.deps("install", "--lock-only")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(Self.packages(try XCTUnwrap(project.lockfile), section: "PACKAGES"), ["Alamofire (5.8.0)", "Kit (0.1.0)"])
        let check = try project.deps("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    /// The `- Name (version)` entries of a section, without their dependencies.
    static func packages(_ lock: String, section: String) -> [String] {
        var inSection = false
        var result: [String] = []
        for line in lock.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(section + ":") { inSection = true; continue }
            if inSection && line.isEmpty { break }
            if inSection && line.hasPrefix("  - ") {
                result.append(String(line.dropFirst(4)).replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "):", with: ")"))
            }
        }
        return result
    }
}
