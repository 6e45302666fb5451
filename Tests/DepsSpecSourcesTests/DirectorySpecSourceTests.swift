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

final class DirectorySpecSourceTests: XCTestCase {
    func name(_ text: String) -> PackageName { try! PackageName(text) }
    func version(_ text: String) -> Version { try! Version(text) }

    func spec(_ name: String, _ version: String, dependencies: String = "") -> String {
        "name: \(name)\nversion: \(version)\nsummary: s\nsource:\n  git: https://example.com/\(name).git\n  tag: \(version)\n" + dependencies
    }

    func testVersionsComeFromTheDirectoryListingWithoutParsingSpecs() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Specs/Alamofire/5.9.1.yaml", spec("Alamofire", "5.9.1"))
        try directory.write("Specs/Alamofire/5.10.0.yaml", "this: is: not: yaml")
        try directory.write("Specs/Alamofire/4.9.yaml", spec("Alamofire", "4.9"))
        try directory.write("Specs/Alamofire/.hidden.yaml", "ignored")
        try directory.write("Specs/Alamofire/README.md", "ignored")
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))

        XCTAssertEqual(try source.versions(of: name("Alamofire")).map(\.description), ["4.9", "5.9.1", "5.10.0"])
        XCTAssertEqual(try source.versions(of: name("Missing")), [])
        // The broken file is reported only when its version is asked for, and names the file.
        XCTAssertEqual(try source.specification(of: name("Alamofire"), version: version("5.9.1")).version.description, "5.9.1")
        XCTAssertThrowsError(try source.specification(of: name("Alamofire"), version: version("5.10.0"))) { error in
            XCTAssertTrue(error is MalformedInputError)
            XCTAssertTrue("\(error)".hasPrefix("Specs/Alamofire/5.10.0.yaml:1:"), "\(error)")
        }
    }

    func testSpecIsParsedOncePerRun() throws {
        let directory = try TemporaryDirectory(self)
        let path = try directory.write("Specs/Moya/15.0.0.yaml", spec("Moya", "15.0.0", dependencies: "dependencies:\n  Alamofire: ~> 5.0\n"))
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))
        let first = try source.specification(of: name("Moya"), version: version("15.0.0"))
        XCTAssertEqual(first.dependencies.map(\.description), ["Alamofire (~> 5.0)"])
        try "garbage: [".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try source.specification(of: name("Moya"), version: version("15.0.0")), first)
    }

    func testChecksumIsTheSHA256OfTheFileBytes() throws {
        let directory = try TemporaryDirectory(self)
        let text = spec("SnapKit", "5.7.1")
        try directory.write("Specs/SnapKit/5.7.1.yaml", text)
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))
        let checksum = try source.specification(of: name("SnapKit"), version: version("5.7.1")).checksum
        let expected = try shellSHA256(directory.path + "/Specs/SnapKit/5.7.1.yaml")
        XCTAssertEqual(checksum, expected)
    }

    func testNameOrVersionThatDisagreesWithThePathIsAnErrorNamingTheFile() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Specs/Moya/15.0.0.yaml", spec("Moyа", "15.0.0"))
        try directory.write("Specs/Kingfisher/7.10.0.yaml", spec("Kingfisher", "7.1.0"))
        let source = DirectorySpecSource(label: "../Specs", root: LocalPath(directory.path + "/Specs"))
        XCTAssertThrowsError(try source.specification(of: name("Moya"), version: version("15.0.0"))) { error in
            XCTAssertEqual("\(error)", "../Specs/Moya/15.0.0.yaml:1: error: name 'Moyа' does not match its folder 'Moya'")
        }
        XCTAssertThrowsError(try source.specification(of: name("Kingfisher"), version: version("7.10.0"))) { error in
            XCTAssertEqual("\(error)", "../Specs/Kingfisher/7.10.0.yaml:2: error: version '7.1.0' does not match its file name '7.10.0.yaml'")
        }
    }

    func testAFileNameThatIsNotAVersionIsReportedWhenThePackageIsListed() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Specs/Foo/latest.yaml", spec("Foo", "latest"))
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))
        XCTAssertThrowsError(try source.versions(of: name("Foo"))) { error in
            XCTAssertEqual("\(error)", "Specs/Foo/latest.yaml: error: the file name 'latest.yaml' is not a version")
        }
    }

    func testPackageNamesListTheRepositoryFolders() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Specs/Foo-Core/1.0.yaml", spec("Foo-Core", "1.0"))
        try directory.write("Specs/Bar/1.0.yaml", spec("Bar", "1.0"))
        try directory.write("Specs/.git/HEAD", "ref")
        try directory.write("Specs/README.md", "not a package")
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))
        XCTAssertEqual(try source.packageNames().map(\.description), ["Bar", "Foo-Core"])
    }

    func testASymlinkLoopIsAnErrorNotAHang() throws {
        let directory = try TemporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory.path + "/Specs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Specs/Loop", withDestinationPath: directory.path + "/Specs/Loop")
        let source = DirectorySpecSource(label: "Specs", root: LocalPath(directory.path + "/Specs"))
        XCTAssertThrowsError(try source.versions(of: name("Loop"))) { error in
            XCTAssertTrue(error is FileAccessError, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("Specs/Loop: error:"), "\(error)")
        }
    }

    private func shellSHA256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return String(output.prefix(64))
    }
}
