import Foundation
import XCTest

/// Subspecs end to end (BEHAVIOUR 2.4, 8.4): a YAML spec with subspecs, the lock's entries, one
/// sandbox folder for the package, and one module made of the used subspecs in Deps/Package.swift.
final class SubspecInstallTests: XCTestCase {
    /// A team's local pod taken in part (`pod 'Gadget/Cache', :path => '../LocalPods/Gadget'`): its
    /// spec is the package's, `Gadget.yaml`, never `Gadget/Cache.yaml` (it was looked for there).
    func testAPathSourceNamedByASubspecReadsThePackagesSpec() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("LocalPods/Gadget/Sources/Cache/Cache.swift", "public let cache = 1\n")
        try project.write("LocalPods/Gadget/Sources/Net/Net.swift", "public let net = 2\n")
        try project.write("LocalPods/Gadget/Gadget.yaml", """
            name: Gadget
            version: 0.3.0
            source:
              path: .
            subspecs:
              - name: Cache
                source_files: Sources/Cache/*.swift
              - name: Net
                source_files: Sources/Net/*.swift

            """)
        try project.write("App/Depsfile", "dependencies:\n  Gadget/Cache:\n    path: ../LocalPods/Gadget\n")
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "Installing Gadget/Cache (0.3.0)\n1 dependency from the Depsfile, 1 total package locked.\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.contains("EXTERNAL SOURCES:\n  Gadget:\n    path: ../LocalPods/Gadget\n"), lock)
        XCTAssertTrue(try project.read("App/Deps/Package.swift").contains("\"Sources/Cache/Cache.swift\""))
        XCTAssertEqual(try project.deps("check").status, 0)
    }

    func testUsedSubspecsBuildOneModuleNamedAfterThePackage() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("Code/Kit/Sources/Core/Core.swift", "public let core = 1\n")
        try project.write("Code/Kit/Sources/Extra/Extra.swift", "public let extra = core + 1\n")
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
        XCTAssertTrue(manifest.contains(#".library(name: "Kit", targets: ["Kit"]),"#), manifest)
        let kit = "            name: \"Kit\",\n            dependencies: [],\n            path: \"_local/Kit\",\n"
            + "            exclude: [\"README.md\"],\n            sources: [\"Sources/Core/Core.swift\", \"Sources/Extra/Extra.swift\"]\n"
        XCTAssertTrue(manifest.contains(kit), manifest)
        XCTAssertEqual(try project.deps("check").status, 0)

        // The whole package: its default subspec, and a product made of it.
        try project.depsfile(["Kit": ""])
        let whole = try project.deps("install")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(try XCTUnwrap(project.lockfile).hasPrefix("PACKAGES:\n  - Kit (1.0.0):\n    - Kit/Core (= 1.0.0)\n  - Kit/Core (1.0.0)\n\n"))
        let core = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(core.contains(#".library(name: "Kit", targets: ["Kit"]),"#), core)
        XCTAssertTrue(core.contains(#"exclude: ["README.md", "Sources/Extra"],"#), core)
    }

    /// A subspec's own subspec (`Kit/UI/Button`, as CocoaPods allows): resolved with the subspec
    /// holding it, locked by its whole name, built into the package's one module.
    func testASubspecOfASubspecIsLockedByItsWholeNameAndBuiltIntoTheModule() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("Code/Kit/Sources/Core/Core.swift", "public let core = 1\n")
        try project.write("Code/Kit/Sources/UI/View.swift", "public let view = core + 1\n")
        try project.write("Code/Kit/Sources/UI/Button/Button.swift", "public let button = view + 1\n")
        try project.write("Code/Kit/Sources/UI/Slider/Slider.swift", "public let slider = view + 2\n")
        try project.write("Specs/Kit/1.0.0.yaml", """
            name: Kit
            version: 1.0.0
            source:
              path: ../Code/Kit
            subspecs:
              - name: Core
                source_files: Sources/Core/*.swift
              - name: UI
                source_files: Sources/UI/*.swift
                dependencies:
                  Kit/Core:
                subspecs:
                  - name: Button
                    source_files: Sources/UI/Button/*.swift
                  - name: Slider
                    source_files: Sources/UI/Slider/*.swift

            """)
        try project.depsfile(["Kit/UI/Button": ""])
        let install = try project.deps("install")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "Installing Kit/Core (1.0.0)\nInstalling Kit/UI/Button (1.0.0)\n"
            + "1 dependency from the Depsfile, 2 total packages locked.\n")
        let lock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(lock.hasPrefix("PACKAGES:\n  - Kit/Core (1.0.0)\n  - Kit/UI/Button (1.0.0):\n    - Kit/Core\n\nDEPENDENCIES:\n  - Kit/UI/Button\n"), lock)
        let manifest = try project.read("App/Deps/Package.swift")
        XCTAssertTrue(manifest.contains(#"exclude: ["Sources/UI/Slider"],"#), manifest)
        XCTAssertTrue(manifest.contains(#""Sources/UI/Button/Button.swift","#), manifest)
        XCTAssertEqual(try project.deps("check").status, 0)

        // The subspec that holds it brings every subspec inside it.
        try project.depsfile(["Kit/UI": ""])
        let whole = try project.deps("install")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let uiLock = try XCTUnwrap(project.lockfile)
        XCTAssertTrue(uiLock.contains("  - Kit/UI/Slider (1.0.0):\n"), uiLock)
    }
}
