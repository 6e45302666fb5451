import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import XCTest
import DepsFailures
import DepsPresenters

final class DepsfileCodecTests: XCTestCase {
    let codec = DepsfileCodec()

    func decode(_ text: String) throws -> Manifest {
        try codec.decode(Array(text.utf8), checksum: "c")
    }

    func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(text), file: file, line: line) { error in
            XCTAssertTrue(error is MalformedInputError, "\(type(of: error))", file: file, line: line)
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    func testEveryDependencyForm() throws {
        let manifest = try decode("""
            sources:                    # searched in this order
              - ../../Specs
              - ../Other
            dependencies:
              Alamofire: ~> 5.6
              SwiftyJSON: ">= 4.0, < 6"
              Kingfisher: 7.10.0
              SnapKit:
              LocalKit:
                path: ../LocalKit
              Tagged:
                path: ../Tagged
                version: ~> 1.0
            """)
        XCTAssertEqual(manifest.sources, ["../../Specs", "../Other"])
        XCTAssertEqual(manifest.checksum, "c")
        XCTAssertEqual(manifest.dependencies.map(\.description), [
            "Alamofire (~> 5.6)",
            "SwiftyJSON (>= 4.0, < 6)",
            "Kingfisher (= 7.10.0)",
            "SnapKit",
            "LocalKit (from `../LocalKit`)",
            "Tagged (from `../Tagged`, ~> 1.0)",
        ])
        XCTAssertEqual(manifest.dependencies[3].requirement, .any)
        XCTAssertEqual(manifest.dependencies[4].externalSource, .path("../LocalKit"))
    }

    func testScalarsStayStrings() throws {
        let manifest = try decode("dependencies:\n  Charts: 1.10\n  Realm: 5.0\n")
        XCTAssertEqual(manifest.dependencies.map { $0.requirement.constraints[0].version.description }, ["1.10", "5.0"])
    }

    func testEmptySectionsMeanNone() throws {
        XCTAssertEqual(try decode("sources:\ndependencies:\n").dependencies, [])
    }

    func testUnknownKeysSuggestTheClosestKey() {
        assertError("sources: []\ndependancies:\n  A: 1.0\n",
                    "Depsfile:2: error: unknown key 'dependancies' in the Depsfile; did you mean 'dependencies'?")
        assertError("dependencies:\n  A:\n    paht: ../A\n",
                    "Depsfile:3: error: unknown key 'paht' in the source of A; did you mean 'path'?")
        assertError("plattform: ios\n",
                    "Depsfile:1: error: unknown key 'plattform' in the Depsfile; did you mean 'platform'?")
        assertError("targets: [App]\n",
                    "Depsfile:1: error: unknown key 'targets' in the Depsfile; expected one of: sources, dependencies, platform, xcode")
    }

    func testWrongValuesNameTheLineAndValue() {
        assertError("dependencies:\n  SnapKit: 5.0\n  Alamofire: ~> abc\n",
                    "Depsfile:3: error: invalid requirement '~> abc' for Alamofire")
        assertError("dependencies:\n  ../evil: 1.0\n", "Depsfile:2: error: invalid package name '../evil'")
        assertError("dependencies:\n  My Kit: 1.0\n", "Depsfile:2: error: invalid package name 'My Kit'")
        assertError("dependencies:\n  Foo: v1.0\n", "Depsfile:2: error: invalid requirement 'v1.0' for Foo")
        assertError("dependencies:\n  Foo:\n    git: https://example.com/foo.git\n    tag: 1.0\n    branch: main\n",
                    "Depsfile:3: error: `git:` for Foo takes at most one of `tag:`, `commit:` or `branch:` (none: the default branch)")
        assertError("dependencies:\n  Foo:\n    git: https://example.com/foo.git\n    submodules: maybe\n",
                    "Depsfile:4: error: invalid `submodules:` of Foo 'maybe'; expected true or false")
        assertError("dependencies:\n  Foo:\n    path: ../Foo\n    submodules: true\n",
                    "Depsfile:4: error: `submodules:` goes with `git:` in the source of Foo")
        assertError("dependencies:\n  Foo:\n    git: https://example.com/foo.git\n    commit: abc\n",
                    "Depsfile:4: error: invalid `commit:` 'abc'; expected a commit id: 4 to 40 hexadecimal digits for Foo")
        assertError("dependencies:\n  Foo:\n    path: ../Foo\n    tag: 1.0\n", "Depsfile:4: error: `tag:` goes with `git:` in the source of Foo")
        assertError("dependencies:\n  Foo:\n    version: 1.0\n", "Depsfile:3: error: expected `path:`, `podspec:`, `git:`, `package:` or `source:` in the source of Foo")
        assertError("platform: ios fifteen\n", "Depsfile:1: error: invalid deployment target 'fifteen' in platform 'ios fifteen'")
        assertError("platform: android 12\n",
                    "Depsfile:1: error: invalid platform 'android 12'; expected a platform and a deployment target, e.g. `ios 15.0` (one of ios, osx, macos, tvos, watchos, visionos)")
    }

    func testASwiftPackageIsNamedByItsIdentityWithARequirementOrAnExactVersion() throws {
        let manifest = try decode("""
            dependencies:
              swift-log:
                package: https://github.com/apple/swift-log.git
                version: ~> 1.5
              swift-collections:
                package: git@github.com:apple/swift-collections
                exact: 1.1.4
              swift-nio:
                package: https://github.com/apple/swift-nio

            """)
        XCTAssertEqual(manifest.dependencies, [
            Dependency(try PackageName("swift-log"), try Requirement("~> 1.5"), externalSource: .package(url: "https://github.com/apple/swift-log.git")),
            Dependency(try PackageName("swift-collections"), .exactly(try Version("1.1.4")),
                       externalSource: .package(url: "git@github.com:apple/swift-collections")),
            Dependency(try PackageName("swift-nio"), externalSource: .package(url: "https://github.com/apple/swift-nio")),
        ])
        XCTAssertEqual(manifest.swiftPackageLocations.count, 3)
        let package = "dependencies:\n  swift-log:\n    package: https://github.com/apple/swift-log.git\n"
        assertError("dependencies:\n  Logging:\n    package: https://github.com/apple/swift-log.git\n",
                    "Depsfile:3: error: the package at 'https://github.com/apple/swift-log.git' is `swift-log` (SwiftPM's identity: the URL's last part, lower-cased); name it `swift-log:`")
        assertError(package + "    version: ~> 1.5\n    exact: 1.6.2\n", "Depsfile:5: error: swift-log has both `version:` and `exact:`; keep one")
        assertError(package + "    exact: latest\n", "Depsfile:4: error: invalid version 'latest' for swift-log")
        assertError(package + "    tag: 1.6.2\n",
                    "Depsfile:4: error: `tag:` does not go with `package:` in the source of swift-log; a package takes `version:`, `exact:`, `branch:` or `revision:`")
        assertError(package + "    source: trunk\n", "Depsfile:3: error: swift-log has both `source:` and `package:`; a spec source goes with `version:` alone")
        assertError("dependencies:\n  Kit:\n    git: https://example.com/Kit.git\n    exact: 1.0.0\n",
                    "Depsfile:4: error: `exact:` goes with `package:` or `registry:` in the source of Kit; a pod's exact version is `version: 1.2.3`")
        assertError("dependencies:\n  swift-log:\n    package: \"\"\n", "Depsfile:3: error: the package URL of swift-log cannot be empty")
    }

    func testASwiftPackageMayBeTakenOnABranchOrARevision() throws {
        let url = "https://example.com/swift-foo.git"
        let revision = "0123456789abcdef0123456789abcdef01234567"
        let manifest = try decode("""
            dependencies:
              swift-foo:
                package: \(url)
                branch: release/2.x
              swift-bar:
                package: https://example.com/swift-bar.git
                revision: \(revision)
              swift-baz:
                package: https://example.com/swift-baz.git
                revision: 0a1B2c3

            """)
        XCTAssertEqual(manifest.dependencies, [
            Dependency(try PackageName("swift-foo"), externalSource: .unversionedPackage(url: url, .branch("release/2.x"))),
            Dependency(try PackageName("swift-bar"), externalSource: .unversionedPackage(url: "https://example.com/swift-bar.git", .revision(revision))),
            Dependency(try PackageName("swift-baz"), externalSource: .unversionedPackage(url: "https://example.com/swift-baz.git", .revision("0a1B2c3"))),
        ])
        XCTAssertEqual(manifest.dependencies.map { $0.externalSource?.swiftPackageURL }, [url, "https://example.com/swift-bar.git", "https://example.com/swift-baz.git"])
        XCTAssertEqual(manifest.dependencies[0].description, "swift-foo (from `\(url)`, branch `release/2.x`)")

        // Each refusal is at the line of the value that cannot stay.
        let package = "dependencies:\n  swift-foo:\n    package: \(url)\n"
        assertError(package + "    branch: main\n    version: ~> 1.5\n",
                    "Depsfile:5: error: swift-foo has both `branch:` and `version:`; a package on a branch or a revision has no version requirement")
        assertError(package + "    exact: 1.0.0\n    branch: main\n",
                    "Depsfile:4: error: swift-foo has both `branch:` and `exact:`; a package on a branch or a revision has no version requirement")
        assertError(package + "    branch: main\n    revision: \(revision)\n", "Depsfile:5: error: swift-foo has both `branch:` and `revision:`; keep one")
        assertError(package + "    revision: \(revision)\n    version: 1.0.0\n",
                    "Depsfile:5: error: swift-foo has both `revision:` and `version:`; a package on a branch or a revision has no version requirement")
        assertError(package + "    branch: \"\"\n", "Depsfile:4: error: invalid `branch:` '' for swift-foo")
        assertError(package + "    branch: -main\n", "Depsfile:4: error: invalid `branch:` '-main' for swift-foo")
        assertError(package + "    revision: main\n",
                    "Depsfile:4: error: invalid `revision:` 'main'; expected a commit id: 4 to 40 hexadecimal digits for swift-foo")
        assertError(package + "    revision: \(revision)0\n",
                    "Depsfile:4: error: invalid `revision:` '\(revision)0'; expected a commit id: 4 to 40 hexadecimal digits for swift-foo")
        assertError(package + "    branch: [main]\n", "Depsfile:4: error: expected a single value for the branch of swift-foo, found a sequence")
        // `branch:` and `revision:` go with `package:` alone: not with a pod's `swiftpm:`, a
        // registry, or a pod.
        assertError("dependencies:\n  Kit:\n    swiftpm: https://example.com/Kit.git\n    branch: main\n",
                    "Depsfile:4: error: `branch:` does not go with `swiftpm:` in the source of Kit; a package takes `version:` or `exact:`")
        assertError("dependencies:\n  mona.linkedlist:\n    registry: https://registry.example.com\n    revision: \(revision)\n",
                    "Depsfile:4: error: `revision:` does not go with `registry:` in the source of mona.linkedlist; a package takes `version:` or `exact:`")
        assertError("dependencies:\n  Kit:\n    git: https://example.com/Kit.git\n    revision: \(revision)\n",
                    "Depsfile:4: error: `revision:` goes with `package:` in the source of Kit; a git pod's commit is `commit:`")
    }

    func testARegistryPackageIsNamedByItsIdentityLowerCased() throws {
        let registry = "https://registry.example.com"
        let manifest = try decode("""
            dependencies:
              mona.linkedlist:
                registry: \(registry)
                version: ~> 1.1
              mona.swift_tree:
                registry: \(registry)/
                exact: 2.0.0

            """)
        XCTAssertEqual(manifest.dependencies, [
            Dependency(try PackageName("mona.linkedlist"), try Requirement("~> 1.1"), externalSource: .registry(url: registry)),
            Dependency(try PackageName("mona.swift_tree"), .exactly(try Version("2.0.0")), externalSource: .registry(url: registry + "/")),
        ])
        XCTAssertEqual(manifest.swiftRegistryPackages, [
            registry: [try PackageName("mona.linkedlist")], registry + "/": [try PackageName("mona.swift_tree")],
        ])
        XCTAssertEqual(manifest.swiftPackageLocations, [])
        let rule = "a registry package is named by its identity `scope.name` (SE-0292: a scope of letters, digits and single hyphens, a name of letters, digits and single hyphens or underscores)"
        assertError("dependencies:\n  LinkedList:\n    registry: \(registry)\n", "Depsfile:3: error: `LinkedList` is not a registry identity: \(rule)")
        assertError("dependencies:\n  mona.linked--list:\n    registry: \(registry)\n", "Depsfile:3: error: `mona.linked--list` is not a registry identity: \(rule)")
        assertError("dependencies:\n  Mona.LinkedList:\n    registry: \(registry)\n",
                    "Depsfile:3: error: the registry package `Mona.LinkedList` is named lower-cased, as SwiftPM names it; name it `mona.linkedlist:`")
        assertError("dependencies:\n  mona.linkedlist:\n    registry: ../registry\n",
                    "Depsfile:3: error: the registry of mona.linkedlist is '../registry'; expected an http(s) URL")
        let package = "dependencies:\n  mona.linkedlist:\n    registry: \(registry)\n"
        assertError(package + "    version: ~> 1.1\n    exact: 1.1.1\n", "Depsfile:5: error: mona.linkedlist has both `version:` and `exact:`; keep one")
        assertError(package + "    package: https://example.com/LinkedList.git\n",
                    "Depsfile:3: error: `registry:` does not go with `package:` in the source of mona.linkedlist; a package takes `version:`, `exact:`, `branch:` or `revision:`")
        assertError(package + "    git: https://example.com/LinkedList.git\n",
                    "Depsfile:4: error: `git:` does not go with `registry:` in the source of mona.linkedlist; a package takes `version:` or `exact:`")
    }

    func testAPodTakenFromAPackageKeepsThePodsName() throws {
        let url = "https://github.com/google/GoogleUtilities.git"
        let manifest = try decode("dependencies:\n  GoogleUtilities:\n    swiftpm: \(url)\n    version: ~> 8.0\n")
        XCTAssertEqual(manifest.dependencies, [Dependency(try PackageName("GoogleUtilities"), try Requirement("~> 8.0"), externalSource: .package(url: url))])
        XCTAssertEqual(ExternalSource.package(url: url).fields(of: try PackageName("GoogleUtilities")).map(\.key), ["swiftpm"])
        XCTAssertEqual(ExternalSource.package(url: url).fields(of: try PackageName("googleutilities")).map(\.key), ["package"])
        assertError("dependencies:\n  GoogleUtilities/Logger:\n    swiftpm: \(url)\n",
                    "Depsfile:3: error: `swiftpm:` goes under a pod's name, not a subspec's: GoogleUtilities, not GoogleUtilities/Logger")
        assertError("dependencies:\n  googleutilities:\n    package: \(url)\n    swiftpm: \(url)\n",
                    "Depsfile:4: error: `swiftpm:` does not go with `package:` in the source of googleutilities; a package takes `version:`, `exact:`, `branch:` or `revision:`")
    }

    func testAPodspecSourceNamesASpecFileDepsReads() throws {
        let manifest = try decode("""
            dependencies:
              Kit:
                podspec: Vendor/Kit.podspec.json
              Own:
                podspec: ../Specs/Own.yaml
                version: ~> 1.0
            """)
        XCTAssertEqual(manifest.dependencies, [
            Dependency(try PackageName("Kit"), externalSource: .podspec("Vendor/Kit.podspec.json")),
            Dependency(try PackageName("Own"), try Requirement("~> 1.0"), externalSource: .podspec("../Specs/Own.yaml")),
        ])
        XCTAssertEqual(manifest.dependencies[0].description, "Kit (from `Vendor/Kit.podspec.json`)")
    }

    func testAPodspecSourceDepsCannotReadIsRefusedWithTheLineAndValue() {
        assertError("dependencies:\n  Kit:\n    version: ~> 1.0\n    podspec: https://example.com/Kit.podspec.json\n",
                    "Depsfile:4: error: the podspec of Kit is a URL, 'https://example.com/Kit.podspec.json'; `podspec:` names a file relative to the Depsfile")
        assertError("dependencies:\n  Kit:\n    podspec: Vendor/Kit.json\n",
                    "Depsfile:3: error: the podspec of Kit, 'Vendor/Kit.json', is neither a `.podspec.json`, a `.podspec` nor a `.yaml` spec file")
        assertError("dependencies:\n  Kit:\n    podspec: \"\"\n", "Depsfile:3: error: the podspec of Kit cannot be empty")
        assertError("dependencies:\n  Kit:\n    podspec: [a]\n", "Depsfile:3: error: expected a single value for the podspec of Kit, found a sequence")
        assertError("dependencies:\n  Kit:\n    path: ../Kit\n    podspec: Kit.podspec.json\n",
                    "Depsfile:3: error: Kit has both `path:` and `podspec:`; keep one")
        assertError("dependencies:\n  Kit:\n    podspec: Kit.podspec.json\n    tag: 1.0\n",
                    "Depsfile:4: error: `tag:` goes with `git:` in the source of Kit")
        assertError("dependencies:\n  Kit:\n    source: trunk\n    podspec: Kit.podspec.json\n",
                    "Depsfile:4: error: Kit has both `source:` and `podspec:`; a spec source goes with `version:` alone")
    }

    func testPlatformsAndGitSourcesAreRead() throws {
        let manifest = try decode("platform: macos 12.0\ndependencies:\n  Net:\n    git: https://example.com/net.git\n    tag: 2.1.0\n    version: ~> 2.0\n")
        XCTAssertEqual(manifest.platform, Platform(name: "osx", deploymentTarget: try Version("12.0")))
        XCTAssertEqual(manifest.dependencies.first?.externalSource, .git(url: "https://example.com/net.git", .tag("2.1.0")))
        XCTAssertEqual(manifest.dependencies.first?.description, "Net (from `https://example.com/net.git`, tag `2.1.0`, ~> 2.0)")
        XCTAssertNil(try decode("platform: ios\n").platform?.deploymentTarget)
    }

    func testAGitSourceWithoutAReferenceFollowsTheDefaultBranchAndSubmodulesAreRead() throws {
        let manifest = try decode(
            "dependencies:\n  Net:\n    git: https://example.com/net.git\n  Sub:\n    git: ../Sub\n    tag: 1.0\n    submodules: true\n"
                + "  Off:\n    git: ../Off\n    submodules: false\n")
        XCTAssertEqual(manifest.dependencies.map(\.externalSource), [
            .git(url: "https://example.com/net.git", .defaultBranch),
            .git(url: "../Sub", .tag("1.0"), submodules: true),
            .git(url: "../Off", .defaultBranch),
        ])
        XCTAssertEqual(manifest.dependencies.map(\.description), [
            "Net (from `https://example.com/net.git`, default branch)", "Sub (from `../Sub`, tag `1.0`, submodules)",
            "Off (from `../Off`, default branch)",
        ])
    }

    func testWrongNodeKinds() {
        assertError("- a\n- b\n", "Depsfile:1: error: expected a mapping for the Depsfile, found a sequence")
        assertError("dependencies:\n  - Alamofire\n", "Depsfile:2: error: expected a mapping for dependencies, found a sequence")
        assertError("sources: ../Specs\n", "Depsfile:1: error: expected a list for sources, found a scalar")
        assertError("sources:\n  - [a]\n", "Depsfile:2: error: expected a single value for a source, found a sequence")
        assertError("dependencies:\n  Foo: [1.0]\n", "Depsfile:2: error: expected a single value for the requirement of Foo, found a sequence")
    }

    func testSyntaxErrorsCarryLineAndColumn() {
        XCTAssertThrowsError(try decode("dependencies:\n  Alamofire: ~> 5.6\n  SnapKit: : 5\n")) { error in
            let error = error as! MalformedInputError
            XCTAssertEqual(error.file, "Depsfile")
            XCTAssertEqual(error.line, 3)
            XCTAssertNotNil(error.column)
            XCTAssertTrue(error.description.hasPrefix("Depsfile:3:"), error.description)
        }
    }

    /// BEHAVIOUR 5: libyaml's words keep their file:line, and the three typos people make get their remedy.
    func testYAMLTyposNameTheirRemedy() {
        let head = "sources:\n  - ../../Specs\ndependencies:\n"
        assertError(head + "  Greeting: >= 1.0\n", """
            Depsfile:4:14: error: did not find expected comment or line break (while scanning a block scalar at line 4, column 13); \
            quote a value that starts with >: Greeting: ">= 1.0"
            """)
        assertError(head + "\tGreeting: ~> 1.0\n", """
            Depsfile:4:1: error: found character that cannot start any token (while scanning for the next token); \
            indent with spaces, not tabs
            """)
        assertError(head + "  Greeting:~> 1.0\n", """
            Depsfile:4: error: expected a mapping for dependencies, found a scalar; put a space after the colon: Greeting: ~> 1.0
            """)
        assertError(head + "  Banner: ~> 1.0\n  Greeting:~> 1.0\n", """
            Depsfile:6:1: error: could not find expected ':' (while scanning a simple key at line 5, column 3); \
            put a space after the colon: Greeting: ~> 1.0
            """)
        // A syntax error that is none of these gets libyaml's words alone.
        assertError(head + "  Greeting: \"~> 1.0\n", """
            Depsfile:5:1: error: found unexpected end of stream (while scanning a quoted scalar at line 4, column 13)
            """)
    }

    func testDuplicateDependenciesAreRefused() {
        XCTAssertThrowsError(try decode("dependencies:\n  A: 1.0\n  A: 2.0\n")) { error in
            XCTAssertTrue("\(error)".hasPrefix("Depsfile:3:"), "\(error)")
        }
    }

    func testEmptyFileIsMalformed() {
        assertError("", "Depsfile: error: the file is empty; expected a mapping with `sources` and `dependencies`")
        assertError("# nothing yet\n", "Depsfile: error: the file is empty; expected a mapping with `sources` and `dependencies`")
    }

    func testADependencyMayNameItsSpecSource() throws {
        let manifest = try decode("""
            sources:
              - trunk
              - https://example.com/org/specs.git
            dependencies:
              SDWebImage:
                version: ~> 5.18
                source: https://example.com/org/specs.git
              Firebase/Analytics:
                source: ../Unlisted
              Alamofire: ~> 5.0
            """)
        let sdWebImage = try PackageName("SDWebImage"), analytics = try PackageName("Firebase/Analytics")
        XCTAssertEqual(manifest.dependency(named: sdWebImage), Dependency(sdWebImage, try Requirement("~> 5.18")))
        XCTAssertEqual(manifest.dependency(named: analytics), Dependency(analytics))
        XCTAssertEqual(manifest.dependencySources, [sdWebImage: "https://example.com/org/specs.git", analytics: "../Unlisted"])
        XCTAssertEqual(manifest.searchedSources, ["trunk", "https://example.com/org/specs.git", "../Unlisted"])
        XCTAssertEqual(manifest.namedSource(of: try PackageName("Firebase/Crashlytics")), "../Unlisted")
        XCTAssertNil(manifest.namedSource(of: try PackageName("Alamofire")))
    }

    func testABadSpecSourceNamesTheLine() {
        assertError("dependencies:\n  Foo:\n    version: 1.0\n    source: ''\n",
                    "Depsfile:4: error: the spec source of Foo cannot be empty")
        assertError("dependencies:\n  Foo:\n    source: [a, b]\n",
                    "Depsfile:3: error: expected a single value for the spec source of Foo, found a sequence")
        assertError("dependencies:\n  Foo:\n    source:\n      git: x\n",
                    "Depsfile:4: error: expected a single value for the spec source of Foo, found a mapping")
        assertError("dependencies:\n  Foo:\n    source: trunk\n    git: https://example.com/foo.git\n",
                    "Depsfile:4: error: Foo has both `source:` and `git:`; a spec source goes with `version:` alone")
        assertError("dependencies:\n  Foo:\n    source: trunk\n    version: ~> abc\n",
                    "Depsfile:4: error: invalid requirement '~> abc' for Foo")
        assertError("dependencies:\n  Foo:\n    sourse: trunk\n",
                    "Depsfile:3: error: unknown key 'sourse' in the source of Foo; did you mean 'source'?")
    }
}
