import DepsCore
import DepsFileSystem
import DepsXcode
import Foundation
import XCTest

/// The real project files under Tests/Fixtures/XcodeProjects (its README names their origin), and
/// a project directory in a temporary folder that holds one as `App.xcodeproj`.
enum XcodeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/XcodeProjects")

    static func bytes(_ app: String, _ file: String = "project.pbxproj") throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(app).appendingPathComponent(file)))
    }

    static let script = "echo check\n"
}

/// A project directory with an `.xcodeproj` (and a workspace) in a temporary folder.
final class ProjectFolder {
    let path: String
    let project: String

    init(_ test: XCTestCase, app: String, project: String = "App.xcodeproj", name: String = UUID().uuidString) throws {
        path = NSTemporaryDirectory() + "deps-xcode-" + name
        self.project = project
        try FileManager.default.createDirectory(atPath: path + "/" + project, withIntermediateDirectories: true)
        try Data(try XcodeFixtures.bytes(app)).write(to: URL(fileURLWithPath: path + "/" + project + "/project.pbxproj"))
        try FileManager.default.createDirectory(atPath: path + "/App.xcworkspace", withIntermediateDirectories: true)
        try Data(try XcodeFixtures.bytes(app, "contents.xcworkspacedata"))
            .write(to: URL(fileURLWithPath: path + "/App.xcworkspace/contents.xcworkspacedata"))
        test.addTeardownBlock { [path] in try? FileManager.default.removeItem(atPath: path) }
    }

    var projects: XcodeProjectFiles {
        XcodeProjectFiles(projectDirectory: LocalPath(path), fileSystem: POSIXFileSystem(), checkScript: XcodeFixtures.script)
    }

    var projectFile: String { path + "/" + project + "/project.pbxproj" }

    func bytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: projectFile))) }

    func modificationDate() throws -> Date {
        try FileManager.default.attributesOfItem(atPath: projectFile)[.modificationDate] as! Date
    }

    /// Sets the project file's modification date to a fixed day in 2017 and returns it: a write
    /// after this, however soon, gives the file another date.
    func backdate() throws -> Date {
        let past = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: projectFile)
        XCTAssertEqual(try modificationDate(), past)
        return past
    }

    func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: projectFile)) }
}

