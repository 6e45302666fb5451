import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import Foundation
import XCTest
import DepsFailures
import DepsPresenters

final class LockfileCodecTests: XCTestCase {
    let codec = LockfileCodec()

    func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    /// The lock of BEHAVIOUR 1.3, with an external source, built from entities.
    func goldenLockfile() -> Lockfile {
        Lockfile(
            packages: [
                LockedPackage(name: name("SnapKit"), version: version("5.7.1"), dependencies: []),
                LockedPackage(name: name("Moya"), version: version("15.0.0"), dependencies: [Dependency(name("Alamofire"), try! Requirement("~>5.0"))]),
                LockedPackage(name: name("Alamofire"), version: version("5.9.1"), dependencies: []),
                LockedPackage(name: name("LocalKit"), version: version("0.3.0"), dependencies: [Dependency(name("SnapKit"), try! Requirement("~> 5.0"))]),
            ],
            dependencies: [
                Dependency(name("SnapKit")),
                Dependency(name("Moya"), try! Requirement("~> 15.0")),
                Dependency(name("LocalKit"), externalSource: .path("../LocalKit")),
            ],
            specRepos: [SpecRepoEntry(source: "../../Specs", packages: [name("SnapKit"), name("Alamofire"), name("Moya")])],
            externalSources: [name("LocalKit"): .path("../LocalKit")],
            specChecksums: [
                name("Alamofire"): "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                name("LocalKit"): "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
                name("Moya"): "fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9",
                name("SnapKit"): "1e0b3c1d7c8f4f0b8b6c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6",
            ],
            depsfileChecksum: "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
            depsVersion: "0.1.0",
            checkoutOptions: [
                name("Alamofire"): CheckoutOption(git: "https://github.com/Alamofire/Alamofire.git", commit: "7e5ca62c186c35b2537610f8079241a54104b586"),
            ],
            sourceChecksums: [name("SnapKit"): "0d2b6b2e1b5c8f9f3c2f0e4b5a1d8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c"])
    }

