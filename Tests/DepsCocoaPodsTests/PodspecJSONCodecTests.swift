import DepsCode
import DepsCocoaPods
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import Foundation
import XCTest
import DepsPresenters

/// Real podspec.json files from CocoaPods' trunk (Fixtures/Podspecs, see its README) and
/// hand-written ones for the corners of JSON and of the format.
final class PodspecJSONCodecTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Podspecs").path

    func fixture(_ name: String, _ version: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/\(name)/\(version)/\(name).podspec.json")))
    }

    func decodeFixture(_ name: String, _ version: String) throws -> Specification {
        try PodspecJSONCodec(fileName: "\(name).podspec.json").decode(
            try fixture(name, version), checksum: "c", expectedName: self.name(name), expectedVersion: version)
    }

    func decode(_ text: String, name: String = "Pod", version: String? = "1.0.0", file: String = "Pod.podspec.json",
                relocate: (@Sendable (String) -> String)? = nil) throws -> Specification {
        try PodspecJSONCodec(fileName: file, relocate: relocate).decode(
            Array(text.utf8), checksum: "c", expectedName: self.name(name), expectedVersion: version)
    }

    func error(_ text: String, name: String = "Pod", version: String? = "1.0.0") -> String {
        do {
            _ = try decode(text, name: name, version: version)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func dependencies(_ list: [Dependency]) -> [String] { list.map(\.description) }

    // MARK: Real podspecs

    func testAlamofire() throws {
        let spec = try decodeFixture("Alamofire", "5.9.1")
        XCTAssertEqual(spec.name.description, "Alamofire")
        XCTAssertEqual(spec.version.description, "5.9.1")
        XCTAssertEqual(spec.summary, "Elegant HTTP Networking in Swift")
        XCTAssertEqual(spec.homepage, "https://github.com/Alamofire/Alamofire")
        XCTAssertEqual(spec.license, "MIT")
        XCTAssertEqual(spec.codeSource, .git(url: "https://github.com/Alamofire/Alamofire.git", .tag("5.9.1")))
        XCTAssertEqual(spec.sourceFiles.map(\.description), ["Source/**/*.swift"])
        XCTAssertEqual(spec.moduleName, "Alamofire")
        XCTAssertEqual(spec.dependencies, [])
        XCTAssertEqual(spec.subspecs, [])
        XCTAssertEqual(spec.checksum, "c")
        XCTAssertEqual(spec.platforms, [
            "ios": version("10.0"), "osx": version("10.12"), "tvos": version("10.0"),
            "visionos": version("1.0"), "watchos": version("3.0"),
        ])
        XCTAssertEqual(spec.platforms["ios"]??.description, "10.0")
    }

    func testMoyaSubspecsAndDefaults() throws {
        let spec = try decodeFixture("Moya", "15.0.0")
        XCTAssertEqual(spec.version.description, "15.0.0")
        XCTAssertEqual(spec.license, "MIT")  // {"type": "MIT", "file": "License.md"}
        XCTAssertEqual(spec.codeSource, .git(url: "https://github.com/Moya/Moya.git", .tag("15.0.0")))
        XCTAssertEqual(spec.dependencies, [])
        XCTAssertEqual(spec.subspecs.map(\.name), ["Core", "Combine", "ReactiveSwift", "RxSwift"])
        XCTAssertEqual(spec.defaultSubspecs, ["Core"])
        XCTAssertEqual(spec.defaultSubspecNames, ["Core"])
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "Core")).dependencies), ["Alamofire (~> 5.0)"])
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "Combine")).dependencies), ["Moya/Core"])
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "ReactiveSwift")).dependencies), ["Moya/Core", "ReactiveSwift (~> 6.6.1)"])
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "RxSwift")).dependencies), ["Moya/Core", "RxSwift (~> 6.0)"])
        XCTAssertEqual(spec.subspec(named: "RxSwift")?.dependencies.first?.name.root.description, "Moya")
        // A folder pattern means the source files directly in it, as CocoaPods reads it.
        let core = try XCTUnwrap(try XCTUnwrap(spec.subspec(named: "Core")).sourceFiles)
        XCTAssertEqual(core.count, 2)
        XCTAssertTrue(core[0].matches("Sources/Moya/MoyaProvider.swift"))
        XCTAssertFalse(core[0].matches("Sources/Moya/Plugins/NetworkLoggerPlugin.swift"))
        XCTAssertTrue(core[1].matches("Sources/Moya/Plugins/NetworkLoggerPlugin.swift"))
        XCTAssertEqual(spec.platforms["watchos"]??.description, "3.0")
    }

    func testFirebasePlatformsAndPlatformDependencies() throws {
        let spec = try decodeFixture("Firebase", "10.29.0")
        XCTAssertEqual(spec.platforms, ["ios": version("10.0"), "osx": version("10.13"), "tvos": version("12.0")])
        XCTAssertEqual(spec.codeSource, .git(url: "https://github.com/firebase/firebase-ios-sdk.git", .tag("CocoaPods-10.29.0")))
        XCTAssertEqual(spec.license, "Apache-2.0")
        XCTAssertEqual(spec.subspecs.count, 21)
        XCTAssertEqual(spec.defaultSubspecs, ["Core"])
        let core = try XCTUnwrap(spec.subspec(named: "Core"))
        XCTAssertEqual(dependencies(core.dependencies), ["Firebase/CoreOnly"])
        XCTAssertEqual(core.platformDependencies.mapValues(dependencies), [
            "ios": ["FirebaseAnalytics (~> 10.29.0)"],
            "osx": ["FirebaseAnalytics (~> 10.29.0)"],
            "tvos": ["FirebaseAnalytics (~> 10.29.0)"],
        ])
        XCTAssertEqual(spec.subspec(named: "AppDistribution")?.platformDependencies.mapValues(dependencies),
                       ["ios": ["FirebaseAppDistribution (~> 10.29.0-beta)"]])
        XCTAssertEqual(spec.subspec(named: "InAppMessaging")?.platformDependencies.keys.sorted(), ["ios", "tvos"])
        XCTAssertEqual(spec.subspec(named: "Installations")?.platformDependencies, [:])
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "CoreOnly")).dependencies), ["FirebaseCore (= 10.29.0)"])
        XCTAssertEqual(spec.subspec(named: "CoreOnly")?.sourceFiles?.map(\.description), ["CoreOnly/Sources/Firebase.h"])
        XCTAssertEqual(spec.platformDependencies, [:])
    }

    func testFirebaseAnalyticsHTTPSourceAndJoinedRequirements() throws {
        let spec = try decodeFixture("FirebaseAnalytics", "10.29.0")
        XCTAssertEqual(spec.codeSource, .http(
            url: "https://dl.google.com/firebase/ios/analytics/83850700831975be/FirebaseAnalytics-10.28.0.tar.gz", sha256: nil))
        XCTAssertEqual(spec.license, "Copyright")
        XCTAssertEqual(dependencies(spec.dependencies), [
            "FirebaseCore (~> 10.0)", "FirebaseInstallations (~> 10.0)",
            "GoogleUtilities/AppDelegateSwizzler (~> 7.11)", "GoogleUtilities/MethodSwizzler (~> 7.11)",
            "GoogleUtilities/Network (~> 7.11)", "GoogleUtilities/NSData+zlib (~> 7.11)",
            "nanopb (>= 2.30908.0, < 2.30911.0)",
        ].sorted { try! PackageName(String($0.prefix { $0 != " " })) < PackageName(String($1.prefix { $0 != " " })) })
        let nanopb = try XCTUnwrap(spec.dependencies.first { $0.name.description == "nanopb" })
        XCTAssertTrue(nanopb.requirement.isSatisfied(by: version("2.30910.0")))
        XCTAssertFalse(nanopb.requirement.isSatisfied(by: version("2.30911.0")))
        XCTAssertEqual(spec.defaultSubspecs, ["AdIdSupport"])
        XCTAssertEqual(spec.subspec(named: "WithoutAdIdSupport").map { dependencies($0.dependencies) },
                       ["GoogleAppMeasurement/WithoutAdIdSupport (= 10.29.0)"])
    }

    func testMobileVLCKitHTTPArchiveWithSHA256AndUnknownFieldsIgnored() throws {
        let spec = try decodeFixture("MobileVLCKit", "3.6.0")
        XCTAssertEqual(spec.codeSource, .http(
            url: "https://download.videolan.org/pub/cocoapods/prod/MobileVLCKit-3.6.0-c73b779f-dd8bfdba.tar.xz",
            sha256: "1a5077beeb7bf943a3fbbb91523752e50a10d490a3046cb9808d906784ddbc36"))
        XCTAssertEqual(spec.license, "LGPL v2.1")
        XCTAssertEqual(spec.platforms, ["ios": version("9.0")])
        // `"ios": {"vendored_frameworks": ...}`, `requires_arc: false`, `pod_target_xcconfig`, ...: ignored.
        XCTAssertEqual(spec.platformDependencies, [:])
        // No `source_files`: no sources (a vendored framework), as CocoaPods reads it.
        XCTAssertEqual(spec.sourceFiles, [])
        XCTAssertEqual(spec.summary, "MobileVLCKit is an Objective-C wrapper for libvlc's external interface on iOS.")
    }

    func testEveryFixtureDecodesWithItsFolderNames() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { !$0.contains(".") }
        XCTAssertEqual(names.count, 11)
        for name in names {
            for version in try FileManager.default.contentsOfDirectory(atPath: "\(Self.fixtures)/\(name)") {
                XCTAssertEqual(try decodeFixture(name, version).version.description, version)
            }
        }
    }

    // MARK: JSON read through libyaml

    func testScalarsStayTheTextTheyWereWrittenAs() throws {
        let spec = try decode("""
            {"name": "Pod", "version": 1.10, "platforms": {"ios": 8.0, "osx": "10.10", "tvos": null},
             "summary": "1.10", "requires_arc": true, "weight": -1.5e3, "empty": {}, "none": [],
             "dependencies": {"A": "1.10"}}
            """, version: "1.10")
        XCTAssertEqual(spec.version.description, "1.10")
        XCTAssertEqual(spec.summary, "1.10")
        XCTAssertEqual(spec.platforms, ["ios": version("8.0"), "osx": version("10.10"), "tvos": Version?.none])
        XCTAssertEqual(dependencies(spec.dependencies), ["A (= 1.10)"])
    }

    func testJSONEscapesAndCharactersLibyamlWouldRefuseOrFold() throws {
        // `\/`, `\u00e9`, a surrogate pair, raw U+2028, U+0085 and DEL inside strings, tabs as whitespace.
        let text = "\t{\n\t\"name\":\t\"Pod\",\n\t\"version\": \"1.0.0\",\n"
            + "\t\"summary\": \"caf\\u00e9 \\ud83d\\ude00 a\\/b \\\"q\\\" \\\\ \\t\",\n"
            + "\t\"homepage\": \"x\u{2028}y\u{85}z\u{7F}w\u{9F}v\u{FFFE}\",\n"
            + "\t\"description\": \"\\ud83d\\ude00\"\n}\t\n"
        let spec = try decode(text)
        XCTAssertEqual(spec.summary, "café 😀 a/b \"q\" \\ \t")
        XCTAssertEqual(spec.homepage, "x\u{2028}y\u{85}z\u{7F}w\u{9F}v\u{FFFE}")
    }

    func testPlainJSONFilesKeepTheirBytes() throws {
        // Nothing to rewrite: a syntax error's column is libyaml's own.
        XCTAssertTrue(error("{\"name\": \"Pod\",\n \"version\": \"1.0.0\" \"summary\": \"s\"}").hasPrefix("Pod.podspec.json:2:"))
    }

    // MARK: The format

    func testSpecLevelPlatformDependenciesAndMacOSAsOSX() throws {
        let spec = try decode("""
            {"name": "Pod", "version": "1.0.0",
             "platforms": {"ios": "12.0", "macos": "10.13"},
             "dependencies": {"Common": []},
             "ios": {"dependencies": {"UIKitExtras": ["~> 1.0"]}, "frameworks": "UIKit"},
             "macos": {"dependencies": {"AppKitExtras": [">= 2", "< 3"]}},
             "watchos": {"frameworks": "WatchKit"},
             "visionos": {"dependencies": {}}}
            """)
        XCTAssertEqual(spec.platforms, ["ios": version("12.0"), "osx": version("10.13")])
        XCTAssertEqual(spec.platformDependencies.mapValues(dependencies), [
            "ios": ["UIKitExtras (~> 1.0)"], "osx": ["AppKitExtras (>= 2, < 3)"],
        ])
        XCTAssertEqual(dependencies(spec.dependencies(on: Platform(name: "ios", deploymentTarget: nil))), ["Common", "UIKitExtras (~> 1.0)"])
        XCTAssertEqual(dependencies(spec.dependencies(on: nil)), ["Common"])
    }

    func testNestedSubspecsAndTheDefaultSubspecAlias() throws {
        let spec = try decode("""
            {"name": "Pod", "version": "1.0.0", "default_subspec": "A",
             "subspecs": [
               {"name": "A", "source_files": ["A/**/*.swift"], "osx": {"dependencies": {"Mac": []}},
                "subspecs": [{"name": "B", "dependencies": {"Pod/A": []},
                              "subspecs": [{"name": "C", "dependencies": {"Deep": ["1.0"]}}]}]},
               {"name": "D", "dependencies": {"Pod/A/B": [], "Other/X/Y/Z": ["~> 2.0"]}}]}
            """)
        XCTAssertEqual(spec.defaultSubspecs, ["A"])
        let a = try XCTUnwrap(spec.subspec(named: "A"))
        XCTAssertEqual(a.sourceFiles?.map(\.description), ["A/**/*.swift"])
        XCTAssertEqual(a.platformDependencies.mapValues(dependencies), ["osx": ["Mac"]])
        XCTAssertEqual(a.subspecs.map(\.name), ["B"])
        XCTAssertEqual(a.subspecs[0].subspecs.map(\.name), ["C"])
        XCTAssertEqual(dependencies(a.subspecs[0].subspecs[0].dependencies), ["Deep (= 1.0)"])
        // A nested subspec is depended on by its whole name, as CocoaPods allows.
        XCTAssertEqual(dependencies(try XCTUnwrap(spec.subspec(named: "D")).dependencies), ["Other/X/Y/Z (~> 2.0)", "Pod/A/B"])
        XCTAssertEqual(spec.subspec(named: "A/B/C")?.name, "C")
        XCTAssertNil(spec.subspec(named: "A/C"))
    }

    func testDefaultSubspecsAsAList() throws {
        let spec = try decode("""
            {"name": "Pod", "version": "1.0.0", "default_subspecs": ["B", "A"],
             "subspecs": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}
            """)
        XCTAssertEqual(spec.defaultSubspecs, ["B", "A"])
        XCTAssertEqual(spec.subspecs.map(\.name), ["A", "B", "C"])
        XCTAssertNil(spec.subspecs[0].sourceFiles)
    }

    func testModuleNameLicenseAndRelocatedSource() throws {
        let spec = try decode("""
            {"name": "Pod-Kit", "version": "1.0.0", "module_name": "PodKit", "license": {"file": "LICENSE"},
             "source": {"http": "_code/Pod.tar.gz", "sha256": "\(String(repeating: "ab", count: 32))", "type": "tgz", "flatten": true}}
            """, name: "Pod-Kit", relocate: { "../Specs/" + $0 })
        XCTAssertEqual(spec.moduleName, "PodKit")
        XCTAssertNil(spec.license)
        XCTAssertEqual(spec.codeSource, .http(url: "../Specs/_code/Pod.tar.gz", sha256: String(repeating: "ab", count: 32)))
        XCTAssertEqual(try decode(#"{"name": "Pod", "version": "1.0.0", "source": {"git": "https://x/Pod.git", "commit": "\#(String(repeating: "a", count: 40))", "submodules": true}}"#).codeSource,
                       .git(url: "https://x/Pod.git", .commit(String(repeating: "a", count: 40))))
        XCTAssertEqual(try decode(#"{"name": "Pod", "version": "1.0.0"}"#, version: nil).moduleName, "Pod")
    }

    // MARK: Malformed podspecs

    func testSyntaxErrorsNameTheFileAndLine() {
        XCTAssertTrue(error("{\n  \"name\": \"Pod\",\n  \"version\": \"1.0.0\",\n  \"summary\": [\"a\" \"b\"]\n}").hasPrefix("Pod.podspec.json:4:"))
        XCTAssertTrue(error("{\n  \"name\": \"Pod\",\n  \"version\": \"1.0.0\"\n").hasPrefix("Pod.podspec.json:"))
        XCTAssertEqual(error(""), "Pod.podspec.json: error: the file is empty; expected a JSON object with `name` and `version`")
        XCTAssertEqual(error("[1, 2]"), "Pod.podspec.json:1: error: expected a JSON object with `name` and `version`, found a sequence")
        XCTAssertTrue(error("{\"name\": \"Pod\", \"name\": \"Pod\"}").contains("duplicate key 'name'"))
    }

    func testWrongTypesNameTheField() {
        func field(_ json: String) -> String { error(#"{"name": "Pod", "version": "1.0.0", "#  + json + "}") }
        XCTAssertEqual(field(#"\#n"dependencies": ["Alamofire"]"#),
                       "Pod.podspec.json:2: error: expected a mapping for `dependencies`, found a sequence")
        XCTAssertEqual(field(#""dependencies": {"Alamofire": {"version": "1"}}"#),
                       "Pod.podspec.json:1: error: expected a list of requirements for Alamofire in `dependencies`, found a mapping")
        XCTAssertEqual(field(#""dependencies": {"Alamofire": ["~> abc"]}"#),
                       "Pod.podspec.json:1: error: invalid requirement '~> abc' for Alamofire")
        XCTAssertEqual(field(#""dependencies": {"Bad Name": []}"#), "Pod.podspec.json:1: error: invalid package name 'Bad Name'")
        XCTAssertTrue(field(#""source_files": {"a": 1}"#).hasSuffix("for `source_files`, found a mapping"))
        XCTAssertTrue(field(#""summary": ["a"]"#).hasSuffix("expected a single value for `summary`, found a sequence"))
        XCTAssertTrue(field(#""license": ["MIT"]"#).contains("for `license`, found a sequence"))
        XCTAssertTrue(field(#""platforms": {"ios": ["12.0"]}"#).contains("the deployment target of ios in `platforms`"))
        XCTAssertTrue(field(#""platforms": {"ios": "twelve"}"#).contains("invalid version 'twelve'"))
        XCTAssertTrue(field(#""ios": "12.0""#).contains("expected a mapping for `ios`, found a scalar"))
        XCTAssertTrue(field(#""module_name": "1Pod""#).contains("module_name '1Pod' is not a Swift identifier"))
        XCTAssertTrue(field(#""subspecs": {"name": "A"}"#).contains("expected a list for `subspecs`, found a mapping"))
        XCTAssertTrue(field(#""subspecs": [{"name": "A", "source_files": {"x": 1}}]"#)
            .hasSuffix("for `source_files` of subspec 'Pod/A', found a mapping"))
        XCTAssertTrue(field(#""subspecs": [{"name": "A", "ios": {"dependencies": ["X"]}}]"#)
            .hasSuffix("expected a mapping for `ios.dependencies` of subspec 'Pod/A', found a sequence"))
        XCTAssertTrue(field(#""subspecs": [{"dependencies": {}}]"#).contains("has no `name`"))
        XCTAssertTrue(field(#""subspecs": [{"name": "A B"}]"#).contains("subspec name 'A B' cannot be part of a package name"))
        XCTAssertTrue(field(#""subspecs": [{"name": "A"}, {"name": "A"}]"#).contains("subspec 'Pod/A' is defined twice"))
        XCTAssertTrue(field(#""subspecs": [{"name": "A"}], "default_subspecs": ["B"]"#)
            .contains("`default_subspecs` names 'B', which is not a subspec of Pod"))
        XCTAssertTrue(field(#""source": "https://x/Pod.git""#).contains("expected a mapping for `source`, found a scalar"))
        XCTAssertTrue(field(#""source": {"http": "https://x/a.zip", "sha256": "ABC"}"#).contains("invalid source for Pod: invalid `sha256:`"))
    }

    func testGitSourceWithoutReferenceIsExplained() {
        XCTAssertEqual(
            error(#"{"name": "Pod", "version": "1.0.0", "source": {"git": "https://x/Pod.git"}}"#),
            "Pod.podspec.json:1: error: Pod's `git` source https://x/Pod.git names no `tag`, `commit` or `branch`; CocoaPods allows "
                + "that only for an external source (a Podfile's `:git =>`), not in a spec repository")
        XCTAssertTrue(error(#"{"name": "Pod", "version": "1.0.0", "source": {"svn": "https://x/svn", "tag": "1"}}"#)
            .contains("Pod's source is `svn`, which deps cannot fetch"))
    }

    func testNameAndVersionMustMatchThePath() {
        XCTAssertEqual(error(#"{"name": "Other", "version": "1.0.0"}"#), "Pod.podspec.json:1: error: name 'Other' does not match its folder 'Pod'")
        XCTAssertEqual(error(#"{"name": "Other", "version": "1.0.0"}"#, version: nil),
                       "Pod.podspec.json:1: error: name 'Other' does not match its file name 'Pod.podspec.json'")
        XCTAssertEqual(error("{\"name\": \"Pod\",\n\"version\": \"1.0\"}"), "Pod.podspec.json:2: error: version '1.0' does not match its folder '1.0.0'")
        XCTAssertEqual(error(#"{"version": "1.0.0"}"#), "Pod.podspec.json:1: error: missing field `name`")
        XCTAssertEqual(error(#"{"name": "Pod"}"#), "Pod.podspec.json:1: error: missing field `version`")
    }
}

/// The build attributes of real pods (BEHAVIOUR 8.4), read from their trunk podspecs and turned
/// into what each builds over file lists shaped like their repositories.
final class PodspecBuildAttributesTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }

    func decode(_ name: String, _ version: String) throws -> Specification {
        let path = "\(PodspecJSONCodecTests.fixtures)/\(name)/\(version)/\(name).podspec.json"
        return try PodspecJSONCodec(fileName: "\(name).podspec.json").decode(
            Array(try Data(contentsOf: URL(fileURLWithPath: path))), checksum: "c", expectedName: self.name(name), expectedVersion: version)
    }

    func testSDWebImageCoreIsOneModuleWithItsPrivacyManifestAndPrivateHeadersKeptPrivate() throws {
        let specification = try decode("SDWebImage", "5.21.5")
        XCTAssertEqual(specification.build.frameworks, ["ImageIO"])
        XCTAssertEqual(specification.subspec(named: "Core")?.build.resourceBundles.map(\.name), ["SDWebImage"])
        let files = [
            "SDWebImage/Core/SDWebImageManager.h", "SDWebImage/Core/SDWebImageManager.m", "SDWebImage/Private/SDInternalMacros.h",
            "SDWebImage/Private/SDInternalMacros.m", "WebImage/SDWebImage.h", "WebImage/PrivacyInfo.xcprivacy",
            "SDWebImageMapKit/MapKit/MKAnnotationView+WebCache.m", "Tests/Tests/SDTestCase.m",
        ]
        let built = try PackageBuild(
            specification: specification, subspecs: specification.defaultSubspecNames.map { [$0] }, platform: nil,
            folder: .fetched(specification.name), files: files) { _ in nil }
        XCTAssertEqual(built.module, "SDWebImage")
        XCTAssertEqual(built.cFamily?.sources, ["SDWebImage/Core/SDWebImageManager.m", "SDWebImage/Private/SDInternalMacros.m"])
        XCTAssertEqual(built.cFamily?.publicHeaders.map(\.includedAs), ["SDWebImage/SDWebImage.h", "SDWebImage/SDWebImageManager.h"])
        XCTAssertEqual(built.resources, [BuildResource(path: "WebImage/PrivacyInfo.xcprivacy", isFolder: false)])
        XCTAssertEqual(built.linked, [LinkedItem(kind: .framework, name: "ImageIO")])
        XCTAssertEqual(built.warnings, [])
    }

    /// GTMSessionFetcher's Core and Full subspecs (Full, the default, depends on Core) each bundle a
    /// PrivacyInfo.xcprivacy: Apple wants every SDK's manifest, so neither may be dropped. Core's
    /// joins the module's resources, Full's is a bundle of its own.
    func testGTMSessionFetcherKeepsBothPrivacyManifests() throws {
        let specification = try decode("GTMSessionFetcher", "5.3.0")
        let files = [
            "Sources/Core/GTMSessionFetcher.m", "Sources/Core/Public/GTMSessionFetcher/GTMSessionFetcher.h",
            "Sources/Core/Resources/PrivacyInfo.xcprivacy", "Sources/Full/GTMSessionFetcherService+Full.m",
            "Sources/Full/Public/GTMSessionFetcher/GTMGatherInputStream.h", "Sources/Full/Resources/PrivacyInfo.xcprivacy",
            "Sources/LogView/Resources/PrivacyInfo.xcprivacy", "UnitTests/GTMSessionFetcherTest.m",
        ]
        let built = try PackageBuild(
            specification: specification, subspecs: [["Core"], ["Full"]], platform: nil, folder: .fetched(specification.name), files: files) { _ in nil }
        XCTAssertEqual(built.resources, [BuildResource(path: "Sources/Core/Resources/PrivacyInfo.xcprivacy", isFolder: false)])
        XCTAssertEqual(built.resourceTargets, [ResourceTarget(
            bundle: "GTMSessionFetcher_Full_Privacy", module: "GTMSessionFetcher_Full_Privacy",
            resources: [BuildResource(path: "Sources/Full/Resources/PrivacyInfo.xcprivacy", isFolder: false)])])
        XCTAssertEqual(built.warnings, [])
    }

    /// A tool pod: a zip with a binary and no `source_files`. It has no sources, as in CocoaPods,
    /// so it builds no module (it was refused, naming `Sources/**/*.swift`, a pattern it never wrote).
    func testSwiftLintHasNoSourcesAndBuildsNoModule() throws {
        let specification = try decode("SwiftLint", "0.54.0")
        XCTAssertEqual(specification.sourceFiles, [])
        XCTAssertEqual(specification.codeSource, .http(url: "https://github.com/realm/SwiftLint/releases/download/0.54.0/portable_swiftlint.zip", sha256: nil))
        let built = try PackageBuild(
            specification: specification, subspecs: [], platform: nil, folder: .fetched(specification.name),
            files: ["swiftlint", "LICENSE"]) { _ in nil }
        XCTAssertEqual(built.modules, [])
        XCTAssertEqual(built.swiftSources, [])
        XCTAssertNil(built.cFamily)
        XCTAssertEqual(built.binaries, [])
    }

    func testGoogleUtilitiesBracketGlobsPublicFoldersAndItsSourceRootAsAHeaderFolder() throws {
        let specification = try decode("GoogleUtilities", "8.1.0")
        let files = [
            "GoogleUtilities/Logger/GULLogger.m", "GoogleUtilities/Logger/Public/GoogleUtilities/GULLogger.h",
            "GoogleUtilities/Environment/GULAppEnvironmentUtil.m", "GoogleUtilities/Environment/Public/GoogleUtilities/GULAppEnvironmentUtil.h",
            "GoogleUtilities/Environment/SecureStorage/GULKeychainUtils.m", "third_party/IsAppEncrypted/IsAppEncrypted.m",
            "third_party/IsAppEncrypted/Public/IsAppEncrypted.h", "GoogleUtilities/Privacy/Resources/PrivacyInfo.xcprivacy",
            "GoogleUtilities/NSData+zlib/GULNSData+zlib.m",
        ]
        let built = try PackageBuild(
            specification: specification, subspecs: [["Logger"], ["Environment"], ["Privacy"]], platform: nil,
            folder: .fetched(specification.name), files: files) { _ in nil }
        XCTAssertEqual(built.cFamily?.sources, [
            "GoogleUtilities/Environment/GULAppEnvironmentUtil.m", "GoogleUtilities/Environment/SecureStorage/GULKeychainUtils.m",
            "GoogleUtilities/Logger/GULLogger.m", "third_party/IsAppEncrypted/IsAppEncrypted.m",
        ])
        XCTAssertEqual(built.cFamily?.publicHeaders.map(\.includedAs), [
            "GoogleUtilities/GULAppEnvironmentUtil.h", "GoogleUtilities/GULLogger.h",
        ])
        XCTAssertEqual(built.headerSearchPaths, ["."])
        XCTAssertEqual(built.cLanguageStandard, "c99")
        XCTAssertEqual(built.resources.map(\.path), ["GoogleUtilities/Privacy/Resources/PrivacyInfo.xcprivacy"])
        XCTAssertEqual(built.linked, [LinkedItem(kind: .framework, name: "Security")])
    }

    func testLeveldbIsACxxModuleNamedAfterItsHeaderDirWithoutItsTestsAndARC() throws {
        let specification = try decode("leveldb-library", "1.22.2")
        XCTAssertEqual(specification.moduleName, "leveldb")
        let built = try PackageBuild(
            specification: specification, subspecs: [], platform: nil, folder: .fetched(specification.name),
            files: ["db/db_impl.cc", "db/db_impl.h", "db/db_test.cc", "db/leveldbutil.cc", "util/env_windows.cc", "util/env_posix.cc",
                    "util/testutil.cc", "include/leveldb/db.h", "benchmarks/db_bench.cc"]) { _ in nil }
        XCTAssertEqual(built.cFamily?.sources, ["db/db_impl.cc", "util/env_posix.cc"])
        XCTAssertEqual(built.cFamily?.publicHeaders, [PublicHeader(file: "include/leveldb/db.h", includedAs: "leveldb/db.h")])
        XCTAssertEqual(built.cFlags.first, "-Wno-shorten-64-to-32")
        XCTAssertTrue(built.cFlags.contains("-fno-objc-arc"))
        XCTAssertEqual(built.headerSearchPaths, ["../leveldb-library", "../leveldb-library/include"])
        XCTAssertEqual(built.defines.map(\.name), ["LEVELDB_IS_BIG_ENDIAN", "LEVELDB_PLATFORM_POSIX", "HAVE_FULLFSYNC"])
        // Apple's C++ library: a build elsewhere links its own.
        XCTAssertEqual(built.linked, [LinkedItem(kind: .library, name: "c++", platforms: ["ios", "osx", "tvos", "watchos", "visionos"])])
    }

    func testRxCocoaSplitsIntoASwiftModuleAndItsObjectiveCRuntime() throws {
        let specification = try decode("RxCocoa", "6.9.0")
        let built = try PackageBuild(
            specification: specification, subspecs: [], platform: nil, folder: .fetched(specification.name),
            files: ["RxCocoa/RxCocoa.swift", "RxCocoa/RxCocoa.h", "RxCocoa/Runtime/_RX.m", "RxCocoa/Runtime/include/_RX.h",
                    "RxCocoa/Platform/DispatchQueue+Extensions.swift", "Platform/AtomicInt.swift", "Platform/DataStructures/Bag.swift",
                    "Sources/RxCocoa/PrivacyInfo.xcprivacy"]) { _ in nil }
        XCTAssertEqual(built.swiftSources, ["Platform/DataStructures/Bag.swift", "RxCocoa/RxCocoa.swift"])
        XCTAssertEqual(built.cFamily?.sources, ["RxCocoa/Runtime/_RX.m"])
        XCTAssertEqual(built.modules, ["RxCocoa", "RxCocoa_ObjC"])
        XCTAssertEqual(built.dependencies, [name("RxRelay"), name("RxSwift")])
        XCTAssertEqual(built.resources.map(\.path), ["Sources/RxCocoa/PrivacyInfo.xcprivacy"])
    }

    func testDepsOwnSpecFormatReadsTheSameBuildAttributesAndNamesAWrongShape() throws {
        let yaml = """
            name: Kit
            version: 1.0.0
            source_files: Sources/**/*.{swift,h,c}
            exclude_files: Sources/Tests
            public_header_files: Sources/include/*.h
            header_dir: KitC
            resource_bundles:
              Kit_Privacy: Sources/PrivacyInfo.xcprivacy
            libraries: [z]
            pod_target_xcconfig:
              GCC_PREPROCESSOR_DEFINITIONS: KIT=1
            ios:
              frameworks: UIKit
            subspecs:
              - name: Extra
                source_files: Extra/*.swift
                weak_frameworks: Combine

            """
        let specification = try SpecCodec(fileName: "Kit/1.0.0.yaml").decode(
            Array(yaml.utf8), checksum: "c", expectedName: name("Kit"), expectedVersion: "1.0.0")
        XCTAssertEqual(specification.build.excludeFiles.map(\.description), ["Sources/Tests"])
        XCTAssertEqual(specification.build.publicHeaderFiles?.map(\.description), ["Sources/include/*.h"])
        XCTAssertEqual(specification.build.headerDir, "KitC")
        XCTAssertEqual(specification.moduleName, "KitC")
        XCTAssertEqual(specification.build.resourceBundles.map(\.name), ["Kit_Privacy"])
        XCTAssertEqual(specification.build.libraries, ["z"])
        XCTAssertEqual(specification.build.buildSettings, ["GCC_PREPROCESSOR_DEFINITIONS": "KIT=1"])
        XCTAssertEqual(specification.platformBuild["ios"]?.frameworks, ["UIKit"])
        XCTAssertEqual(specification.subspec(named: "Extra")?.build.weakFrameworks, ["Combine"])

        XCTAssertThrowsError(try SpecCodec(fileName: "Kit/1.0.0.yaml").decode(
            Array("name: Kit\nversion: 1.0.0\nframeworks:\n  UIKit: yes\n".utf8), checksum: "c", expectedName: name("Kit"),
            expectedVersion: "1.0.0")) {
            XCTAssertEqual("\($0)", "Kit/1.0.0.yaml:4: error: expected a string or a list of strings for `frameworks`, found a mapping")
        }
    }

    func testAHeaderFolderOutsideThePackageIsRefusedWhenTheSpecIsRead() {
        for (field, value) in [("header_dir", "../../../../tmp/escape"), ("header_mappings_dir", "/etc"), ("header_dir", "a/../../b")] {
            let json = "{\"name\": \"Pod\", \"version\": \"1.0.0\", \"\(field)\": \"\(value)\"}"
            XCTAssertThrowsError(try PodspecJSONCodec(fileName: "Pod.podspec.json").decode(
                Array(json.utf8), checksum: "c", expectedName: name("Pod"), expectedVersion: "1.0.0")) {
                XCTAssertEqual("\($0)", "Pod.podspec.json:1: error: `\(field)` '\(value)' must be a folder inside the package, not absolute or climbing out with `..`")
            }
        }
    }
}
