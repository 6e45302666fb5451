import Foundation

/// The real CocoaPods projects under Tests/Fixtures/CocoaPods (its README names each one's
/// origin): one folder a project, holding its `Podfile` and `Podfile.lock` from one commit.
enum CocoaPodsFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/CocoaPods")

    /// Every project folder, by name.
    static func projects() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0)/Podfile").path) }
            .sorted()
    }

    static func podfile(_ project: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent("\(project)/Podfile")))
    }

    static func podfileLock(_ project: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent("\(project)/Podfile.lock")))
    }
}
