import Foundation
import XCTest

/// Subspecs end to end (BEHAVIOUR 2.4, 8.4): a YAML spec with subspecs, the lock's entries, one
/// sandbox folder for the package, and a target per subspec in Deps/Package.swift.
final class SubspecInstallTests: XCTestCase {
    func testASubspecInstallsItsSiblingsAndGetsItsOwnTarget() throws {
        let project = try TemporaryProject(self)
        try project.write("Code/Kit/Sources/Core/Core.swift", "public let core = 1\n")
        try project.write("Code/Kit/Sources/Extra/Extra.swift", "import Kit_Core\npublic let extra = core + 1\n")
        try project.write("Code/Kit/README.md", "Kit\n")
        try project.write("Specs/Kit/1.0.0.yaml", """
            name: Kit
            version: 1.0.0
            source:
              path: ../Code/Kit
            subspecs:
              - name: Core
                source_files: Sources/Core/*.swift
              - name: Extra
                source_files: Sources/Extra/*.swift
                dependencies:
                  Kit/Core:
            default_subspecs: Core

            """)
        try project.depsfile(["Kit/Extra": ""])
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "Installing Kit/Core (1.0.0)\nInstalling Kit/Extra (1.0.0)\n1 dependency from the Depsfile, 2 total packages locked.\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.hasPrefix("PACKAGES:\n  - Kit/Core (1.0.0)\n  - Kit/Extra (1.0.0):\n    - Kit/Core\n\nDEPENDENCIES:\n  - Kit/Extra\n\nSPEC REPOS:\n  ../Specs:\n    - Kit\n\nSPEC CHECKSUMS:\n  Kit: "), lock)
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains(#".library(name: "Kit/Core", targets: ["Kit_Core"]),"#), manifest)
        XCTAssertTrue(manifest.contains(#".library(name: "Kit/Extra", targets: ["Kit_Extra"]),"#), manifest)
        let extra = "            name: \"Kit_Extra\",\n            dependencies: [\"Kit_Core\"],\n            path: \"_local/Kit\",\n"
            + "            exclude: [\"README.md\", \"Sources/Core\"],\n            sources: [\"Sources/Extra/Extra.swift\"]\n"
        XCTAssertTrue(manifest.contains(extra), manifest)
        XCTAssertEqual(try project.deps("check").status, 0)

        // The whole package: its default subspec, and a product made of it.
        try project.depsfile(["Kit": ""])
        let whole = try project.deps("install")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).hasPrefix("PACKAGES:\n  - Kit (1.0.0):\n    - Kit/Core (= 1.0.0)\n  - Kit/Core (1.0.0)\n\n"))
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains(#".library(name: "Kit", targets: ["Kit_Core"]),"#))
    }
}