    func testSubspecsAndGitExternalSourcesReadBackEqual() throws {
        let networking = ExternalSource.git(url: "https://example.com/Networking.git", .tag("2.1.0"))
        let lock = Lockfile(
            packages: [
                LockedPackage(name: name("Moya"), version: version("15.0.0"), dependencies: [Dependency(name("Moya/Core"), .exactly(version("15.0.0")))]),
                LockedPackage(name: name("Moya/Core"), version: version("15.0.0"), dependencies: [Dependency(name("Alamofire"), try Requirement("~> 5.0"))]),
                LockedPackage(name: name("Networking"), version: version("2.1.0"), dependencies: []),
            ],
            dependencies: [Dependency(name("Moya")), Dependency(name("Networking"), try Requirement("~> 2.0"), externalSource: networking)],
            specRepos: [SpecRepoEntry(source: "trunk", packages: [name("Moya")])],
            externalSources: [name("Networking"): networking],
            specChecksums: [name("Moya"): String(repeating: "a", count: 64), name("Networking"): String(repeating: "b", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [name("Networking"): CheckoutOption(git: "https://example.com/Networking.git", commit: String(repeating: "d", count: 40))])
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains("  - Networking (from `https://example.com/Networking.git`, tag `2.1.0`, ~> 2.0)\n"), text)
        XCTAssertTrue(text.contains("EXTERNAL SOURCES:\n  Networking:\n    git: https://example.com/Networking.git\n    tag: 2.1.0\n"), text)
        XCTAssertTrue(text.contains("  - Moya (15.0.0):\n    - Moya/Core (= 15.0.0)\n  - Moya/Core (15.0.0):\n"), text)
        XCTAssertEqual(try codec.decode(Array(text.utf8)), lock)
    }

    func testDefaultBranchAndSubmodulesAreWrittenAsCocoaPodsWritesThemAndReadBack() throws {
        let followed = ExternalSource.git(url: "https://example.com/Edge.git", .defaultBranch)
        let nested = ExternalSource.git(url: "../Nested", .branch("main"), submodules: true)
        let commit = String(repeating: "d", count: 40)
        let lock = Lockfile(
            packages: [
                LockedPackage(name: name("Edge"), version: version("1.0.0"), dependencies: []),
                LockedPackage(name: name("Nested"), version: version("2.0.0"), dependencies: []),
            ],
            dependencies: [Dependency(name("Edge"), externalSource: followed), Dependency(name("Nested"), try Requirement("~> 2.0"), externalSource: nested)],
            specRepos: [],
            externalSources: [name("Edge"): followed, name("Nested"): nested],
            specChecksums: [name("Edge"): String(repeating: "a", count: 64), name("Nested"): String(repeating: "b", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [
                name("Edge"): CheckoutOption(git: "https://example.com/Edge.git", commit: commit),
                name("Nested"): CheckoutOption(git: "../Nested", commit: commit, submodules: true),
            ])
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains(
            "DEPENDENCIES:\n  - Edge (from `https://example.com/Edge.git`, default branch)\n"
                + "  - Nested (from `../Nested`, branch `main`, submodules, ~> 2.0)\n"), text)
        XCTAssertTrue(text.contains(
            "EXTERNAL SOURCES:\n  Edge:\n    git: https://example.com/Edge.git\n"
                + "  Nested:\n    git: ../Nested\n    branch: main\n    submodules: true\n"), text)
        XCTAssertTrue(text.contains(
            "CHECKOUT OPTIONS:\n  Edge:\n    commit: \(commit)\n    git: https://example.com/Edge.git\n"
                + "  Nested:\n    commit: \(commit)\n    git: ../Nested\n    submodules: true\n"), text)
        XCTAssertEqual(try codec.decode(Array(text.utf8)), lock)
        XCTAssertEqual(codec.encode(try codec.decode(Array(text.utf8))), text)
        for (from, to, message) in [
            ("    submodules: true\n\nSPEC CHECKSUMS", "    submodules: yes\n\nSPEC CHECKSUMS", "Depsfile.lock:17: error: invalid `submodules:` of Nested 'yes'"),
            ("    submodules: true\n\nDEPSFILE", "    submodules: maybe\n\nDEPSFILE", "Depsfile.lock:30: error: invalid `submodules:` of Nested 'maybe'"),
        ] {
            XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8)), from) { error in
                XCTAssertTrue(String(describing: error).contains(message), "\(error)")
            }
        }
    }

    /// A spec file is written as CocoaPods writes `:podspec`: its dependency entry says `from` as a
    /// folder's does, and EXTERNAL SOURCES says `podspec:`, which is what tells them apart on reading.
    func testAPodspecSourceIsWrittenAsCocoaPodsWritesItAndReadsBack() throws {
        let file = ExternalSource.podspec("Vendor/Kit.podspec.json")
        let folder = ExternalSource.path("Vendor/Kit.podspec.json")
        let lock = Lockfile(
            packages: [
                LockedPackage(name: name("Kit"), version: version("1.0.0"), dependencies: []),
                LockedPackage(name: name("Local"), version: version("2.0.0"), dependencies: []),
            ],
            dependencies: [Dependency(name("Kit"), try Requirement("~> 1.0"), externalSource: file), Dependency(name("Local"), externalSource: folder)],
            specRepos: [],
            externalSources: [name("Kit"): file, name("Local"): folder],
            specChecksums: [name("Kit"): String(repeating: "a", count: 64), name("Local"): String(repeating: "b", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0")
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains(
            "DEPENDENCIES:\n  - Kit (from `Vendor/Kit.podspec.json`, ~> 1.0)\n  - Local (from `Vendor/Kit.podspec.json`)\n"), text)
        XCTAssertTrue(text.contains(
            "EXTERNAL SOURCES:\n  Kit:\n    podspec: Vendor/Kit.podspec.json\n  Local:\n    path: Vendor/Kit.podspec.json\n"), text)
        XCTAssertTrue(text.contains("SPEC CHECKSUMS:\n  Kit: \(String(repeating: "a", count: 64))\n"), text)
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded, lock)
        XCTAssertEqual(decoded.dependencies.map(\.externalSource), [file, folder])
        XCTAssertEqual(codec.encode(decoded), text)
        for (from, to, message) in [
            ("    podspec: Vendor/Kit.podspec.json\n", "    podspec: [a]\n",
             "Depsfile.lock:13: error: expected a single value for the podspec of Kit, found a sequence"),
            ("    podspec: Vendor/Kit.podspec.json\n", "    podspec: Vendor/Kit.podspec.json\n    path: ../Kit\n",
             "Depsfile.lock:13: error: expected one of `path:`, `podspec:` or `git:` for Kit"),
        ] {
            XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8)), to) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
    }

    func testASwiftPackageIsLockedWithItsURLAndCommit() throws {
        let url = "https://github.com/apple/swift-log.git"
        let package = ExternalSource.package(url: url)
        let commit = String(repeating: "e", count: 40)
        let lock = Lockfile(
            packages: [LockedPackage(name: name("swift-log"), version: version("1.6.2"), dependencies: [])],
            dependencies: [Dependency(name("swift-log"), try Requirement("~> 1.5"), externalSource: package)],
            specRepos: [],
            externalSources: [name("swift-log"): package],
            specChecksums: [name("swift-log"): String(repeating: "a", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [name("swift-log"): CheckoutOption(git: url, commit: commit)])
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains("DEPENDENCIES:\n  - swift-log (from `\(url)`, ~> 1.5)\n"), text)
        XCTAssertTrue(text.contains("EXTERNAL SOURCES:\n  swift-log:\n    package: \(url)\n"), text)
        XCTAssertTrue(text.contains("CHECKOUT OPTIONS:\n  swift-log:\n    commit: \(commit)\n    package: \(url)\n"), text)
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded, lock)
        XCTAssertEqual(decoded.dependencies.map(\.externalSource), [package])
        XCTAssertEqual(codec.encode(decoded), text)
        for (from, to, message) in [
            ("    commit: \(commit)\n    package: \(url)\n", "    commit: \(commit)\n    git: \(url)\n",
             "Depsfile.lock:18: error: expected `commit:` and `package:` for swift-log"),
            ("    package: \(url)\n\nSPEC", "    package: \(url)\n    tag: 1.6.2\n\nSPEC",
             "Depsfile.lock:11: error: expected `package:` alone, or with `branch:` or `revision:`, for the Swift package swift-log"),
        ] {
            XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8)), to) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
    }

    func testASwiftPackageOnABranchOrARevisionIsLockedWithoutAVersion() throws {
        let url = "https://example.com/swift-foo.git"
        let revisionURL = "https://example.com/swift-bar.git"
        let commit = String(repeating: "e", count: 40)
        let revision = "0123abcd"
        let onBranch = ExternalSource.unversionedPackage(url: url, .branch("main"))
        let atRevision = ExternalSource.unversionedPackage(url: revisionURL, .revision(revision))
        let lock = Lockfile(
            packages: [
                LockedPackage(name: name("swift-bar"), version: .unversioned(.revision(revision)), dependencies: []),
                LockedPackage(name: name("swift-foo"), version: .unversioned(.branch("main")), dependencies: [
                    Dependency(name("swift-bar")),
                ]),
            ],
            dependencies: [Dependency(name("swift-bar"), externalSource: atRevision), Dependency(name("swift-foo"), externalSource: onBranch)],
            specRepos: [],
            externalSources: [name("swift-foo"): onBranch, name("swift-bar"): atRevision],
            specChecksums: [name("swift-foo"): String(repeating: "a", count: 64), name("swift-bar"): String(repeating: "b", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [
                name("swift-foo"): CheckoutOption(git: url, commit: commit),
                name("swift-bar"): CheckoutOption(git: revisionURL, commit: "0123abcd" + String(repeating: "f", count: 32)),
            ])
        let text = codec.encode(lock)
        XCTAssertTrue(text.hasPrefix("""
            PACKAGES:
              - swift-bar (revision `0123abcd`)
              - swift-foo (branch `main`):
                - swift-bar

            DEPENDENCIES:
              - swift-bar (from `\(revisionURL)`, revision `0123abcd`)
              - swift-foo (from `\(url)`, branch `main`)

            """), text)
        XCTAssertTrue(text.contains("EXTERNAL SOURCES:\n  swift-bar:\n    package: \(revisionURL)\n    revision: 0123abcd\n  swift-foo:\n    package: \(url)\n    branch: main\n"), text)
        XCTAssertTrue(text.contains("CHECKOUT OPTIONS:\n  swift-bar:\n    commit: 0123abcd\(String(repeating: "f", count: 32))\n    package: \(revisionURL)\n  swift-foo:\n    commit: \(commit)\n    package: \(url)\n"), text)
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded, lock)
        XCTAssertEqual(decoded.dependencies.map(\.externalSource), [atRevision, onBranch])
        XCTAssertEqual(decoded.packages.map(\.version.description), ["revision 0123abcd", "branch main"])
        XCTAssertEqual(codec.encode(decoded), text)

        // A branch name that holds a backtick or a parenthesis reads back as written.
        let odd = ExternalSource.unversionedPackage(url: url, .branch("fix`(x)"))
        let oddLock = Lockfile(
            packages: [LockedPackage(name: name("swift-foo"), version: .unversioned(.branch("fix`(x)")), dependencies: [])],
            dependencies: [Dependency(name("swift-foo"), externalSource: odd)], specRepos: [], externalSources: [name("swift-foo"): odd],
            specChecksums: [name("swift-foo"): String(repeating: "a", count: 64)], depsfileChecksum: String(repeating: "c", count: 64),
            depsVersion: "0.1.0")
        let oddText = codec.encode(oddLock)
        XCTAssertEqual(try codec.decode(Array(oddText.utf8)), oddLock, oddText)

        // PACKAGES and EXTERNAL SOURCES must say the same; a reference is never read as a version.
        for (from, to, message) in [
            ("  - swift-foo (branch `main`):", "  - swift-foo (1.0.0):",
             "Depsfile.lock:3: error: swift-foo is locked at 1.0.0 but EXTERNAL SOURCES takes it on branch main"),
            ("  - swift-foo (branch `main`):", "  - swift-foo (branch `develop`):",
             "Depsfile.lock:3: error: swift-foo is locked at branch develop but EXTERNAL SOURCES takes it on branch main"),
            ("  - swift-foo (branch `main`):", "  - swift-foo (branch main):",
             "Depsfile.lock:3: error: invalid version 'branch main' for swift-foo"),
            ("  - swift-bar (revision `0123abcd`)", "  - swift-bar (revision `main`)",
             "Depsfile.lock:2: error: expected `revision `value`` in 'swift-bar (revision `main`)'"),
            ("    package: \(url)\n    branch: main\n", "    package: \(url)\n",
             "Depsfile.lock:3: error: swift-foo is locked on branch main but EXTERNAL SOURCES takes it on no branch or revision"),
            ("    package: \(url)\n    branch: main\n", "    package: \(url)\n    branch: main\n    revision: \(revision)\n",
             "Depsfile.lock:17: error: expected `package:` alone, or with `branch:` or `revision:`, for the Swift package swift-foo"),
            ("    package: \(revisionURL)\n    revision: 0123abcd\n", "    package: \(revisionURL)\n    revision: zz\n",
             "Depsfile.lock:15: error: invalid `revision:` for swift-bar"),
        ] {
            XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8)), to) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
    }

    func testARegistryPackageIsLockedWithItsRegistryAndArchiveChecksum() throws {
        let registry = ExternalSource.registry(url: "https://registry.example.com")
        let archive = String(repeating: "b", count: 64)
        let lock = Lockfile(
            packages: [LockedPackage(name: name("mona.linkedlist"), version: version("1.1.1"), dependencies: [])],
            dependencies: [Dependency(name("mona.linkedlist"), try Requirement("~> 1.1"), externalSource: registry)],
            specRepos: [],
            externalSources: [name("mona.linkedlist"): registry],
            specChecksums: [name("mona.linkedlist"): String(repeating: "a", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            sourceChecksums: [name("mona.linkedlist"): archive])
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains("DEPENDENCIES:\n  - mona.linkedlist (from `https://registry.example.com`, ~> 1.1)\n"), text)
        XCTAssertTrue(text.contains("EXTERNAL SOURCES:\n  mona.linkedlist:\n    registry: https://registry.example.com\n"), text)
        XCTAssertTrue(text.contains("SOURCE CHECKSUMS:\n  mona.linkedlist: \(archive)\n"), text)
        XCTAssertFalse(text.contains("CHECKOUT OPTIONS"), text)
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded, lock)
        XCTAssertEqual(decoded.dependencies.map(\.externalSource), [registry])
        XCTAssertEqual(decoded.swiftRegistryPackages, ["https://registry.example.com": [name("mona.linkedlist")]])
        XCTAssertEqual(codec.encode(decoded), text)
        let tagged = text.replacingOccurrences(of: "    registry: https://registry.example.com\n", with: "    registry: https://registry.example.com\n    tag: 1.1.1\n")
        XCTAssertThrowsError(try codec.decode(Array(tagged.utf8))) { error in
            XCTAssertTrue("\(error)".hasSuffix("error: expected `registry:` alone for the registry package mona.linkedlist"), "\(error)")
        }
    }

    func testAPodTakenFromAPackageIsLockedUnderSwiftPM() throws {
        let url = "https://github.com/google/GoogleUtilities.git"
        let source = ExternalSource.package(url: url)
        let commit = String(repeating: "d", count: 40)
        let lock = Lockfile(
            packages: [LockedPackage(name: name("GoogleUtilities"), version: version("8.0.2"), dependencies: [])],
            dependencies: [Dependency(name("GoogleUtilities"), externalSource: source)],
            specRepos: [], externalSources: [name("GoogleUtilities"): source],
            specChecksums: [name("GoogleUtilities"): String(repeating: "a", count: 64)],
            depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [name("GoogleUtilities"): CheckoutOption(git: url, commit: commit)])
        let text = codec.encode(lock)
        XCTAssertTrue(text.contains("EXTERNAL SOURCES:\n  GoogleUtilities:\n    swiftpm: \(url)\n"), text)
        XCTAssertTrue(text.contains("CHECKOUT OPTIONS:\n  GoogleUtilities:\n    commit: \(commit)\n    swiftpm: \(url)\n"), text)
        XCTAssertEqual(try codec.decode(Array(text.utf8)), lock)
        XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: "    swiftpm: \(url)\n\nSPEC", with: "    package: \(url)\n\nSPEC").utf8))) { error in
            XCTAssertEqual("\(error)", "Depsfile.lock:11: error: expected `swiftpm:` alone for the Swift package GoogleUtilities")
        }
    }

    func testCodePinsAreRefusedWhenMalformed() throws {
        let text = try fixture("Lockfile.golden.yaml")
        for (from, to, message) in [
            ("commit: 7e5ca62c", "commit: zz5ca62c", "invalid commit 'zz5ca62c186c35b2537610f8079241a54104b586' for Alamofire"),
            ("    git: https://github.com/Alamofire/Alamofire.git\n", "", "expected `commit:` and `git:` for Alamofire"),
            ("SnapKit: 0d2b", "SnapKit: 0D2b", "invalid SHA-256"),
        ] {
            XCTAssertThrowsError(try codec.decode(Array(text.replacingOccurrences(of: from, with: to).utf8))) { error in
                XCTAssertTrue(String(describing: error).contains(message), "\(error)")
            }
        }
    }

    func testEncodingMatchesTheGoldenFileByteForByte() throws {
        XCTAssertEqual(codec.encode(goldenLockfile()), try fixture("Lockfile.golden.yaml"))
    }

    func testGoldenFileReadsBackToTheSameLockAndWritesOutIdentically() throws {
        let text = try fixture("Lockfile.golden.yaml")
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded, goldenLockfile())
        XCTAssertEqual(codec.encode(decoded), text)
    }

    func testLockWithoutNestedDependenciesOrExternalSourcesHasNoExternalSection() throws {
        let lock = Lockfile(
            packages: [LockedPackage(name: name("SnapKit"), version: version("5.7.1"), dependencies: [])],
            dependencies: [Dependency(name("SnapKit"), try Requirement("5.7.1"))],
            specRepos: [SpecRepoEntry(source: "Specs", packages: [name("SnapKit")])],
            externalSources: [:],
            specChecksums: [name("SnapKit"): String(repeating: "a", count: 64)],
            depsfileChecksum: String(repeating: "b", count: 64),
            depsVersion: "0.1.0")
        let text = codec.encode(lock)
        XCTAssertEqual(text, """
            PACKAGES:
              - SnapKit (5.7.1)

            DEPENDENCIES:
              - SnapKit (= 5.7.1)

            SPEC REPOS:
              Specs:
                - SnapKit

            SPEC CHECKSUMS:
              SnapKit: \(String(repeating: "a", count: 64))

            DEPSFILE CHECKSUM: \(String(repeating: "b", count: 64))

            DEPS: 0.1.0

            """)
        XCTAssertEqual(try codec.decode(Array(text.utf8)), lock)
    }

    func testOriginalVersionSpellingAndPrereleasesSurviveARoundTrip() throws {
        let text = try fixture("Lockfile.golden.yaml")
            .replacingOccurrences(of: "Alamofire (5.9.1)", with: "Alamofire (6.0.0-beta.1)")
            .replacingOccurrences(of: "SnapKit (5.7.1)", with: "SnapKit (5.10)")
        let decoded = try codec.decode(Array(text.utf8))
        XCTAssertEqual(decoded.package(named: name("Alamofire"))?.version.description, "6.0.0-beta.1")
        XCTAssertEqual(decoded.package(named: name("SnapKit"))?.version.description, "5.10")
        XCTAssertEqual(codec.encode(decoded), text)
    }

    func testMergeConflictMarkersAreReportedWithTheirLine() throws {
        let text = try fixture("Lockfile.golden.yaml").replacingOccurrences(
            of: "  - Alamofire (5.9.1)\n",
            with: "<<<<<<< HEAD\n  - Alamofire (5.9.1)\n=======\n  - Alamofire (5.8.0)\n>>>>>>> feature\n")
        XCTAssertThrowsError(try codec.decode(Array(text.utf8))) { error in
            let error = error as! MalformedInputError
            XCTAssertEqual(error.line, 2)
            XCTAssertTrue(error.description.hasPrefix("Depsfile.lock:2: error: merge conflict marker '<<<<<<<'"), error.description)
        }
    }

    /// A marker is seven of one marker character at a line's start, then the line's end, a space or
    /// a carriage return; anything else is text.
    func testAMergeConflictMarkerIsAWholeMarkerAtALinesStart() {
        let cases: [(String, Int?, String?)] = [
            ("a\n=======\nb\n", 2, "======="),
            ("a\n<<<<<<< HEAD\n", 2, "<<<<<<<"),
            ("a\nb\n>>>>>>>\r\n", 3, ">>>>>>>"),
            ("a\n|||||||", 2, "|||||||"),
            ("=======x\n", nil, nil),
            ("========\n", nil, nil),
            (" <<<<<<<\n", nil, nil),
            ("<<<<<<\n", nil, nil),
            ("<<<=<<<\n", nil, nil),
            ("a: <<<<<<<\n", nil, nil),
            ("", nil, nil),
            ("\n\n", nil, nil),
        ]
        for (text, line, marker) in cases {
            let found = MergeConflictMarker.first(in: Array(text.utf8))
            XCTAssertEqual(found?.line, line, text.debugDescription)
            XCTAssertEqual(found?.text, marker, text.debugDescription)
        }
    }

    func testUnknownSectionSuggestsTheClosestOne() throws {
        let text = try fixture("Lockfile.golden.yaml").replacingOccurrences(of: "SPEC REPOS:", with: "SPEC REPO:")
        XCTAssertThrowsError(try codec.decode(Array(text.utf8))) { error in
            XCTAssertEqual("\(error)", "Depsfile.lock:14: error: unknown key 'SPEC REPO' in the lockfile; did you mean 'SPEC REPOS'?")
        }
    }

    func testMissingSectionIsNamed() throws {
        let text = "PACKAGES:\n  - A (1.0)\n"
        XCTAssertThrowsError(try codec.decode(Array(text.utf8))) { error in
            XCTAssertTrue("\(error)".contains("missing section 'DEPENDENCIES'"), "\(error)")
        }
    }

    func testInvalidValuesNameTheLineAndValue() throws {
        let golden = try fixture("Lockfile.golden.yaml")
        let cases: [(String, String, String)] = [
            ("Moya (15.0.0):", "Moya (15..0):", "Depsfile.lock:5: error: invalid version '15..0' for Moya"),
            ("  - Moya (~> 15.0)", "  - Moya (~> abc)", "Depsfile.lock:11: error: invalid requirement '~> abc' for Moya"),
            ("  - SnapKit (5.7.1)", "  - Snap/Kit//Extra (5.7.1)", "Depsfile.lock:7: error: invalid package name 'Snap/Kit//Extra'"),
            ("  - SnapKit (5.7.1)", "  - SnapKit", "Depsfile.lock:7: error: expected `Name (version)`, found 'SnapKit'"),
            ("DEPS: 0.1.0", "DEPS: [0.1.0]", "Depsfile.lock:40: error: expected a single value for DEPS, found a sequence"),
        ]
        for (original, replacement, expected) in cases {
            let text = golden.replacingOccurrences(of: original, with: replacement)
            XCTAssertNotEqual(text, golden, original)
            XCTAssertThrowsError(try codec.decode(Array(text.utf8)), replacement) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
        let badChecksum = golden.replacingOccurrences(of: "DEPSFILE CHECKSUM: 5e88", with: "DEPSFILE CHECKSUM: XX88")
        XCTAssertThrowsError(try codec.decode(Array(badChecksum.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("Depsfile.lock:38: error: invalid SHA-256 'XX88"), "\(error)")
        }
    }

    func testEmptyLockfileIsMalformed() {
        XCTAssertThrowsError(try codec.decode([])) { error in
            XCTAssertTrue("\(error)".hasPrefix("Depsfile.lock: error: the file is empty"), "\(error)")
        }
    }
}
