import Foundation
import XCTest

/// A tool pod (SwiftLint, SwiftGen, SwiftFormat: a zip holding a binary, `preserve_paths`, no
/// `source_files`) from a CDN on loopback: its files are placed in `Deps/<Name>/` with the binary
/// still runnable, it gets no product in `Deps/Package.swift`, and the install says where it is.
/// It was refused (65) for `Sources/**/*.swift`, a pattern its spec never wrote.
final class ToolPodTests: XCTestCase {
    var project: TemporaryProject!

    override func setUpWithError() throws {
        project = try TemporaryProject(self, inProcess: true)
    }

    /// A zip as SwiftLint's release makes it: the binary (mode 755) and its license at the top.
    func toolZip(at path: String) throws -> [UInt8] {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as archive:
                binary = zipfile.ZipInfo("swiftlint")
                binary.external_attr = 0o100755 << 16
                archive.writestr(binary, "#!/bin/sh\\necho swiftlint 0.54.0\\n")
                archive.writestr("LICENSE", "MIT\\n")
            """
        _ = try tool(["python3", "-c", script, path])
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testAToolPodIsPlacedWithItsBinaryAndGetsNoProduct() throws {
        let cdn = try RemoteSpecSourceTests.CDN(self, project: project)
        let zip = try toolZip(at: project.root + "/portable_swiftlint.zip")
        cdn.server.serve("/download/0.54.0/portable_swiftlint.zip", .body(zip))
        // SwiftLint 0.54.0's trunk spec, its URL on loopback.
        try cdn.publish("SwiftLint", "0.54.0", podspec: """
            {
              "name": "SwiftLint",
              "version": "0.54.0",
              "summary": "A tool to enforce Swift style and conventions.",
              "homepage": "https://github.com/realm/SwiftLint",
              "license": {
                "type": "MIT",
                "file": "LICENSE"
              },
              "authors": {
                "JP Simard": "jp@jpsim.com"
              },
              "source": {
                "http": "\(cdn.server.baseURL)/download/0.54.0/portable_swiftlint.zip"
              },
              "preserve_paths": "*",
              "exclude_files": "**/file.zip",
              "platforms": {
                "ios": "11.0",
                "osx": "10.13",
                "tvos": "11.0",
                "watchos": "7.0"
              }
            }

            """)
        try cdn.publish("Kit", "1.0.0")
        try project.write("App/Depsfile", "sources:\n  - \(cdn.url)\ndependencies:\n  SwiftLint: \"0.54.0\"\n  Kit: \"1.0.0\"\n")
        let environment = ["DEPS_CACHE_DIR": project.root + "/cache", "DEPS_HTTP_BACKOFF": "0.01"]

        let install = DepsInProcess.run(["install", "--project", project.app], environment: environment)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains(
            "SwiftLint has nothing to build (its spec names no source file), so no product to link: its files are in Deps/SwiftLint/, where a build script finds them (CocoaPods' ${PODS_ROOT}/SwiftLint/)\n"),
            install.stdout)
        XCTAssertEqual(try tool([project.app + "/Deps/SwiftLint/swiftlint"]), "swiftlint 0.54.0")
        XCTAssertEqual(try project.read("App/Deps/SwiftLint/LICENSE"), "MIT\n")
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertFalse(manifest.contains("SwiftLint"), manifest)
        XCTAssertTrue(manifest.contains(".library(name: \"Kit\""), manifest)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).contains("  - SwiftLint (0.54.0)\n"))

        // Both CI commands agree; a no-op install writes nothing and says nothing of it again.
        XCTAssertEqual(DepsInProcess.run(["check", "--project", project.app], environment: environment).status, 0)
        let again = DepsInProcess.run(["install", "--project", project.app, "--json"], environment: environment)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("withoutProduct"), again.stdout)
        let deployment = DepsInProcess.run(["install", "--deployment", "--project", project.app], environment: environment)
        XCTAssertEqual(deployment.status, 0, deployment.stdout + deployment.stderr)
    }
}
