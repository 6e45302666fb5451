import DepsCode
import DepsFiles
import DepsFileSystem
import DepsSpecSources
import DepsSwiftPM
import DepsCore
import Foundation
import TemporaryFolders
import XCTest
import DepsFailures
import DepsPresenters

/// A directory in CocoaPods' layout (`Specs/…/<Name>/<version>/<Name>.podspec.json`), sharded or not.
final class CocoaPodsLayoutTests: XCTestCase {
    /// The real podspec.json files DepsCocoaPodsTests reads (its Fixtures/Podspecs/README.md names their origin).
    static let podspecs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DepsCocoaPodsTests/Fixtures/Podspecs").path

    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    func fixture(_ name: String, _ version: String) throws -> [UInt8] {
        let path = "\(Self.podspecs)/\(name)/\(version)/\(name).podspec.json"
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func sha256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64))
    }

    /// A repository holding Alamofire 5.9.1, Moya 15.0.0 and a broken Moya 99.0.0, each package
    /// in `Specs/<shard>/<Name>/`.
    func makeRepository(_ directory: TemporaryDirectory, shard: (String) -> String) throws {
        try directory.write("Repo/Specs/\(shard("Alamofire"))Alamofire/5.9.1/Alamofire.podspec.json", bytes: try fixture("Alamofire", "5.9.1"))
        try directory.write("Repo/Specs/\(shard("Moya"))Moya/15.0.0/Moya.podspec.json", bytes: try fixture("Moya", "15.0.0"))
        try directory.write("Repo/Specs/\(shard("Moya"))Moya/99.0.0/Moya.podspec.json", "{\n  \"name\": \"Moya\",\n  \"version\": [\n")
        try directory.write("Repo/Specs/\(shard("Moya"))Moya/index.txt", "not a version")
        try directory.write("Repo/Specs/\(shard("Moya"))Moya/.DS_Store", "ignored")
    }

    func testUnshardedVersionsAreListedWithoutParsingSpecs() throws {
        let directory = try TemporaryDirectory(self)
        try makeRepository(directory) { _ in "" }
        let source = DirectorySpecSource(label: "Repo", root: LocalPath(directory.path + "/Repo"))

        XCTAssertEqual(try source.versions(of: name("Moya")).map(\.description), ["15.0.0", "99.0.0"])
        XCTAssertEqual(try source.versions(of: name("Missing")), [])
        let moya = try source.specification(of: name("Moya"), version: version("15.0.0"))
        XCTAssertEqual(moya.subspecs.map(\.name), ["Core", "Combine", "ReactiveSwift", "RxSwift"])
        XCTAssertEqual(moya.checksum, try sha256(directory.path + "/Repo/Specs/Moya/15.0.0/Moya.podspec.json"))
        // The broken spec is reported only when its version is asked for, and names the file and line.
        XCTAssertThrowsError(try source.specification(of: name("Moya"), version: version("99.0.0"))) { error in
            XCTAssertTrue(error is MalformedInputError)
            XCTAssertTrue("\(error)".hasPrefix("Repo/Specs/Moya/99.0.0/Moya.podspec.json:4:"), "\(error)")
        }
        XCTAssertThrowsError(try source.specification(of: name("Moya"), version: version("1.0.0"))) { error in
            XCTAssertEqual(error as? UnavailableError, UnavailableError(location: "Repo/Specs/Moya/1.0.0/Moya.podspec.json", reason: .noSuchSpec))
        }
        XCTAssertEqual(try source.packageNames().map(\.description), ["Alamofire", "Moya"])
    }

    func testShardedByTheMD5OfTheName() throws {
        let directory = try TemporaryDirectory(self)
        // The shards of CocoaPods' trunk: Alamofire is in d/a/2, Moya in 8/a/7.
        let shards = ["Alamofire": "d/a/2/", "Moya": "8/a/7/"]
        try makeRepository(directory) { shards[$0]! }
        try directory.write("Repo/CocoaPods-version.yml", "---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n- 1\n- 1\n- 1\n")
        try directory.write("Repo/Specs/d/a/2/Alamofire/5.10.0/Alamofire.podspec.json", "garbage")
        try directory.write("Repo/README.md", "CocoaPods' trunk")
        let source = DirectorySpecSource(label: "../Repo", root: LocalPath(directory.path + "/Repo"))

        XCTAssertEqual(try source.versions(of: name("Alamofire")).map(\.description), ["5.9.1", "5.10.0"])
        XCTAssertEqual(try source.versions(of: name("Moya")).map(\.description), ["15.0.0", "99.0.0"])
        let alamofire = try source.specification(of: name("Alamofire"), version: version("5.9.1"))
        XCTAssertEqual(alamofire.codeSource, .git(url: "https://github.com/Alamofire/Alamofire.git", .tag("5.9.1")))
        XCTAssertThrowsError(try source.specification(of: name("Alamofire"), version: version("5.10.0"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("../Repo/Specs/d/a/2/Alamofire/5.10.0/Alamofire.podspec.json:1: error: "), "\(error)")
        }
        XCTAssertEqual(try source.packageNames().map(\.description), ["Alamofire", "Moya"])
    }

    func testRelativeCodeLocationsAreRelativeToTheRepositoryRoot() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Repo/Specs/Local/1.0.0/Local.podspec.json", """
            {"name": "Local", "version": "1.0.0", "source": {"http": "_code/Local.tar.gz"}}
            """)
        let source = DirectorySpecSource(label: "../Repo", root: LocalPath(directory.path + "/Repo"))
        XCTAssertEqual(try source.specification(of: name("Local"), version: version("1.0.0")).codeSource,
                       .http(url: "../Repo/_code/Local.tar.gz", sha256: nil))
    }

    func testVersionFoldersThatAreNotVersionsAndVersionsSpeltTwice() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Repo/Specs/Foo/latest/Foo.podspec.json", "{}")
        let source = DirectorySpecSource(label: "Repo", root: LocalPath(directory.path + "/Repo"))
        XCTAssertThrowsError(try source.versions(of: name("Foo"))) { error in
            XCTAssertEqual("\(error)", "Repo/Specs/Foo/latest: error: the folder name 'latest' is not a version")
        }
    }

    /// One version spelt two ways (BEHAVIOUR 1.2): one version, the fuller spelling read; an error
    /// only when that version is asked for and the two specs disagree on its dependencies.
    func testAVersionSpeltTwiceIsOneVersionAndFailsOnlyWhenTheSpecsDisagree() throws {
        let directory = try TemporaryDirectory(self)
        func podspec(_ name: String, _ version: String, _ dependencies: String) -> String {
            #"{"name": "\#(name)", "version": "\#(version)", "source": {"git": "g", "tag": "\#(version)"}, "dependencies": {\#(dependencies)}}"#
        }
        try directory.write("Repo/Specs/Bar/0.6/Bar.podspec.json", podspec("Bar", "0.6", #""Dep": ["~> 1.0"]"#))
        try directory.write("Repo/Specs/Bar/0.6.0/Bar.podspec.json", podspec("Bar", "0.6.0", #""Dep": [">= 1.0", "~> 1.0"]"#))
        try directory.write("Repo/Specs/Baz/1.0/Baz.podspec.json", podspec("Baz", "1.0", #""Dep": ["~> 1.0"]"#))
        try directory.write("Repo/Specs/Baz/1.0.0/Baz.podspec.json", podspec("Baz", "1.0.0", #""Dep": ["~> 2.0"]"#))
        try directory.write("Repo/Specs/Baz/0.9/Baz.podspec.json", podspec("Baz", "0.9", ""))
        let source = DirectorySpecSource(label: "Repo", root: LocalPath(directory.path + "/Repo"))
        XCTAssertEqual(try source.versions(of: name("Bar")).map(\.description), ["0.6.0"])
        XCTAssertEqual(try source.specification(of: name("Bar"), version: try Version("0.6")).version.description, "0.6.0")
        // Listing and unrelated versions work; only the disagreeing version fails, naming both files.
        XCTAssertEqual(try source.versions(of: name("Baz")).count, 2)
        XCTAssertNoThrow(try source.specification(of: name("Baz"), version: try Version("0.9")))
        XCTAssertThrowsError(try source.specification(of: name("Baz"), version: try Version("1.0"))) { error in
            XCTAssertEqual("\(error)", "Repo/Specs/Baz/1.0.0/Baz.podspec.json: error: version 1.0.0 is also spelt 1.0 "
                + "(Repo/Specs/Baz/1.0/Baz.podspec.json), and the two specs disagree on its dependencies; keep one")
        }
    }

    func testMalformedCocoaPodsVersionFileNamesItself() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Repo/Specs/.keep", "")
        try directory.write("Repo/CocoaPods-version.yml", "prefix_lengths:\n  - one\n")
        let source = DirectorySpecSource(label: "Repo", root: LocalPath(directory.path + "/Repo"))
        XCTAssertThrowsError(try source.versions(of: name("Moya"))) { error in
            XCTAssertEqual("\(error)", "Repo/CocoaPods-version.yml:2: error: `prefix_lengths` holds 'one', not a length from 1 to 8")
        }
    }

    func testTheOwnLayoutIsUnchangedWithoutASpecsFolder() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Repo/Moya/15.0.0.yaml", "name: Moya\nversion: 15.0.0\n")
        let source = DirectorySpecSource(label: "Repo", root: LocalPath(directory.path + "/Repo"))
        XCTAssertEqual(try source.versions(of: name("Moya")).map(\.description), ["15.0.0"])
        XCTAssertEqual(try source.packageNames().map(\.description), ["Moya"])
    }

    func testAnExternalPathSourceMayHoldAPodspecJSON() async throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("App/Depsfile", "")
        try directory.write("LocalKit/LocalKit.podspec.json", """
            {"name": "LocalKit", "version": "0.3.0", "dependencies": {"Alamofire": ["~> 5.0"]}}
            """)
        try directory.write("Both/Both.podspec.json", #"{"name": "Both", "version": "2.0.0"}"#)
        try directory.write("Both/Both.yaml", "name: Both\nversion: 1.0.0\n")
        let opener = LocalSpecSourceOpener(projectDirectory: LocalPath(directory.path + "/App"))

        let local = try await opener.externalSpecification(of: name("LocalKit"), from: .path("../LocalKit"))
        XCTAssertEqual(local.version.description, "0.3.0")
        XCTAssertEqual(local.dependencies.map(\.description), ["Alamofire (~> 5.0)"])
        // `<Name>.yaml` comes first.
        let both = try await opener.externalSpecification(of: name("Both"), from: .path("../Both"))
        XCTAssertEqual(both.version.description, "1.0.0")
        do {
            _ = try await opener.externalSpecification(of: name("Missing"), from: .path("../Missing"))
            XCTFail("a folder with no spec file is an error")
        } catch {
            XCTAssertTrue("\(error)".hasPrefix("../Missing/Missing.yaml: error:"), "\(error)")
        }
    }
}
