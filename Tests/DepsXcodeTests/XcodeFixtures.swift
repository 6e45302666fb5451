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

    func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: projectFile)) }
}

/// Reads a project file with PyPI's `openstep_parser`, an independent reader of the format, and
/// checks that every id a list or a reference names is an object of the file; answers each
/// native target's package products by name. Skipped where python3 or the module is missing
/// (`.ci/run` installs it).
enum IndependentReader {
    static let program = #"""
        import json, re, sys
        from openstep_parser import OpenStepDecoder
        data = OpenStepDecoder.ParseFromFile(open(sys.argv[1], encoding="utf-8"))
        objects = data["objects"]
        ids = set(objects)
        missing = []
        def walk(value, key=""):
            if isinstance(value, dict):
                for k, v in value.items(): walk(v, k)
            elif isinstance(value, list):
                for v in value: walk(v, key)
            elif isinstance(value, str) and re.fullmatch(r"[0-9A-F]{24}", value) and key not in ("remoteGlobalIDString", "TargetAttributes"):
                if value not in ids: missing.append(value)
        walk(objects)
        targets = {}
        for oid, obj in objects.items():
            if obj.get("isa") == "PBXNativeTarget":
                names = sorted(objects[d]["productName"] for d in obj.get("packageProductDependencies", [])
                               if objects.get(objects[d].get("package", ""), {}).get("relativePath", "").split("/")[-1] == "Deps")
                targets[obj["name"]] = names
        print(json.dumps({"missing": missing, "targets": targets, "objectVersion": data.get("objectVersion")}))
        """#

    struct Reading: Decodable {
        let missing: [String]
        let targets: [String: [String]]
        let objectVersion: String?
    }

    static func read(_ file: String) throws -> Reading {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, file]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if errorText.contains("No module named 'openstep_parser'") || process.terminationStatus == 127 {
            throw XCTSkip("python3 with openstep_parser is not installed (pip install openstep_parser)")
        }
        guard process.terminationStatus == 0 else {
            XCTFail("openstep_parser could not read \(file): \(errorText)")
            return Reading(missing: [], targets: [:], objectVersion: nil)
        }
        return try JSONDecoder().decode(Reading.self, from: data)
    }
}
