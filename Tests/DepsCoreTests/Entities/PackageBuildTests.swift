@testable import DepsCore
import XCTest

/// What a package builds (BEHAVIOUR 8.4): CocoaPods' file, header, resource, binary and setting
/// attributes turned into one module per package.
final class PackageBuildTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func globs(_ patterns: String...) -> [SourceFileGlob] { patterns.map { try! SourceFileGlob($0) } }

    func spec(
        _ packageName: String = "Kit", moduleName: String? = nil, build: BuildAttributes, platformBuild: [String: BuildAttributes] = [:],
        subspecs: [Subspec] = [], defaults: [String] = [], platforms: [String: Version?] = [:]
    ) -> Specification {
        Specification(
            name: name(packageName), version: try! Version("1.0"), checksum: "x", moduleName: moduleName, subspecs: subspecs,
            defaultSubspecs: defaults, platforms: platforms, build: build, platformBuild: platformBuild)
    }

    func build(
        _ specification: Specification, files: [String], subspecs: [[String]] = [], platform: Platform? = nil,
        contents: [String: String] = [:]
    ) throws -> PackageBuild {
        try PackageBuild(
            specification: specification, subspecs: subspecs, platform: platform, folder: .fetched(specification.name),
            files: files) { contents[$0].map { Array($0.utf8) } }
    }

    /// A file's extension is its last name's, after the last dot that does not start the name.
    func testAFilesExtensionIsItsLastNamesAfterTheLastDot() {
        let cases = [
            ("Sources/A/File.swift", "swift"), ("File.tar.gz", "gz"), ("a.b/File", ""), ("Sources/.hidden", ""),
            ("Sources/A/File.m/", "m"), ("File.", ""), ("", ""), ("/", ""), ("./", ""), ("Dé.jà/Été.Swift", "Swift"),
        ]
        for (path, ext) in cases { XCTAssertEqual(PackageBuild.fileExtension(path), ext, path) }
    }

    func testGlobsMatchCharacterClassesAndAlternativesWhateverTheCase() throws {
        let classes = try SourceFileGlob("Sources/**/*.[mh]")
        XCTAssertTrue(classes.matches("Sources/A.m"))
        XCTAssertTrue(classes.matches("Sources/x/B.H"))
        XCTAssertFalse(classes.matches("Sources/C.c"))
        XCTAssertFalse(classes.matches("Sources/C.mm"))
        let negated = try SourceFileGlob("*.[!h]")
        XCTAssertTrue(negated.matches("a.m"))
        XCTAssertFalse(negated.matches("a.h"))
        let range = try SourceFileGlob("v[0-9].txt")
        XCTAssertTrue(range.matches("v7.txt"))
        XCTAssertFalse(range.matches("vx.txt"))
        let alternatives = try SourceFileGlob("GoogleUtilities/{Logger,Environment}/**/*.{h,m}")
        XCTAssertTrue(alternatives.matches("GoogleUtilities/Logger/Public/GULLogger.h"))
        XCTAssertTrue(alternatives.matches("googleutilities/environment/x.M"))
        XCTAssertFalse(alternatives.matches("GoogleUtilities/Network/x.m"))
        // An unclosed `[` is an ordinary character.
        XCTAssertTrue(try SourceFileGlob("a[b").matches("a[b"))
        // `**` not followed by `/` is `*`, as Ruby's fnmatch reads it; `/**/` is any number of folders.
        XCTAssertTrue(try SourceFileGlob("Tests/**").matches("Tests/a.m"))
        XCTAssertFalse(try SourceFileGlob("Tests/**").matches("Tests/x/a.m"))
        XCTAssertTrue(try SourceFileGlob("Tests/**/*.m").matches("Tests/a.m"))
        XCTAssertTrue(try SourceFileGlob("Tests/**/*.m").matches("Tests/x/y/a.m"))
    }

    func testExcludeFilesTakeFilesAndWholeFoldersOut() throws {
        let specification = spec(build: BuildAttributes(
            sourceFiles: globs("Sources/**/*.swift"), excludeFiles: globs("Sources/Platform", "**/*Tests.swift")))
        let built = try build(specification, files: [
            "Sources/A.swift", "Sources/Platform/Linux.swift", "Sources/Platform/x/Deep.swift", "Sources/ATests.swift", "README.md",
        ])
        XCTAssertEqual(built.swiftSources, ["Sources/A.swift"])
        XCTAssertNil(built.cFamily)
        XCTAssertEqual(built.modules, ["Kit"])
    }

    func testPublicHeadersAreIncludedThroughTheHeaderDirectoryAndPrivateOnesAreNot() throws {
        let specification = spec(build: BuildAttributes(
            sourceFiles: globs("Classes/**/*.{h,m}"), publicHeaderFiles: globs("Classes/Public/*.h"),
            privateHeaderFiles: globs("Classes/Public/Secret.h"), headerDir: "WidgetKit"))
        let built = try build(specification, files: [
            "Classes/Public/Widget.h", "Classes/Public/Secret.h", "Classes/Internal/Helper.h", "Classes/Widget.m",
        ])
        let part = try XCTUnwrap(built.cFamily)
        XCTAssertEqual(part.sources, ["Classes/Widget.m"])
        XCTAssertEqual(part.headers, ["Classes/Internal/Helper.h", "Classes/Public/Secret.h", "Classes/Public/Widget.h"])
        XCTAssertEqual(part.publicHeaders, [PublicHeader(file: "Classes/Public/Widget.h", includedAs: "WidgetKit/Widget.h")])
        XCTAssertEqual(part.headerDirectory, "WidgetKit")
        // CocoaPods names the module after header_dir when the spec has no module_name.
        XCTAssertEqual(built.module, "WidgetKit")
        XCTAssertTrue(part.isObjectiveC)

        // header_mappings_dir keeps the folders below it; `./` as header_dir is the include root.
        let mapped = spec(build: BuildAttributes(
            sourceFiles: globs("include/**/*.h", "src/*.c"), headerDir: "./", headerMappingsDir: "include"))
        let mappedBuild = try build(mapped, files: ["include/kit/a.h", "include/b.h", "src/a.c"])
        XCTAssertEqual(mappedBuild.cFamily?.publicHeaders.map(\.includedAs), ["b.h", "kit/a.h"])
        XCTAssertEqual(mappedBuild.module, "Kit")
    }

    func testUsedSubspecsMakeOneModuleWithTheirNestedSubspecsAndInheritedHeaderDirectory() throws {
        let specification = spec(
            moduleName: "Kit",
            build: BuildAttributes(headerDir: "KitHeaders", frameworks: ["Foundation"]),
            subspecs: [
                Subspec(name: "Core", build: BuildAttributes(sourceFiles: globs("Core/*.{h,m}"))),
                Subspec(name: "UI", dependencies: [Dependency(name("Kit/Core"), .any), Dependency(name("Other"), .any)],
                        subspecs: [Subspec(name: "Button", build: BuildAttributes(sourceFiles: globs("UI/Button/*.m"), frameworks: ["UIKit"]))],
                        build: BuildAttributes(sourceFiles: globs("UI/*.m"))),
                Subspec(name: "Unused", build: BuildAttributes(sourceFiles: globs("Unused/*.m"))),
            ],
            defaults: ["Core"])
        let files = ["Core/Core.h", "Core/Core.m", "UI/View.m", "UI/Button/Button.m", "Unused/U.m"]
        let built = try build(specification, files: files, subspecs: [["UI"], ["Core"]])
        XCTAssertEqual(built.module, "Kit")
        XCTAssertEqual(built.cFamily?.sources, ["Core/Core.m", "UI/Button/Button.m", "UI/View.m"])
        XCTAssertEqual(built.cFamily?.publicHeaders.map(\.includedAs), ["KitHeaders/Core.h"])
        XCTAssertEqual(Set(built.linked.map(\.name)), ["Foundation", "UIKit"])
        XCTAssertEqual(built.dependencies, [name("Other")])

        // A nested subspec used alone brings the subspecs on its way, not its siblings.
        let button = try build(specification, files: files, subspecs: [["UI", "Button"]])
        XCTAssertEqual(button.cFamily?.sources, ["UI/Button/Button.m", "UI/View.m"])
    }

    func testAPlatformsPartAppliesForTheDepsfilesPlatformAndOnlyItsSettingsWithoutOne() throws {
        let specification = spec(
            build: BuildAttributes(sourceFiles: globs("Sources/*.swift")),
            platformBuild: [
                "ios": BuildAttributes(sourceFiles: globs("iOS/*.swift"), frameworks: ["UIKit"],
                                       buildSettings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "KIT_IOS"]),
                "osx": BuildAttributes(sourceFiles: globs("macOS/*.swift"), frameworks: ["AppKit"]),
            ])
        let files = ["Sources/A.swift", "iOS/Touch.swift", "macOS/Mouse.swift"]
        let ios = try build(specification, files: files, platform: Platform(name: "ios", deploymentTarget: try Version("15.0")))
        XCTAssertEqual(ios.swiftSources, ["Sources/A.swift", "iOS/Touch.swift"])
        XCTAssertEqual(ios.linked, [LinkedItem(kind: .framework, name: "UIKit")])
        XCTAssertEqual(ios.swiftConditions, [Define(name: "KIT_IOS")])

        let anywhere = try build(specification, files: files)
        XCTAssertEqual(anywhere.swiftSources, ["Sources/A.swift"])
        XCTAssertEqual(Set(anywhere.linked), [
            LinkedItem(kind: .framework, name: "UIKit", platforms: ["ios"]), LinkedItem(kind: .framework, name: "AppKit", platforms: ["osx"]),
        ])
        XCTAssertEqual(anywhere.swiftConditions, [Define(name: "KIT_IOS", platforms: ["ios"])])
    }

    func testBuildSettingsBecomeDefinitionsConditionsHeaderFoldersAndStandardsAndTheRestWarnings() throws {
        let specification = spec(build: BuildAttributes(
            sourceFiles: globs("src/*.{c,h}", "include/*.h"), libraries: ["libz", "c++"], compilerFlags: ["-DKIT_FAST=1", "-Wno-comma"],
            buildSettings: [
                "GCC_PREPROCESSOR_DEFINITIONS": #"$(inherited) PB_FIELD_32BIT=1 KIT_NAME=\"kit\" KIT_ON"#,
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) KIT_SWIFT",
                "OTHER_SWIFT_FLAGS": "-D KIT_A -DKIT_B",
                "HEADER_SEARCH_PATHS": #""$(PODS_TARGET_SRCROOT)/include" "${PODS_ROOT}/nanopb" /usr/include/x"#,
                "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
                "DEFINES_MODULE": "YES",
                "INFOPLIST_KEY_X": "y",
            ],
            uncarried: ["prepare_command"]))
        let built = try build(specification, files: ["src/kit.c", "src/kit.h", "include/kit_api.h"])
        XCTAssertEqual(built.defines, [
            Define(name: "KIT_FAST", value: "1"), Define(name: "PB_FIELD_32BIT", value: "1"), Define(name: "KIT_NAME", value: "\"kit\""),
            Define(name: "KIT_ON"),
        ])
        XCTAssertEqual(built.cFlags, ["-Wno-comma"])
        XCTAssertEqual(built.swiftConditions.map(\.name), ["KIT_A", "KIT_B", "KIT_SWIFT"])
        XCTAssertEqual(built.headerSearchPaths, ["include", "../nanopb"])
        XCTAssertEqual(built.linked, [
            LinkedItem(kind: .library, name: "z"), LinkedItem(kind: .library, name: "c++", platforms: ["ios", "osx", "tvos", "watchos", "visionos"]),
        ])
        XCTAssertEqual(built.cxxLanguageStandard, "c++17")
        XCTAssertEqual(built.warnings.map(\.attribute), [
            "prepare_command", "pod_target_xcconfig HEADER_SEARCH_PATHS /usr/include/x", "pod_target_xcconfig INFOPLIST_KEY_X",
        ])
    }

    func testSwiftAndCFamilySourcesSplitUnlessTheCHalfUsesTheSwiftHalf() throws {
        let specification = spec("Mixed", build: BuildAttributes(sourceFiles: globs("Sources/**/*.{swift,h,m}")))
        let files = ["Sources/Runtime/_RX.h", "Sources/Runtime/_RX.m", "Sources/Kit.swift"]
        let built = try build(specification, files: files)
        XCTAssertEqual(built.swiftSources, ["Sources/Kit.swift"])
        XCTAssertEqual(built.cFamily?.sources, ["Sources/Runtime/_RX.m"])
        XCTAssertEqual(built.cFamilyModule, "Mixed_ObjC")
        XCTAssertEqual(built.modules, ["Mixed", "Mixed_ObjC"])

        XCTAssertThrowsError(try build(
            specification, files: files, contents: ["Sources/Runtime/_RX.m": "#import \"Mixed-Swift.h\"\n"])) { error in
            XCTAssertEqual(
                error as? SandboxIntegrationError,
                SandboxIntegrationError(
                    name: try! PackageName("Mixed"),
                    .languagesUseEachOther(file: "Sources/Runtime/_RX.m", swiftHeader: "Mixed-Swift.h", swiftFile: "Sources/Kit.swift")))
        }
    }

    func testResourcesBundlesAndBinaries() throws {
        let specification = spec(build: BuildAttributes(
            sourceFiles: globs("Sources/*.swift"), resources: globs("Assets/*.bundle"),
            resourceBundles: [
                ResourceBundle(name: "Kit_Privacy", patterns: globs("Sources/PrivacyInfo.xcprivacy")),
                ResourceBundle(name: "Kit_Extra", patterns: globs("Extra/PrivacyInfo.xcprivacy")),
            ],
            vendoredFrameworks: globs("Frameworks/*.xcframework", "Frameworks/Old.framework"), vendoredLibraries: globs("lib/*.a")))
        let built = try build(specification, files: [
            "Sources/A.swift", "Sources/PrivacyInfo.xcprivacy", "Extra/PrivacyInfo.xcprivacy", "Assets/Kit.bundle/a.png",
            "Assets/Kit.bundle/b/c.png", "Frameworks/Kit.xcframework/Info.plist", "Frameworks/Core.xcframework/Info.plist",
            "Frameworks/Old.framework/Old", "lib/libfast.a",
        ])
        XCTAssertEqual(built.resources, [
            BuildResource(path: "Assets/Kit.bundle", isFolder: true), BuildResource(path: "Extra/PrivacyInfo.xcprivacy", isFolder: false),
        ])
        // Bundles are read in the order of their names: the second privacy manifest of one name
        // becomes a bundle of its own, so that both are kept, each at its bundle's root.
        XCTAssertEqual(built.resourceTargets, [
            ResourceTarget(bundle: "Kit_Privacy", module: "Kit_Privacy", resources: [BuildResource(path: "Sources/PrivacyInfo.xcprivacy", isFolder: false)]),
        ])
        XCTAssertEqual(built.warnings, [])
        XCTAssertEqual(built.binaries, [
            VendoredBinary(path: "Frameworks/Core.xcframework", kind: .xcframework, binaryName: "Core", module: "Core"),
            VendoredBinary(path: "Frameworks/Kit.xcframework", kind: .xcframework, binaryName: "Kit", module: "Kit_Kit_Binary"),
            VendoredBinary(path: "Frameworks/Old.framework", kind: .framework, binaryName: "Old", module: "Old"),
            VendoredBinary(path: "lib/libfast.a", kind: .staticLibrary, binaryName: "fast", module: "fast"),
        ])
        XCTAssertEqual(built.modules, ["Kit", "Core", "Kit_Kit_Binary"])

        // A package of binaries alone builds; one of nothing is refused, naming its patterns.
        let binaryOnly = spec(build: BuildAttributes(sourceFiles: [], vendoredFrameworks: globs("Kit.xcframework")))
        XCTAssertEqual(try build(binaryOnly, files: ["Kit.xcframework/Info.plist"]).modules, ["Kit_Kit_Binary"])
        XCTAssertThrowsError(try build(spec(build: BuildAttributes(sourceFiles: globs("src/*.c"))), files: ["README.md"])) {
            XCTAssertEqual($0 as? SandboxIntegrationError, SandboxIntegrationError(name: try! PackageName("Kit"), .sourcesMatchNothing(patterns: ["src/*.c"])))
        }
    }

    func testTheSandboxsPlatformsAreTheDepsfilesOrElseTheHighestEachSpecAsks() throws {
        let a = try build(spec("A", build: BuildAttributes(sourceFiles: globs("*.swift")), platforms: ["ios": try Version("13.0"), "osx": nil]),
                          files: ["a.swift"])
        let b = try build(spec("B", build: BuildAttributes(sourceFiles: globs("*.swift")), platforms: ["ios": try Version("15.0"), "osx": try Version("11.0")]),
                          files: ["b.swift"])
        XCTAssertEqual(SandboxPackageManifest(packages: [a, b]).platforms, ["ios": try Version("15.0"), "osx": try Version("11.0")])
        XCTAssertEqual(SandboxPackageManifest(packages: [a, b], platform: Platform(name: "ios", deploymentTarget: try Version("16.0"))).platforms,
                       ["ios": try Version("16.0")])
    }

    func testAPackageThatNamesNoFileIsAnUmbrellaOfItsDependencies() throws {
        let umbrella = spec("Firebase", build: BuildAttributes(), subspecs: [
            Subspec(name: "Core", dependencies: [Dependency(name("FirebaseCore"), .any)]),
        ])
        let built = try build(umbrella, files: ["README.md"], subspecs: [["Core"]])
        XCTAssertEqual(built.modules, [])
        XCTAssertEqual(built.dependencies, [name("FirebaseCore")])
        let core = try build(spec("FirebaseCore", build: BuildAttributes(sourceFiles: globs("*.swift"))), files: ["Core.swift"])
        XCTAssertEqual(SandboxPackageManifest(packages: [built, core]).modules(of: name("Firebase")), ["FirebaseCore"])
    }

    func testAPatternNamingAFolderTakesTheSourcesDirectlyInItAndPublicHeadersFallBackToAll() throws {
        let specification = spec(build: BuildAttributes(
            sourceFiles: globs("Classes", "Other/*"), excludeFiles: globs("Classes/Skip"), publicHeaderFiles: globs("Classes/Nothing/*.h")))
        let built = try build(specification, files: [
            "Classes/A.m", "Classes/A.h", "Classes/Sub/B.m", "Classes/Skip/C.m", "Other/D.m", "Other/Deep/E.m",
        ])
        // `Classes` takes its own sources, not its folders'; `Other/*` matches within one folder.
        XCTAssertEqual(built.cFamily?.sources, ["Classes/A.m", "Other/D.m"])
        // `public_header_files` that matches nothing makes every header public, as CocoaPods does.
        XCTAssertEqual(built.cFamily?.publicHeaders.map(\.includedAs), ["Kit/A.h"])
    }

    func testOnePlatformsFlagsWaitForTheDepsfilesPlatform() throws {
        let specification = spec(
            build: BuildAttributes(sourceFiles: globs("*.c")),
            platformBuild: ["ios": BuildAttributes(compilerFlags: ["-DIOS_ONLY", "-fmodules"], buildSettings: ["OTHER_CFLAGS": "-fno-autolink"])])
        let anywhere = try build(specification, files: ["a.c"])
        XCTAssertEqual(anywhere.defines, [Define(name: "IOS_ONLY", platforms: ["ios"])])
        XCTAssertEqual(anywhere.cFlags, [])
        XCTAssertEqual(anywhere.warnings.map(\.attribute), ["compiler_flags -fmodules (ios)", "pod_target_xcconfig OTHER_CFLAGS (ios)"])
        let ios = try build(specification, files: ["a.c"], platform: Platform(name: "ios", deploymentTarget: nil))
        XCTAssertEqual(ios.cFlags, ["-fmodules", "-fno-autolink"])
        XCTAssertEqual(ios.warnings, [])
    }

    func testTwoPackagesOfOneModuleNameAreRefused() throws {
        let lock = Lockfile(
            packages: [LockedPackage(name: name("leveldb"), version: try Version("1.0"), dependencies: []),
                       LockedPackage(name: name("leveldb-library"), version: try Version("1.0"), dependencies: [])],
            dependencies: [], specRepos: [], externalSources: [:], specChecksums: [:], depsfileChecksum: "", depsVersion: "")
        let specifications = [
            name("leveldb"): spec("leveldb", build: BuildAttributes(sourceFiles: globs("*.c"))),
            name("leveldb-library"): spec("leveldb-library", build: BuildAttributes(sourceFiles: globs("*.c"), headerDir: "leveldb")),
        ]
        XCTAssertThrowsError(try SandboxPackageManifest(
            lock: lock, specifications: specifications, codeSources: [:], platform: nil, files: { _ in ["a.c"] }, contents: { _, _ in nil })
        ) {
            XCTAssertEqual(
                $0 as? SandboxIntegrationError,
                SandboxIntegrationError(name: try! PackageName("leveldb-library"), .moduleOfAnotherPod(module: "leveldb", pod: try! PackageName("leveldb"))))
        }
    }
}
