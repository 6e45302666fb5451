import Foundation

/// The real project files under Tests/Fixtures/XcodeProjects (its README names their origin).
enum XcodeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/XcodeProjects")

    /// Every app's folder, by name.
    static func apps() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/project.pbxproj").path) }
            .sorted()
    }

    static func bytes(_ app: String, _ file: String = "project.pbxproj") throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(app).appendingPathComponent(file)))
    }
}
