import DepsCore
import DepsFileSystem
import DepsSwiftPackages
import Foundation
import XCTest
import DepsPresenters

/// What `deps check` reads of `Deps/Package.swift` and the `Package.resolved` files (BEHAVIOUR
/// 16), and how a package on a branch or a revision, which has no version, is compared with the
/// lock: by its commit alone.
final class SwiftPackagePinFilesTests: XCTestCase {
    var root: String!
    let head = "aee7c65ed918459f336b8fc1ab5dd6ff0a0836ce"
    let other = "b7bf7e954ef54068ee0da9ee85f95f3079828eca"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "deps-pin-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Deps", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(atPath: root) }
    }

    func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + file))
    }

    func records() throws -> [SwiftPackagePinRecord] {
        try SwiftPackagePinFiles(projectDirectory: LocalPath(root), fileSystem: POSIXFileSystem()).recordedPins()
    }

    /// A lock holding swift-foo on branch main at `head`, and swift-bar 1.0.0.
    func lock() throws -> Lockfile {
        let foo = try PackageName("swift-foo"), bar = try PackageName("swift-bar")
        let onBranch = ExternalSource.unversionedPackage(url: "https://example.com/swift-foo.git", .branch("main"))
        return Lockfile(
            packages: [
                LockedPackage(name: bar, version: try Version("1.0.0"), dependencies: []),
                LockedPackage(name: foo, version: .unversioned(.branch("main")), dependencies: []),
            ],
            dependencies: [], specRepos: [],
            externalSources: [foo: onBranch, bar: .package(url: "https://example.com/swift-bar.git")],
            specChecksums: [:], depsfileChecksum: String(repeating: "c", count: 64), depsVersion: "0.1.0",
            checkoutOptions: [
                foo: CheckoutOption(git: "https://example.com/swift-foo.git", commit: head),
                bar: CheckoutOption(git: "https://example.com/swift-bar.git", commit: other),
            ])
    }

    func testARevisionInDepsPackageSwiftAndABranchPinInPackageResolvedAreReadAsCommits() throws {
        try write("Deps/Package.swift", """
            let package = Package(
                name: "Deps",
                dependencies: [
                    .package(url: "https://example.com/swift-bar.git", exact: "1.0.0"),
                    .package(url: "https://example.com/swift-foo.git", revision: "\(head)"),
                ],
                targets: []
            )
            """)
        // SwiftPM's pins: a root `branch:` dependency keeps the branch beside the revision, a
        // `revision:` one the revision alone (version 2); version 1 names packages by URL.
        try write("Deps/Package.resolved", """
            {"pins": [{"identity": "swift-foo", "kind": "remoteSourceControl", "location": "https://example.com/swift-foo.git",
                       "state": {"revision": "\(head)"}},
                      {"identity": "swift-bar", "kind": "remoteSourceControl", "location": "https://example.com/swift-bar.git",
                       "state": {"revision": "\(other)", "version": "1.0.0"}}], "version": 2}
            """)
        try write("Package.resolved", """
            {"object": {"pins": [{"package": "swift-foo", "repositoryURL": "https://example.com/swift-foo.git",
                                  "state": {"branch": "main", "revision": "\(head)", "version": null}}]}, "version": 1}
            """)
        let read = try records()
        XCTAssertEqual(read.map(\.file), ["Deps/Package.swift", "Deps/Package.resolved", "Package.resolved"])
        XCTAssertEqual(read[0].pins, [
            "swift-foo": RecordedSwiftPackagePin(version: nil, revision: head),
            "swift-bar": RecordedSwiftPackagePin(version: "1.0.0", revision: nil),
        ])
        XCTAssertEqual(read[1].pins["swift-foo"], RecordedSwiftPackagePin(version: nil, revision: head))
        XCTAssertEqual(read[2].pins["swift-foo"], RecordedSwiftPackagePin(version: nil, revision: head))
        XCTAssertEqual(try lock().problems(with: read), [])

        // Another commit, or a version where the lock has none, disagrees with the lock, which
        // names its reference and commit.
        try write("Package.resolved", """
            {"pins": [{"identity": "swift-foo", "kind": "remoteSourceControl", "location": "https://example.com/swift-foo.git",
                       "state": {"branch": "main", "revision": "\(other)"}}], "version": 3}
            """)
        try write("Deps/Package.resolved", """
            {"pins": [{"identity": "swift-foo", "kind": "remoteSourceControl", "location": "https://example.com/swift-foo.git",
                       "state": {"revision": "\(head)", "version": "1.0.0"}}], "version": 2}
            """)
        let problems = try lock().problems(with: try records())
        XCTAssertEqual(problems.count, 2, "\(problems)")
        for problem in problems {
            guard case let .swiftPackagePinDisagrees(_, name, locked, _) = problem else { return XCTFail("\(problem)") }
            XCTAssertEqual(name.description, "swift-foo")
            XCTAssertEqual(locked.description, "branch main (revision \(head))")
        }
    }
}
