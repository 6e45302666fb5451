import Foundation
import XCTest

/// BEHAVIOUR 8.4 with packages shaped like real pods, made here: a C pod with a header folder,
/// definitions, includes of its own headers and a privacy manifest, fetched from git; a Swift + C
/// pod split in two; an Objective-C pod with `[mh]` globs, public headers, subspecs, per-platform
/// frameworks, a vendored `.xcframework` and a `prepare_command`. SwiftPM accepts the sandbox, and
/// an app builds and runs with the C and the split pod on Linux.
final class PodShapesBuildTests: XCTestCase {
    func podspec(_ name: String, _ fields: String) -> String {
        "{\n  \"name\": \"\(name)\",\n  \"version\": \"1.0.0\",\n  \"summary\": \"\(name) for tests\",\n\(fields)\n}\n"
    }

    func makeProject() throws -> TemporaryProject {
        let project = try TemporaryProject(self, inProcess: true)
        // Ccalc: a C library in its own git repository.
        try project.write("Code/Ccalc/include/ccalc/ccalc.h", "int ccalc_add(int a, int b);\nint ccalc_scaled(int a);\n")
        try project.write("Code/Ccalc/src/ccalc.c", """
            #include <CalcKit/ccalc.h>
            #include "scale.h"
            #include <math.h>
            int ccalc_add(int a, int b) { return a + b; }
            int ccalc_scaled(int a) { return (int)fabs((double)(a * CCALC_FACTOR + CCALC_OFFSET + SCALE_ZERO)); }

            """)
        try project.write("Code/Ccalc/src/internal/scale.h", "#define SCALE_ZERO 0\n")
        try project.write("Code/Ccalc/src/ccalc_test.c", "#error excluded by exclude_files\n")
        try project.write("Code/Ccalc/Resources/PrivacyInfo.xcprivacy", "<plist version=\"1.0\"><dict/></plist>\n")
        // A second bundle with a privacy manifest of the same name (as GTMSessionFetcher's Core and Full).
        try project.write("Code/Ccalc/Extra/PrivacyInfo.xcprivacy", "<plist version=\"1.0\"><dict><key>Extra</key><true/></dict></plist>\n")
        try project.write("Code/Ccalc/README.md", "Ccalc\n")
        let repository = project.root + "/Code/Ccalc"
        for arguments in [["init", "--quiet", "--initial-branch=main"], ["add", "-A"], ["commit", "--quiet", "-m", "Ccalc 1.0.0"], ["tag", "1.0.0"]] {
            try tool(["git"] + arguments, in: repository, environment: TestGitRepository.identity)
        }
        try project.write("Specs/Specs/Ccalc/1.0.0/Ccalc.podspec.json", podspec("Ccalc", """
              "source": {"git": "file://\(repository)", "tag": "1.0.0"},
              "platforms": {"ios": "15.0", "osx": "10.13"},
              "module_name": "Ccalc",
              "header_dir": "CalcKit",
              "source_files": ["src/**/*.[ch]", "include/**/*.h"],
              "public_header_files": "include/**/*.h",
              "exclude_files": "**/*_test.c",
              "libraries": "m",
              "compiler_flags": "-DCCALC_OFFSET=1",
              "pod_target_xcconfig": {"GCC_PREPROCESSOR_DEFINITIONS": "$(inherited) CCALC_FACTOR=3", "DEFINES_MODULE": "YES"},
              "resource_bundles": {"Ccalc_Privacy": ["Resources/PrivacyInfo.xcprivacy"], "Ccalc_Extra": "Extra/PrivacyInfo.xcprivacy"}
            """))

        // Mixed: Swift over its own C half, which includes its dependency's header by name alone.
        try project.write("Code/Mixed/Sources/Core/mixed_core.h", "int mixed_twice(int x);\n")
        try project.write("Code/Mixed/Sources/Core/mixed_core.c", "#include \"ccalc.h\"\n#include <Mixed/mixed_core.h>\nint mixed_twice(int x) { return ccalc_add(x, x); }\n")
        try project.write("Code/Mixed/Sources/Mixed.swift", "public func mixedDouble(_ x: Int32) -> Int32 { mixed_twice(x) }\n")
        try project.write("Specs/Specs/Mixed/1.0.0/Mixed.podspec.json", podspec("Mixed", """
              "source": {"path": "../Code/Mixed"},
              "source_files": "Sources/**/*.{swift,h,c}",
              "dependencies": {"Ccalc": ["~> 1.0"]}
            """))

        // Widget: Objective-C with subspecs, a binary framework and what deps cannot run.
        try project.write("Code/Widget/Classes/Public/Widget.h", "#import <Foundation/Foundation.h>\n@interface Widget : NSObject\n@end\n")
        try project.write("Code/Widget/Classes/Widget.m", "#import \"Widget.h\"\n@implementation Widget\n@end\n")
        try project.write("Code/Widget/Classes/UI/WidgetView.m", "#import <WidgetKit/Widget.h>\n#import <Widget/Widget.h>\n")
        try project.write("Code/Widget/Classes/UI/notes.txt", "not a source\n")
        try project.write("Code/Widget/Frameworks/WidgetCore.xcframework/Info.plist", Self.xcframeworkPlist)
        try project.write("Code/Widget/Privacy/PrivacyInfo.xcprivacy", "<plist version=\"1.0\"><dict/></plist>\n")
        try project.write("Specs/Specs/Widget/1.0.0/Widget.podspec.json", podspec("Widget", """
              "source": {"path": "../Code/Widget"},
              "platforms": {"ios": "13.0"},
              "module_name": "Widget",
              "header_dir": "WidgetKit",
              "prepare_command": "make generated",
              "resource_bundles": {"Widget": "Privacy/PrivacyInfo.xcprivacy"},
              "subspecs": [
                {"name": "Core", "public_header_files": "Classes/Public/*.h",
                 "vendored_frameworks": "Frameworks/WidgetCore.xcframework",
                 "source_files": ["Classes/*.[mh]", "Classes/Public/*.h"],
                 "ios": {"frameworks": "UIKit"}, "osx": {"frameworks": ["AppKit"]}},
                {"name": "UI", "source_files": "Classes/UI/*.{H,M}", "dependencies": {"Widget/Core": []}}
              ]
            """))
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Mixed:\n  Widget/UI:\n")
        try project.write("App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(path: "Deps")],
                targets: [.executableTarget(name: "App", dependencies: [
                    .product(name: "Ccalc", package: "Deps"), .product(name: "Mixed", package: "Deps"),
                ])]
            )

            """)
        try project.write("App/Sources/App/main.swift", "import Ccalc\nimport Mixed\nprint(ccalc_add(2, 3), ccalc_scaled(2), mixedDouble(21))\n")
        return project
    }

    static let xcframeworkPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>AvailableLibraries</key><array><dict>
        <key>LibraryIdentifier</key><string>ios-arm64</string><key>LibraryPath</key><string>WidgetCore.framework</string>
        <key>SupportedArchitectures</key><array><string>arm64</string></array><key>SupportedPlatform</key><string>ios</string>
        </dict></array>
        <key>CFBundlePackageType</key><string>XFWK</string><key>XCFrameworkFormatVersion</key><string>1.0</string>
        </dict></plist>

        """

    func swift(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let log = NSTemporaryDirectory() + "deps-swift-" + UUID().uuidString + ".txt"
        defer { try? FileManager.default.removeItem(atPath: log) }
        return try runLogged(["swift"] + arguments, in: directory, environment: ProcessInfo.processInfo.environment, log: log)
    }

    func testPodShapedPackagesBuildAsTheirSpecsSay() throws {
        let project = try makeProject()
        let cache = project.root + "/cache"
        let install = try project.deps(["install"], cache: cache)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stderr.hasSuffix("warning: Widget: prepare_command is not in Deps/Package.swift (deps does not run it)\n"),
                      install.stderr)

        let manifest = try project.read("App/Deps/Package.swift")
        for expected in [
            #"platforms: [.iOS("15.0")],"#,
            #".library(name: "Ccalc", targets: ["Ccalc"]),"#,
            #".library(name: "Mixed", targets: ["Mixed", "Mixed_C"]),"#,
            #".library(name: "Widget", targets: ["Widget", "WidgetCore"]),"#,
            #"path: "_targets/Ccalc","#, #"sources: ["code/src/ccalc.c"],"#, #"publicHeadersPath: "include""#,
            #".process("code/Extra/PrivacyInfo.xcprivacy"),"#, #".define("CCALC_OFFSET", to: "1"),"#,
            #"name: "Ccalc_Privacy","#, #"path: "_targets/Ccalc_Privacy","#, #"sources: ["deps-placeholder.c"],"#,
            #".process("code/Resources/PrivacyInfo.xcprivacy"),"#, #"dependencies: ["Ccalc_Privacy"],"#,
            #".define("CCALC_FACTOR", to: "3"),"#, #".linkedLibrary("m"),"#,
            #".headerSearchPath("../Ccalc/include/CalcKit"),"#,
            #""-import-module","#, #""Mixed_C","#,
            #".linkedFramework("UIKit", .when(platforms: [.iOS])),"#, #".linkedFramework("AppKit", .when(platforms: [.macOS])),"#,
            #".binaryTarget(name: "WidgetCore", path: "_local/Widget/Frameworks/WidgetCore.xcframework"),"#,
            #".process("code/Privacy/PrivacyInfo.xcprivacy"),"#,
            #"sources: ["code/Classes/UI/WidgetView.m", "code/Classes/Widget.m"],"#,
        ] {
            XCTAssertTrue(manifest.contains(expected), "\(expected)\n\(manifest)")
        }
        XCTAssertTrue(manifest.contains(#""code/src/ccalc_test.c","#), "exclude_files leaves the test file out of the sources")
        // The header layout: links into the code, never copies.
        let layout = project.app + "/Deps/_targets"
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: layout + "/Ccalc/code"), "../../Ccalc")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: layout + "/Ccalc/include/CalcKit/ccalc.h"),
                       "../../code/include/ccalc/ccalc.h")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: layout + "/Ccalc/headers/scale.h"),
                       "../code/src/internal/scale.h")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: layout + "/Widget/code"), "../../_local/Widget")
        XCTAssertTrue(FileManager.default.fileExists(atPath: layout + "/Widget/include/WidgetKit/Widget.h"))
        // Its own sources find its headers by name and by module path, as CocoaPods' header maps let them.
        XCTAssertTrue(FileManager.default.fileExists(atPath: layout + "/Widget/headers/Widget.h"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: layout + "/Widget/headers/Widget/Widget.h"))

        let describe = try swift(["package", "describe"], in: project.app + "/Deps")
        XCTAssertEqual(describe.status, 0, describe.output)
        XCTAssertFalse(describe.output.contains("warning:"), describe.output)
        XCTAssertFalse(describe.output.contains("error:"), describe.output)

        let build = try swift(["build", "--scratch-path", project.root + "/build"], in: project.app)
        XCTAssertEqual(build.status, 0, build.output)
        XCTAssertEqual(try tool([project.root + "/build/debug/App"]), "5 7 42")
        // Each privacy manifest is at the root of a bundle of its own, as CocoaPods' bundles had them.
        XCTAssertEqual(try project.read("build/debug/Deps_Ccalc.resources/PrivacyInfo.xcprivacy"),
                       try project.read("Code/Ccalc/Extra/PrivacyInfo.xcprivacy"))
        XCTAssertEqual(try project.read("build/debug/Deps_Ccalc_Privacy.resources/PrivacyInfo.xcprivacy"),
                       try project.read("Code/Ccalc/Resources/PrivacyInfo.xcprivacy"))

        // A no-op install rewrites nothing and repeats no warning.
        let stamp = try FileManager.default.attributesOfItem(atPath: project.app + "/Deps/Package.swift")[.modificationDate] as? Date
        let again = try project.deps(["install"], cache: cache)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("warning"), again.stderr)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: project.app + "/Deps/Package.swift")[.modificationDate] as? Date, stamp)

        // Without Widget, its layout goes with it.
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Mixed:\n")
        XCTAssertEqual(try project.deps(["install"], cache: cache).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: layout + "/Widget"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: layout + "/Ccalc/include/CalcKit/ccalc.h"))
    }

    func testAPodWhoseCHalfUsesItsSwiftHalfIsRefusedNamingBothFiles() throws {
        let project = try TemporaryProject(self, inProcess: true)
        try project.write("Code/Knot/Sources/knot.m", "#import \"Knot-Swift.h\"\n")
        try project.write("Code/Knot/Sources/Knot.swift", "public let knot = 1\n")
        try project.write("Specs/Specs/Knot/1.0.0/Knot.podspec.json", podspec("Knot", """
              "source": {"path": "../Code/Knot"},
              "source_files": "Sources/*"
            """))
        try project.write("App/Depsfile", "sources:\n  - ../Specs\ndependencies:\n  Knot:\n")
        let install = try project.deps(["install"], cache: project.root + "/cache")
        XCTAssertEqual(install.status, 65, install.stderr)
        XCTAssertTrue(install.stderr.contains(
            "Knot: its Swift and C-family sources use each other (Sources/knot.m includes Knot-Swift.h, and Sources/Knot.swift is Swift)"),
            install.stderr)
        XCTAssertFalse(project.exists("App/Deps/Package.swift"))
    }
}
