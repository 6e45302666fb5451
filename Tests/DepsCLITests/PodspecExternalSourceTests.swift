import DepsProcess
import Foundation
import XCTest

/// BEHAVIOUR 1.1 and 10: a Depsfile's `podspec:` names a spec file beside it; the spec is read
/// from there and the code from the spec's own `source`, fetched through the shared cache. Real
/// git repositories made by the tests (file:// URLs), installed through the built binary.
final class PodspecExternalSourceTests: XCTestCase {
    var project: TemporaryProject!
    var cache: String { project.root + "/cache" }
    var repository: TestGitRepository!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
        repository = try TestGitRepository(name: "Kit", at: project.root + "/git/Kit")
        try repository.commitVersion("1.0.0")
        // The repository's newest commit is 2.0.0: only the spec's tag says which code is used.
        try repository.commitVersion("2.0.0")
    }

    var url: String { "file://" + repository.path }

    func podspecJSON(name: String = "Kit", version: String) -> String {
        "{\n  \"name\": \"\(name)\",\n  \"version\": \"\(version)\",\n  \"source\": {\"git\": \"\(url)\", \"tag\": \"\(version)\"}\n}\n"
    }

    func writeDepsfile(_ fields: String) throws {
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Kit:\n" + fields)
    }

    func testTheSpecIsReadFromTheFileAndTheCodeFetchedFromItsSource() throws {
        try project.write("App/Vendor/Kit.podspec.json", podspecJSON(version: "1.0.0"))
        try writeDepsfile("    podspec: Vendor/Kit.podspec.json\n")

        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("PACKAGES:\n  - Kit (1.0.0)\n"), lock)
        XCTAssertTrue(lock.contains("DEPENDENCIES:\n  - Kit (from `Vendor/Kit.podspec.json`)\n"), lock)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Kit:\n    podspec: Vendor/Kit.podspec.json\n"), lock)
        let checksum = try sha256Hex(Array(try project.read("App/Vendor/Kit.podspec.json").utf8))
        XCTAssertTrue(lock.contains("SPEC CHECKSUMS:\n  Kit: \(checksum)\n"), lock)
        let check = try project.deps(["check"], cache: cache)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(project.lockfile, lock)

        // A new version in the file: the lock no longer holds, and an update of the package takes it.
        try project.write("App/Vendor/Kit.podspec.json", podspecJSON(version: "2.0.0"))
        XCTAssertNotEqual(try project.deps(["check"], cache: cache).status, 0)
        let moved = try project.deps(["update", "Kit"], cache: cache)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"2.0.0\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("PACKAGES:\n  - Kit (2.0.0)\n"))
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    /// A relative location in the spec's `source` is relative to the file's folder.
    func testARelativeSourceLocationIsReadFromTheFilesFolder() throws {
        try project.write("App/Vendor/Own/Kit.yaml", "name: Kit\nversion: 1.0.0\nsource:\n  git: ../../../git/Kit\n  tag: 1.0.0\n")
        try writeDepsfile("    podspec: Vendor/Own/Kit.yaml\n    version: ~> 1.0\n")
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("DEPENDENCIES:\n  - Kit (from `Vendor/Own/Kit.yaml`, ~> 1.0)\n"))
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)
    }

    func testNamingAnotherFileReleasesThePin() throws {
        try project.write("App/Vendor/Kit.podspec.json", podspecJSON(version: "1.0.0"))
        try project.write("App/Other/Kit.podspec.json", podspecJSON(version: "2.0.0"))
        try writeDepsfile("    podspec: Vendor/Kit.podspec.json\n")
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)

        try writeDepsfile("    podspec: Other/Kit.podspec.json\n")
        let check = try project.deps(["check"], cache: cache)
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue((check.stdout + check.stderr).contains("Kit"), check.stdout + check.stderr)
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"2.0.0\"\n")
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("EXTERNAL SOURCES:\n  Kit:\n    podspec: Other/Kit.podspec.json\n"))
    }

    func testASpecNamingAnotherPackageIsRefusedAtItsLine() throws {
        try project.write("App/Vendor/Kit.podspec.json", podspecJSON(name: "Other", version: "1.0.0"))
        try writeDepsfile("    podspec: Vendor/Kit.podspec.json\n")
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertEqual(install.stderr, "Vendor/Kit.podspec.json:2: error: name 'Other' does not match the dependency 'Kit' in the Depsfile\n")
        XCTAssertNil(project.lockfile)
        XCTAssertFalse(project.exists("App/Deps"))
    }

    /// A Ruby podspec of literals, as `pod spec create` writes it, is read statically: it installs
    /// with no `ruby` on PATH at all; one that needs Ruby then says how to give its JSON form.
    func testALiteralRubyPodspecIsReadWithoutRuby() throws {
        try project.write("LocalKit/Sources/Kit/Kit.swift", "public let kit = 1\n")
        try project.write("LocalKit/Kit.podspec", """
            #
            # Be sure to run `pod lib lint Kit.podspec' to ensure this is a valid spec.
            #
            Pod::Spec.new do |s|
              s.name             = 'Kit'
              s.version          = '0.3.0'
              s.summary          = 'A short description of Kit.'
              s.description      = <<-DESC
            A longer description of Kit, in Markdown.
                                   DESC
              s.homepage         = 'https://git.example/Kit'
              s.license          = { :type => 'MIT', :file => 'LICENSE' }
              s.author           = { 'Team' => 'team@example.com' }
              s.source           = { :git => 'https://git.example/Kit.git', :tag => s.version.to_s }
              s.ios.deployment_target = '13.0'
              s.swift_versions   = ['5.0']
              s.source_files     = 'Sources/Kit/**/*'
              s.ios.frameworks   = 'UIKit'
              s.dependency 'Helper', '~> 1.0'
            end

            """)
        try project.publish(["Helper": ["1.0.0": [:]]])
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Kit:\n    path: ../LocalKit\n")
        // The binary, as a PATH without ruby must reach the child processes deps starts.
        let noRuby = ["PATH": project.root + "/no-programs", "DEPS_CACHE_DIR": cache]
        let install = try DepsBinary.run(["install", "--project", project.app], environment: noRuby)
        XCTAssertEqual(install.status, 0, install.stderr)
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("  - Kit (0.3.0):\n    - Helper (~> 1.0)\n"), lock)
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains(#".linkedFramework("UIKit", .when(platforms: [.iOS]))"#))

        try project.write("LocalKit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.version = File.read('VERSION')\nend\n")
        let dynamic = try DepsBinary.run(["install", "--project", project.app], environment: noRuby)
        XCTAssertEqual(dynamic.status, 65, dynamic.stderr)
        XCTAssertTrue(dynamic.stderr.hasPrefix("../LocalKit/Kit.podspec: error: a Ruby podspec is read with `ruby`, and none is on PATH"), dynamic.stderr)
    }

    /// A Ruby `.podspec` is read through `ruby` and deps' own podspec DSL (BEHAVIOUR 10): its
    /// checksum is the file's, so an edit shows in `deps check`; a Ruby error names its line.
    func testARubyPodspecIsReadThroughRubyAndAURLIsRefused() throws {
        try XCTSkipIf(ChildProcess.executablePath(of: "ruby") == nil, "no ruby on PATH: Ruby podspecs are not tested here")
        try project.write("App/Vendor/Kit.podspec", """
            # A team's local pod, as `pod spec create` writes it.
            kit_version = File.read(File.join(__dir__, 'VERSION')).strip
            Pod::Spec.new do |s|
              s.name         = 'Kit'
              s.version      = kit_version
              s.summary      = "Kit for tests"
              s.license      = { :type => 'MIT' }
              s.source       = { :git => '\(url)', :tag => s.version.to_s }
              s.ios.deployment_target = '13.0'
              s.source_files = 'Sources/**/*.swift'
              %w[Core Extra].each do |part|
                s.subspec part do |ss|
                  ss.source_files = "Sources/Kit/*.swift"
                  ss.ios.frameworks = 'UIKit'
                end
              end
            end

            """)
        try project.write("App/Vendor/VERSION", "1.0.0\n")
        try writeDepsfile("    podspec: Vendor/Kit.podspec\n")
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("PACKAGES:\n  - Kit (1.0.0):\n    - Kit/Core (= 1.0.0)\n    - Kit/Extra (= 1.0.0)\n"), lock)
        let checksum = try sha256Hex(Array(try project.read("App/Vendor/Kit.podspec").utf8))
        XCTAssertTrue(lock.contains("SPEC CHECKSUMS:\n  Kit: \(checksum)\n"), lock)
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 0)

        // An edit of the file shows in check; a Ruby error is named at its line.
        try project.write("App/Vendor/VERSION", "2.0.0\n")
        try project.write("App/Vendor/Kit.podspec", try project.read("App/Vendor/Kit.podspec") + "# edited\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache).status, 1)
        try project.write("App/Vendor/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.version = undefined_version\nend\n")
        let broken = try project.deps(["install"], cache: cache)
        XCTAssertEqual(broken.status, 65, broken.stderr)
        XCTAssertTrue(broken.stderr.hasPrefix("Vendor/Kit.podspec:3: error: NameError: undefined local variable or method"), broken.stderr)
        try project.write("App/Vendor/Kit.podspec", "Pod::Spec.new do |s|\nend\n")
        let empty = try project.deps(["install"], cache: cache)
        XCTAssertEqual(empty.status, 65, empty.stderr)
        XCTAssertEqual(empty.stderr, "Vendor/Kit.podspec: error: missing field `name` (in the spec it describes)\n")

        try writeDepsfile("    podspec: https://example.com/Kit.podspec.json\n")
        let remote = try project.deps(["install"], cache: cache)
        XCTAssertEqual(remote.status, 65, remote.stderr)
        XCTAssertEqual(remote.stderr, """
            Depsfile:5: error: the podspec of Kit is a URL, 'https://example.com/Kit.podspec.json'; `podspec:` names a file relative to the Depsfile

            """)
    }

    /// `deps import`: `:podspec => 'Specs/Kit.podspec.json'` becomes `podspec:`, and the project installs.
    func testAnImportedPodspecSourceInstalls() throws {
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        try project.write("App/Specs/Kit.podspec.json", podspecJSON(version: "1.0.0"))
        try project.write("App/Podfile", """
            platform :ios, '13.0'
            target 'App' do
              pod 'Kit', :podspec => 'Specs/Kit.podspec.json'
            end

            """)
        let environment = ["DEPS_TRUNK_URL": cdn.url]
        let imported = try project.deps(["import"], cache: cache, environment: environment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let depsfile = try project.read("App/Depsfile")
        XCTAssertTrue(depsfile.contains("  Kit:\n    podspec: Specs/Kit.podspec.json\n"), depsfile)

        let install = try project.deps(["install"], cache: cache, environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try project.read("App/Deps/Kit/Sources/Kit/Kit.swift"), "public let version = \"1.0.0\"\n")
        XCTAssertEqual(try project.deps(["check"], cache: cache, environment: environment).status, 0)
    }
}
